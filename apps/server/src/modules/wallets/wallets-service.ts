import type {
  AssetVenueWallets,
  AssetWalletsResponse,
  VenueWalletsQuery,
  VenueWalletsResponse,
  WalletChange,
  WalletChangesResponse,
  WalletHealthCounts,
  WalletStatusRow,
} from '@spreadscope/contracts';
import { type DataSourceMode, isVenueId, type Logger, VENUES, type VenueId } from '@spreadscope/core';
import type { WalletsRepository } from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';
import { WalletChangeEvents } from './wallet-events.ts';
import { WalletTracker } from './wallet-tracker.ts';
import { bestHealth, countHealth, filterRows, sortRows, walletAccess, walletRow } from './wallet-views.ts';

export interface WalletsServiceOptions {
  readonly engine: MarketEngine;
  readonly source: MarketSource;
  /** Absent: nothing is stored or read back (tests of the views alone). */
  readonly repository?: WalletsRepository | undefined;
  /** Only the history writer (ROLE=all, ingest) stores; API replicas read what it stored. */
  readonly write: boolean;
  readonly logger: Logger;
  /** How often the engine's wallets are compared with what was seen (default 1 s). */
  readonly syncMs?: number;
}

/** How long a venue's built rows serve (their health depends on the clock). */
const ROWS_TTL_MS = 10_000;

/** Changes kept in memory for the history view when there is no database to ask. */
const RECENT_CHANGES = 500;

/**
 * Wallet and network status with health, per venue and per token, and the change history. Reads the engine's
 * wallet state (every role has one: the ingest from the venues, API replicas from the event log), notices
 * changes, publishes them as {@link WalletChangeEvent}s, and — on the history writer — stores the latest state
 * and every change per source mode.
 */
export class WalletsService {
  readonly changes = new WalletChangeEvents();
  /** Moves whenever a table could read differently: part of the answer cache's variant. */
  version = 0;
  private tracker = new WalletTracker();
  private mode: DataSourceMode;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private recent: WalletChange[] = [];
  private seeded: Promise<void> = Promise.resolve();
  private seenWallets = -1;

  constructor(private readonly options: WalletsServiceOptions) {
    this.mode = options.source.state().mode;
  }

  start(): void {
    this.seeded = this.seed(this.mode);
    this.timer = setInterval(() => this.sync(), this.options.syncMs ?? 1_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.writing;
  }

  /** Settles once what the database knew is loaded (tests wait on it). */
  ready(): Promise<void> {
    return this.seeded;
  }

  /** The engine's wallet version last compared: changes up to it are emitted (tests wait on it). */
  get syncedVersion(): number {
    return this.seenWallets;
  }

  /** Compares the engine's wallets with what was seen; emits and stores changes. Runs on the timer. */
  sync(): void {
    const mode = this.options.source.state().mode;
    if (mode !== this.mode) {
      // The engine was replaced with the new source's: start over from that source's stored state.
      this.mode = mode;
      this.tracker = new WalletTracker();
      this.recent = [];
      this.rowMemo.clear();
      this.seenWallets = -1;
      this.seeded = this.seed(mode);
      this.version++;
    }
    const wallets = this.options.engine.wallets;
    if (wallets.version === this.seenWallets) return;
    this.seenWallets = wallets.version;
    // Any report may move a row (fees, confirmations): tables are rebuilt; only news is stored.
    this.version++;
    const { changes, reported } = this.tracker.sync(wallets);
    const found: WalletChange[] = changes.map(({ state, kind }) => ({
      exchange: state.venue,
      asset: state.asset,
      network: state.network,
      kind,
      at: state.updatedAt,
    }));
    for (const { state, kind } of changes) {
      this.changes.emit(
        {
          type: 'wallet.change',
          source: mode,
          exchange: state.venue,
          asset: state.asset,
          network: state.network,
          chain: state.canonical,
          kind,
          at: state.updatedAt,
          deposit: state.deposit,
          withdraw: state.withdraw,
        },
        (error) => this.options.logger.error(`a wallet change listener failed: ${String(error)}`),
      );
    }
    if (found.length > 0) this.recent = [...found.reverse(), ...this.recent].slice(0, RECENT_CHANGES);
    const { repository, write } = this.options;
    if (!repository || !write || reported.length === 0) return;
    const records = reported.map((w) => ({
      venue: w.venue,
      asset: w.asset,
      network: w.network,
      deposit: w.deposit,
      withdraw: w.withdraw,
      delayed: w.delayed,
      confirmations: w.confirmations,
      blockTimeSec: w.blockTimeSec,
      withdrawFee: w.withdrawFee,
      withdrawMin: w.withdrawMin,
      contract: w.contract,
      seenAt: w.updatedAt,
      changedAt: this.tracker.changedAt(w.venue, w.asset, w.network),
    }));
    const changeRecords = found.map((c) => ({ ...c, venue: c.exchange }));
    this.writing = this.writing
      .then(async () => {
        await repository.saveNetworks(mode, records);
        if (changeRecords.length > 0) await repository.addChanges(mode, changeRecords);
      })
      .catch((error: unknown) => this.options.logger.error(`storing wallet status failed: ${String(error)}`));
  }

  /** The venues that report any wallet, in registry order. */
  exchanges(): VenueId[] {
    const seen = new Set(this.options.engine.wallets.all().map((w) => w.venue));
    return VENUES.filter((v) => seen.has(v.id)).map((v) => v.id);
  }

  assets(exchange: VenueId): string[] {
    const assets = new Set<string>();
    for (const w of this.options.engine.wallets.all()) if (w.venue === exchange) assets.add(w.asset);
    return [...assets].sort();
  }

  /**
   * What a venue's table reads from: the wallet version and the rows' ten-second clock bucket. The table's
   * answer is cached under it (pinned), so a moving market does not rebuild an unchanged wallet table.
   */
  tableKey(): string {
    return `${this.version}|${Math.floor(this.options.source.now() / ROWS_TTL_MS)}`;
  }

  /**
   * A venue's rows, worst first, built once per wallet version and ten seconds of clock (health moves with
   * the clock: a change ages out of "within the hour"): every filter and page of the table reads them.
   */
  private rowsOf(exchange: VenueId): readonly WalletStatusRow[] {
    const now = this.options.source.now();
    const key = this.tableKey();
    const memo = this.rowMemo.get(exchange);
    if (memo?.key === key) return memo.rows;
    const rows: WalletStatusRow[] = [];
    for (const w of this.options.engine.wallets.venueNetworks(exchange))
      rows.push(walletRow(w, this.tracker.changedAt(w.venue, w.asset, w.network), now));
    sortRows(rows);
    this.rowMemo.set(exchange, { key, rows });
    return rows;
  }

  private readonly rowMemo = new Map<VenueId, { key: string; rows: readonly WalletStatusRow[] }>();

  counts(exchange: VenueId): WalletHealthCounts {
    return countHealth(this.rowsOf(exchange));
  }

  /** A venue's whole wallet table (spec §7 v2/wallet-status/{exchange}), filtered and paged. */
  venue(exchange: VenueId, query: VenueWalletsQuery): VenueWalletsResponse {
    const all = this.rowsOf(exchange);
    const matching = filterRows(all, query);
    const start = (query.page - 1) * query.limit;
    const link = this.options.source.links().find((l) => l.venue === exchange);
    return {
      exchange,
      dataSource: this.options.source.state(),
      access: walletAccess(link, all.length > 0),
      counts: countHealth(all),
      chains: [...new Set(all.map((r) => r.chain))].sort(),
      data: matching.slice(start, start + query.limit),
      page: query.page,
      limit: query.limit,
      total: matching.length,
      updatedAt: this.options.source.now(),
    };
  }

  /**
   * One token across venues (its transfer view): every venue that lists it or reports its networks, with
   * each network's health, and which venues hold another token under the same ticker. Null when no venue
   * knows the token at all.
   */
  asset(asset: string, only?: VenueId): AssetWalletsResponse | null {
    const { engine, source } = this.options;
    const now = source.now();
    const listed = new Set<VenueId>();
    const token = engine.state.findToken(asset);
    for (const id of token?.instruments ?? []) {
      const venue = engine.state.instruments[id]?.venue;
      if (venue && isVenueId(venue)) listed.add(venue);
    }
    const byVenue = new Map<VenueId, WalletStatusRow[]>();
    for (const venue of VENUES) {
      const networks = engine.wallets.networks(venue.id, asset);
      if (networks.length > 0)
        byVenue.set(
          venue.id,
          networks.map((w) => walletRow(w, this.tracker.changedAt(w.venue, w.asset, w.network), now)),
        );
    }
    if (listed.size === 0 && byVenue.size === 0) return null;
    const reporting = [...byVenue.keys()];
    const links = new Map(source.links().map((l) => [l.venue, l]));
    const venues: AssetVenueWallets[] = [];
    for (const venue of VENUES) {
      if (only && venue.id !== only) continue;
      if (venue.kind !== 'cex' && !byVenue.has(venue.id)) continue;
      if (!listed.has(venue.id) && !byVenue.has(venue.id)) continue;
      const networks = sortRows(byVenue.get(venue.id) ?? []);
      venues.push({
        exchange: venue.id,
        access: walletAccess(links.get(venue.id), networks.length > 0),
        listed: listed.has(venue.id),
        health: bestHealth(networks),
        differentToken: reporting.filter(
          (other) => other !== venue.id && engine.wallets.identity(venue.id, other, asset) === 'different',
        ),
        networks,
      });
    }
    return { asset, dataSource: source.state(), venues, updatedAt: now };
  }

  /** Latest changes, newest first: from the database when there is one, else those seen by this process. */
  async history(query: {
    exchange?: VenueId | undefined;
    asset?: string | undefined;
    limit: number;
  }): Promise<WalletChangesResponse> {
    const { repository } = this.options;
    let data: WalletChange[];
    if (repository) {
      const rows = await repository.readChanges(this.mode, {
        venue: query.exchange,
        asset: query.asset,
        limit: query.limit,
      });
      data = rows
        .flatMap((r) => (isVenueId(r.venue) ? [{ ...r, exchange: r.venue }] : []))
        .map(({ exchange, asset, network, kind, at }) => ({ exchange, asset, network, kind, at }));
    } else {
      data = this.recent
        .filter(
          (c) =>
            (!query.exchange || c.exchange === query.exchange) && (!query.asset || c.asset === query.asset),
        )
        .slice(0, query.limit);
    }
    return { dataSource: this.options.source.state(), data };
  }

  private async seed(mode: DataSourceMode): Promise<void> {
    const { repository } = this.options;
    if (!repository) return;
    try {
      this.tracker.seed(await repository.readNetworks(mode));
    } catch (error) {
      this.options.logger.error(`reading stored wallet status failed: ${String(error)}`);
    }
  }
}

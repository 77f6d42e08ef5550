import type {
  DataSource,
  ListingCard,
  ListingDepositAccumulated,
  ListingDepositRanking,
  ListingDepositRatio,
  ListingDepositResponse,
} from '@spreadscope/contracts';
import { DAY_MS, type DataSourceMode, HOUR_MS, parseListingSlug } from '@spreadscope/core';
import type { DepositRepository } from '@spreadscope/db';
import { sleep } from '@spreadscope/feeds';
import {
  DepositScanner,
  TokenInfoCache,
  tokenAmount,
  type WalletTransfer,
} from '@spreadscope/feeds/deposit-track';
import { JsonRpc } from '@spreadscope/feeds/dex';
import { ApiError } from '../../http/errors.ts';
import type { DepositConfig } from './listing-deposit-config.ts';
import { simulatedDeposits } from './listing-deposit-sim.ts';
import { DatabaseDepositStore } from './listing-deposit-store.ts';
import {
  accumulate,
  type DepositRow,
  INTERVAL_MS,
  rank,
  summarize,
  valueDeposits,
} from './listing-deposit-view.ts';
import type { ListingService } from './listing-service.ts';
import { ListingSupplyBook, SUPPLY_REFRESH_MS } from './listing-supply.ts';

export interface ListingDepositDeps {
  readonly config: DepositConfig;
  readonly listing: Pick<ListingService, 'list'>;
  readonly mode: () => DataSourceMode;
  readonly dataSource: () => DataSource;
  readonly now: () => number;
  readonly seed: number;
  /** Where the transfers read live are kept (the database, shared by every process). */
  readonly repository: DepositRepository;
  /** False on API replicas: they read no chain and follow what the writer stored. */
  readonly write: boolean;
  /**
   * Whether this writer is the one that reads now (default always): a hot-standby ingest shares the tables
   * with the active one and waits, so one process moves the cursors.
   */
  readonly active?: () => boolean;
  readonly logger: { info(m: string): void; warn(m: string): void };
  /** How far back a chain is read the first time (blocks below the head). */
  readonly backfillBlocks?: number;
  /** How often a caught-up chain is asked for new blocks (default 3 s). */
  readonly pollMs?: number;
  /** First block read (tests: the node's genesis); default the head less `backfillBlocks`. */
  readonly startBlock?: number;
  /** How often a process that reads no chain asks the table for new transfers (default 2 s). */
  readonly followMs?: number;
}

/** Deposits before the notice are someone else's business: the tracker starts a little before it … */
const BEFORE_NOTICE_MS = 3 * HOUR_MS;
/** … and follows the listing a day past it (spec §2: the chart's window), or to trading's start if later. */
const AFTER_NOTICE_MS = DAY_MS;

/**
 * The block times a card's deposits are read in. Bounded on both sides: a venue's hot wallet takes every
 * token's transfers, so reading "since the notice" with no end would grow with the card's age.
 */
export function depositWindow(card: Pick<ListingCard, 'announcedAt' | 'tradingAt' | 'tradingStartedAt'>): {
  since: number;
  until: number;
} {
  const trading = card.tradingStartedAt ?? card.tradingAt ?? 0;
  return {
    since: card.announcedAt - BEFORE_NOTICE_MS,
    until: Math.max(card.announcedAt + AFTER_NOTICE_MS, trading),
  };
}
/** The scanner's own default: a chain whose reader has not moved for this long is shown stale. */
const STALE_AFTER_MS = 5 * 60_000;

/**
 * The deposit tracker (spec §2 `…/deposit`): live, ERC-20 transfers into the listing venue's wallets read
 * from each configured chain and matched to the listed token (the operator's contract, else the contract's
 * own symbol); simulated, drawn deposits labelled as such. Each deposit valued at the card's price and
 * given its holder tier.
 */
export class ListingDepositService {
  readonly store: DatabaseDepositStore;
  private readonly scanners: DepositScanner[] = [];
  private readonly info: TokenInfoCache;
  private readonly rpcs = new Map<string, JsonRpc>();
  private stopper = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly nominal = new Map<string, number>();
  /** The configured tokens' supply, for the cards (every process serves cards, so every process reads it). */
  readonly supplyBook: ListingSupplyBook;

  constructor(private readonly deps: ListingDepositDeps) {
    this.store = new DatabaseDepositStore(deps.repository, deps.logger);
    for (const [chain, url] of Object.entries(deps.config.rpc)) this.rpcs.set(chain, new JsonRpc(url));
    this.info = new TokenInfoCache((chain) => this.rpcs.get(chain));
    this.supplyBook = new ListingSupplyBook(deps.config.tokens, (chain) => this.rpcs.get(chain));
  }

  /**
   * Starts one scanner per chain that has exchange wallets listed and a node to ask; a process that reads no
   * chain follows the stored transfers instead.
   */
  start(): void {
    if (this.deps.config.tokens.length > 0) this.loops.push(this.readSupplyWhileLive(this.stopper.signal));
    // Newly seen contracts are named at once, so the first request finds them resolved.
    this.store.onTransfers((rows) => {
      for (const row of rows) void this.info.resolve(row.chain, row.contract);
    });
    if (this.deps.config.wallets.length === 0) return;
    if (!this.deps.write) {
      this.loops.push(this.store.follow(this.stopper.signal, this.deps.followMs));
      return;
    }
    const chains = this.scannedChains();
    for (const chain of chains) {
      const rpc = this.rpcs.get(chain);
      if (!rpc) {
        this.deps.logger.warn(
          `listing deposits: no JSON-RPC endpoint for ${chain}; its wallets are not read`,
        );
        continue;
      }
      const scanner = new DepositScanner({
        chain,
        rpc,
        wallets: this.deps.config.wallets.filter((w) => w.chain === chain),
        store: this.store,
        backfillBlocks: this.deps.backfillBlocks ?? 2_000,
        ...(this.deps.startBlock !== undefined ? { startBlock: this.deps.startBlock } : {}),
        ...(this.deps.pollMs !== undefined ? { pollMs: this.deps.pollMs } : {}),
      });
      this.scanners.push(scanner);
      this.loops.push(this.runWhileLive(scanner, this.stopper.signal));
    }
    if (this.scanners.length > 0)
      this.deps.logger.info(`listing deposits: reading exchange wallets on ${chains.join(', ')}`);
  }

  /** The chains whose wallets are listed: each read by the writer, each reported by every process. */
  private scannedChains(): string[] {
    return [...new Set(this.deps.config.wallets.map((w) => w.chain))];
  }

  /** The contracts' totals, read again every SUPPLY_REFRESH_MS while live (a simulated start asks no node). */
  private async readSupplyWhileLive(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const live = this.deps.mode() === 'live';
      if (live) await this.supplyBook.refresh();
      // A stop during the refresh has already aborted the signal: sleep sees that instead of waiting it out.
      await sleep(live ? SUPPLY_REFRESH_MS : 1_000, signal);
    }
  }

  /**
   * Reads the chain only while the running source is live (a simulated start asks no node) and this writer is
   * the active one.
   */
  private async runWhileLive(scanner: DepositScanner, signal: AbortSignal): Promise<void> {
    const reading = () => this.deps.mode() === 'live' && (this.deps.active?.() ?? true);
    while (!signal.aborted) {
      if (reading()) {
        const round = new AbortController();
        const watch = setInterval(() => {
          if (!reading()) round.abort();
        }, 1_000);
        const stop = () => round.abort();
        signal.addEventListener('abort', stop, { once: true });
        await scanner.run(round.signal);
        clearInterval(watch);
        signal.removeEventListener('abort', stop);
      } else await sleep(1_000, signal);
    }
  }

  async stop(): Promise<void> {
    this.stopper.abort();
    await Promise.allSettled(this.loops);
    this.loops = [];
    this.stopper = new AbortController();
  }

  private async card(key: string): Promise<ListingCard> {
    if (!parseListingSlug(key)) throw new ApiError(400, 'invalid_parameter', 'listing.badKey', {}, 'key');
    const found = (await this.deps.listing.list({ key })).data[0];
    if (!found) throw new ApiError(404, 'not_found', 'listing.notFound', { key }, 'key');
    return found;
  }

  /** The card's deposits in its window, or before `until` (a past case's total before trading). */
  private async rows(card: ListingCard, until = depositWindow(card).until): Promise<DepositRow[]> {
    const now = Math.min(this.deps.now(), until);
    if (this.deps.mode() === 'simulated') {
      const price = card.price.listingKrw ?? card.price.overseas?.krw ?? null;
      let nominalKrw = this.nominal.get(card.key);
      if (nominalKrw === undefined) {
        nominalKrw = price ?? 1_000;
        this.nominal.set(card.key, nominalKrw);
      }
      return simulatedDeposits({
        slug: card.key,
        base: card.base,
        from: card.depositOpenedAt ?? card.announcedAt,
        now,
        nominalKrw,
        network: card.networks[0]?.network ?? 'ETH',
        seed: this.deps.seed,
      });
    }
    const { since } = depositWindow(card);
    const rows: DepositRow[] = [];
    for (const t of await this.store.transfers({ venue: card.exchange, since, until })) {
      const row = await this.match(t, card.base);
      if (row) rows.push(row);
    }
    return rows;
  }

  /** The transfer as a deposit of `base`, or null when its token is another. */
  private async match(t: WalletTransfer, base: string): Promise<DepositRow | null> {
    const listed = this.deps.config.tokens.find((k) => k.chain === t.chain && k.contract === t.contract);
    let decimals: number;
    let verified: boolean;
    if (listed) {
      if (listed.base !== base) return null;
      decimals = listed.decimals;
      verified = true;
    } else {
      const info = this.info.get(t.chain, t.contract) ?? (await this.info.resolve(t.chain, t.contract));
      if (!info || info.symbol !== base) return null;
      // The operator named this ticker's contract on this chain: a look-alike by symbol is not it.
      if (this.deps.config.tokens.some((k) => k.base === base && k.chain === t.chain)) return null;
      decimals = info.decimals;
      verified = false;
    }
    return {
      txId: t.transactionHash,
      depositor: t.from,
      wallet: t.to,
      walletKind: t.walletKind,
      chain: t.chain,
      network: this.deps.config.networks[t.chain] ?? t.chain.toUpperCase(),
      contract: t.contract,
      contractVerified: verified,
      amount: tokenAmount(t.rawAmount, decimals),
      at: t.date,
      blockNumber: t.blockNumber,
    };
  }

  private async chains(): Promise<ListingDepositResponse['chains']> {
    if (this.deps.mode() === 'simulated') return [{ chain: 'ethereum', state: 'simulated', lastError: null }];
    if (this.deps.write)
      return this.scanners.map((s) => {
        const status = s.status();
        return { chain: s.chain, state: status.state, lastError: status.lastError };
      });
    // A replica sees no scanner: the stored cursor tells how recently the writer moved on each chain (a
    // node's error stays with the writer's log).
    const stored = new Map((await this.store.chains()).map((c) => [c.chain, c.updatedAt]));
    return this.scannedChains()
      .filter((chain) => this.rpcs.has(chain))
      .map((chain) => {
        const at = stored.get(chain);
        const state =
          at === undefined ? 'starting' : Date.now() - at > STALE_AFTER_MS ? 'stale' : ('live' as const);
        return { chain, state, lastError: null };
      });
  }

  private async valued(key: string) {
    const card = await this.card(key);
    const price = {
      krw: card.price.listingKrw ?? card.price.overseas?.krw ?? null,
      usdtKrw: card.price.usdtKrw,
    };
    return { card, price, deposits: valueDeposits(await this.rows(card), price) };
  }

  async deposits(key: string, limit: number): Promise<ListingDepositResponse> {
    const { card, price, deposits } = await this.valued(key);
    return {
      key: card.key,
      base: card.base,
      priceKrw: price.krw,
      usdtKrw: price.usdtKrw,
      ...summarize(deposits),
      data: deposits.slice(0, limit),
      chains: await this.chains(),
      simulated: card.simulated,
      serverTime: this.deps.now(),
      dataSource: this.deps.dataSource(),
    };
  }

  async accumulated(key: string, interval: keyof typeof INTERVAL_MS): Promise<ListingDepositAccumulated> {
    const { card, deposits } = await this.valued(key);
    return {
      key: card.key,
      interval,
      data: accumulate(deposits, INTERVAL_MS[interval], this.deps.now()),
      simulated: card.simulated,
    };
  }

  async ranking(key: string, limit: number): Promise<ListingDepositRanking> {
    const { card, deposits } = await this.valued(key);
    return { key: card.key, data: rank(deposits, limit), simulated: card.simulated };
  }

  /**
   * Tokens deposited into the listing venue before `until` (the history's total before trading): null when the
   * tracker does not follow the listing (live, no wallet of the venue listed; or no such listing).
   */
  async depositedBefore(key: string, until: number): Promise<number | null> {
    const market = parseListingSlug(key);
    if (!market) return null;
    if (this.deps.mode() === 'live' && !this.deps.config.wallets.some((w) => w.venue === market.venue))
      return null;
    const card = (await this.deps.listing.list({ key })).data[0];
    if (!card) return null;
    const rows = await this.rows(card, until);
    return rows.filter((r) => r.at < until).reduce((s, r) => s + r.amount, 0);
  }

  async ratio(key: string): Promise<ListingDepositRatio> {
    const { card, deposits } = await this.valued(key);
    const deposited = deposits.filter((d) => d.at >= card.announcedAt).reduce((s, d) => s + d.amount, 0);
    const supply = this.supplyBook.supply(card.base, card.simulated)?.circulating;
    return {
      key: card.key,
      deposited,
      circulatingSupply: supply ?? null,
      ratioPct: supply ? (deposited / supply) * 100 : null,
      simulated: card.simulated,
    };
  }
}

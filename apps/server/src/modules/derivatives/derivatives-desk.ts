import type {
  BorrowEvent,
  DataSourceMode,
  FeeTierEvent,
  LiquidationEvent,
  Logger,
  MarketEvent,
  OpenInterestEvent,
} from '@spreadscope/core';
import { DAY_MS, HOUR_MS, minuteStart } from '@spreadscope/core';
import type {
  BorrowRateRow,
  DerivativesRepository,
  LiquidationRow,
  OpenInterestMinuteRow,
} from '@spreadscope/db';
import type { BackgroundPacer } from '../../jobs/background-pacer.ts';

/** Liquidations held in memory: a day's worth for the feed and its stats (a calm day has a few thousand). */
const MAX_LIQUIDATIONS = 50_000;
/** How often pending rows are written (ms). */
const FLUSH_MS = 5_000;
/** Hourly open-interest marks kept per perpetual, for the 1 h / 24 h change. */
const OI_HOURS = 26;

export interface HeldLiquidation {
  readonly seq: number;
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly side: 'long' | 'short';
  readonly price: number;
  readonly size: number;
  readonly valueUsd: number | null;
  readonly at: number;
}

export interface HeldOpenInterest {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly openInterest: number;
  readonly openInterestUsd: number | null;
  readonly at: number;
  /** OI at the first report of each recent hour (hour start → value). */
  readonly hourly: Map<number, number>;
}

const DOLLARS = new Set(['USDT', 'USDC', 'USD', 'FDUSD']);

/** A liquidation's USD value where its quote is a dollar (or dollar stablecoin). */
export function usdValue(event: { quote: string; price: number; size: number }): number | null {
  return DOLLARS.has(event.quote) ? event.price * event.size : null;
}

/** An open-interest reading or a liquidation as the desk applies it (not the back-filled or restored ones). */
export type DeskEvent =
  | { readonly type: 'oi'; readonly oi: HeldOpenInterest }
  | { readonly type: 'liquidation'; readonly liquidation: HeldLiquidation };

export interface DeskOptions {
  /** Bound to the running source's mode per call (like the other history repositories). */
  readonly repository?: DerivativesRepository | undefined;
  /** False on API replicas: they hold the state from the log but the ingest is the one writer. */
  readonly write: boolean;
  readonly logger: Logger;
  /** The simulated day's rows yield to callers while there are any (jobs/background-pacer.ts). */
  readonly pacer?: BackgroundPacer | undefined;
}

/**
 * Borrow rates, open interest and liquidations as the running source reports them: the latest of each in
 * memory (what the front calls read, O(1) per venue), written to the database every few seconds (rates
 * upserted, OI as one row per perpetual and minute, each liquidation and its minute totals). When the source
 * switches mode everything is dropped and the new mode's rows are read back, as for prices.
 */
export class DerivativesDesk {
  private readonly borrowRates = new Map<string, BorrowRateRow>();
  private readonly oi = new Map<string, HeldOpenInterest>();
  private liquidations: HeldLiquidation[] = [];
  private seq = 0;
  private pendingBorrows: BorrowRateRow[] = [];
  private pendingOi = new Map<string, OpenInterestMinuteRow>();
  private pendingLiquidations: LiquidationRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(event: DeskEvent) => void>();
  /** Bumped by every applied event: the answer cache keys hot GETs by it. */
  version = 0;
  private readonly liquidationListeners = new Set<(held: HeldLiquidation) => void>();
  /** Fee levels venues publish through their API (fee_tier events), by venue|market|level; memory only. */
  private readonly feeTiers = new Map<string, FeeTierEvent>();

  constructor(private readonly options: DeskOptions) {}

  start(): void {
    if (this.options.write && this.options.repository && this.timer === null) {
      this.timer = setInterval(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Calls `listener` with each live reading and liquidation once applied; returns the unsubscribe. */
  subscribe(listener: (event: DeskEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: DeskEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.logger.warn(`derivatives: a listener failed: ${(error as Error).message}`);
      }
    }
  }

  apply(event: MarketEvent): void {
    switch (event.type) {
      case 'borrow':
        this.onBorrow(event);
        break;
      case 'oi':
        this.onOpenInterest(event);
        break;
      case 'liquidation':
        this.onLiquidation(event);
        break;
      case 'fee_tier':
        this.feeTiers.set(`${event.venue}|${event.market}|${event.vipLevel}`, event);
        this.version++;
        break;
      default:
        break;
    }
  }

  /** The source switched mode: drop what the old one reported, then read the new mode's back. */
  async reset(mode: DataSourceMode, now: number): Promise<void> {
    await this.flush();
    this.borrowRates.clear();
    this.oi.clear();
    this.liquidations = [];
    this.feeTiers.clear();
    this.version++;
    await this.restore(mode, now);
  }

  /** Refills rates and the last day's liquidations from the database (start-up, and after a switch). */
  async restore(_mode: DataSourceMode, now: number): Promise<void> {
    const repo = this.options.repository;
    if (!repo) return;
    try {
      for (const row of await repo.readBorrowRates()) {
        if (!this.borrowRates.has(borrowKey(row))) this.borrowRates.set(borrowKey(row), row);
      }
      const recent = await repo.readRecentLiquidations({ limit: MAX_LIQUIDATIONS });
      const cutoff = now - DAY_MS;
      const held = recent
        .filter((r) => r.at >= cutoff)
        .reverse()
        .map((r) => ({ ...r, seq: 0 }));
      // Older first, ahead of whatever arrived while reading.
      this.liquidations = [...held, ...this.liquidations].map((r) => ({ ...r, seq: ++this.seq }));
      this.version++;
    } catch (error) {
      this.options.logger.warn(`derivatives: could not restore from history: ${(error as Error).message}`);
    }
  }

  /** Writes what is pending; never throws (a failed write is logged and its rows dropped). */
  flush(): Promise<void> {
    const repo = this.options.repository;
    if (!repo || !this.options.write) {
      this.pendingBorrows = [];
      this.pendingOi.clear();
      this.pendingLiquidations = [];
      return this.writing;
    }
    const borrows = this.pendingBorrows;
    const oi = [...this.pendingOi.values()];
    const liquidations = this.pendingLiquidations;
    this.pendingBorrows = [];
    this.pendingOi = new Map();
    this.pendingLiquidations = [];
    if (borrows.length + oi.length + liquidations.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      try {
        await repo.upsertBorrowRates(borrows);
        await repo.writeOpenInterest(oi);
        await repo.writeLiquidations(liquidations);
      } catch (error) {
        this.options.logger.error(`derivatives: writing history failed: ${(error as Error).message}`);
      }
    });
    return this.writing;
  }

  borrowRows(asset?: string): BorrowRateRow[] {
    const rows = [...this.borrowRates.values()];
    return asset === undefined ? rows : rows.filter((r) => r.asset === asset);
  }

  borrowAssets(): string[] {
    return [...new Set([...this.borrowRates.values()].map((r) => r.asset))].sort();
  }

  openInterestOf(base?: string): HeldOpenInterest[] {
    const all = [...this.oi.values()];
    return base === undefined ? all : all.filter((o) => o.base === base);
  }

  /** Liquidations newest first, filtered; `since` keeps only those applied after that sequence number. */
  recentLiquidations(filter: (l: HeldLiquidation) => boolean, limit: number): HeldLiquidation[] {
    const out: HeldLiquidation[] = [];
    for (let i = this.liquidations.length - 1; i >= 0 && out.length < limit; i--) {
      const item = this.liquidations[i] as HeldLiquidation;
      if (filter(item)) out.push(item);
    }
    return out;
  }

  /** Totals of the liquidations after `from` that pass the filter. */
  liquidationTotals(
    from: number,
    filter: (l: HeldLiquidation) => boolean,
  ): { count: number; longUsd: number; shortUsd: number } {
    let count = 0;
    let longUsd = 0;
    let shortUsd = 0;
    for (let i = this.liquidations.length - 1; i >= 0; i--) {
      const item = this.liquidations[i] as HeldLiquidation;
      if (item.at < from) break;
      if (!filter(item)) continue;
      count++;
      if (item.side === 'long') longUsd += item.valueUsd ?? 0;
      else shortUsd += item.valueUsd ?? 0;
    }
    return { count, longUsd, shortUsd };
  }

  /** Whether the running mode's history holds open interest of `base` in the range (back-fill check). */
  async hasOpenInterest(base: string, from: number, to: number): Promise<boolean> {
    const repo = this.options.repository;
    if (!repo) return true;
    return (await repo.readOpenInterest({ base, from, to })).length > 0;
  }

  /** Writes a back-filled day (the simulator's, on a fresh install) straight to the database. */
  async writeBackfill(
    oi: readonly OpenInterestEvent[],
    liquidations: readonly LiquidationEvent[],
  ): Promise<void> {
    const repo = this.options.repository;
    if (!repo || !this.options.write) return;
    const latest = new Map<string, OpenInterestMinuteRow>();
    for (const event of oi) {
      const row = oiRow(event);
      latest.set(`${row.venue}|${row.base}|${row.quote}|${row.minute}`, row);
    }
    const rows = [...latest.values()];
    const { pacer } = this.options;
    for (let i = 0; i < rows.length; ) {
      const size = pacer?.rowsPerStatement(5_000) ?? 5_000;
      const started = performance.now();
      await repo.writeOpenInterest(rows.slice(i, i + size));
      i += size;
      await (pacer?.pause(performance.now() - started) ?? new Promise((resolve) => setImmediate(resolve)));
    }
    await repo.writeLiquidations(liquidations.map(liquidationRow));
    for (const event of liquidations) this.holdLiquidation(event);
    this.liquidations.sort((a, b) => a.at - b.at);
    this.version++;
  }

  private onBorrow(event: BorrowEvent): void {
    const row: BorrowRateRow = {
      venue: event.venue,
      asset: event.asset,
      marginType: event.marginType,
      pair: event.pair ?? '',
      vipLevel: event.vipLevel,
      hourlyRate: event.hourlyRate,
      borrowLimit: event.borrowLimit ?? null,
      borrowable: event.borrowable,
      updatedAt: event.t,
    };
    this.borrowRates.set(borrowKey(row), row);
    if (this.options.write) this.pendingBorrows.push(row);
    this.version++;
  }

  private onOpenInterest(event: OpenInterestEvent): void {
    const key = `${event.venue}|${event.base}|${event.quote}`;
    const previous = this.oi.get(key);
    const hourly = previous?.hourly ?? new Map<number, number>();
    const hour = Math.floor(event.t / HOUR_MS) * HOUR_MS;
    if (!hourly.has(hour)) {
      hourly.set(hour, event.openInterest);
      for (const h of hourly.keys()) if (h < hour - OI_HOURS * HOUR_MS) hourly.delete(h);
    }
    const held: HeldOpenInterest = {
      venue: event.venue,
      base: event.base,
      quote: event.quote,
      openInterest: event.openInterest,
      openInterestUsd: event.openInterestUsd ?? null,
      at: event.t,
      hourly,
    };
    this.oi.set(key, held);
    if (this.options.write) {
      const row = oiRow(event);
      this.pendingOi.set(`${key}|${row.minute}`, row);
    }
    this.version++;
    if (this.listeners.size > 0) this.emit({ type: 'oi', oi: held });
  }

  /** The fee levels a venue published live for a market type, as last read. */
  liveFeeTiers(venue: string, market: 'spot' | 'perp'): FeeTierEvent[] {
    const out: FeeTierEvent[] = [];
    for (const tier of this.feeTiers.values())
      if (tier.venue === venue && tier.market === market) out.push(tier);
    return out;
  }

  /** Told each liquidation the source reports as it is held (not the ones read back from the database). */
  onLiquidationHeld(listener: (held: HeldLiquidation) => void): () => void {
    this.liquidationListeners.add(listener);
    return () => this.liquidationListeners.delete(listener);
  }

  private onLiquidation(event: LiquidationEvent): void {
    const held = this.holdLiquidation(event);
    if (this.options.write) this.pendingLiquidations.push(liquidationRow(event));
    this.version++;
    for (const listener of this.liquidationListeners) listener(held);
    if (this.listeners.size > 0) this.emit({ type: 'liquidation', liquidation: held });
  }

  private holdLiquidation(event: LiquidationEvent): HeldLiquidation {
    const held: HeldLiquidation = {
      seq: ++this.seq,
      venue: event.venue,
      base: event.base,
      quote: event.quote,
      side: event.side,
      price: event.price,
      size: event.size,
      valueUsd: usdValue(event),
      at: event.t,
    };
    this.liquidations.push(held);
    if (this.liquidations.length > MAX_LIQUIDATIONS * 1.2) {
      this.liquidations = this.liquidations.slice(-MAX_LIQUIDATIONS);
    }
    return held;
  }
}

function borrowKey(row: Pick<BorrowRateRow, 'venue' | 'asset' | 'marginType' | 'pair' | 'vipLevel'>): string {
  return `${row.venue}|${row.asset}|${row.marginType}|${row.pair}|${row.vipLevel}`;
}

function oiRow(event: OpenInterestEvent): OpenInterestMinuteRow {
  return {
    venue: event.venue,
    base: event.base,
    quote: event.quote,
    minute: minuteStart(event.t),
    openInterest: event.openInterest,
    openInterestUsd: event.openInterestUsd ?? null,
  };
}

function liquidationRow(event: LiquidationEvent): LiquidationRow {
  return {
    venue: event.venue,
    base: event.base,
    quote: event.quote,
    at: event.t,
    side: event.side,
    price: event.price,
    size: event.size,
    valueUsd: usdValue(event),
  };
}

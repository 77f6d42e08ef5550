import {
  BUCKET_MS,
  type Liquidation,
  type LiquidationsQuery,
  type LiquidationsResponse,
  OI_WINDOW_MS,
  type OpenInterestQuery,
  type OpenInterestResponse,
} from '@spreadscope/contracts';
import { DAY_MS, HOUR_MS, isVenueId, type VenueId } from '@spreadscope/core';
import type { DerivativesRepository } from '@spreadscope/db';
import type { MarketSource } from '@spreadscope/feeds';
import type { DerivativesDesk, HeldLiquidation, HeldOpenInterest } from './derivatives-desk.ts';

function change(o: HeldOpenInterest, hoursAgo: number): number | null {
  const hour = Math.floor(o.at / HOUR_MS) * HOUR_MS - hoursAgo * HOUR_MS;
  const then = o.hourly.get(hour);
  return then === undefined || then <= 0 ? null : (o.openInterest / then - 1) * 100;
}

/** Open interest and liquidations as the front shows them: latest per venue, history, the live feed. */
export class DerivativesService {
  constructor(
    /** Read by the paid API too (modules/public-api), which serves the same held state in its own shapes. */
    readonly desk: DerivativesDesk,
    private readonly source: MarketSource,
    /** Bound to the running source's mode; absent without a database (no history then). */
    readonly repository: DerivativesRepository | undefined,
  ) {}

  get version(): number {
    return this.desk.version;
  }

  async openInterest(query: OpenInterestQuery): Promise<OpenInterestResponse> {
    const now = this.source.now();
    const held = this.desk
      .openInterestOf(query.base)
      .filter((o) => isVenueId(o.venue) && (query.exchange === undefined || o.venue === query.exchange));
    const venues = held
      .map((o) => ({
        exchange: o.venue as VenueId,
        quote: o.quote,
        openInterest: o.openInterest,
        openInterestUsd: o.openInterestUsd,
        change1h: change(o, 1),
        change24h: change(o, 24),
        updatedAt: o.at,
      }))
      .sort((a, b) => (b.openInterestUsd ?? 0) - (a.openInterestUsd ?? 0));
    const usd = venues.filter((v) => v.openInterestUsd !== null);
    const bucket = BUCKET_MS[query.interval];
    const from = Math.floor((now - OI_WINDOW_MS[query.window]) / bucket) * bucket;
    const perp = { base: query.base, ...(query.exchange ? { venue: query.exchange } : {}) };
    const [oi, liquidations] = this.repository
      ? await Promise.all([
          this.repository.readOpenInterestByVenue({ ...perp, from, to: now + 1 }),
          this.repository.readLiquidationMinutes({ ...perp, from, to: now + 1 }),
        ])
      : [[], []];
    // One point per bucket: each venue's last reading as of the bucket's end (a venue quiet in that bucket
    // carries its earlier reading, so the total does not dip), and the bucket's liquidations summed.
    const points = new Map<number, { longUsd: number; shortUsd: number }>();
    const slot = (t: number) => Math.floor(t / bucket) * bucket;
    for (const row of liquidations) {
      const p = points.get(slot(row.minute)) ?? { longUsd: 0, shortUsd: 0 };
      p.longUsd += row.longUsd;
      p.shortUsd += row.shortUsd;
      points.set(slot(row.minute), p);
    }
    const latest = new Map<string, { oi: number; usd: number | null }>();
    const oiAt = new Map<number, { openInterest: number; openInterestUsd: number | null }>();
    const total = () => {
      let openInterest = 0;
      let usd: number | null = null;
      for (const v of latest.values()) {
        openInterest += v.oi;
        if (v.usd !== null) usd = (usd ?? 0) + v.usd;
      }
      return { openInterest, openInterestUsd: usd };
    };
    for (const row of oi) {
      latest.set(`${row.venue}|${row.quote}`, { oi: row.openInterest, usd: row.openInterestUsd });
      oiAt.set(slot(row.minute), total());
    }
    const starts = [...new Set([...oiAt.keys(), ...points.keys()])].sort((a, b) => a - b);
    let carried = { openInterest: 0, openInterestUsd: null as number | null };
    const history = starts.map((t) => {
      carried = oiAt.get(t) ?? carried;
      const p = points.get(t) ?? { longUsd: 0, shortUsd: 0 };
      return { t, ...carried, ...p };
    });
    return {
      base: query.base,
      exchange: query.exchange ?? null,
      window: query.window,
      interval: query.interval,
      venues,
      totalUsd: usd.length > 0 ? usd.reduce((sum, v) => sum + (v.openInterestUsd ?? 0), 0) : null,
      history,
      dataSource: this.source.state(),
    };
  }

  liquidations(query: LiquidationsQuery): LiquidationsResponse {
    const match = (l: HeldLiquidation) =>
      (query.base === undefined || l.base === query.base) &&
      (query.exchange === undefined || l.venue === query.exchange) &&
      (query.min_usd === undefined || (l.valueUsd ?? 0) >= query.min_usd);
    const since = query.since;
    const data = this.desk
      .recentLiquidations(
        (l) => match(l) && (since === undefined || l.at > since) && isVenueId(l.venue),
        query.limit,
      )
      .map(presentLiquidation);
    const totals = this.desk.liquidationTotals(this.source.now() - DAY_MS, match);
    return { data, stats: { window: '24h', ...totals }, dataSource: this.source.state() };
  }

  /**
   * Each liquidation as the source reports it, in the /liquidations row shape (the front's `liquidations`
   * WebSocket topic; any other push channel can listen the same way). Returns the unsubscribe.
   */
  onLiquidation(listener: (row: Liquidation) => void): () => void {
    return this.desk.onLiquidationHeld((held) => {
      if (isVenueId(held.venue)) listener(presentLiquidation(held));
    });
  }

  /** Bases with open interest, the most open interest first. */
  symbols(): { data: { base: string; venues: number; openInterestUsd: number | null }[] } {
    const byBase = new Map<string, { base: string; venues: number; openInterestUsd: number | null }>();
    for (const o of this.desk.openInterestOf()) {
      const entry = byBase.get(o.base) ?? { base: o.base, venues: 0, openInterestUsd: null };
      entry.venues++;
      if (o.openInterestUsd !== null)
        entry.openInterestUsd = (entry.openInterestUsd ?? 0) + o.openInterestUsd;
      byBase.set(o.base, entry);
    }
    return { data: [...byBase.values()].sort((a, b) => (b.openInterestUsd ?? 0) - (a.openInterestUsd ?? 0)) };
  }
}

function presentLiquidation(l: HeldLiquidation): Liquidation {
  return {
    exchange: l.venue as VenueId,
    symbol: `${l.base}-${l.quote}`,
    base: l.base,
    quote: l.quote,
    side: l.side,
    price: l.price,
    volume: l.size,
    volumeUsd: l.valueUsd,
    timestamp: l.at,
  };
}

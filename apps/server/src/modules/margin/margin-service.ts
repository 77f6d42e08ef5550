import type {
  MarginBorrowQuery,
  MarginBorrowResponse,
  TradingFeeRow,
  TradingFeesQuery,
  TradingFeesResponse,
} from '@spreadscope/contracts';
import { FEE_SCHEDULES, type FeeTierEvent, isVenueId, type VenueId } from '@spreadscope/core';
import type { MarketEngine } from '@spreadscope/engine';
import { MARGIN_VENUES, type MarketSource } from '@spreadscope/feeds';
import type { DerivativesDesk } from '../derivatives/derivatives-desk.ts';
import { listPage } from '../market/route-support.ts';
import { unknownSymbol } from '../market/unknown-symbol.ts';

type Reason = MarginBorrowResponse['venues'][number]['reason'];

/** Margin borrow rates per asset across venues, and the venues' trading fee schedules. */
export class MarginService {
  constructor(
    private readonly desk: DerivativesDesk,
    private readonly engine: MarketEngine,
    private readonly source: MarketSource,
  ) {}

  /** Changes whenever a borrow rate (or any desk event) arrives: part of the cached answers' key. */
  get version(): number {
    return this.desk.version;
  }

  borrow(query: MarginBorrowQuery): MarginBorrowResponse {
    const rows = this.desk
      .borrowRows(query.asset)
      .filter(
        (r) =>
          isVenueId(r.venue) &&
          (query.exchange === undefined || r.venue === query.exchange) &&
          (query.margin_type === undefined || r.marginType === query.margin_type) &&
          (query.vip_level === undefined || r.vipLevel.toLowerCase() === query.vip_level.toLowerCase()),
      )
      .map((r) => ({
        exchange: r.venue as VenueId,
        asset: r.asset,
        marginType: r.marginType,
        pair: r.pair === '' ? null : r.pair,
        vipLevel: r.vipLevel,
        hourlyRate: r.hourlyRate,
        dailyRate: r.hourlyRate * 24,
        annualRate: r.hourlyRate * 8_760,
        borrowLimit: r.borrowLimit,
        borrowable: r.borrowable,
        updatedAt: r.updatedAt,
      }))
      // Cheapest base level first per venue reads best: venue order, then the venue's own level order.
      .sort((a, b) => a.exchange.localeCompare(b.exchange) || a.marginType.localeCompare(b.marginType));
    const withData = new Set(rows.map((r) => r.exchange));
    const links = new Map(this.source.links().map((l) => [l.venue, l]));
    const venues: MarginBorrowResponse['venues'] = MARGIN_VENUES.filter(
      (v) => query.exchange === undefined || v === query.exchange,
    ).map((exchange): MarginBorrowResponse['venues'][number] => {
      if (withData.has(exchange)) return { exchange, status: 'ok' as const, reason: null };
      const margin = links.get(exchange)?.capabilities?.margin;
      const reason: Reason =
        margin?.needsKey && !margin.needsKey.configured
          ? 'needs_key'
          : this.desk.borrowRows().some((r) => r.venue === exchange)
            ? 'not_listed'
            : 'no_data';
      return { exchange, status: 'unknown' as const, reason };
    });
    if (query.exchange !== undefined && !MARGIN_VENUES.some((v) => v === query.exchange)) {
      venues.push({ exchange: query.exchange, status: 'unknown', reason: 'not_published' });
    }
    const updatedAt = rows.reduce<number | null>(
      (max, r) => (max === null || r.updatedAt > max ? r.updatedAt : max),
      null,
    );
    return { asset: query.asset, data: rows, venues, updatedAt, dataSource: this.source.state() };
  }

  assets(): { data: string[] } {
    return { data: this.desk.borrowAssets() };
  }

  fees(query: TradingFeesQuery): TradingFeesResponse {
    let symbol: string | null = null;
    if (query.symbol !== undefined) {
      if (query.exchange === undefined) {
        // A symbol's fees are its venue's: without the venue there is nothing to look up.
        symbol = query.symbol;
      } else {
        const [base = '', quote = ''] = query.symbol.split('-');
        const markets = query.market ? [query.market] : (['spot', 'perp'] as const);
        const known = markets.some(
          (m) => this.engine.state.find(query.exchange as string, m, base, quote) >= 0,
        );
        if (!known) throw unknownSymbol(query.symbol, query.exchange, base, 'symbol');
        symbol = query.symbol;
      }
    }
    const rows: TradingFeeRow[] = [];
    const wanted = (level: string) =>
      query.vip_level === undefined || level.toLowerCase() === query.vip_level.toLowerCase();
    for (const schedule of FEE_SCHEDULES) {
      if (query.exchange !== undefined && schedule.venue !== query.exchange) continue;
      if (query.market !== undefined && schedule.market !== query.market) continue;
      // Levels the venue published through its API (Bitget) replace the configured ones; new levels join.
      const live = new Map(
        this.desk.liveFeeTiers(schedule.venue, schedule.market).map((l) => [l.vipLevel, l]),
      );
      const base = { exchange: schedule.venue, market: schedule.market, symbol };
      for (const tier of schedule.tiers) {
        if (!wanted(tier.vipLevel)) continue;
        const read = live.get(tier.vipLevel);
        live.delete(tier.vipLevel);
        rows.push(
          read
            ? liveRow(base, read, tier.requirement)
            : {
                ...base,
                vipLevel: tier.vipLevel,
                makerPercent: tier.makerPercent,
                takerPercent: tier.takerPercent,
                requirement: tier.requirement ?? null,
                source: 'published',
                asOf: schedule.asOf,
              },
        );
      }
      for (const read of live.values()) if (wanted(read.vipLevel)) rows.push(liveRow(base, read, undefined));
    }
    return listPage(rows, query);
  }

  feeExchanges(): { data: VenueId[] } {
    return { data: [...new Set(FEE_SCHEDULES.map((s) => s.venue))] };
  }

  /** Markets the venue trades that the engine follows, as BASE-QUOTE (the fee rows apply to each). */
  feeSymbols(exchange: VenueId, page: { page: number; limit: number }) {
    const symbols = new Set<string>();
    for (const instrument of this.engine.state.instruments) {
      if (instrument.venue === exchange) symbols.add(`${instrument.base}-${instrument.quote}`);
    }
    return listPage([...symbols].sort(), page);
  }
}

/** A fee level as the venue's API gave it; `asOf` is the day it was read. */
function liveRow(
  base: Pick<TradingFeeRow, 'exchange' | 'market' | 'symbol'>,
  read: FeeTierEvent,
  configuredRequirement: string | undefined,
): TradingFeeRow {
  return {
    ...base,
    vipLevel: read.vipLevel,
    makerPercent: read.makerPercent,
    takerPercent: read.takerPercent,
    requirement: read.requirement ?? configuredRequirement ?? null,
    source: 'live',
    asOf: new Date(read.t).toISOString().slice(0, 10),
  };
}

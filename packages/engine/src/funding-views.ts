import {
  annualizedFundingPercent,
  type FundingIntervalFilter,
  HOUR_MS,
  SLOW_SOURCE_FRESHNESS_MS,
  tokenSearchMatcher,
  VENUE_IDS,
  type VenueId,
} from '@spreadscope/core';
import type { FundingTracker } from './funding-tracker.ts';
import type { MarketState } from './market-state.ts';
import { selectPage } from './select-page.ts';

/** Funding tables of spec §7 (funding-rate, funding-rates/*) over the perpetuals the engine follows. */

export interface FundingFilter {
  readonly exchange?: VenueId | undefined;
  readonly search?: string | undefined;
  readonly quote?: string | undefined;
  readonly interval?: FundingIntervalFilter | undefined;
  readonly dex?: boolean | undefined;
}

export type FundingSortKey = 'rate' | 'annualized' | 'base' | 'exchange' | 'nextFundingTime' | 'volume';

export interface FundingMarketView {
  readonly exchange: VenueId;
  readonly baseToken: string;
  readonly quoteToken: string;
  readonly symbol: string;
  readonly fundingRatePercent: number;
  readonly intervalHours: number;
  readonly nextFundingTime: number | null;
  readonly markPrice: number | null;
  readonly annualizedPercent: number;
  readonly volume24h: number | null;
  readonly date: number;
  readonly stale: boolean;
}

const orNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

export class FundingViews {
  constructor(
    private readonly state: MarketState,
    private readonly tracker: FundingTracker,
  ) {}

  /** Perpetuals with a known funding rate that pass the filter. */
  markets(filter: FundingFilter): number[] {
    const { state } = this;
    const matches = tokenSearchMatcher(filter.search);
    const hours = filter.interval && filter.interval !== 'all' ? Number.parseInt(filter.interval, 10) : 0;
    const out: number[] = [];
    for (const id of state.perps) {
      const info = state.instruments[id];
      if (!info) continue;
      if (!Number.isFinite(state.fundingRate.array[id] as number)) continue;
      if (!(state.fundingIntervalHours.array[id] as number)) continue;
      if (filter.exchange && info.venue !== filter.exchange) continue;
      if (!filter.dex && info.dex) continue;
      if (filter.quote && info.quote !== filter.quote) continue;
      if (matches && !matches(info.base)) continue;
      if (hours > 0 && state.fundingIntervalHours.array[id] !== hours) continue;
      out.push(id);
    }
    return out;
  }

  view(id: number, now: number): FundingMarketView {
    const { state } = this;
    const info = state.instruments[id];
    if (!info) throw new Error(`unknown instrument ${id}`);
    const rate = state.fundingRate.array[id] as number;
    const hours = state.fundingIntervalHours.array[id] as number;
    const at = state.fundingAt.array[id] as number;
    return {
      exchange: info.venue,
      baseToken: info.base,
      quoteToken: info.quote,
      symbol: info.symbol,
      fundingRatePercent: rate * 100,
      intervalHours: hours,
      nextFundingTime: orNull(state.nextFundingTime.array[id] as number),
      markPrice: orNull(state.markPrice.array[id] as number),
      annualizedPercent: annualizedFundingPercent(rate, hours),
      volume24h: orNull(state.volume24h.array[id] as number),
      date: at,
      stale: at < now - SLOW_SOURCE_FRESHNESS_MS,
    };
  }

  latest(
    filter: FundingFilter & { sort: FundingSortKey; order: 'asc' | 'desc'; page: number; limit: number },
    now: number,
  ) {
    const ids = this.markets(filter);
    const start = (filter.page - 1) * filter.limit;
    const direction = filter.order === 'asc' ? 1 : -1;
    const page = { page: filter.page, limit: filter.limit, total: ids.length, updatedAt: now };
    if (filter.sort === 'base' || filter.sort === 'exchange') {
      const views = ids.map((id) => this.view(id, now));
      const key = sortKey(filter.sort);
      views.sort((a, b) => {
        // Stale funding never ranks as an opportunity.
        if (a.stale !== b.stale) return a.stale ? 1 : -1;
        return compare(key(a), key(b), direction) || a.symbol.localeCompare(b.symbol);
      });
      return { ...page, data: views.slice(start, start + filter.limit) };
    }
    // Numbers: rank by typed-array keys, stale last, and build views for the page only (this runs on every push).
    const { state } = this;
    const keys = new Float64Array(ids.length);
    const stale = new Uint8Array(ids.length);
    const staleBefore = now - SLOW_SOURCE_FRESHNESS_MS;
    ids.forEach((id, i) => {
      const rate = state.fundingRate.array[id] as number;
      if (filter.sort === 'rate') keys[i] = rate;
      else if (filter.sort === 'annualized')
        keys[i] = annualizedFundingPercent(rate, state.fundingIntervalHours.array[id] as number);
      else if (filter.sort === 'volume') keys[i] = state.volume24h.array[id] as number;
      else keys[i] = state.nextFundingTime.array[id] as number;
      stale[i] = (state.fundingAt.array[id] as number) < staleBefore ? 1 : 0;
    });
    const chosen = selectPage(ids.length, keys, stale, direction, start, filter.limit);
    return { ...page, data: chosen.map((i) => this.view(ids[i] as number, now)) };
  }

  ranking(filter: FundingFilter & { direction: 'positive' | 'negative'; limit: number }, now: number) {
    const page = this.latest(
      {
        ...filter,
        sort: 'annualized',
        order: filter.direction === 'positive' ? 'desc' : 'asc',
        page: 1,
        limit: filter.limit,
      },
      now,
    );
    return {
      direction: filter.direction,
      data: page.data.filter((v) => !v.stale).map((v, i) => ({ ...v, rank: i + 1 })),
      updatedAt: now,
    };
  }

  /** One row per token, one cell per venue: where its funding stands across the market. */
  overview(
    filter: {
      search?: string | undefined;
      quote?: string | undefined;
      dex?: boolean | undefined;
      sort: 'base' | 'volume' | 'spread';
      order: 'asc' | 'desc';
      page: number;
      limit: number;
    },
    now: number,
  ) {
    const byToken = new Map<string, FundingMarketView[]>();
    for (const id of this.markets({ search: filter.search, quote: filter.quote, dex: filter.dex })) {
      const view = this.view(id, now);
      const list = byToken.get(view.baseToken);
      if (list) list.push(view);
      else byToken.set(view.baseToken, [view]);
    }
    const exchanges = new Set<VenueId>();
    const rows = [...byToken.entries()].map(([baseToken, views]) => {
      const rates: Record<
        string,
        {
          fundingRatePercent: number;
          intervalHours: number;
          annualizedPercent: number;
          nextFundingTime: number | null;
          stale: boolean;
          volume: number;
        }
      > = {};
      let volumeUsd = 0;
      let max = Number.NEGATIVE_INFINITY;
      let min = Number.POSITIVE_INFINITY;
      for (const v of views) {
        exchanges.add(v.exchange);
        const volume = v.volume24h ?? 0;
        volumeUsd += volume;
        // A venue listing the token against two quotes shows its busier perpetual.
        const held = rates[v.exchange];
        if (held && held.volume >= volume) continue;
        rates[v.exchange] = {
          fundingRatePercent: v.fundingRatePercent,
          intervalHours: v.intervalHours,
          annualizedPercent: v.annualizedPercent,
          nextFundingTime: v.nextFundingTime,
          stale: v.stale,
          volume,
        };
      }
      for (const cell of Object.values(rates)) {
        if (cell.stale) continue;
        max = Math.max(max, cell.annualizedPercent);
        min = Math.min(min, cell.annualizedPercent);
      }
      const cells = Object.fromEntries(
        Object.entries(rates).map(([venue, { volume: _volume, ...cell }]) => [venue, cell]),
      );
      return {
        baseToken,
        rates: cells,
        maxAnnualizedPercent: Number.isFinite(max) ? max : null,
        minAnnualizedPercent: Number.isFinite(min) ? min : null,
        spreadAnnualizedPercent: Number.isFinite(max) && Number.isFinite(min) ? max - min : null,
        volume24hUsd: volumeUsd > 0 ? volumeUsd : null,
      };
    });
    const direction = filter.order === 'asc' ? 1 : -1;
    rows.sort((a, b) => {
      const byKey =
        filter.sort === 'base'
          ? compare(a.baseToken, b.baseToken, direction)
          : filter.sort === 'volume'
            ? compare(a.volume24hUsd ?? Number.NaN, b.volume24hUsd ?? Number.NaN, direction)
            : compare(
                a.spreadAnnualizedPercent ?? Number.NaN,
                b.spreadAnnualizedPercent ?? Number.NaN,
                direction,
              );
      return byKey || a.baseToken.localeCompare(b.baseToken);
    });
    const start = (filter.page - 1) * filter.limit;
    return {
      exchanges: VENUE_IDS.filter((v) => exchanges.has(v)),
      data: rows.slice(start, start + filter.limit),
      page: filter.page,
      limit: filter.limit,
      total: rows.length,
      updatedAt: now,
    };
  }

  token(base: string, dex: boolean, now: number) {
    const views = this.markets({ search: undefined, dex })
      .filter((id) => this.state.instruments[id]?.base === base)
      .map((id) => this.view(id, now))
      .sort((a, b) => VENUE_IDS.indexOf(a.exchange) - VENUE_IDS.indexOf(b.exchange));
    let sum = 0;
    let weight = 0;
    for (const v of views) {
      if (v.stale) continue;
      const w = v.volume24h && v.volume24h > 0 ? v.volume24h : 1;
      sum += v.annualizedPercent * w;
      weight += w;
    }
    return {
      baseToken: base,
      data: views,
      averageAnnualizedPercent: weight > 0 ? sum / weight : null,
      updatedAt: now,
    };
  }

  /** Hourly mean annualized funding over the last 24 hours, tokens by perpetual volume. */
  heatmap(filter: { exchange?: VenueId | undefined; dex: boolean; limit: number }, now: number) {
    const currentHour = Math.floor(now / HOUR_MS);
    const hours = Array.from({ length: 24 }, (_, i) => currentHour - 23 + i);
    const byToken = new Map<string, { ids: number[]; volume: number }>();
    for (const id of this.markets({ exchange: filter.exchange, dex: filter.dex })) {
      const info = this.state.instruments[id];
      if (!info) continue;
      const entry = byToken.get(info.base) ?? { ids: [], volume: 0 };
      entry.ids.push(id);
      const volume = this.state.volume24h.array[id] as number;
      if (volume > 0) entry.volume += volume;
      byToken.set(info.base, entry);
    }
    const tokens = [...byToken.entries()]
      .sort((a, b) => b[1].volume - a[1].volume || a[0].localeCompare(b[0]))
      .slice(0, filter.limit);
    return {
      hours: hours.map((h) => h * HOUR_MS),
      data: tokens.map(([baseToken, { ids }]) => ({
        baseToken,
        cells: hours.map((hour) => {
          let sum = 0;
          let count = 0;
          for (const id of ids) {
            const mean = this.tracker.hourlyMean(id, hour);
            if (Number.isNaN(mean)) continue;
            sum += mean;
            count++;
          }
          return count > 0 ? sum / count : null;
        }),
      })),
      updatedAt: now,
    };
  }

  symbols() {
    return this.markets({ dex: true }).map((id) => {
      const info = this.state.instruments[id];
      return {
        exchange: info?.venue ?? 'binance',
        baseToken: info?.base ?? '',
        quoteToken: info?.quote ?? '',
        symbol: info?.symbol ?? '',
      };
    });
  }

  intervals(): { intervalHours: number; markets: number }[] {
    const counts = new Map<number, number>();
    for (const id of this.markets({ dex: true })) {
      const hours = this.state.fundingIntervalHours.array[id] as number;
      counts.set(hours, (counts.get(hours) ?? 0) + 1);
    }
    return [...counts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([intervalHours, markets]) => ({ intervalHours, markets }));
  }
}

function sortKey(sort: 'base' | 'exchange'): (v: FundingMarketView) => string {
  return sort === 'base' ? (v) => v.baseToken : (v) => v.exchange;
}

/** Compares in `direction` (1 ascending, −1 descending); unknown numbers sort last either way. */
function compare(a: number | string, b: number | string, direction: number): number {
  if (typeof a === 'string' || typeof b === 'string') return String(a).localeCompare(String(b)) * direction;
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  if (Number.isNaN(b)) return -1;
  return (a - b) * direction;
}

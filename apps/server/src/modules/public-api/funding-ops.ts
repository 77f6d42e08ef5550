import { DAY_MS, tokenIdOf, type VenueId } from '@spreadscope/core';
import type { MarketEngine } from '@spreadscope/engine';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { MarketApi } from '../market/api.ts';
import { exchangesWith, findMarket, symbolsOf } from './market-lookup.ts';
import { exchange, int, optionalExchange, sortParam, symbol, timeParam } from './public-params.ts';

/** How far back funding history reaches when the caller gives no range. */
const DEFAULT_SPAN_MS = 365 * DAY_MS;

export const fundingHistoryQuery = z.object({
  exchange: exchange(),
  symbol: symbol(),
  page: int(1, 1, 100_000),
  limit: int(10, 1, 1_000),
  sort: sortParam('asc'),
  from: timeParam(),
  to: timeParam(),
});

/** Settled funding of one perpetual: `f` is the rate as a fraction per interval, `d` the settlement time. */
export async function fundingHistoryAnswer(api: MarketApi, q: z.infer<typeof fundingHistoryQuery>) {
  // The SDK refuses both bounds together; other clients get the same answer from us.
  if (q.from !== undefined && q.to !== undefined) {
    throw new ApiError(400, 'invalid_parameter', 'publicApi.fromAndTo', {}, 'from');
  }
  findMarket(api.market.engine, q.exchange, q.symbol, 'futures');
  const now = api.market.now();
  const to = q.to ?? now;
  const from = q.from ?? to - DEFAULT_SPAN_MS;
  const rows = await api.funding.settlements(
    { exchange: q.exchange, base: q.symbol.base, quote: q.symbol.quote },
    from,
    to + 1,
  );
  const ordered = q.sort === 'desc' ? [...rows].reverse() : rows;
  const start = (q.page - 1) * q.limit;
  return {
    data: ordered
      .slice(start, start + q.limit)
      .map((r) => ({ d: r.fundingTime, f: r.rate, i: r.intervalHours })),
    page: q.page,
    limit: q.limit,
    sort: q.sort,
    exchange: q.exchange,
    symbol: q.symbol.symbol,
  };
}

export const fundingLatestQuery = z.object({ exchange: exchange(), symbol: symbol() });

/** The perpetual's current funding: rate `f` (fraction per interval), interval `i` in hours. */
export function fundingLatestAnswer(
  engine: MarketEngine,
  q: z.infer<typeof fundingLatestQuery>,
  now: number,
) {
  const id = findMarket(engine, q.exchange, q.symbol, 'futures');
  const { state } = engine;
  const rate = state.fundingRate.array[id] as number;
  return {
    b: q.symbol.base,
    d: (state.fundingAt.array[id] as number) || null,
    e: q.exchange,
    f: Number.isFinite(rate) ? rate : null,
    i: orNull(state.fundingIntervalHours.array[id] as number),
    id: tokenIdOf(q.symbol.base),
    q: q.symbol.quote,
    s: q.symbol.symbol,
    p: now,
  };
}

export function fundingExchanges(engine: MarketEngine): VenueId[] {
  return exchangesWith(engine, 'perp');
}

export const fundingSymbolsQuery = z.object({ exchange: optionalExchange() });

export function fundingSymbols(engine: MarketEngine, venue: VenueId | undefined): string[] {
  const venues = venue ? [venue] : fundingExchanges(engine);
  return [...new Set(venues.flatMap((v) => symbolsOf(engine, v, 'perp')))].sort();
}

function orNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

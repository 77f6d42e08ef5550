import { DAY_MS, getVenue, HOUR_MS, isVenueId, MINUTE_MS, tokenIdOf, tokenName } from '@spreadscope/core';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { HeldOpenInterest } from '../derivatives/derivatives-desk.ts';
import type { MarketApi } from '../market/api.ts';
import { baseOfToken, oiEntry, readNativeSymbol, tokenOf } from './derivatives-lookup.ts';
import {
  exchange,
  int,
  oneOfOr,
  optionalExchange,
  requiredText,
  sortParam,
  text,
  timeParam,
} from './public-params.ts';

/** §2.14: open interest, latest per perpetual, a token × venue matrix, totals and a venue history. */

const held = (api: MarketApi, base?: string): HeldOpenInterest[] =>
  api.derivatives.desk.openInterestOf(base).filter((o) => isVenueId(o.venue));

export const openInterestQuery = z.object({ exchange: exchange(), symbol: requiredText(48) });

/** /open-interest: one perpetual's latest snapshot as a bare OIEntry. */
export function openInterestAnswer(api: MarketApi, q: z.infer<typeof openInterestQuery>) {
  const parsed = readNativeSymbol(q.symbol);
  if (!parsed) throw new ApiError(400, 'invalid_parameter', 'publicApi.badSymbol', {}, 'symbol');
  const found = held(api, parsed.base).find((o) => o.venue === q.exchange && o.quote === parsed.quote);
  if (!found) {
    throw new ApiError(
      404,
      'open_interest_not_found',
      'publicApi.noOpenInterest',
      { exchange: q.exchange, symbol: `${parsed.base}-${parsed.quote}` },
      'symbol',
    );
  }
  return oiEntry(found);
}

export const openInterestListQuery = z.object({ exchange: optionalExchange() });

/** /open-interest/list: every perpetual reporting open interest, the largest (USD) first. */
export function openInterestListAnswer(api: MarketApi, q: z.infer<typeof openInterestListQuery>) {
  const rows = held(api)
    .filter((o) => q.exchange === undefined || o.venue === q.exchange)
    .sort((a, b) => (b.openInterestUsd ?? -1) - (a.openInterestUsd ?? -1));
  return { data: rows.map(oiEntry) };
}

export const openInterestOverviewQuery = z.object({
  page: int(1, 1, 100_000),
  limit: int(20, 1, 1_000),
  // The exchange whose open interest orders the rows; `total` orders by the sum over venues.
  key: text(32).transform((value) => value?.toLowerCase() ?? 'binance'),
  sort: sortParam('desc'),
  query: text(40),
});

interface TokenOi {
  base: string;
  exchanges: Record<string, number>;
  total: number;
}

function byToken(rows: readonly HeldOpenInterest[]): TokenOi[] {
  const tokens = new Map<string, TokenOi>();
  for (const o of rows) {
    if (o.openInterestUsd === null) continue;
    const token = tokens.get(o.base) ?? { base: o.base, exchanges: {}, total: 0 };
    token.exchanges[o.venue] = (token.exchanges[o.venue] ?? 0) + o.openInterestUsd;
    token.total += o.openInterestUsd;
    tokens.set(o.base, token);
  }
  return [...tokens.values()];
}

/**
 * /open-interest/overview: one row per token with its USD open interest per venue (`exchanges`: venue → USD),
 * ordered by the `key` venue's; tokens without that venue rank last either way.
 */
export function openInterestOverviewAnswer(api: MarketApi, q: z.infer<typeof openInterestOverviewQuery>) {
  const search = q.query?.trim().toLowerCase();
  const tokens = byToken(held(api)).filter(
    (t) =>
      !search ||
      t.base.toLowerCase().includes(search) ||
      tokenIdOf(t.base).includes(search) ||
      (tokenName(t.base)?.en.toLowerCase().includes(search) ?? false),
  );
  const value = (t: TokenOi) => (q.key === 'total' ? t.total : t.exchanges[q.key]);
  const dir = q.sort === 'asc' ? 1 : -1;
  tokens.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === undefined || vb === undefined) {
      return va === vb ? b.total - a.total : va === undefined ? 1 : -1;
    }
    return dir * (va - vb) || b.total - a.total;
  });
  const start = (q.page - 1) * q.limit;
  return {
    data: tokens.slice(start, start + q.limit).map((t) => ({
      id: tokenIdOf(t.base),
      token: tokenOf(t.base),
      exchanges: t.exchanges,
      totalUsd: t.total,
    })),
    page: q.page,
    limit: q.limit,
    total: tokens.length,
    sort: q.sort,
    key: q.key,
  };
}

export const openInterestSummaryQuery = z.object({ top_n: int(10, 1, 30) });

/** /open-interest/summary: the grand total, the top tokens and every venue's total. */
export function openInterestSummaryAnswer(api: MarketApi, q: z.infer<typeof openInterestSummaryQuery>) {
  const rows = held(api);
  const tokens = byToken(rows).sort((a, b) => b.total - a.total);
  const venues = new Map<string, { openInterestUsd: number; tokens: Set<string> }>();
  for (const o of rows) {
    if (o.openInterestUsd === null) continue;
    const venue = venues.get(o.venue) ?? { openInterestUsd: 0, tokens: new Set<string>() };
    venue.openInterestUsd += o.openInterestUsd;
    venue.tokens.add(o.base);
    venues.set(o.venue, venue);
  }
  return {
    generatedAt: api.market.now(),
    grandTotal: tokens.reduce((sum, t) => sum + t.total, 0),
    totalTokens: tokens.length,
    tokens: tokens.slice(0, q.top_n).map((t) => {
      const token = tokenOf(t.base);
      return {
        tokenId: token.id,
        base: t.base,
        symbol: t.base,
        name: token.name,
        icon: token.icon,
        openInterestUsd: t.total,
        venues: Object.keys(t.exchanges).length,
      };
    }),
    exchanges: [...venues.entries()]
      .map(([exchange, v]) => ({ exchange, openInterestUsd: v.openInterestUsd, tokens: v.tokens.size }))
      .sort((a, b) => b.openInterestUsd - a.openInterestUsd),
  };
}

const OI_STEP = {
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': HOUR_MS,
  '4h': 4 * HOUR_MS,
  '1d': DAY_MS,
} as const;
/** How far back `from` defaults, per interval (§1.6); the finer ones read a day. */
const OI_BACK = {
  '5m': DAY_MS,
  '15m': 3 * DAY_MS,
  '1h': 7 * DAY_MS,
  '4h': 30 * DAY_MS,
  '1d': 365 * DAY_MS,
} as const;
/** Most points per venue in one answer. */
const MAX_POINTS = 2_000;

export const openInterestHistoryQuery = z.object({
  token_id: requiredText(64),
  interval: oneOfOr(['5m', '15m', '1h', '4h', '1d'] as const, '1h'),
  from: timeParam(),
  to: timeParam(),
});

/**
 * /open-interest/history-aggregated: per venue, its open interest at the end of each bucket (native units
 * summed over the token's perpetuals there, and USD), ascending by `t` (ms); a bucket a venue did not report
 * in is left out rather than invented.
 */
export async function openInterestHistoryAnswer(api: MarketApi, q: z.infer<typeof openInterestHistoryQuery>) {
  const bases = new Set<string>([
    ...held(api).map((o) => o.base),
    ...api.market.engine.state.tokens.map((t) => t.base),
  ]);
  const base = baseOfToken(q.token_id, bases);
  if (!base) {
    throw new ApiError(404, 'token_not_found', 'market.tokenNotSupported', { token: q.token_id }, 'token_id');
  }
  const stepMs = OI_STEP[q.interval];
  const to = q.to ?? api.market.now();
  const from = Math.max(q.from ?? to - OI_BACK[q.interval], to - stepMs * MAX_POINTS);
  const data: Record<string, { t: number; oi: number; oiUsd: number | null }[]> = {};
  const repository = api.derivatives.repository;
  if (repository && from < to) {
    const rows = await repository.readOpenInterestByVenue({ base, from, to: to + 1 });
    // Each venue's quotes carried to the bucket's end, then summed.
    const latest = new Map<string, Map<string, { oi: number; usd: number | null }>>();
    const points = new Map<string, Map<number, { oi: number; oiUsd: number | null }>>();
    for (const row of rows) {
      if (!isVenueId(row.venue)) continue;
      const quotes = latest.get(row.venue) ?? new Map();
      quotes.set(row.quote, { oi: row.openInterest, usd: row.openInterestUsd });
      latest.set(row.venue, quotes);
      let oi = 0;
      let oiUsd: number | null = null;
      for (const v of quotes.values()) {
        oi += v.oi;
        if (v.usd !== null) oiUsd = (oiUsd ?? 0) + v.usd;
      }
      const venuePoints = points.get(row.venue) ?? new Map();
      venuePoints.set(Math.floor(row.minute / stepMs) * stepMs, { oi, oiUsd });
      points.set(row.venue, venuePoints);
    }
    for (const [venue, venuePoints] of points) {
      data[venue] = [...venuePoints.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([t, p]) => ({ t, oi: p.oi, oiUsd: p.oiUsd }));
    }
  }
  const exchangeUrl: Record<string, string> = {};
  for (const venue of Object.keys(data)) {
    if (isVenueId(venue)) exchangeUrl[venue] = `/exchanges/${getVenue(venue).id}`;
  }
  return { token: tokenOf(base), exchange_url: exchangeUrl, data };
}

import { DAY_MS, HOUR_MS, MINUTE_MS, tokenIdOf, tokenName, type VenueId } from '@spreadscope/core';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { HeldLiquidation } from '../derivatives/derivatives-desk.ts';
import type { MarketApi } from '../market/api.ts';
import { liqEvent, readNativeSymbol, round } from './derivatives-lookup.ts';
import { exchange, int, number, oneOfOr, optionalExchange, requiredText, text } from './public-params.ts';

/** §2.13: recent liquidations, the feed, heatmap, estimated liquidation map, stats and a symbol's history. */

const WINDOW_MS = { '1h': HOUR_MS, '4h': 4 * HOUR_MS, '24h': DAY_MS } as const;
/** Every liquidation the desk holds (a day's worth) is at most this many. */
const ALL = 100_000;

const nativeSymbol = () =>
  requiredText(48).transform((value, ctx) => {
    const parsed = readNativeSymbol(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'publicApi.badSymbol' });
      return z.NEVER;
    }
    return parsed;
  });

export const liquidationQuery = z.object({
  exchange: exchange(),
  symbol: nativeSymbol(),
  limit: int(100, 1, 1_000),
});

function held(api: MarketApi, filter: (l: HeldLiquidation) => boolean, limit = ALL): HeldLiquidation[] {
  return api.derivatives.desk.recentLiquidations(filter, limit);
}

/** /liquidation: one futures market's latest events, newest first. */
export function liquidationAnswer(api: MarketApi, q: z.infer<typeof liquidationQuery>) {
  const { base, quote } = q.symbol;
  const engine = api.market.engine;
  if (engine.state.find(q.exchange, 'perp', base, quote) < 0) {
    throw new ApiError(
      404,
      'market_not_found',
      'publicApi.noMarket',
      { exchange: q.exchange, symbol: `${base}-${quote}`, market: 'futures' },
      'symbol',
    );
  }
  const rows = held(api, (l) => l.venue === q.exchange && l.base === base && l.quote === quote, q.limit);
  return { data: rows.map(liqEvent) };
}

export const liquidationFeedQuery = z.object({
  exchange: optionalExchange(),
  base: text(20),
  min_volume_usd: number(),
  limit: int(100, 1, 1_000),
});

/** /liquidation/feed: the latest events across every market, newest first. */
export function liquidationFeedAnswer(api: MarketApi, q: z.infer<typeof liquidationFeedQuery>) {
  const base = q.base?.toUpperCase();
  const min = q.min_volume_usd;
  const rows = held(
    api,
    (l) =>
      (q.exchange === undefined || l.venue === q.exchange) &&
      (base === undefined || l.base === base) &&
      (min === undefined || (l.valueUsd ?? 0) >= min),
    q.limit,
  );
  return { data: rows.map(liqEvent) };
}

export const liquidationHeatmapQuery = z.object({
  window: oneOfOr(['1h', '4h', '24h'] as const, '1h'),
  top_n: int(10, 1, 30),
});

interface Sides {
  longUsd: number;
  shortUsd: number;
}
const sides = (): Sides => ({ longUsd: 0, shortUsd: 0 });
const add = (s: Sides, l: HeldLiquidation) => {
  if (l.side === 'long') s.longUsd += l.valueUsd ?? 0;
  else s.shortUsd += l.valueUsd ?? 0;
};
const withTotal = <T extends Sides>(s: T) => ({ ...s, totalUsd: s.longUsd + s.shortUsd });

/** /liquidation/heatmap: the top tokens by liquidated USD over the window, per venue, and their cells. */
export function liquidationHeatmapAnswer(api: MarketApi, q: z.infer<typeof liquidationHeatmapQuery>) {
  const now = api.market.now();
  const from = now - WINDOW_MS[q.window];
  const events = held(api, (l) => l.at >= from);
  const byToken = new Map<string, Sides>();
  const cells = new Map<string, Sides>();
  for (const l of events) {
    const token = byToken.get(l.base) ?? sides();
    add(token, l);
    byToken.set(l.base, token);
    const cell = cells.get(`${l.base}|${l.venue}`) ?? sides();
    add(cell, l);
    cells.set(`${l.base}|${l.venue}`, cell);
  }
  const tokens = [...byToken.entries()]
    .map(([base, s]) => ({
      tokenId: tokenIdOf(base),
      base,
      symbol: base,
      name: tokenName(base)?.en ?? base,
      ...withTotal(s),
    }))
    .sort((a, b) => b.totalUsd - a.totalUsd)
    .slice(0, q.top_n);
  const top = new Set(tokens.map((t) => t.base));
  const byVenue = new Map<string, Sides>();
  for (const l of events) {
    const venue = byVenue.get(l.venue) ?? sides();
    add(venue, l);
    byVenue.set(l.venue, venue);
  }
  const exchanges = [...byVenue.entries()]
    .map(([exchange, s]) => ({ exchange, ...withTotal(s) }))
    .sort((a, b) => b.totalUsd - a.totalUsd);
  const grid = tokens.flatMap((t) =>
    exchanges.map((e) => {
      const cell = cells.get(`${t.base}|${e.exchange}`) ?? sides();
      return { tokenId: t.tokenId, base: t.base, exchange: e.exchange, ...withTotal(cell) };
    }),
  );
  return {
    window: q.window,
    generatedAt: now,
    grandTotal: exchanges.reduce((sum, e) => sum + e.totalUsd, 0),
    tokens: tokens.filter((t) => top.has(t.base)),
    exchanges,
    cells: grid,
  };
}

export const liquidationMapQuery = z.object({
  exchange: exchange().default('binance' as VenueId),
  base: requiredText(20).default('BTC'),
  quote: requiredText(12).default('USDT'),
});

/**
 * The model behind /liquidation/map, returned with it as `assumptions`: the open interest was opened evenly over
 * the last day's price range (24 samples), half long, spread over four leverage tiers; a position is liquidated
 * where its margin less the maintenance margin is gone.
 */
const MAP_TIERS = [
  { leverage: 10, share: 0.4 },
  { leverage: 25, share: 0.3 },
  { leverage: 50, share: 0.2 },
  { leverage: 100, share: 0.1 },
] as const;
const MMR = 0.005;
const ENTRY_SAMPLES = 24;
const LONG_SHARE = 0.5;
/** Bucket width as a share of the current price. */
const MAP_STEP = 0.0025;

/** /liquidation/map: estimated liquidation levels by price and leverage tier for one perpetual. */
export function liquidationMapAnswer(api: MarketApi, q: z.infer<typeof liquidationMapQuery>) {
  const base = q.base.toUpperCase();
  const quote = q.quote.toUpperCase();
  const { engine } = api.market;
  const id = engine.state.find(q.exchange, 'perp', base, quote);
  const price = id >= 0 ? (engine.state.last.array[id] as number) : Number.NaN;
  if (!Number.isFinite(price)) {
    throw new ApiError(
      404,
      'market_not_found',
      'publicApi.noMarket',
      { exchange: q.exchange, symbol: `${base}-${quote}`, market: 'futures' },
      'base',
    );
  }
  const oi = api.derivatives.desk
    .openInterestOf(base)
    .find((o) => o.venue === q.exchange && o.quote === quote);
  const totalOiUsd = oi?.openInterestUsd ?? (oi ? oi.openInterest * price : 0);
  const open = engine.state.open24h.array[id] as number;
  const low = Math.min(price, Number.isFinite(open) ? open : price);
  const high = Math.max(price, Number.isFinite(open) ? open : price);
  const step = price * MAP_STEP;
  const buckets = new Map<string, { price: number; side: 'long' | 'short'; tiers: number[] }>();
  for (let i = 0; i < ENTRY_SAMPLES; i++) {
    const entry = low + ((high - low) * i) / (ENTRY_SAMPLES - 1);
    MAP_TIERS.forEach((tier, t) => {
      for (const side of ['long', 'short'] as const) {
        const share = side === 'long' ? LONG_SHARE : 1 - LONG_SHARE;
        const usd = (totalOiUsd * share * tier.share) / ENTRY_SAMPLES;
        const level =
          side === 'long' ? entry * (1 - 1 / tier.leverage + MMR) : entry * (1 + 1 / tier.leverage - MMR);
        // Only levels the price has not crossed yet: the others are already liquidated.
        if ((side === 'long' && level >= price) || (side === 'short' && level <= price)) continue;
        const at = Math.round(level / step) * step;
        const key = `${side}|${at}`;
        const bucket = buckets.get(key) ?? { price: at, side, tiers: [0, 0, 0, 0] };
        bucket.tiers[t] = (bucket.tiers[t] ?? 0) + usd;
        buckets.set(key, bucket);
      }
    });
  }
  const rows = [...buckets.values()]
    .map((b) => {
      const [l10xUsd = 0, l25xUsd = 0, l50xUsd = 0, l100xUsd = 0] = b.tiers;
      return {
        price: round(b.price, 8),
        side: b.side,
        totalUsd: l10xUsd + l25xUsd + l50xUsd + l100xUsd,
        l10xUsd,
        l25xUsd,
        l50xUsd,
        l100xUsd,
      };
    })
    .sort((a, b) => a.price - b.price);
  const sum = (side: 'long' | 'short') =>
    rows.filter((r) => r.side === side).reduce((s, r) => s + r.totalUsd, 0);
  return {
    exchange: q.exchange,
    base,
    quote,
    symbol: `${base}-${quote}`,
    currentPrice: price,
    totalOiUsd,
    cumulativeLongUsd: sum('long'),
    cumulativeShortUsd: sum('short'),
    generatedAt: api.market.now(),
    assumptions: {
      entrySamples: ENTRY_SAMPLES,
      entryWindow: '24h',
      longShareOfOi: LONG_SHARE,
      mmr: MMR,
      tiers: MAP_TIERS.map((t) => ({ ...t })),
    },
    buckets: rows,
  };
}

export const liquidationStatsQuery = z.object({
  window: oneOfOr(['1h', '4h', '24h'] as const, '1h'),
  exchange: optionalExchange(),
  min_volume_usd: number(),
});

/** /liquidation/stats: counts and long / short totals over the window. */
export function liquidationStatsAnswer(api: MarketApi, q: z.infer<typeof liquidationStatsQuery>) {
  const now = api.market.now();
  const from = now - WINDOW_MS[q.window];
  const min = q.min_volume_usd;
  const events = held(
    api,
    (l) =>
      l.at >= from &&
      (q.exchange === undefined || l.venue === q.exchange) &&
      (min === undefined || (l.valueUsd ?? 0) >= min),
  );
  const total = sides();
  let biggest: HeldLiquidation | null = null;
  for (const l of events) {
    add(total, l);
    if ((l.valueUsd ?? 0) > (biggest?.valueUsd ?? -1)) biggest = l;
  }
  const sum = total.longUsd + total.shortUsd;
  return {
    window: q.window,
    generatedAt: now,
    count: events.length,
    venues: new Set(events.map((l) => l.venue)).size,
    total: sum,
    longUsd: total.longUsd,
    shortUsd: total.shortUsd,
    longRatio: sum > 0 ? Math.round((total.longUsd / sum) * 100) : 0,
    biggest: biggest
      ? {
          base: biggest.base,
          exchange: biggest.venue,
          quote: biggest.quote,
          volumeUsd: biggest.valueUsd ?? 0,
        }
      : null,
  };
}

const HISTORY_STEP = { '5m': 5 * MINUTE_MS, '15m': 15 * MINUTE_MS, '1h': HOUR_MS } as const;
const HISTORY_WINDOW = { '24h': DAY_MS, '72h': 3 * DAY_MS, '7d': 7 * DAY_MS } as const;

export const liquidationHistoryQuery = z.object({
  symbol: requiredText(20),
  quote: requiredText(12).default('USDT'),
  exchange: optionalExchange(),
  interval: oneOfOr(['5m', '15m', '1h'] as const, '5m'),
  window: oneOfOr(['24h', '72h', '7d'] as const, '24h'),
});

/**
 * /liquidation/symbol-history: every bucket of the window (empty ones as zeros, so the series has no holes),
 * its liquidations from the minute totals in the database (the held day without one), and the perpetual's
 * close on Binance, or on `exchange` when it is set.
 */
export async function liquidationHistoryAnswer(api: MarketApi, q: z.infer<typeof liquidationHistoryQuery>) {
  const base = q.symbol.toUpperCase();
  const quote = q.quote.toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(base)) {
    throw new ApiError(400, 'invalid_parameter', 'validation.lettersDigits', {}, 'symbol');
  }
  const now = api.market.now();
  const stepMs = HISTORY_STEP[q.interval];
  const to = Math.floor(now / stepMs) * stepMs + stepMs;
  const from = to - Math.ceil(HISTORY_WINDOW[q.window] / stepMs) * stepMs;
  const slot = (t: number) => Math.floor(t / stepMs) * stepMs;
  const buckets = new Map<number, Sides>();
  for (let t = from; t < to; t += stepMs) buckets.set(t, sides());
  const repository = api.derivatives.repository;
  if (repository) {
    const minutes = await repository.readLiquidationMinutes({
      base,
      quote,
      ...(q.exchange ? { venue: q.exchange } : {}),
      from,
      to,
    });
    for (const row of minutes) {
      const b = buckets.get(slot(row.minute));
      if (!b) continue;
      b.longUsd += row.longUsd;
      b.shortUsd += row.shortUsd;
    }
  } else {
    for (const l of held(
      api,
      (l) => l.at >= from && l.base === base && l.quote === quote && (!q.exchange || l.venue === q.exchange),
    )) {
      const b = buckets.get(slot(l.at));
      if (b) add(b, l);
    }
  }
  const prices = new Map<number, number>();
  const history = api.history;
  if (history) {
    const candles = await history.candlesByStep({
      exchange: q.exchange ?? 'binance',
      market: 'perp',
      base,
      quote,
      stepMs,
      from,
      to: now,
      limit: buckets.size,
    });
    for (const c of candles) prices.set(c.t, c.c);
  }
  const rows = [...buckets.entries()].map(([ts, s]) => ({
    ts,
    price: prices.get(ts) ?? null,
    ...withTotal(s),
  }));
  return {
    symbol: base,
    quote,
    exchange: q.exchange ?? null,
    interval: q.interval,
    window: q.window,
    generatedAt: now,
    totalLongUsd: rows.reduce((sum, r) => sum + r.longUsd, 0),
    totalShortUsd: rows.reduce((sum, r) => sum + r.shortUsd, 0),
    buckets: rows,
  };
}

import { DAY_MS, MINUTE_MS } from '@spreadscope/core';
import type { MarketEngine } from '@spreadscope/engine';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { MarketApi } from '../market/api.ts';
import { oneOfOr, parseTime, requiredText, text } from './public-params.ts';

/** The forex pairs we follow (the USD/KRW rate every KRW conversion uses). */
export const FOREX_SYMBOLS = ['USD-KRW'] as const;

export const forexQuery = z.object({ symbol: requiredText(16) });

export function forexAnswer(engine: MarketEngine, q: z.infer<typeof forexQuery>) {
  const symbol = q.symbol.toUpperCase();
  const rate = engine.state.usdKrw;
  if (symbol !== 'USD-KRW' || !Number.isFinite(rate)) {
    throw new ApiError(404, 'forex_not_found', 'publicApi.noForex', { symbol }, 'symbol');
  }
  return { s: symbol, r: rate, d: engine.state.usdKrwAt };
}

const INDEX_STEP_MS = {
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '12h': 720 * MINUTE_MS,
  '1d': DAY_MS,
} as const;
const INDEX_VENUES = ['binance', 'okx', 'bybit', 'bitget', 'gateio'] as const;
const MAX_POINTS = 10_000;

export const indexPriceQuery = z.object({
  asset: requiredText(20),
  // The docs pass text like "now - 1 month": a value we cannot read falls back to the default range.
  from: text(40),
  to: text(40),
  interval: oneOfOr(['5m', '15m', '1h', '4h', '12h', '1d'] as const, '5m'),
});

/**
 * An index price per bucket: the mean close of the token's USDT spot markets on the large overseas venues
 * (those we follow), with their summed base volume where the venues report it.
 */
export async function indexPriceAnswer(api: MarketApi, q: z.infer<typeof indexPriceQuery>) {
  const base = q.asset.toUpperCase();
  const now = api.market.now();
  const to = (q.to !== undefined ? parseTime(q.to) : null) ?? now;
  const from = (q.from !== undefined ? parseTime(q.from) : null) ?? to - 30 * DAY_MS;
  const stepMs = INDEX_STEP_MS[q.interval];
  const { engine } = api.market;
  const venues = INDEX_VENUES.filter((v) => engine.state.find(v, 'spot', base, 'USDT') >= 0);
  if (venues.length === 0) {
    throw new ApiError(404, 'token_not_found', 'market.tokenNotSupported', { token: base }, 'asset');
  }
  const history = api.history;
  if (!history || from >= to) return { data: [] };
  const limit = Math.min(MAX_POINTS, Math.ceil((to - from) / stepMs) + 1);
  const series = await Promise.all(
    venues.map((exchange) =>
      history.candlesByStep({ exchange, market: 'spot', base, quote: 'USDT', stepMs, from, to, limit }),
    ),
  );
  const buckets = new Map<number, { sum: number; n: number; volume: number | null }>();
  for (const rows of series) {
    for (const row of rows) {
      const b = buckets.get(row.t) ?? { sum: 0, n: 0, volume: null };
      b.sum += row.c;
      b.n += 1;
      if (row.v !== null) b.volume = (b.volume ?? 0) + row.v;
      buckets.set(row.t, b);
    }
  }
  const data = [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([timestamp, b]) => ({ timestamp, price: b.sum / b.n, volume: b.volume }));
  return { data };
}

export const marginBorrowQuery = z.object({ asset: requiredText(20) });

/**
 * /margin-borrow: the token's borrow rates by venue and VIP level, split into `cross` and `isolated` (snake_case
 * rows, rates as fractions), with the venues that publish no rate and why.
 */
export function marginBorrowAnswer(api: MarketApi, q: z.infer<typeof marginBorrowQuery>) {
  const asset = q.asset.toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(asset)) {
    throw new ApiError(400, 'invalid_parameter', 'validation.lettersDigits', {}, 'asset');
  }
  const answer = api.margin.borrow({ asset });
  const rows = (type: 'cross' | 'isolated') =>
    answer.data
      .filter((r) => r.marginType === type)
      .map((r) => ({
        exchange: r.exchange,
        asset: r.asset,
        pair: r.pair,
        vip_level: r.vipLevel,
        hourly_rate: r.hourlyRate,
        daily_rate: r.dailyRate,
        annual_rate: r.annualRate,
        borrow_limit: r.borrowLimit,
        borrowable: r.borrowable,
        updated_at: r.updatedAt,
      }));
  return {
    cross: rows('cross'),
    isolated: rows('isolated'),
    venues: answer.venues,
    updated_at: answer.updatedAt,
  };
}

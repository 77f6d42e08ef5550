import { DAY_MS, HOUR_MS, isVenueId, MINUTE_MS, tokenIdOf } from '@spreadscope/core';
import { z } from 'zod';
import type { MarketApi } from '../market/api.ts';
import { liqEvent, oiChange } from './derivatives-lookup.ts';
import { conversionRate } from './market-lookup.ts';
import { oneOfOr, optionalExchange, requiredText } from './public-params.ts';

/**
 * §2.7 symbol operations on the derivatives desk: a base asset's open interest per venue, its 1 h / 4 h / 24 h
 * deltas, and its liquidations per venue over a window. The SDK models none of them, so these shapes are ours
 * (snake_case, times in ms).
 */

export const symbolOiQuery = z.object({ base: requiredText(20), exchange: optionalExchange() });

function heldOf(api: MarketApi, base: string, venue: string | undefined) {
  return api.derivatives.desk
    .openInterestOf(base)
    .filter((o) => isVenueId(o.venue) && (venue === undefined || o.venue === venue))
    .sort((a, b) => (b.openInterestUsd ?? -1) - (a.openInterestUsd ?? -1));
}

/** /cex/symbol/oi: a base asset's open interest per venue and perpetual, the largest first. */
export function symbolOiAnswer(api: MarketApi, q: z.infer<typeof symbolOiQuery>) {
  const base = q.base.toUpperCase();
  const rows = heldOf(api, base, q.exchange);
  const usd = rows.filter((o) => o.openInterestUsd !== null);
  return {
    base,
    token_id: tokenIdOf(base),
    exchange: q.exchange ?? null,
    total_usd: usd.length > 0 ? usd.reduce((s, o) => s + (o.openInterestUsd ?? 0), 0) : null,
    data: rows.map((o) => ({
      exchange: o.venue,
      symbol: `${o.base}-${o.quote}`,
      quote: o.quote,
      open_interest: o.openInterest,
      open_interest_usd: o.openInterestUsd,
      updated_at: o.at,
    })),
  };
}

export const symbolOiStatsQuery = z.object({
  base: requiredText(20),
  exchange: optionalExchange(),
  currency: oneOfOr(['USD', 'KRW'] as const, 'USD'),
});

/**
 * /cex/symbol/oi-stats: per venue, the latest open interest and its change over 1 h, 4 h and 24 h (%, from the
 * first reading of that hour); the `*_usd` values are in `currency` (KRW at the USD/KRW rate we follow).
 */
export function symbolOiStatsAnswer(api: MarketApi, q: z.infer<typeof symbolOiStatsQuery>) {
  const base = q.base.toUpperCase();
  const rate = q.currency === 'KRW' ? conversionRate(api.market.engine, 'USD') : 1;
  const convert = (usd: number | null) => (usd === null || !Number.isFinite(rate) ? null : usd * rate);
  const rows = heldOf(api, base, q.exchange).map((o) => {
    const ago = (hours: number) => {
      const change = oiChange(o, hours);
      return change === null || o.openInterestUsd === null ? null : o.openInterestUsd / (1 + change / 100);
    };
    return {
      exchange: o.venue,
      symbol: `${o.base}-${o.quote}`,
      quote: o.quote,
      open_interest: o.openInterest,
      open_interest_usd: convert(o.openInterestUsd),
      change_1h_pct: oiChange(o, 1),
      change_4h_pct: oiChange(o, 4),
      change_24h_pct: oiChange(o, 24),
      open_interest_1h_ago_usd: convert(ago(1)),
      open_interest_4h_ago_usd: convert(ago(4)),
      open_interest_24h_ago_usd: convert(ago(24)),
      updated_at: o.at,
    };
  });
  return { base, token_id: tokenIdOf(base), currency: q.currency, exchange: q.exchange ?? null, data: rows };
}

export const symbolLiquidationQuery = z.object({
  base: requiredText(20),
  window: requiredText(8)
    .default('24h')
    .transform((value, ctx) => {
      const match = /^(\d{1,4})(m|h|d)$/.exec(value.trim().toLowerCase());
      const unit = { m: MINUTE_MS, h: HOUR_MS, d: DAY_MS } as const;
      const ms = match ? Number(match[1]) * unit[match[2] as 'm' | 'h' | 'd'] : Number.NaN;
      if (!(ms > 0 && ms <= 30 * DAY_MS)) {
        ctx.addIssue({ code: 'custom', message: 'publicApi.badWindow' });
        return z.NEVER;
      }
      return { text: value.trim().toLowerCase(), ms };
    }),
});

/**
 * /cex/symbol/liquidation: long and short liquidations of a base asset per venue over the window, the largest
 * first. A day is held in memory; longer windows sum the minute totals in the database.
 */
export async function symbolLiquidationAnswer(api: MarketApi, q: z.infer<typeof symbolLiquidationQuery>) {
  const base = q.base.toUpperCase();
  const now = api.market.now();
  const from = now - q.window.ms;
  const venues = new Map<string, { long_usd: number; short_usd: number; count: number }>();
  const repository = api.derivatives.repository;
  if (q.window.ms > DAY_MS && repository) {
    const names = new Set(api.derivatives.desk.openInterestOf(base).map((o) => o.venue));
    for (const l of api.derivatives.desk.recentLiquidations((l) => l.base === base, 100_000))
      names.add(l.venue);
    await Promise.all(
      [...names].map(async (venue) => {
        const minutes = await repository.readLiquidationMinutes({ base, venue, from, to: now + 1 });
        const v = { long_usd: 0, short_usd: 0, count: 0 };
        for (const m of minutes) {
          v.long_usd += m.longUsd;
          v.short_usd += m.shortUsd;
          v.count += m.longCount + m.shortCount;
        }
        if (v.count > 0) venues.set(venue, v);
      }),
    );
  } else {
    for (const l of api.derivatives.desk.recentLiquidations(
      (l) => l.base === base && l.at >= from,
      100_000,
    )) {
      const v = venues.get(l.venue) ?? { long_usd: 0, short_usd: 0, count: 0 };
      if (l.side === 'long') v.long_usd += l.valueUsd ?? 0;
      else v.short_usd += l.valueUsd ?? 0;
      v.count++;
      venues.set(l.venue, v);
    }
  }
  const data = [...venues.entries()]
    .map(([exchange, v]) => ({ exchange, ...v, total_usd: v.long_usd + v.short_usd }))
    .sort((a, b) => b.total_usd - a.total_usd);
  const latest = api.derivatives.desk.recentLiquidations((l) => l.base === base, 1)[0];
  return {
    base,
    token_id: tokenIdOf(base),
    window: q.window.text,
    from,
    to: now,
    long_usd: data.reduce((s, r) => s + r.long_usd, 0),
    short_usd: data.reduce((s, r) => s + r.short_usd, 0),
    data,
    latest: latest ? liqEvent(latest) : null,
  };
}

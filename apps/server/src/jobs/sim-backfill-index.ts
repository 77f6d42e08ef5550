import { CONVERSION_BASES, type VenueId } from '@spreadscope/core';
import type { PremiumIndexRow } from '@spreadscope/db';
import { computePremiumIndex, INDEX_TOKENS, MarketEngine } from '@spreadscope/engine';
import type { MarketDay, SimulatedHistory } from '@spreadscope/feeds';

/**
 * The premium index of every back-filled minute, by the rule the live path records it with
 * (computePremiumIndex, as premiumIndexAt calls it each minute): the constituents' markets are interned in a
 * throwaway engine (one quote each, for their venue, type and 24 h volume), and each minute's index reads
 * their back-filled closes. `days` must hold the constituents' spot markets and Upbit's USDT/KRW.
 */
export function backfillIndexRows(
  history: SimulatedHistory,
  days: ReadonlyMap<number, MarketDay>,
): PremiumIndexRow[] {
  const engine = new MarketEngine({ windowMinutes: 2 });
  const closesById = new Map<number, Float64Array>();
  const t = history.end - 1_000;
  let usdtKrw: Float64Array | undefined;
  for (const [index, day] of days) {
    const spec = history.spec(index);
    const last = day.close[history.minutes - 1] as number;
    engine.apply({
      t,
      type: 'quote',
      venue: spec.venue as VenueId,
      market: spec.market,
      base: spec.base,
      quote: spec.quote,
      last,
      bid: last,
      ask: last,
      volume24h: day.volume24h[history.minutes - 1] as number,
    });
    const id = engine.state.find(spec.venue, spec.market, spec.base, spec.quote);
    if (id >= 0) closesById.set(id, day.close);
    if (spec.venue === 'upbit' && spec.base === 'USDT' && spec.quote === 'KRW') usdtKrw = day.close;
  }
  const forex = history.forex();
  const rows: PremiumIndexRow[] = [];
  for (let m = 0; m < history.minutes; m++) {
    for (const conversionBase of CONVERSION_BASES) {
      const rate = conversionBase === 'USD' ? (forex[m]?.close ?? Number.NaN) : (usdtKrw?.[m] ?? Number.NaN);
      const index = computePremiumIndex(
        engine,
        conversionBase,
        rate,
        (id) => closesById.get(id)?.[m] ?? Number.NaN,
        (id) => closesById.has(id),
      );
      if (index.value === null) continue;
      rows.push({
        minute: history.minuteAt(m),
        conversionBase,
        value: index.value,
        btcPremium: index.bitcoin.premiumPercent,
        btcPriceKrw: index.bitcoin.priceKrw,
        btcPriceUsd: index.bitcoin.priceUsd,
        constituents: index.constituents.filter((c) => c.weight > 0).length,
      });
    }
  }
  return rows;
}

/** The markets the index reads: the constituents' spot markets, and Upbit's USDT/KRW for the USDT base. */
export function indexMarkets(history: SimulatedHistory): number[] {
  const constituents = new Set<string>(INDEX_TOKENS);
  return history.instruments.flatMap((spec, i) =>
    (spec.market === 'spot' && constituents.has(spec.base)) ||
    (spec.venue === 'upbit' && spec.base === 'USDT' && spec.quote === 'KRW')
      ? [i]
      : [],
  );
}

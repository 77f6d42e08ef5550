import { type Currency, gapPercent } from '@spreadscope/core';

export interface ClosePoint {
  readonly minute: number;
  readonly close: number;
}

export interface PremiumHistoryPoint {
  readonly t: number;
  readonly sourcePrice: number;
  readonly targetPrice: number;
  readonly conversionRate: number;
  readonly gapPercent: number;
}

/** The currency a market's prices are in: KRW, or a dollar (USD, USDT, USDC at par). */
export type LegUnit = 'KRW' | 'DOLLAR';

/**
 * Minute-by-minute premium of one market over another from three close series (source, target, KRW per
 * dollar). Series are joined as of each minute: a market that did not trade in a minute keeps its previous
 * close, the way a chart shows it. Minutes before all three series have a value are skipped. Both prices are
 * shown in `currency`, converted with the same rate, so the gap between them is the premium shown.
 */
export function computePairHistory(
  source: readonly ClosePoint[],
  target: readonly ClosePoint[],
  rate: readonly ClosePoint[],
  units: { readonly source: LegUnit; readonly target: LegUnit },
  currency: Currency,
): PremiumHistoryPoint[] {
  const minutes = [...new Set([...source, ...target, ...rate].map((p) => p.minute))].sort((a, b) => a - b);
  const display = (price: number, unit: LegUnit, krwPerDollar: number) => {
    if (unit === 'KRW') return currency === 'KRW' ? price : price / krwPerDollar;
    return currency === 'USD' ? price : price * krwPerDollar;
  };
  const out: PremiumHistoryPoint[] = [];
  let i = 0;
  let j = 0;
  let k = 0;
  let s = Number.NaN;
  let t = Number.NaN;
  let r = Number.NaN;
  for (const minute of minutes) {
    while (i < source.length && (source[i]?.minute ?? Infinity) <= minute) s = source[i++]?.close ?? s;
    while (j < target.length && (target[j]?.minute ?? Infinity) <= minute) t = target[j++]?.close ?? t;
    while (k < rate.length && (rate[k]?.minute ?? Infinity) <= minute) r = rate[k++]?.close ?? r;
    if (!(r > 0)) continue;
    const sourcePrice = display(s, units.source, r);
    const targetPrice = display(t, units.target, r);
    const gap = gapPercent(sourcePrice, targetPrice);
    if (Number.isNaN(gap)) continue;
    out.push({ t: minute, sourcePrice, targetPrice, conversionRate: r, gapPercent: gap });
  }
  return out;
}

/** The Kimchi premium of a KRW market over a dollar market (the first premium screen's history). */
export function computePremiumHistory(
  source: readonly ClosePoint[],
  target: readonly ClosePoint[],
  rate: readonly ClosePoint[],
  currency: Currency,
): PremiumHistoryPoint[] {
  return computePairHistory(source, target, rate, { source: 'KRW', target: 'DOLLAR' }, currency);
}

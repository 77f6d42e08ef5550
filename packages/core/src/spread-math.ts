import { PREMIUM_DURATION_TOLERANCE } from './constants.ts';

/**
 * Arithmetic of spec §3/§9 for arbitrage and funding rows. Fractions in, fractions or percents out as named;
 * NaN whenever an input is missing, so nothing unknown can pass for zero.
 */

const HOURS_PER_YEAR = 8_760;

/** A funding rate per interval, annualized: rate × 8760 / interval hours, in percent. */
export function annualizedFundingPercent(rate: number, intervalHours: number): number {
  if (!Number.isFinite(rate) || !(intervalHours > 0)) return Number.NaN;
  return ((rate * HOURS_PER_YEAR) / intervalHours) * 100;
}

/**
 * Spec §9, as written: funding gap = (long funding − short funding) × long interval / short interval, in
 * percent. Rates are fractions per their own interval.
 */
export function fundingGapPercent(
  longRate: number,
  longIntervalHours: number,
  shortRate: number,
  shortIntervalHours: number,
): number {
  if (!Number.isFinite(longRate) || !Number.isFinite(shortRate)) return Number.NaN;
  if (!(longIntervalHours > 0) || !(shortIntervalHours > 0)) return Number.NaN;
  return (longRate - shortRate) * (longIntervalHours / shortIntervalHours) * 100;
}

/**
 * What a hedged position (long one leg, short the other) receives in funding per hour, as a fraction of the
 * notional: the short leg is paid its rate, the long leg pays its rate. A spot leg has no funding: pass 0 and
 * any positive interval.
 */
export function netFundingPerHour(
  longRate: number,
  longIntervalHours: number,
  shortRate: number,
  shortIntervalHours: number,
): number {
  if (!Number.isFinite(longRate) || !Number.isFinite(shortRate)) return Number.NaN;
  if (!(longIntervalHours > 0) || !(shortIntervalHours > 0)) return Number.NaN;
  return shortRate / shortIntervalHours - longRate / longIntervalHours;
}

/** Spec §9: transfer time = block time × deposit confirmations, in seconds. */
export function transferTimeSec(blockTimeSec: number, confirmations: number): number {
  if (!(blockTimeSec >= 0) || !(confirmations >= 0)) return Number.NaN;
  return blockTimeSec * confirmations;
}

/**
 * Return of buying at `buyPrice` and selling the same units at `sellPrice`, both in one currency, when each
 * leg's fee is taken from what that leg yields: (1 − buy fee)(1 − sell fee) × sell / buy − 1 (a fraction).
 */
export function tradeReturn(buyPrice: number, sellPrice: number, buyFee: number, sellFee: number): number {
  if (!(buyPrice > 0) || !(sellPrice > 0)) return Number.NaN;
  return (1 - buyFee) * (1 - sellFee) * (sellPrice / buyPrice) - 1;
}

/** Spec §9 premium duration: a value still counts as the same premium within ±20 % of the reference. */
export function withinDurationTolerance(value: number, reference: number): boolean {
  return Math.abs(value - reference) <= PREMIUM_DURATION_TOLERANCE * Math.abs(reference);
}

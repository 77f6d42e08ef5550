import { type Currency, isUsablePrice } from './money.ts';

/**
 * Percent by which `price` stands above `reference`, both in one currency: +3.15 means 3.15 % higher.
 * NaN when either side is not a usable price, so a missing quote can never look like a zero gap.
 */
export function gapPercent(price: number, reference: number): number {
  if (!isUsablePrice(price) || !isUsablePrice(reference)) return Number.NaN;
  return (price / reference - 1) * 100;
}

/**
 * The Kimchi premium of a KRW market over a dollar-quoted overseas market. `krwPerDollar` is the rate of the
 * chosen conversion base: USD/KRW forex, or Upbit's USDT/KRW.
 */
export function kimchiPremiumPercent(krwPrice: number, dollarPrice: number, krwPerDollar: number): number {
  return gapPercent(krwPrice, dollarPrice * krwPerDollar);
}

/** A price in KRW or in dollars (USD, USDT, USDC), expressed in the display currency. */
export type PriceUnit = 'KRW' | 'DOLLAR';

export function toDisplayCurrency(
  amount: number,
  unit: PriceUnit,
  currency: Currency,
  krwPerDollar: number,
): number {
  if (!Number.isFinite(amount)) return Number.NaN;
  if (unit === 'KRW') return currency === 'KRW' ? amount : amount / krwPerDollar;
  return currency === 'USD' ? amount : amount * krwPerDollar;
}

/** The price implied on the other side if the gap were zero; used to explain a premium to the user. */
export function fairPrice(reference: number, krwPerDollar: number): number {
  return reference * krwPerDollar;
}

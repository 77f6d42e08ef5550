import { type Currency, formatCompact, formatPrice, type Language, MISSING } from '@spreadscope/core';

/** KRW per US dollar (forex) and per USDT (Upbit's USDT/KRW market), as the API reports them. */
export interface KrwRates {
  readonly usdKrw: number | null;
  readonly usdtKrw: number | null;
}

/**
 * KRW per unit of a dollar quote: USDT at its own KRW market, USDC (and USD) at the forex rate, each falling
 * back on the other when it is missing. Null when neither is known.
 */
export function krwPerUnit(quote: string, rates: KrwRates | null | undefined): number | null {
  if (quote === 'KRW') return 1;
  const usdt = rates?.usdtKrw ?? null;
  const usd = rates?.usdKrw ?? null;
  const rate = quote === 'USDT' ? (usdt ?? usd) : (usd ?? usdt);
  return rate !== null && Number.isFinite(rate) && rate > 0 ? rate : null;
}

/**
 * An amount in a market's quote, in the user's currency: dollar stablecoins read as dollars in USD and are
 * converted at krwPerUnit in KRW. NaN when a KRW amount cannot be converted (the rate is not known yet).
 */
export function inCurrency(
  value: number,
  quote: string,
  currency: Currency,
  rates: KrwRates | null | undefined,
) {
  if (quote === 'KRW') {
    if (currency === 'KRW') return value;
    const rate = krwPerUnit('USD', rates);
    return rate === null ? Number.NaN : value / rate;
  }
  if (currency === 'USD') return value;
  const rate = krwPerUnit(quote, rates);
  return rate === null ? Number.NaN : value * rate;
}

export function formatPriceIn(
  value: number | null | undefined,
  quote: string,
  currency: Currency,
  rates: KrwRates | null | undefined,
  lang: Language,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return formatPrice(inCurrency(value, quote, currency, rates), currency, lang);
}

export function formatCompactIn(
  value: number | null | undefined,
  quote: string,
  currency: Currency,
  rates: KrwRates | null | undefined,
  lang: Language,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return formatCompact(inCurrency(value, quote, currency, rates), currency, lang);
}

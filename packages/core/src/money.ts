/** Currencies a user can display prices in (spec §3 enumerations). */
export const CURRENCIES = ['USD', 'KRW'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * How a KRW price is compared with a dollar-quoted one: by the USD/KRW forex rate (base USD) or by the
 * USDT/KRW price on Upbit (base USDT). The two can differ in sign, so the base travels with every premium.
 */
export const CONVERSION_BASES = ['USD', 'USDT'] as const;
export type ConversionBase = (typeof CONVERSION_BASES)[number];

/** Quote tokens priced at par with the US dollar for display purposes. */
export const DOLLAR_QUOTES: ReadonlySet<string> = new Set(['USD', 'USDT', 'USDC']);

export function isDollarQuote(quote: string): boolean {
  return DOLLAR_QUOTES.has(quote);
}

export interface KrwRates {
  /** KRW per US dollar (forex). */
  readonly usdKrw: number;
  /** KRW per USDT on Upbit. */
  readonly usdtKrw: number;
}

/** KRW per one unit of the conversion base, or NaN when that rate is not known. */
export function conversionRate(base: ConversionBase, rates: KrwRates): number {
  const rate = base === 'USD' ? rates.usdKrw : rates.usdtKrw;
  return isUsablePrice(rate) ? rate : Number.NaN;
}

export function isUsablePrice(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

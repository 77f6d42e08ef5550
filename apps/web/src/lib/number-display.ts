import { type Currency, formatPrice, type Language, MISSING } from '@spreadscope/core';

/**
 * Small compositions over core's formatters (the only number formatting the UI uses): sign and colour of a
 * change, and prices in a market's own quote.
 */
export type Tone = 'up' | 'down' | 'flat';

export function tone(value: number | null | undefined): Tone {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** A difference reads with its sign: `+₩1,250`, `-$0.42`. */
export function formatSignedPrice(
  value: number | null | undefined,
  currency: Currency,
  lang: Language,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return `${value > 0 ? '+' : ''}${formatPrice(value, currency, lang)}`;
}

/** A price in the market's quote: won with ₩, dollar stablecoins with their ticker (`0.1426 USDT`). */
export function formatNativePrice(value: number | null | undefined, quote: string, lang: Language): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  if (quote === 'KRW') return formatPrice(value, 'KRW', lang);
  return `${formatPrice(value, 'USD', lang, false)} ${quote}`;
}

/** Null-safe adapter: the wire sends null where the engine had no number (JSON has no NaN). */
export function orNaN(value: number | null | undefined): number {
  return value === null || value === undefined ? Number.NaN : value;
}

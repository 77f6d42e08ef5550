import { findVenue, type MarketType, type VenueId } from '@spreadscope/core';
import { z } from 'zod';

/**
 * Query parameters as the DataMaxi+ SDK sends them (shared/formats/public-api.md §1.2): booleans as Python's
 * `True` / `False`, numbers as text, several values as one comma-separated value, and an empty string or the
 * literal `empty` for "no filter". Every helper keeps the SDK's parameter name so a 400 names it.
 */

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && (value.trim() === '' || value.trim().toLowerCase() === 'empty')
    ? undefined
    : value;

/** An optional text parameter; blank or `empty` is absent. */
export const text = (max = 64) => z.preprocess(blankToUndefined, z.string().max(max).optional());

/** A required text parameter: blank counts as missing, as in the SDK. */
export const requiredText = (max = 64) => z.preprocess(blankToUndefined, z.string().max(max));

/** Comma-separated values, trimmed; blank or `empty` is no filter. */
export const multi = (max = 40) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(2_000)
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '' && part.toLowerCase() !== 'empty'),
      )
      .pipe(z.array(z.string().max(64)).max(max))
      .optional(),
  );

/** `True` / `False` in any case, or 1 / 0. */
export const flag = (fallback: boolean) =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === 'string' ? blank.trim().toLowerCase() : blank;
    },
    z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1')),
  );

export const int = (fallback: number, min: number, max: number) =>
  // Bounds before .int(): a huge value (1e20) fails int()'s safe-integer range too, and the first issue is the one
  // the caller reads: "at most 1000", not "at most 9007199254740991".
  z.preprocess(blankToUndefined, z.coerce.number().min(min).max(max).int().default(fallback));

export const number = () => z.preprocess(blankToUndefined, z.coerce.number().finite().optional());

const trimmed = (value: unknown) => {
  const blank = blankToUndefined(value);
  return typeof blank === 'string' ? blank.trim() : blank;
};

/** One of the values, or absent. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(trimmed, z.enum(values).optional());

/** One of the values, the fallback when absent. */
export const oneOfOr = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(trimmed, z.enum(values).optional()).transform((value): T[number] => value ?? fallback);

/** One of the values, required. */
export const requiredOneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(trimmed, z.enum(values));

/** `spot` or `futures` on the wire; our engine calls a perpetual `perp`. */
export const MARKETS = ['spot', 'futures'] as const;
export type PublicMarket = (typeof MARKETS)[number];
export const toMarketType = (market: PublicMarket): MarketType => (market === 'futures' ? 'perp' : 'spot');
export const toPublicMarket = (market: MarketType): PublicMarket => (market === 'perp' ? 'futures' : 'spot');

/** An exchange id we follow, in lower case (`Binance` works too). */
export const exchange = () =>
  requiredText(32)
    .transform((value) => value.toLowerCase())
    .refine((value) => findVenue(value) !== undefined, { message: 'publicApi.unknownExchange' })
    .transform((value) => value as VenueId);

export const optionalExchange = () =>
  text(32)
    .transform((value) => value?.toLowerCase())
    .refine((value) => value === undefined || findVenue(value) !== undefined, {
      message: 'publicApi.unknownExchange',
    })
    .transform((value) => value as VenueId | undefined);

/** `BASE-QUOTE`, e.g. `BTC-USDT`, as two upper-case tickers. */
export const symbol = () =>
  requiredText(48)
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z0-9]{1,20}-[A-Z0-9]{1,12}$/.test(value), { message: 'publicApi.badSymbol' })
    .transform((value) => {
      const [base = '', quote = ''] = value.split('-');
      return { base, quote, symbol: value };
    });

/** `from` / `to` in unix seconds, or text the SDK passes through (`YYYY-MM-DD[ HH:MM:SS]`, UTC). */
export const timeParam = () =>
  z.preprocess(blankToUndefined, z.string().max(40).optional()).transform((value, ctx) => {
    if (value === undefined) return undefined;
    const ms = parseTime(value);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: 'publicApi.badTime' });
      return z.NEVER;
    }
    return ms;
  });

/** Epoch ms of unix seconds (or ms when the number is that large), or a UTC date / date-time. */
export function parseTime(value: string): number | null {
  const trimmed = value.trim();
  if (/^\d{1,13}$/.test(trimmed)) {
    const n = Number(trimmed);
    return n >= 1e12 ? n : n * 1000;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isFinite(ms) ? ms : null;
}

export const sortParam = (fallback: 'asc' | 'desc') => oneOfOr(['asc', 'desc'] as const, fallback);

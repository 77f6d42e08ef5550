import {
  ARBITRAGE_STATES,
  CANDLE_INTERVALS,
  DURATION_FILTERS,
  FEE_MODES,
  FUNDING_INTERVAL_FILTERS,
  GAP_WINDOWS,
  HISTORY_RANGES,
  LIMITS,
  MARKET_TYPES,
  NETWORK_CHOICES,
  PREMIUM_SCOPES,
  PREMIUM_TYPES,
  SPREAD_QUOTES,
} from '@spreadscope/core';
import { z } from 'zod';
import { queryBoolean } from './common.ts';

/** Schemas shared by the market endpoints (premium, arbitrage, funding, candles, networks). */

export const marketTypeSchema = z.enum(MARKET_TYPES);
export const premiumTypeSchema = z.enum(PREMIUM_TYPES);
export const premiumScopeSchema = z.enum(PREMIUM_SCOPES);
export const feeModeSchema = z.enum(FEE_MODES);
export const networkChoiceSchema = z.enum(NETWORK_CHOICES);
export const arbitrageStateSchema = z.enum(ARBITRAGE_STATES);
export const durationFilterSchema = z.enum(DURATION_FILTERS);
export const fundingIntervalFilterSchema = z.enum(FUNDING_INTERVAL_FILTERS);
export const historyRangeSchema = z.enum(HISTORY_RANGES);
export const candleIntervalSchema = z.enum(CANDLE_INTERVALS);

/** Upper-case token symbol; the query may be typed in any case. */
export const tokenParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/, 'validation.lettersDigits')
  .transform((s) => s.toUpperCase());

/** A quote token of a market (KRW, USDT, USDC). */
export const quoteParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3,5}$/, 'a quote currency such as KRW, USDT or USDC')
  .transform((s) => s.toUpperCase());

export const spreadQuoteSchema = z.enum(SPREAD_QUOTES);

const TOKEN = /^[A-Z0-9]{1,20}$/;

/**
 * A list of tokens: comma-separated in a query string (or the parameter repeated), an array of strings in a
 * WebSocket subscription's params. Upper-cased, duplicates dropped; `sorted` orders it so that the same set
 * always reads the same (subscribers of one set share one snapshot).
 */
export function tokenListParam(options: { min: number; max: number; sorted: boolean }) {
  return z.union([z.string(), z.array(z.string())]).transform((value, ctx) => {
    const parts = (typeof value === 'string' ? value.split(',') : value.flatMap((v) => v.split(',')))
      .map((token) => token.trim().toUpperCase())
      .filter(Boolean);
    const unique = [...new Set(parts)];
    const bad = unique.find((token) => !TOKEN.test(token));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.tokenChars', params: { token: bad.slice(0, 24) } });
      return z.NEVER;
    }
    if (unique.length < options.min) {
      ctx.addIssue({ code: 'custom', message: 'validation.tokensMin', params: { minimum: options.min } });
      return z.NEVER;
    }
    if (unique.length > options.max) {
      ctx.addIssue({ code: 'custom', message: 'validation.tokensMax', params: { maximum: options.max } });
      return z.NEVER;
    }
    return options.sorted ? unique.sort() : unique;
  });
}

/** The owned-tokens filter: at most as many tokens as a user may own (spec §5, §9: 20). */
export const basesFilterParam = tokenListParam({ min: 1, max: LIMITS.ownedTokens, sorted: true })
  .optional()
  .describe(
    `only these tokens (comma-separated, at most ${LIMITS.ownedTokens}: the owned-tokens limit), applied before ranking and paging`,
  );

export const searchParam = z
  .string()
  .trim()
  .max(40)
  .optional()
  .describe('base token contains this text (case-insensitive)');

export const epochMsParam = z.coerce.number().int().nonnegative();

/** A value per look-back window; null until the engine has seen that far back. */
export const windowValuesSchema = z
  .object(
    Object.fromEntries(GAP_WINDOWS.map((w) => [w, z.number().nullable()])) as Record<
      (typeof GAP_WINDOWS)[number],
      z.ZodNullable<z.ZodNumber>
    >,
  )
  .describe('the value as of the last 1-minute close at or before now − window; null when not yet known');

/**
 * A yes/no parameter: `true`/`false`/`1`/`0` in a query string, or a JSON boolean in a WebSocket
 * subscription's params (which take the same schemas).
 */
export const flagParam = z.union([z.boolean(), queryBoolean]);

/** Query flags every table understands (premium, arbitrage). */
export const tableFlags = {
  dex: flagParam
    .default(false)
    .describe('include perp-DEX and AMM venues (a plan feature: Free sees CEX data only)'),
  hideLowVolume: flagParam
    .default(false)
    .describe('hide rows where either leg traded less than $100K (USD) or ₩100M (KRW) in 24 h'),
  transferable: flagParam
    .optional()
    .describe('true: only rows with an open transfer network; false: only rows without one'),
};

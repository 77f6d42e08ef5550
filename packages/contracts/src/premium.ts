import { z } from 'zod';
import { conversionBaseSchema, currencySchema, dataSourceSchema, venueIdSchema } from './common.ts';
import { gatedRowsField } from './gated-row.ts';
import {
  marketTypeSchema,
  premiumScopeSchema,
  premiumTypeSchema,
  quoteParam,
  spreadQuoteSchema,
  tokenListParam,
  tokenParam,
} from './market-common.ts';
import { ratesSchema, SPREAD_SORT_KEYS, spreadTableQuery } from './spread-query.ts';
import { premiumTableRowSchema } from './spread-row.ts';

export { type PremiumLeg, type PremiumRow, premiumLegSchema, premiumRowSchema } from './premium-row.ts';
export { ratesSchema } from './spread-query.ts';

export const PREMIUM_SORT_KEYS = SPREAD_SORT_KEYS;
export type PremiumSortKey = (typeof PREMIUM_SORT_KEYS)[number];

export const premiumQuerySchema = z.object({
  scope: premiumScopeSchema
    .default('kimchi')
    .describe('kimchi: a Korean KRW market over an overseas one; global: two overseas markets'),
  premiumType: premiumTypeSchema
    .default('spot-spot')
    .describe('market types of source and target; Korean venues trade spot only'),
  source: venueIdSchema.optional().describe('exchange of the source market (Korean for kimchi)'),
  target: venueIdSchema.optional().describe('exchange of the target market (overseas)'),
  targetQuote: z
    .enum(['USDT', 'USDC', 'any'])
    .default('USDT')
    .describe('quote of the target market (USDC is taken at par with USDT)'),
  sourceQuote: spreadQuoteSchema
    .optional()
    .describe('quote of the source market (global scope: USDT or USDC; kimchi sources quote KRW)'),
  minPremium: z.coerce
    .number()
    .min(-100)
    .max(1000)
    .optional()
    .describe('keep rows whose gap is at least this percent'),
  maxPremium: z.coerce
    .number()
    .min(-100)
    .max(1000)
    .optional()
    .describe('keep rows whose gap is at most this percent'),
  sort: z.enum(PREMIUM_SORT_KEYS).default('gap'),
  ...spreadTableQuery,
});
export type PremiumQuery = z.infer<typeof premiumQuerySchema>;
export type PremiumQueryInput = z.input<typeof premiumQuerySchema>;

export const premiumResponseSchema = z.object({
  data: z.array(premiumTableRowSchema),
  gatedRows: gatedRowsField,
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  updatedAt: z.number().describe('engine clock when the rows were computed'),
  currency: currencySchema,
  conversionBase: conversionBaseSchema,
  rates: ratesSchema,
  dataSource: dataSourceSchema,
});
export type PremiumResponse = z.infer<typeof premiumResponseSchema>;

export const premiumHistoryQuerySchema = z.object({
  source: venueIdSchema,
  target: venueIdSchema,
  base: tokenParam,
  currency: currencySchema.default('KRW'),
  conversionBase: conversionBaseSchema.default('USD'),
  from: z.coerce.number().int().nonnegative().optional().describe('epoch ms, default 24 h ago'),
  to: z.coerce.number().int().nonnegative().optional().describe('epoch ms, default now'),
});
export type PremiumHistoryQuery = z.infer<typeof premiumHistoryQuerySchema>;

/** v2 names both markets fully, so any pair of the premium and arbitrage tables has a history. */
export const premiumHistoryV2QuerySchema = premiumHistoryQuerySchema.extend({
  sourceMarket: marketTypeSchema.default('spot'),
  targetMarket: marketTypeSchema.default('spot'),
  sourceQuote: quoteParam.optional().describe("default: KRW on Korean venues, else the venue's main quote"),
  targetQuote: quoteParam.optional().describe("default: KRW on Korean venues, else the venue's main quote"),
});
export type PremiumHistoryV2Query = z.infer<typeof premiumHistoryV2QuerySchema>;

export const premiumHistoryPointSchema = z.object({
  t: z.number().describe('minute start, epoch ms'),
  sourcePrice: z.number(),
  targetPrice: z.number(),
  conversionRate: z.number(),
  gapPercent: z.number().describe('(source / target − 1) × 100 at the minute close'),
});
export type PremiumHistoryPoint = z.infer<typeof premiumHistoryPointSchema>;

export const premiumHistoryResponseSchema = z.object({
  data: z.array(premiumHistoryPointSchema),
  source: venueIdSchema,
  target: venueIdSchema,
  base: z.string(),
  currency: currencySchema,
  conversionBase: conversionBaseSchema,
  from: z.number(),
  to: z.number(),
});
export type PremiumHistoryResponse = z.infer<typeof premiumHistoryResponseSchema>;

export const premiumHistoryV2ResponseSchema = premiumHistoryResponseSchema.extend({
  sourceMarket: marketTypeSchema,
  targetMarket: marketTypeSchema,
  sourceQuote: z.string(),
  targetQuote: z.string(),
});
export type PremiumHistoryV2Response = z.infer<typeof premiumHistoryV2ResponseSchema>;

/** Several tokens' premium over one venue pair, coarsely, for sparklines and comparisons. */
export const premiumHistoryTokensQuerySchema = z.object({
  source: venueIdSchema,
  target: venueIdSchema,
  bases: tokenListParam({ min: 1, max: 20, sorted: false }).describe('comma-separated tokens, at most 20'),
  conversionBase: conversionBaseSchema.default('USD'),
  range: z.enum(['1d', '7d']).default('1d').describe('1d: 15-minute points; 7d: hourly points'),
});
export type PremiumHistoryTokensQuery = z.infer<typeof premiumHistoryTokensQuerySchema>;

export const premiumHistoryTokensResponseSchema = z.object({
  source: venueIdSchema,
  target: venueIdSchema,
  conversionBase: conversionBaseSchema,
  from: z.number(),
  to: z.number(),
  stepMs: z.number(),
  data: z.array(
    z.object({
      base: z.string(),
      points: z.array(z.object({ t: z.number(), gapPercent: z.number() })).describe('close of each step'),
    }),
  ),
});
export type PremiumHistoryTokensResponse = z.infer<typeof premiumHistoryTokensResponseSchema>;

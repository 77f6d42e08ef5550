import { z } from 'zod';
import { dataSourceSchema, sortOrderSchema, storableText, venueIdSchema } from './common.ts';

/** The token list (/token) and a token's summary (spec §2 token list and detail, §3 ranking sort keys). */

/** Spec §3 ranking keys first (volume_24h, percent_change_24h), then the list's other columns. */
export const TOKEN_SORT_KEYS = [
  'volume_24h',
  'percent_change_24h',
  'price',
  'premium',
  'funding_rate',
  'exchanges',
  'trend_rank',
  'symbol',
] as const;
export const tokenSortSchema = z.enum(TOKEN_SORT_KEYS);
export type TokenSort = z.infer<typeof tokenSortSchema>;

export const tokensQuerySchema = z.object({
  search: storableText(40)
    .trim()
    .optional()
    .describe('ticker, Korean or English name, or Korean initial consonants (ㅂㅌㅋㅇ); fuzzy at 0.4'),
  exchange: venueIdSchema.optional().describe('only tokens this venue lists'),
  listed: z
    .enum(['all', 'korean', 'overseas', 'both'])
    .default('all')
    .describe(
      'korean: on a Korean venue; overseas: on an overseas one; both: on both (has a Kimchi premium)',
    ),
  sort: tokenSortSchema.default('volume_24h'),
  order: sortOrderSchema.default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().min(1).max(10_000).int().default(100),
});
export type TokensQuery = z.infer<typeof tokensQuerySchema>;

export const tokenRowSchema = z.object({
  base: z.string(),
  nameKo: z.string().nullable(),
  nameEn: z.string().nullable(),
  priceKrw: z.number().nullable().describe('the busiest market’s last price in KRW (USD/KRW by forex)'),
  priceUsd: z.number().nullable(),
  change24hPercent: z.number().nullable().describe('the busiest market’s 24 h change'),
  volume24hKrw: z.number().nullable().describe('sum of every market’s 24 h quote volume, in KRW'),
  volume24hUsd: z.number().nullable(),
  premiumPercent: z
    .number()
    .nullable()
    .describe('Kimchi premium: busiest Korean KRW spot over busiest overseas USDT spot, by forex'),
  exchanges: z.array(venueIdSchema).describe('venues listing the token, in the product’s venue order'),
  markets: z.number().int(),
  fundingRatePercent: z.number().nullable().describe('the busiest perpetual’s current funding rate'),
  fundingExchange: venueIdSchema.nullable(),
  trendRank: z
    .number()
    .int()
    .nullable()
    .describe('social trend rank (1 = most talked about); null: unranked'),
  updatedAt: z.number(),
});
export type TokenRow = z.infer<typeof tokenRowSchema>;

export const tokensResponseSchema = z.object({
  data: z.array(tokenRowSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  sort: tokenSortSchema,
  order: sortOrderSchema,
  trendRanks: z.boolean().describe('false while no social trend source feeds the rank column'),
  updatedAt: z.number(),
  dataSource: dataSourceSchema,
});
export type TokensResponse = z.infer<typeof tokensResponseSchema>;

export const tokenParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, 'a token ticker: letters and digits, at most 20'),
});

export const tokenDetailResponseSchema = z.object({
  token: tokenRowSchema,
  koreanSymbol: z.string().nullable().describe('premium detail symbol of its busiest Korean market'),
  overseasSymbol: z.string().nullable(),
  perpetual: z.boolean(),
  dataSource: dataSourceSchema,
});
export type TokenDetailResponse = z.infer<typeof tokenDetailResponseSchema>;

export const tokensSearchQuerySchema = z.object({
  q: storableText(40).trim().min(1),
  limit: z.coerce.number().min(1).max(50).int().default(10),
});

export const tokensSearchResponseSchema = z.object({
  data: z.array(
    z.object({
      base: z.string(),
      nameKo: z.string().nullable(),
      nameEn: z.string().nullable(),
      exchanges: z.array(venueIdSchema),
      score: z.number().describe('0 is an exact match; fuzzy matches up to the 0.4 threshold'),
    }),
  ),
});
export type TokensSearchResponse = z.infer<typeof tokensSearchResponseSchema>;

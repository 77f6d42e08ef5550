import { MARKET_TYPES } from '@spreadscope/core';
import { z } from 'zod';
import { dataSourceSchema, listPageFields, listPageQuery, venueIdSchema } from './common.ts';
import { tokenParam } from './market-common.ts';

/** `spot` or `perp`; the public API's `futures` is read as `perp`. */
export const marketParam = z
  .enum([...MARKET_TYPES, 'futures'])
  .transform((m): (typeof MARKET_TYPES)[number] => (m === 'futures' ? 'perp' : m));

const vipLevelParam = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9 _-]+$/, 'a VIP level such as VIP1');

export const marginBorrowQuerySchema = z.object({
  asset: tokenParam.describe('the token to borrow, e.g. BTC'),
  exchange: venueIdSchema.optional(),
  margin_type: z.enum(['cross', 'isolated']).optional(),
  vip_level: vipLevelParam.optional(),
});
export type MarginBorrowQuery = z.infer<typeof marginBorrowQuerySchema>;

export const marginBorrowRowSchema = z.object({
  exchange: venueIdSchema,
  asset: z.string(),
  marginType: z.enum(['cross', 'isolated']),
  pair: z.string().nullable().describe('the isolated pair (BTCUSDT); null for cross margin'),
  vipLevel: z.string().describe("the venue's own name for the level"),
  hourlyRate: z.number().describe('fraction per hour: 0.00001 = 0.001 %/h'),
  dailyRate: z.number().describe('hourly × 24'),
  annualRate: z.number().describe('hourly × 8760 (simple, not compounded)'),
  borrowLimit: z.number().nullable().describe('most one account may borrow, in the asset'),
  borrowable: z.boolean(),
  updatedAt: z.number().describe('epoch ms of the reading'),
});
export type MarginBorrowRow = z.infer<typeof marginBorrowRowSchema>;

export const marginVenueStatusSchema = z.object({
  exchange: venueIdSchema,
  status: z
    .enum(['ok', 'unknown'])
    .describe('unknown: no reading (the venue publishes none for this asset, or only to an API key)'),
  reason: z.enum(['needs_key', 'not_listed', 'not_published', 'no_data']).nullable(),
});

export const marginBorrowResponseSchema = z.object({
  asset: z.string(),
  data: z.array(marginBorrowRowSchema),
  venues: z.array(marginVenueStatusSchema).describe('every margin venue, with or without a reading'),
  updatedAt: z.number().nullable(),
  dataSource: dataSourceSchema,
});
export type MarginBorrowResponse = z.infer<typeof marginBorrowResponseSchema>;

export const marginAssetsResponseSchema = z.object({ data: z.array(z.string()) });

export const tradingFeesQuerySchema = z.object({
  exchange: venueIdSchema.optional(),
  market: marketParam.optional(),
  vip_level: vipLevelParam.optional(),
  symbol: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}-[A-Za-z0-9]{2,10}$/, 'BASE-QUOTE, e.g. BTC-USDT')
    .transform((s) => s.toUpperCase())
    .optional(),
  ...listPageQuery,
});
export type TradingFeesQuery = z.infer<typeof tradingFeesQuerySchema>;

export const tradingFeeRowSchema = z.object({
  exchange: venueIdSchema,
  market: z.enum(MARKET_TYPES),
  symbol: z.string().nullable().describe('BASE-QUOTE when asked for one symbol; null for the venue-wide row'),
  vipLevel: z.string(),
  makerPercent: z.number().describe('percent of the traded value; negative is a rebate'),
  takerPercent: z.number(),
  requirement: z.string().nullable(),
  source: z.enum(['published', 'live']).describe("published: the venue's fee page, as configuration"),
  asOf: z.string().describe('the schedule read (YYYY-MM)'),
});
export type TradingFeeRow = z.infer<typeof tradingFeeRowSchema>;

export const tradingFeesResponseSchema = z.object({ data: z.array(tradingFeeRowSchema), ...listPageFields });
export type TradingFeesResponse = z.infer<typeof tradingFeesResponseSchema>;

export const tradingFeeSymbolsQuerySchema = z.object({ exchange: venueIdSchema, ...listPageQuery });
export const stringListResponseSchema = z.object({ data: z.array(z.string()), ...listPageFields });
export const exchangeListResponseSchema = z.object({ data: z.array(venueIdSchema) });

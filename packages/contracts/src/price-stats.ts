import { z } from 'zod';
import { currencySchema, dataSourceSchema, pageQuery, sortOrderSchema, venueIdSchema } from './common.ts';
import { flagParam, marketTypeSchema, quoteParam, searchParam, windowValuesSchema } from './market-common.ts';

/** Per-market price statistics: last, changes over the look-back windows, 24 h range and volume. */

export const priceStatsQuerySchema = z.object({
  exchange: venueIdSchema.optional(),
  market: marketTypeSchema.optional(),
  quote: quoteParam.optional(),
  search: searchParam,
  currency: currencySchema.default('KRW'),
  dex: flagParam.default(false),
  sort: z.enum(['volume', 'change24h', 'change1h', 'base']).default('volume'),
  order: sortOrderSchema.default('desc'),
  ...pageQuery,
});
export type PriceStatsQuery = z.infer<typeof priceStatsQuerySchema>;

export const priceStatsRowSchema = z.object({
  exchange: venueIdSchema,
  market: marketTypeSchema,
  base: z.string(),
  quote: z.string(),
  symbol: z.string(),
  price: z.number().describe('requested currency (USD/KRW by forex)'),
  nativePrice: z.number(),
  changePercent: windowValuesSchema.describe('change of the last price against each window ago'),
  high24h: z.number().nullable().describe('highest 1-minute high seen in the last 24 h (engine memory)'),
  low24h: z.number().nullable(),
  volume24h: z.number().nullable().describe('requested currency'),
  updatedAt: z.number(),
  stale: z.boolean(),
});

export const priceStatsResponseSchema = z.object({
  data: z.array(priceStatsRowSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  currency: currencySchema,
  updatedAt: z.number(),
  dataSource: dataSourceSchema,
});
export type PriceStatsResponse = z.infer<typeof priceStatsResponseSchema>;

import { z } from 'zod';
import { conversionBaseSchema, dataSourceSchema } from './common.ts';
import { historyRangeSchema } from './market-common.ts';

/**
 * The Kimchi premium index: the premium of the main tokens' Korean markets over their overseas markets, one
 * number, weighted by Korean trading volume (the exact rule is in `weighting`).
 */

export const premiumIndexQuerySchema = z.object({ conversionBase: conversionBaseSchema.default('USD') });

export const premiumIndexConstituentSchema = z.object({
  base: z.string(),
  premiumPercent: z
    .number()
    .nullable()
    .describe('null when a side has no fresh quote: left out of the index'),
  koreanPriceKrw: z.number().nullable(),
  overseasPriceUsd: z.number().nullable(),
  volume24hKrw: z.number().describe('24 h volume on the Korean venues, summed'),
  weight: z.number().describe('share of the index, 0…1; 0 when left out'),
});

export const premiumIndexResponseSchema = z.object({
  value: z.number().nullable().describe('index in percent; null before any constituent is priced'),
  conversionBase: conversionBaseSchema,
  conversionRate: z.number().nullable(),
  weighting: z.string().describe('how the constituents are chosen and weighted'),
  constituents: z.array(premiumIndexConstituentSchema),
  bitcoin: z.object({
    premiumPercent: z.number().nullable(),
    priceKrw: z.number().nullable().describe('Korean KRW price (volume-weighted across Korean venues)'),
    priceUsd: z.number().nullable().describe('median overseas USDT spot price'),
    change24hPercent: z.number().nullable(),
  }),
  updatedAt: z.number(),
  dataSource: dataSourceSchema,
});
export type PremiumIndexResponse = z.infer<typeof premiumIndexResponseSchema>;

export const premiumIndexHistoryQuerySchema = z.object({
  conversionBase: conversionBaseSchema.default('USD'),
  range: historyRangeSchema.default('1d'),
});
export type PremiumIndexHistoryQuery = z.infer<typeof premiumIndexHistoryQuerySchema>;

export const premiumIndexHistoryResponseSchema = z.object({
  conversionBase: conversionBaseSchema,
  range: historyRangeSchema,
  stepMs: z.number().describe('1d: 5 minutes, 7d: 30 minutes, 30d: 2 hours, 1y: 1 day'),
  from: z.number(),
  to: z.number(),
  data: z.array(
    z.object({
      t: z.number().describe('bucket start; values are the last minute of the bucket'),
      value: z.number(),
      btcPremiumPercent: z.number().nullable(),
      btcPriceKrw: z.number().nullable(),
      btcPriceUsd: z.number().nullable(),
    }),
  ),
});
export type PremiumIndexHistoryResponse = z.infer<typeof premiumIndexHistoryResponseSchema>;

import { z } from 'zod';
import { conversionBaseSchema, currencySchema, venueIdSchema } from './common.ts';

/**
 * The first premium screen's row: the fields every premium and arbitrage row starts with. The wire carries
 * the full row (spread-row.ts), of which this is a subset, so code written against it keeps working.
 */

export const premiumLegSchema = z.object({
  exchange: venueIdSchema,
  market: z.enum(['spot', 'perp']),
  quote: z.string(),
  price: z.number().describe('last price in the requested currency'),
  nativePrice: z.number().describe('last price in the market quote'),
  bid: z.number().nullable().describe('highest bid, requested currency'),
  ask: z.number().nullable().describe('lowest ask, requested currency'),
  volume24h: z.number().nullable().describe('24 h volume in the requested currency'),
  change24hPercent: z.number().nullable(),
  updatedAt: z.number().describe('epoch ms of the last quote'),
  stale: z.boolean(),
});
export type PremiumLeg = z.infer<typeof premiumLegSchema>;

export const premiumRowSchema = z.object({
  id: z.string().describe('source-target-BASE'),
  base: z.string(),
  source: premiumLegSchema,
  target: premiumLegSchema,
  currency: currencySchema,
  conversionBase: conversionBaseSchema,
  conversionRate: z.number().describe('KRW per unit of the conversion base'),
  priceDiff: z.number().describe('source price minus target price, requested currency'),
  gapPercent: z.number().describe('(source / target - 1) x 100 in one currency'),
  stale: z.boolean().describe('either side older than the freshness window; never ranked as an opportunity'),
});
export type PremiumRow = z.infer<typeof premiumRowSchema>;

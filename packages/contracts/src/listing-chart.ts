import { z } from 'zod';
import { venueIdSchema } from './common.ts';

/** Spec §2 listing detail: the price chart from 3 hours before the notice to 24 hours after. */
export const listingChartQuerySchema = z.object({
  key: z.string().max(60).describe('the listing, as {exchange}-{quote}-{base} in lower case'),
});

export const listingChartResponseSchema = z.object({
  key: z.string(),
  from: z.number().describe('3 h before the notice'),
  to: z.number().describe('24 h after the notice, or now when sooner'),
  announcedAt: z.number(),
  tradingStartedAt: z.number().nullable(),
  overseas: venueIdSchema.nullable().describe('the overseas USDT market drawn beside it'),
  points: z.array(
    z.object({
      t: z.number().describe('minute, epoch ms'),
      krw: z.number().nullable().describe('the new market’s close in KRW'),
      overseasKrw: z.number().nullable().describe('the overseas close × USDT/KRW'),
      premiumPct: z.number().nullable(),
    }),
  ),
  simulated: z.boolean(),
});
export type ListingChart = z.infer<typeof listingChartResponseSchema>;

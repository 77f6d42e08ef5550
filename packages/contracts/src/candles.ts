import { z } from 'zod';
import { conversionBaseSchema, venueIdSchema } from './common.ts';
import {
  candleIntervalSchema,
  epochMsParam,
  marketTypeSchema,
  quoteParam,
  tokenParam,
} from './market-common.ts';

/** Chart candles served from the 1-minute rollups (spec §3 candle, short keys). */

export const candleSchema = z.object({
  t: z.number().describe('bucket start, epoch ms UTC'),
  o: z.number(),
  h: z.number(),
  l: z.number(),
  c: z.number(),
  v: z
    .number()
    .nullable()
    .describe(
      "volume traded in the bucket, in units of the base token. From the minute history: the sum of the minutes' traded volume where the source reports its trades (the simulator); otherwise complete 1-day buckets only (the venue's rolling 24 h volume at the day's last minute ÷ the day's mean close), null for shorter buckets — venues report a rolling 24 h volume, from which a bucket's own volume cannot be recovered — and for premium candles. Candles fetched from a live venue carry its own volume.",
    ),
});
export type Candle = z.infer<typeof candleSchema>;

const range = {
  interval: candleIntervalSchema.default('1m'),
  from: epochMsParam.optional().describe('epoch ms; default: `limit` candles before `to`'),
  to: epochMsParam.optional().describe('epoch ms, exclusive; default now'),
  limit: z.coerce.number().min(1).max(1_500).int().default(500).describe('most candles returned'),
};

export const cexCandleQuerySchema = z.object({
  exchange: venueIdSchema,
  market: marketTypeSchema.default('spot'),
  base: tokenParam,
  quote: quoteParam.optional().describe("default: KRW on Korean venues, else the venue's main quote"),
  ...range,
});
export type CexCandleQuery = z.infer<typeof cexCandleQuerySchema>;

export const cexCandleResponseSchema = z.object({
  exchange: venueIdSchema,
  market: marketTypeSchema,
  base: z.string(),
  quote: z.string(),
  interval: candleIntervalSchema,
  data: z.array(candleSchema),
});
export type CexCandleResponse = z.infer<typeof cexCandleResponseSchema>;

export const premiumCandleQuerySchema = z.object({
  source: venueIdSchema,
  target: venueIdSchema,
  base: tokenParam,
  sourceMarket: marketTypeSchema.default('spot'),
  targetMarket: marketTypeSchema.default('spot'),
  sourceQuote: quoteParam.optional(),
  targetQuote: quoteParam.optional(),
  conversionBase: conversionBaseSchema.default('USD'),
  ...range,
});
export type PremiumCandleQuery = z.infer<typeof premiumCandleQuerySchema>;

export const premiumCandleResponseSchema = z.object({
  source: venueIdSchema,
  target: venueIdSchema,
  base: z.string(),
  sourceMarket: marketTypeSchema,
  targetMarket: marketTypeSchema,
  sourceQuote: z.string(),
  targetQuote: z.string(),
  conversionBase: conversionBaseSchema,
  interval: candleIntervalSchema,
  data: z
    .array(candleSchema)
    .describe(
      'OHLC of the premium (source / target − 1) × 100 over the 1-minute closes of each bucket; v is null',
    ),
});
export type PremiumCandleResponse = z.infer<typeof premiumCandleResponseSchema>;

export const candleIntervalsResponseSchema = z.object({
  intervals: z.array(z.object({ interval: candleIntervalSchema, ms: z.number() })),
});

export const candleSymbolsQuerySchema = z.object({ exchange: venueIdSchema.optional() });
export const candleSymbolsResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.string().describe('exchange-quote-base (spot) or exchange-quote-base.perp'),
      exchange: venueIdSchema,
      market: marketTypeSchema,
      baseSymbol: z.string(),
      quoteSymbol: z.string(),
      apiSymbol: z.string().describe('BASE/QUOTE as the venue lists it'),
    }),
  ),
});
export const candleExchangesResponseSchema = z.object({
  data: z.array(z.object({ exchange: venueIdSchema, name: z.string(), markets: z.number() })),
});

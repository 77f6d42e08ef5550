import { z } from 'zod';
import {
  conversionBaseSchema,
  currencySchema,
  dataSourceSchema,
  listPageQuery,
  venueIdSchema,
} from './common.ts';
import { marketParam } from './margin.ts';

export const symbolParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}-[A-Za-z0-9]{2,10}$/, 'BASE-QUOTE, e.g. BTC-USDT')
  .transform((s) => s.toUpperCase());

export const tickerQuerySchema = z.object({
  exchange: venueIdSchema,
  symbol: symbolParam,
  market: marketParam.default('spot'),
  currency: currencySchema.default('USD'),
  conversion_base: conversionBaseSchema.default('USDT'),
});
export type TickerQuery = z.infer<typeof tickerQuerySchema>;

const n = z.number().nullable();

/** The public API's ticker short keys (shared/formats/public-api.md §2.2). */
export const tickerSchema = z.object({
  d: z.number().describe('epoch ms of the quote'),
  e: venueIdSchema,
  m: z.enum(['spot', 'futures']),
  s: z.string(),
  b: z.string(),
  q: z.string(),
  p: n.describe('last price in the requested currency'),
  p24h: n,
  pc: n.describe('percent change against p24h'),
  v: n.describe('24 h volume in the requested currency'),
  hb: n,
  la: n,
  ud: n.describe('ask-side depth within +2 %, in the requested currency'),
  ld: n.describe('bid-side depth within −2 %'),
  stale: z.boolean().describe('older than the freshness window'),
});
export const tickerResponseSchema = z.object({
  currency: currencySchema,
  market: z.enum(['spot', 'futures']),
  data: tickerSchema,
  dataSource: dataSourceSchema,
});
export type TickerResponse = z.infer<typeof tickerResponseSchema>;

export const orderbookQuerySchema = z.object({
  exchange: venueIdSchema,
  symbol: symbolParam,
  market: marketParam.default('spot'),
  depth: z.coerce.number().min(1).max(200).int().default(50),
});
export type OrderbookQuery = z.infer<typeof orderbookQuerySchema>;

const level = z.tuple([z.number(), z.number()]);
export const orderbookResponseSchema = z.object({
  exchange: venueIdSchema,
  symbol: z.string(),
  market: z.enum(['spot', 'perp']),
  base: z.string(),
  quote: z.string(),
  date: z.number(),
  bids: z.array(level).describe('[price, volume], best first'),
  asks: z.array(level),
  dataSource: dataSourceSchema,
});
export type OrderbookResponse = z.infer<typeof orderbookResponseSchema>;

export const marketSymbolsQuerySchema = z.object({
  exchange: venueIdSchema,
  market: marketParam.optional(),
  ...listPageQuery,
});
export const marketExchangesQuerySchema = z.object({ market: marketParam.optional() });

export const forexQuerySchema = z.object({
  symbol: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3,4}-[A-Za-z]{3}$/, 'a pair such as USD-KRW or USDT-KRW')
    .transform((s) => s.toUpperCase()),
});
export const forexResponseSchema = z.object({
  s: z.string(),
  r: z.number(),
  d: z.number(),
  source: z.string().describe('forex: the USD/KRW source; upbit: Upbit USDT/KRW'),
  dataSource: dataSourceSchema,
});
export type ForexResponse = z.infer<typeof forexResponseSchema>;
export const forexSymbolsResponseSchema = z.object({ data: z.array(z.string()) });

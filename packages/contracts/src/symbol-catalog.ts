import { z } from 'zod';
import { currencySchema, dataSourceSchema, venueIdSchema } from './common.ts';
import { marketParam } from './margin.ts';
import { symbolParam } from './market-data.ts';

/** Spec §7 front calls `symbol` (the market registry, Candle-symbol entity of §3) and `market` (one market now). */

const tokenParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/, 'a token symbol such as BTC')
  .transform((s) => s.toUpperCase());

export const symbolCatalogQuerySchema = z.object({
  exchange: venueIdSchema.optional(),
  market: marketParam.optional(),
  base: tokenParam.optional(),
  quote: tokenParam.optional(),
  /** The spec's symbol string (2 or 3 dash-separated parts): exchange-base or exchange-quote-base. */
  symbol: z.string().trim().min(1).max(64).optional(),
  q: z.string().trim().min(1).max(20).optional().describe('part of the base token, case-insensitive'),
  quoted: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('true: only markets with a price now'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().min(1).max(5_000).int().default(500),
});
export type SymbolCatalogQuery = z.infer<typeof symbolCatalogQuerySchema>;

export const catalogSymbolSchema = z.object({
  id: z.string().describe('the market’s id: detail symbol, `.perp` for perpetuals'),
  exchange: venueIdSchema,
  market: z.enum(['spot', 'perp']),
  baseSymbol: z.string(),
  quoteSymbol: z.string(),
  apiSymbol: z.string().describe('BASE/QUOTE'),
  symbol: z.string().describe('exchange-quote-base, lowercase: the detail-page symbol'),
  quoted: z.boolean().describe('a price has arrived'),
  updatedAt: z.number().nullable(),
});
export type CatalogSymbol = z.infer<typeof catalogSymbolSchema>;

export const symbolCatalogResponseSchema = z.object({
  data: z.array(catalogSymbolSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  updatedAt: z.number(),
});
export type SymbolCatalogResponse = z.infer<typeof symbolCatalogResponseSchema>;

export const marketQuerySchema = z.object({
  exchange: venueIdSchema,
  symbol: symbolParam,
  market: marketParam.default('spot'),
  currency: currencySchema.optional().describe('convert prices and volume; absent: the market’s own quote'),
});
export type MarketQuery = z.infer<typeof marketQuerySchema>;

const n = z.number().nullable();

export const marketResponseSchema = z.object({
  id: z.string(),
  exchange: venueIdSchema,
  exchangeName: z.string(),
  kind: z.enum(['cex', 'perp-dex', 'amm-dex']),
  region: z.enum(['korea', 'overseas']),
  market: z.enum(['spot', 'perp']),
  base: z.string(),
  quote: z.string(),
  symbol: z.string().describe('BASE-QUOTE'),
  detailSymbol: z.string(),
  currency: z.string().describe('the currency of price, bid, ask and volume24h'),
  price: n,
  bid: n,
  ask: n,
  spreadPercent: n.describe('(ask − bid) / mid'),
  open24h: n,
  change24hPercent: n,
  volume24h: n,
  volume24hUsd: n,
  funding: z
    .object({
      ratePercent: n,
      intervalHours: n,
      nextFundingTime: n,
      markPrice: n,
    })
    .nullable()
    .describe('perpetuals only'),
  tokenMarkets: z.number().describe('markets quoting the token on every venue'),
  updatedAt: z.number(),
  stale: z.boolean().describe('older than the 10 s interval’s window'),
  dataSource: dataSourceSchema,
});
export type MarketResponse = z.infer<typeof marketResponseSchema>;

import { VENUE_STATUSES } from '@spreadscope/core';
import { z } from 'zod';
import { dataSourceSchema, storableText, venueIdSchema } from './common.ts';
import { walletHealthCountsSchema } from './wallets.ts';

/** Exchanges overview and detail (spec §7 exchanges/overview, exchanges/{exchange}/info|overview|token-metrics, exchanges/markets). */

const kindSchema = z.enum(['cex', 'perp-dex', 'amm-dex']);
const regionSchema = z.enum(['korea', 'overseas']);

export const exchangeParamsSchema = z.object({ exchange: storableText(40) });

export const exchangeSummarySchema = z.object({
  id: venueIdSchema,
  name: z.string(),
  kind: kindSchema,
  region: regionSchema,
  marketTypes: z.array(z.enum(['spot', 'perp'])),
  markets: z.number().describe('markets quoted now'),
  tokens: z.number().describe('distinct base tokens quoted now'),
  volume24hUsd: z
    .number()
    .nullable()
    .describe('24 h volume of the venue’s USD-, USDT-, USDC- and KRW-quoted markets, in USD'),
  status: z.enum(VENUE_STATUSES),
  lastMessageAt: z.number().nullable(),
  wallets: walletHealthCountsSchema.describe('networks by health'),
});
export type ExchangeSummary = z.infer<typeof exchangeSummarySchema>;

export const exchangesOverviewResponseSchema = z.object({
  dataSource: dataSourceSchema,
  venues: z.array(exchangeSummarySchema),
  updatedAt: z.number(),
});
export type ExchangesOverviewResponse = z.infer<typeof exchangesOverviewResponseSchema>;

export const exchangeInfoResponseSchema = z.object({
  id: venueIdSchema,
  name: z.string(),
  kind: kindSchema,
  region: regionSchema,
  marketTypes: z.array(z.enum(['spot', 'perp'])),
  quotes: z.array(z.string()),
  website: z.string().nullable(),
  chain: z.string().nullable().describe('on-chain venues: the chain they run on'),
});
export type ExchangeInfoResponse = z.infer<typeof exchangeInfoResponseSchema>;

export const exchangeOverviewResponseSchema = z.object({
  dataSource: dataSourceSchema,
  summary: exchangeSummarySchema,
  updatedAt: z.number(),
});
export type ExchangeOverviewResponse = z.infer<typeof exchangeOverviewResponseSchema>;

export const exchangeMarketSchema = z.object({
  exchange: venueIdSchema,
  market: z.enum(['spot', 'perp']),
  base: z.string(),
  quote: z.string(),
  symbol: z.string(),
  price: z.number().describe('last price in the market’s quote'),
  volume24hUsd: z.number().nullable(),
  updatedAt: z.number(),
  stale: z.boolean(),
});
export type ExchangeMarket = z.infer<typeof exchangeMarketSchema>;

export const exchangeMarketsQuerySchema = z.object({
  exchange: venueIdSchema.optional(),
  market: z.enum(['spot', 'perp']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().min(1).max(5_000).int().default(500),
});

export const exchangeMarketsResponseSchema = z.object({
  data: z.array(exchangeMarketSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  updatedAt: z.number(),
});
export type ExchangeMarketsResponse = z.infer<typeof exchangeMarketsResponseSchema>;

export const tokenMetricSchema = z.object({
  base: z.string(),
  markets: z.number(),
  volume24hUsd: z.number().nullable(),
  shareOfVenuePercent: z.number().nullable().describe('share of the venue’s 24 h volume'),
});

export const tokenMetricsQuerySchema = z.object({
  limit: z.coerce.number().min(1).max(500).int().default(50),
});

export const tokenMetricsResponseSchema = z.object({
  exchange: venueIdSchema,
  data: z.array(tokenMetricSchema).describe('tokens by 24 h volume, largest first'),
  tokens: z.number(),
  updatedAt: z.number(),
});
export type TokenMetricsResponse = z.infer<typeof tokenMetricsResponseSchema>;

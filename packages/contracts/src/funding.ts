import { z } from 'zod';
import {
  dataSourceSchema,
  listPageFields,
  listPageQuery,
  pageQuery,
  sortOrderSchema,
  storableText,
  venueIdSchema,
} from './common.ts';
import {
  flagParam,
  fundingIntervalFilterSchema,
  historyRangeSchema,
  quoteParam,
  searchParam,
  tokenParam,
} from './market-common.ts';
import { ratesSchema } from './spread-query.ts';
import { FUNDING_SORT_KEYS } from './wire-constants.ts';

/** Funding of perpetuals: latest, ranking, overview, history, heatmap (spec §3 funding rate, §7, §9). */

export const fundingMarketSchema = z.object({
  exchange: venueIdSchema,
  baseToken: z.string(),
  quoteToken: z.string(),
  symbol: z.string().describe('exchange-quote-base, lowercase'),
  fundingRatePercent: z.number().describe('current (predicted) rate per interval, percent'),
  intervalHours: z.number(),
  nextFundingTime: z.number().nullable(),
  markPrice: z.number().nullable().describe('in the quote currency'),
  annualizedPercent: z.number().describe('rate × 8760 / interval hours'),
  volume24h: z.number().nullable().describe('24 h volume of the perpetual, quote currency'),
  date: z.number().describe('epoch ms of the last funding update'),
  stale: z.boolean().describe('no funding update within 120 s'),
});
export type FundingMarket = z.infer<typeof fundingMarketSchema>;

const fundingFilters = {
  exchange: venueIdSchema.optional(),
  search: searchParam,
  quote: quoteParam.optional(),
  interval: fundingIntervalFilterSchema.default('all'),
  dex: flagParam.default(false).describe('include perp DEXes (a plan feature)'),
};

export { FUNDING_SORT_KEYS } from './wire-constants.ts';

export const fundingLatestQuerySchema = z.object({
  ...fundingFilters,
  sort: z.enum(FUNDING_SORT_KEYS).default('annualized'),
  order: sortOrderSchema.default('desc'),
  ...pageQuery,
});
export type FundingLatestQuery = z.infer<typeof fundingLatestQuerySchema>;

export const fundingLatestResponseSchema = z.object({
  data: z.array(fundingMarketSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  updatedAt: z.number(),
  dataSource: dataSourceSchema,
  rates: ratesSchema
    .optional()
    .describe('KRW per USD (forex) and per USDT (Upbit): converts mark prices and volumes to KRW'),
});
export type FundingLatestResponse = z.infer<typeof fundingLatestResponseSchema>;

export const fundingRankingQuerySchema = z.object({
  ...fundingFilters,
  direction: z
    .enum(['positive', 'negative'])
    .default('positive')
    .describe('highest or lowest annualized rates'),
  limit: z.coerce.number().min(1).max(100).int().default(20),
});
export type FundingRankingQuery = z.infer<typeof fundingRankingQuerySchema>;

export const fundingRankingResponseSchema = z.object({
  direction: z.enum(['positive', 'negative']),
  data: z.array(fundingMarketSchema.extend({ rank: z.number() })),
  updatedAt: z.number(),
  dataSource: dataSourceSchema,
});
export type FundingRankingResponse = z.infer<typeof fundingRankingResponseSchema>;

export const fundingOverviewQuerySchema = z.object({
  search: searchParam,
  quote: quoteParam.optional(),
  dex: flagParam.default(false),
  sort: z
    .enum(['base', 'volume', 'spread'])
    .default('volume')
    .describe('spread: widest annualized gap across venues'),
  order: sortOrderSchema.default('desc'),
  ...pageQuery,
});
export type FundingOverviewQuery = z.infer<typeof fundingOverviewQuerySchema>;

export const fundingCellSchema = z.object({
  fundingRatePercent: z.number(),
  intervalHours: z.number(),
  annualizedPercent: z.number(),
  nextFundingTime: z.number().nullable(),
  stale: z.boolean(),
});

export const fundingOverviewResponseSchema = z.object({
  exchanges: z.array(venueIdSchema).describe('columns, in registry order'),
  data: z.array(
    z.object({
      baseToken: z.string(),
      rates: z
        .record(z.string(), fundingCellSchema)
        .describe('by exchange id; absent where the token has no perpetual'),
      maxAnnualizedPercent: z.number().nullable(),
      minAnnualizedPercent: z.number().nullable(),
      spreadAnnualizedPercent: z
        .number()
        .nullable()
        .describe('max − min annualized across venues: the funding-arbitrage headroom'),
      volume24hUsd: z.number().nullable(),
    }),
  ),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  updatedAt: z.number(),
  dataSource: dataSourceSchema,
});
export type FundingOverviewResponse = z.infer<typeof fundingOverviewResponseSchema>;

export const fundingTokenQuerySchema = z.object({ base: tokenParam, dex: flagParam.default(false) });
export const fundingTokenResponseSchema = z.object({
  baseToken: z.string(),
  data: z.array(fundingMarketSchema),
  averageAnnualizedPercent: z.number().nullable().describe('volume-weighted where volumes are known'),
  updatedAt: z.number(),
  rates: ratesSchema
    .optional()
    .describe('KRW per USD (forex) and per USDT (Upbit): converts mark prices and volumes to KRW'),
});
export type FundingTokenResponse = z.infer<typeof fundingTokenResponseSchema>;

export const fundingHistoryQuerySchema = z.object({
  exchange: venueIdSchema,
  base: tokenParam,
  quote: quoteParam.optional().describe("default: the venue's main quote"),
  range: historyRangeSchema.default('7d'),
});
export type FundingHistoryQuery = z.infer<typeof fundingHistoryQuerySchema>;

export const fundingPointSchema = z.object({
  date: z.number().describe('funding time (settlement), epoch ms'),
  fundingRate: z.number().describe('settled rate, percent per interval'),
  intervalHours: z.number(),
  markPrice: z.number().nullable(),
});

export const fundingHistoryResponseSchema = z.object({
  exchange: venueIdSchema,
  baseToken: z.string(),
  quoteToken: z.string(),
  range: historyRangeSchema,
  from: z.number(),
  to: z.number(),
  data: z.array(fundingPointSchema),
});
export type FundingHistoryResponse = z.infer<typeof fundingHistoryResponseSchema>;

export const fundingHistoryV2QuerySchema = z.object({
  base: tokenParam,
  range: historyRangeSchema.default('7d'),
  exchanges: z
    .string()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((e) => e.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(venueIdSchema).max(22).optional())
    .describe('comma-separated exchanges; default every venue listing a perpetual of the token'),
  dex: flagParam.default(false),
});
export type FundingHistoryV2Query = z.infer<typeof fundingHistoryV2QuerySchema>;

export const fundingHistoryV2ResponseSchema = z.object({
  baseToken: z.string(),
  range: historyRangeSchema,
  from: z.number(),
  to: z.number(),
  series: z.array(
    z.object({ exchange: venueIdSchema, quoteToken: z.string(), data: z.array(fundingPointSchema) }),
  ),
});
export type FundingHistoryV2Response = z.infer<typeof fundingHistoryV2ResponseSchema>;

export const fundingHeatmapQuerySchema = z.object({
  exchange: venueIdSchema.optional().describe('one venue, or the average over venues'),
  dex: flagParam.default(false),
  limit: z.coerce.number().min(1).max(200).int().default(50).describe('tokens, by 24 h perpetual volume'),
});
export type FundingHeatmapQuery = z.infer<typeof fundingHeatmapQuerySchema>;

export const fundingHeatmapResponseSchema = z.object({
  hours: z
    .array(z.number())
    .describe('the 24 hourly buckets (start, epoch ms), oldest first; the last is the hour in progress'),
  data: z.array(
    z.object({
      baseToken: z.string(),
      cells: z
        .array(z.number().nullable())
        .describe('mean annualized funding (percent) observed in each hour; null: no observation'),
    }),
  ),
  updatedAt: z.number(),
});
export type FundingHeatmapResponse = z.infer<typeof fundingHeatmapResponseSchema>;

export const fundingSymbolsQuerySchema = z.object({ ...listPageQuery });
export const fundingSymbolsResponseSchema = z.object({
  data: z.array(
    z.object({ exchange: venueIdSchema, baseToken: z.string(), quoteToken: z.string(), symbol: z.string() }),
  ),
  ...listPageFields,
});

export const fundingExchangesResponseSchema = z.object({
  data: z.array(
    z.object({
      exchange: venueIdSchema,
      name: z.string(),
      kind: z.enum(['cex', 'perp-dex', 'amm-dex']),
      markets: z.number(),
      intervals: z.array(z.number()),
    }),
  ),
});

export const fundingIntervalsResponseSchema = z.object({
  data: z.array(z.object({ intervalHours: z.number(), markets: z.number() })),
});

export const fundingSearchQuerySchema = z.object({
  q: storableText(40).trim().min(1),
  limit: z.coerce.number().min(1).max(50).int().default(10),
});
export const fundingSearchResponseSchema = z.object({
  data: z.array(z.object({ baseToken: z.string(), exchanges: z.array(venueIdSchema), score: z.number() })),
});

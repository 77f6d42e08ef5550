import { z } from 'zod';
import { dataSourceSchema, venueIdSchema } from './common.ts';
import { tokenParam } from './market-common.ts';

export const OI_WINDOWS = ['1h', '4h', '24h', '7d'] as const;
export const OI_WINDOW_MS: Record<(typeof OI_WINDOWS)[number], number> = {
  '1h': 3_600_000,
  '4h': 4 * 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};
export const BUCKETS = ['1m', '5m', '15m', '1h'] as const;
export const BUCKET_MS: Record<(typeof BUCKETS)[number], number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
};

export const openInterestQuerySchema = z.object({
  base: tokenParam.describe('the perpetuals’ base token, e.g. BTC'),
  exchange: venueIdSchema.optional(),
  window: z.enum(OI_WINDOWS).default('24h'),
  interval: z.enum(BUCKETS).default('5m'),
});
export type OpenInterestQuery = z.infer<typeof openInterestQuerySchema>;

export const oiVenueSchema = z.object({
  exchange: venueIdSchema,
  quote: z.string(),
  openInterest: z.number().describe('base units'),
  openInterestUsd: z.number().nullable(),
  change1h: z.number().nullable().describe('percent'),
  change24h: z.number().nullable().describe('percent'),
  updatedAt: z.number(),
});

export const openInterestResponseSchema = z.object({
  base: z.string(),
  exchange: venueIdSchema.nullable(),
  window: z.enum(OI_WINDOWS),
  interval: z.enum(BUCKETS),
  venues: z.array(oiVenueSchema).describe('latest per venue, largest first'),
  totalUsd: z.number().nullable(),
  history: z.array(
    z.object({
      t: z.number().describe('bucket start, epoch ms'),
      openInterest: z.number(),
      openInterestUsd: z.number().nullable(),
      longUsd: z.number(),
      shortUsd: z.number(),
    }),
  ),
  dataSource: dataSourceSchema,
});
export type OpenInterestResponse = z.infer<typeof openInterestResponseSchema>;

export const liquidationsQuerySchema = z.object({
  base: tokenParam.optional(),
  exchange: venueIdSchema.optional(),
  min_usd: z.coerce.number().nonnegative().max(1e12).optional(),
  since: z.coerce
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('only events after this epoch ms (live polling)'),
  limit: z.coerce.number().min(1).max(1_000).int().default(100),
});
export type LiquidationsQuery = z.infer<typeof liquidationsQuerySchema>;

export const liquidationSchema = z.object({
  exchange: venueIdSchema,
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  side: z.enum(['long', 'short']).describe('the position liquidated'),
  price: z.number(),
  volume: z.number().describe('base units'),
  volumeUsd: z.number().nullable(),
  timestamp: z.number(),
});
export type Liquidation = z.infer<typeof liquidationSchema>;

export const liquidationsResponseSchema = z.object({
  data: z.array(liquidationSchema).describe('newest first'),
  stats: z.object({
    window: z.literal('24h'),
    count: z.number(),
    longUsd: z.number(),
    shortUsd: z.number(),
  }),
  dataSource: dataSourceSchema,
});
export type LiquidationsResponse = z.infer<typeof liquidationsResponseSchema>;

export const derivativesSymbolsResponseSchema = z.object({
  data: z.array(z.object({ base: z.string(), venues: z.number(), openInterestUsd: z.number().nullable() })),
});

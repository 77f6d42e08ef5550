import { z } from 'zod';
import {
  conversionBaseSchema,
  currencySchema,
  listPageFields,
  listPageQuery,
  storableText,
  venueIdSchema,
} from './common.ts';
import { flagParam, marketTypeSchema, premiumScopeSchema } from './market-common.ts';
import { walletNetworkSchema } from './networks.ts';

/** What the premium screens can choose from, and the premium detail page (spec §2 /premium/{symbol}). */

export const premiumExchangesResponseSchema = z.object({
  sources: z.array(
    z.object({
      exchange: venueIdSchema,
      name: z.string(),
      region: z.enum(['korea', 'overseas']),
      markets: z.number(),
    }),
  ),
  targets: z.array(
    z.object({
      exchange: venueIdSchema,
      name: z.string(),
      region: z.enum(['korea', 'overseas']),
      markets: z.number(),
    }),
  ),
});

export const premiumSymbolsQuerySchema = z.object({
  scope: premiumScopeSchema.default('kimchi'),
  dex: flagParam.default(false),
  ...listPageQuery,
});
export const premiumSymbolsResponseSchema = z.object({
  data: z.array(
    z.object({
      base: z.string(),
      exchanges: z.array(venueIdSchema).describe('venues quoting the token in this scope'),
      markets: z.number(),
    }),
  ),
  ...listPageFields,
});

export const premiumSearchQuerySchema = z.object({
  q: storableText(40).trim().min(1),
  limit: z.coerce.number().min(1).max(50).int().default(10),
});
export const premiumSearchResponseSchema = z.object({
  data: z.array(
    z.object({
      base: z.string(),
      score: z.number().describe('0 is an exact match; fuzzy matches up to the 0.4 threshold'),
      exchanges: z.array(venueIdSchema),
    }),
  ),
});

const symbolParam = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .describe('exchange-base or exchange-quote-base, lowercase (e.g. upbit-btc, binance-usdt-btc)');

export const premiumDetailQuerySchema = z.object({
  symbol: symbolParam,
  currency: currencySchema.default('KRW'),
  conversionBase: conversionBaseSchema.default('USD'),
  dex: flagParam.default(false),
});
export type PremiumDetailQuery = z.infer<typeof premiumDetailQuerySchema>;

const detailMarketSchema = z.object({
  exchange: venueIdSchema,
  market: marketTypeSchema,
  quote: z.string(),
  symbol: z.string(),
  price: z.number(),
  nativePrice: z.number(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  change24hPercent: z.number().nullable(),
  volume24h: z.number().nullable(),
  fundingRatePercent: z.number().nullable(),
  updatedAt: z.number(),
  stale: z.boolean(),
});

export const premiumDetailHeaderResponseSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  market: detailMarketSchema.describe('the market the symbol names (spot; KRW on Korean venues by default)'),
  reference: detailMarketSchema.nullable().describe('the counterpart the headline premium is taken against'),
  premiumPercent: z.number().nullable().describe('market over reference'),
  currency: currencySchema,
  conversionBase: conversionBaseSchema,
  conversionRate: z.number().nullable(),
  markets: z.number().describe('markets quoting the token'),
});
export type PremiumDetailHeaderResponse = z.infer<typeof premiumDetailHeaderResponseSchema>;

export const premiumDetailOverviewResponseSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  currency: currencySchema,
  conversionBase: conversionBaseSchema,
  conversionRate: z.number().nullable(),
  data: z.array(
    detailMarketSchema.extend({
      premiumPercent: z
        .number()
        .nullable()
        .describe('the symbol market over this one, (symbol / this − 1) × 100'),
    }),
  ),
});
export type PremiumDetailOverviewResponse = z.infer<typeof premiumDetailOverviewResponseSchema>;

export const premiumDetailWalletResponseSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  data: z.array(walletNetworkSchema),
});

import { ARBITRAGE_KINDS } from '@spreadscope/core';
import { z } from 'zod';
import { conversionBaseSchema, currencySchema, dataSourceSchema, venueIdSchema } from './common.ts';
import { gatedRowsField } from './gated-row.ts';
import { spreadQuoteSchema } from './market-common.ts';
import { ratesSchema, SPREAD_SORT_KEYS, spreadTableQuery } from './spread-query.ts';
import { arbitrageRowSchema } from './spread-row.ts';

export const arbitrageKindSchema = z.enum(ARBITRAGE_KINDS);

/**
 * /arbitrage/spot-spot, /arbitrage/spot-perp, /arbitrage/perp-perp: every ordered pair of two markets of a
 * token where the source (bought, long) and target (sold, short) have the market types the path names.
 */
export const arbitrageQuerySchema = z.object({
  source: venueIdSchema.optional().describe('exchange of the leg bought (long)'),
  target: venueIdSchema.optional().describe('exchange of the leg sold (short)'),
  sourceQuote: spreadQuoteSchema.optional().describe('quote of the leg bought: KRW, USDT, USDC or USD'),
  targetQuote: spreadQuoteSchema.optional().describe('quote of the leg sold: KRW, USDT, USDC or USD'),
  minGap: z.coerce
    .number()
    .min(-100)
    .max(1000)
    .optional()
    .describe('keep rows whose sorted-by gap is at least this'),
  maxGap: z.coerce.number().min(-100).max(1000).optional(),
  sort: z.enum(SPREAD_SORT_KEYS).default('netGap'),
  ...spreadTableQuery,
});
export type ArbitrageQuery = z.infer<typeof arbitrageQuerySchema>;
export type ArbitrageQueryInput = z.input<typeof arbitrageQuerySchema>;

export const arbitrageResponseSchema = z.object({
  kind: arbitrageKindSchema,
  data: z.array(arbitrageRowSchema),
  gatedRows: gatedRowsField,
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  updatedAt: z.number(),
  currency: currencySchema,
  conversionBase: conversionBaseSchema,
  rates: ratesSchema,
  dataSource: dataSourceSchema,
});
export type ArbitrageResponse = z.infer<typeof arbitrageResponseSchema>;

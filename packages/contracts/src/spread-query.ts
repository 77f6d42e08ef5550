import { z } from 'zod';
import {
  conversionBaseSchema,
  currencySchema,
  pageQuery,
  sortOrderSchema,
  updateIntervalSchema,
} from './common.ts';
import {
  basesFilterParam,
  durationFilterSchema,
  feeModeSchema,
  fundingIntervalFilterSchema,
  networkChoiceSchema,
  searchParam,
  tableFlags,
} from './market-common.ts';

export { SPREAD_SORT_KEYS, type SpreadSortKey } from './wire-constants.ts';

/** Query parameters the premium and arbitrage tables share. */
export const spreadTableQuery = {
  search: searchParam,
  bases: basesFilterParam,
  currency: currencySchema.default('KRW'),
  conversionBase: conversionBaseSchema.default('USD').describe('USD: forex USD/KRW; USDT: Upbit USDT/KRW'),
  interval: updateIntervalSchema.default('realtime').describe('freshness window for stale marking'),
  feeMode: feeModeSchema
    .default('taker')
    .describe('fees deducted in fees.netGapPercent: maker, taker, none, or taker plus the withdrawal fee'),
  networkChoice: networkChoiceSchema
    .default('all')
    .describe('transfer networks listed: all open ones, the fastest, or the cheapest'),
  minDuration: durationFilterSchema
    .default('all')
    .describe('keep rows whose premium has lasted at least this long'),
  fundingInterval: fundingIntervalFilterSchema
    .default('all')
    .describe('keep rows with a perpetual leg settling at this interval'),
  amount: z.coerce
    .number()
    .positive()
    .max(1e13)
    .optional()
    .describe(
      'notional for the profit estimate and withdrawal fee, requested currency (default ₩10,000,000 or $10,000)',
    ),
  ...tableFlags,
  order: sortOrderSchema.default('desc'),
  ...pageQuery,
};

export const ratesSchema = z.object({
  usdKrw: z.number().nullable(),
  usdtKrw: z.number().nullable(),
  updatedAt: z.number().nullable(),
});

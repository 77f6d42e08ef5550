import { z } from 'zod';
import { conversionBaseSchema, currencySchema } from './common.ts';
import {
  arbitrageStateSchema,
  feeModeSchema,
  premiumTypeSchema,
  windowValuesSchema,
} from './market-common.ts';
import { premiumLegSchema } from './premium-row.ts';

/**
 * The full row of every premium and arbitrage table (spec §3 "premium/arbitrage row"). A row is one
 * combination: an ordered pair of two markets of the same token (source first). Premium rows read the gap as
 * the premium of the source over the target; arbitrage rows read it as the spread captured by buying the
 * source and selling the target. Everything priced is in the requested currency.
 */

const nullableNumber = (description: string) => z.number().nullable().describe(description);

export const spreadLegSchema = premiumLegSchema.extend({
  symbol: z.string().describe('exchange-quote-base, lowercase: the detail-page symbol of this market'),
  fundingRatePercent: nullableNumber('perpetuals: current funding rate per interval, percent'),
  fundingIntervalHours: nullableNumber('perpetuals: hours between fundings'),
  nextFundingTime: nullableNumber('perpetuals: epoch ms of the next funding'),
  annualizedFundingPercent: nullableNumber('funding rate × 8760 / interval hours, percent'),
  bidDepth: nullableNumber(
    'bids within 2 % below the book mid, summed, requested currency; null without a fresh book',
  ),
  askDepth: nullableNumber(
    'asks within 2 % above the book mid, summed, requested currency; null without a fresh book',
  ),
  makerFeePercent: z.number().describe("the venue's base-tier maker fee for this market type"),
  takerFeePercent: z.number().describe("the venue's base-tier taker fee for this market type"),
});
export type SpreadLeg = z.infer<typeof spreadLegSchema>;

export const transferNetworkSchema = z.object({
  network: z.string(),
  confirmations: z.number().nullable().describe('deposit confirmations the receiving venue waits for'),
  blockTimeSec: z.number().nullable(),
  transferTimeSec: z.number().nullable().describe('block time × confirmations'),
  withdrawFee: z.number().nullable().describe('withdrawal fee at the sending venue, in units of the token'),
  withdrawFeeValue: z.number().nullable().describe('the same fee in the requested currency'),
});
export type TransferNetwork = z.infer<typeof transferNetworkSchema>;

export const transferSchema = z.object({
  needed: z
    .boolean()
    .describe('false when a leg is a perpetual: the hedge settles in margin and no coin has to move'),
  from: z.enum(['source', 'target']).describe('the leg the coin leaves (where it is bought)'),
  networks: z
    .array(transferNetworkSchema)
    .describe(
      'networks with withdrawals open at the sending venue and deposits open at the receiving one; all, or the single fastest/cheapest per networkChoice',
    ),
  transferable: z.boolean().nullable().describe('null when either venue has reported no wallet status'),
  state: arbitrageStateSchema
    .nullable()
    .describe(
      'trading_available: both legs fresh and a route open (or none needed); deposit_available: the receiving venue takes deposits but no route is open; awaiting_deposit: deposits closed at the receiving venue; null: stale leg or wallet status unknown',
    ),
});

export const feesSchema = z.object({
  mode: feeModeSchema,
  buyFeePercent: z.number(),
  sellFeePercent: z.number(),
  withdrawalFeePercent: nullableNumber(
    'withdrawal mode: the cheapest open network\'s fee as a percent of "amount"; null otherwise or unknown',
  ),
  netGapPercent: nullableNumber(
    'the trade (buy at ask, sell at bid) after these fees, in percent; positive is profit',
  ),
});

export const estimateSchema = z.object({
  amount: z.number().describe('notional bought, requested currency'),
  buyFeePercent: z.literal(0.1),
  sellFeePercent: z.literal(0.1),
  profit: nullableNumber('spec §9 estimate: 0.1 % buy and 0.1 % sell fees, requested currency'),
  profitPercent: z.number().nullable(),
});

export const maxEntrySchema = z
  .object({
    size: z
      .number()
      .describe(
        'largest notional (requested currency) whose profit after fees is still ≥ 0; in withdrawal fee mode the withdrawal fee is a fixed cost of the trade, so it moves this size',
      ),
    sizeUsd: z
      .number()
      .optional()
      .describe("the same size in US dollars (dollar quotes at par, KRW at the row's conversion rate)"),
    units: z.number().describe('the same size in units of the token'),
    averageGapPercent: z
      .number()
      .describe('what the trade of that size nets after fees (and the withdrawal fee), percent'),
    optimalSize: z
      .number()
      .describe('notional at which the last unit stops paying: most profit (0 when no size pays)'),
    optimalSizeUsd: z.number().optional().describe('optimalSize in US dollars'),
    optimalProfit: z.number(),
    optimalProfitUsd: z.number().optional().describe('optimalProfit in US dollars'),
    bookLimited: z.boolean().describe('a book ran out before the gap closed: the real size may be larger'),
  })
  .nullable()
  .describe(
    'walks both order books; null without fresh books on both legs, or in withdrawal fee mode when the fee is unknown (maxEntryUnavailable says which)',
  );

export const bookUnavailableSchema = z
  .enum(['no_book', 'stale_book', 'empty_book', 'withdrawal_fee_unknown'])
  .nullable()
  .optional()
  .describe(
    "why the figure is null: no_book — the feed keeps no order book for a leg (live venues keep books for their most traded markets only); stale_book — a leg's book is older than the freshness window; empty_book — a book side has no levels; withdrawal_fee_unknown — withdrawal fee mode without a known fee",
  );

export const pairFundingSchema = z.object({
  gapPercent: nullableNumber(
    'spec §9: (long funding − short funding) × long interval / short interval, long = source, short = target; both legs perpetual',
  ),
  netRate8hPercent: nullableNumber(
    'funding received by long source / short target, per 8 hours, percent (spot legs pay none)',
  ),
  annualizedPercent: nullableNumber('the same net funding per year'),
});

function spreadRowSchema(convention: 'premium' | 'arbitrage') {
  const premium = convention === 'premium';
  return z.object({
    id: z
      .string()
      .describe('<source>-<target>-<BASE>; a side reads venue[.perp][.quote when not the main one]'),
    base: z.string(),
    source: spreadLegSchema,
    target: spreadLegSchema,
    currency: currencySchema,
    conversionBase: conversionBaseSchema,
    conversionRate: z.number().describe('KRW per unit of the conversion base'),
    priceDiff: z.number().describe(premium ? 'source price − target price' : 'target price − source price'),
    gapPercent: z
      .number()
      .describe(
        premium ? '(source / target − 1) × 100 on last prices' : '(target / source − 1) × 100 on last prices',
      ),
    stale: z.boolean().describe('either leg older than the freshness window; never ranked as an opportunity'),
    tokenMismatch: z
      .boolean()
      .describe(
        'same ticker, different token: the venues publish different contracts for it on a shared network; never ranked as an opportunity',
      ),
    scope: z
      .enum(['kimchi', 'global', 'domestic'])
      .describe('Korean vs overseas, both overseas, both Korean'),
    premiumType: premiumTypeSchema,
    entryGapPercent: nullableNumber(
      premium
        ? 'buy at source ask, sell at target bid: (source ask / target bid − 1) × 100 (진입)'
        : 'buy at source ask, sell at target bid: (target bid / source ask − 1) × 100',
    ),
    exitGapPercent: nullableNumber(
      premium
        ? 'and back, sell at source bid, buy at target ask: (source bid / target ask − 1) × 100 (탈출)'
        : 'and back, sell at source bid, buy at target ask: (target ask / source bid − 1) × 100',
    ),
    gapAgo: windowValuesSchema,
    durationSince: nullableNumber(
      "premium duration, as its start: epoch ms (a minute boundary) since which the gap has stayed within ±20 % of its value, on 1-minute closes; the duration is the table's updatedAt − this",
    ),
    depth: z.object({
      entry: nullableNumber('min(source asks, target bids) within 2 %, requested currency'),
      exit: nullableNumber('min(source bids, target asks) within 2 %, requested currency'),
      unavailable: bookUnavailableSchema,
    }),
    funding: pairFundingSchema,
    trade: z
      .enum(['buySource', 'buyTarget'])
      .describe(
        premium
          ? 'the trade that captures this premium: buy the cheaper side; fees, estimate, depth walk and transfer follow it'
          : 'always buySource: buy the source, sell the target',
      ),
    transfer: transferSchema,
    fees: feesSchema,
    estimate: estimateSchema,
    maxEntry: maxEntrySchema,
    maxEntryUnavailable: bookUnavailableSchema,
  });
}

export const premiumTableRowSchema = spreadRowSchema('premium');
export type PremiumTableRow = z.infer<typeof premiumTableRowSchema>;

export const arbitrageRowSchema = spreadRowSchema('arbitrage');
export type ArbitrageRow = z.infer<typeof arbitrageRowSchema>;

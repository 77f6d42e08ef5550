import { CANDLE_INTERVALS, getVenue, isVenueId } from '@spreadscope/core';
import { z } from 'zod';
import { dataSourceSchema } from './common.ts';

/** Comma-separated or repeated values; empty means no filter. */
const list = z
  .union([z.string().max(400), z.array(z.string().max(400)).max(30)])
  .optional()
  .transform((value) =>
    value === undefined
      ? []
      : [
          ...new Set(
            (typeof value === 'string' ? [value] : value)
              .flatMap((v) => v.split(','))
              .map((v) => v.trim().toLowerCase())
              .filter((v) => v !== '' && v !== 'all'),
          ),
        ],
  );

const dexExchangeList = list.refine(
  (ids) => ids.every((id) => isVenueId(id) && getVenue(id).kind === 'amm-dex'),
  'one or more of uniswapv3, pancakeswap, dragonswap, klayswap, capybara',
);
const chainList = list.refine(
  (ids) => ids.every((id) => /^[a-z0-9-]{1,32}$/.test(id)),
  'a chain id like kaia',
);
const poolList = list.refine(
  (ids) => ids.every((id) => /^[a-z0-9]+:0x[0-9a-f]{1,40}$/.test(id)),
  'a poolId like klayswap:0x…',
);
/** Epoch ms or unix seconds (values below 10^11 are read as seconds, as the public API's `from`/`to`). */
const instant = z.coerce
  .number()
  .int()
  .min(0)
  .transform((n) => (n < 1e11 ? n * 1000 : n))
  .optional();

const rowsQuery = {
  exchange: dexExchangeList,
  chain: chainList,
  pool: poolList,
  symbol: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}([-/][A-Za-z0-9]{1,20})?$/, 'a token like KAIA or a pair like KAIA-USDT')
    .transform((s) => s.toUpperCase().replace('/', '-'))
    .optional(),
  from: instant,
  to: instant,
  sort: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().min(1).max(100_000).int().default(1),
  limit: z.coerce.number().min(1).max(1_000).int().default(100),
};

/** GET /front/dex/pools */
export const dexPoolsQuerySchema = z.object({
  exchange: dexExchangeList,
  chain: chainList,
  symbol: rowsQuery.symbol,
});

export const dexPoolSchema = z.object({
  poolId: z.string().describe('<exchange>:<pool address>'),
  poolAddress: z.string(),
  exchange: z.string(),
  chain: z.string(),
  kind: z.string().describe('v3, v2, klayswap or wombat: how the pool is read'),
  baseSymbol: z.string(),
  quoteSymbol: z.string(),
  baseTokenAddress: z.string().nullable(),
  quoteTokenAddress: z.string().nullable(),
  symbol: z.string().describe('BASE-QUOTE'),
  status: z
    .enum(['live', 'stale', 'starting', 'simulated'])
    .describe('stale: the chain node failed or fell behind; rows may be old'),
  lastBlock: z.number().nullable().describe('last block indexed on the pool’s chain'),
  lastError: z.string().nullable(),
});

export const dexPoolsResponseSchema = z.object({
  data: z.array(dexPoolSchema),
  dataSource: dataSourceSchema,
});

/** GET /front/dex/trade */
export const dexTradesQuerySchema = z.object(rowsQuery);
export type DexTradesQuery = z.infer<typeof dexTradesQuerySchema>;

export const dexTradeSchema = z.object({
  blockNumber: z.number(),
  baseQuantity: z.number(),
  quoteQuantity: z.number(),
  date: z.number().describe('block time, epoch ms'),
  maker: z.string().nullable().describe('the address the pool’s log names as the swap’s counterparty'),
  price: z.number().describe('quote per base'),
  pool: z.string().describe('poolId'),
  exchange: z.string(),
  chain: z.string(),
  symbol: z.string(),
  tradeType: z.enum(['buy', 'sell']).describe('buy: base left the pool'),
  transactionHash: z.string(),
  logIndex: z.number(),
});

export const dexTradesResponseSchema = z.object({
  data: z.array(dexTradeSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  sort: z.string(),
  dataSource: dataSourceSchema,
});

/** GET /front/dex/liquidity */
export const dexLiquidityQuerySchema = z.object(rowsQuery);

export const dexLiquiditySchema = z.object({
  assets: z.array(z.string()),
  quantities: z.array(z.number()),
  blockNumber: z.number(),
  date: z.number(),
  logIndex: z.number(),
  maker: z.string().nullable(),
  pool: z.string(),
  exchange: z.string(),
  chain: z.string(),
  symbol: z.string(),
  type: z.enum(['add', 'remove']),
  transactionHash: z.string(),
});

export const dexLiquidityResponseSchema = z.object({
  data: z.array(dexLiquiditySchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  sort: z.string(),
  dataSource: dataSourceSchema,
});

/** GET /front/dex/candle: one pool; the range defaults to the last 30 days, at most 5,000 candles. */
export const dexCandleQuerySchema = z.object({
  pool: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+:0x[0-9a-f]{1,40}$/, 'a poolId like klayswap:0x…'),
  interval: z.enum(CANDLE_INTERVALS).default('1h'),
  from: instant,
  to: instant,
});

export const dexCandleSchema = z.object({
  d: z.number().describe('open time, epoch ms'),
  o: z.number(),
  h: z.number(),
  l: z.number(),
  c: z.number(),
  v: z.number().describe('base volume'),
});

export const dexCandleResponseSchema = z.object({
  data: z.array(dexCandleSchema),
  pool: z.string(),
  interval: z.string(),
  from: z.number(),
  to: z.number(),
  dataSource: dataSourceSchema,
});

export const dexChainsResponseSchema = z.array(z.string());
export const dexExchangesResponseSchema = z.array(z.string());
export const dexIntervalsResponseSchema = z.array(z.string());

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sourceMode } from './schema-source-mode.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const blockNumber = (name: string) => bigint(name, { mode: 'number' });

/** The AMM pools indexed (spec §3 DEX pool), as configured when the indexer last started. */
export const dexPools = pgTable(
  'dex_pools',
  {
    poolId: text('pool_id').notNull(),
    venue: text('venue').notNull(),
    chain: text('chain').notNull(),
    kind: text('kind').notNull(),
    address: text('address').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    baseToken: text('base_token'),
    quoteToken: text('quote_token'),
    baseDecimals: integer('base_decimals').notNull(),
    quoteDecimals: integer('quote_decimals').notNull(),
    baseIsToken0: boolean('base_is_token0').notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [primaryKey({ name: 'dex_pools_pkey', columns: [t.poolId, t.sourceMode] })],
);

/** Per chain: the last block indexed. */
export const dexCursors = pgTable(
  'dex_cursors',
  {
    chain: text('chain').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    blockHash: text('block_hash').notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [primaryKey({ name: 'dex_cursors_pkey', columns: [t.chain, t.sourceMode] })],
);

/** Hashes of recently indexed blocks, compared with the node's each round to find reorgs. */
export const dexBlocks = pgTable(
  'dex_blocks',
  {
    chain: text('chain').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    blockHash: text('block_hash').notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [primaryKey({ name: 'dex_blocks_pkey', columns: [t.chain, t.sourceMode, t.blockNumber] })],
);

/**
 * Swaps (spec §3 DEX trade). A log is unique by chain, block and log index; a reorg deletes by block
 * number, so the key leads with them.
 */
export const dexTrades = pgTable(
  'dex_trades',
  {
    chain: text('chain').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    logIndex: integer('log_index').notNull(),
    poolId: text('pool_id').notNull(),
    blockHash: text('block_hash').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    date: ts('date').notNull(),
    baseQuantity: doublePrecision('base_quantity').notNull(),
    quoteQuantity: doublePrecision('quote_quantity').notNull(),
    price: doublePrecision('price').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    maker: text('maker'),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'dex_trades_pkey', columns: [t.chain, t.sourceMode, t.blockNumber, t.logIndex] }),
    index('dex_trades_pool_date_idx').on(t.sourceMode, t.poolId, t.date),
    check('dex_trades_side_check', sql`${t.side} in ('buy', 'sell')`),
  ],
);

/** Liquidity added or removed (spec §3 DEX liquidity): assets and quantities in the same order. */
export const dexLiquidity = pgTable(
  'dex_liquidity',
  {
    chain: text('chain').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    logIndex: integer('log_index').notNull(),
    poolId: text('pool_id').notNull(),
    blockHash: text('block_hash').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    date: ts('date').notNull(),
    type: text('type', { enum: ['add', 'remove'] }).notNull(),
    assets: text('assets').array().notNull(),
    quantities: doublePrecision('quantities').array().notNull(),
    maker: text('maker'),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'dex_liquidity_pkey', columns: [t.chain, t.sourceMode, t.blockNumber, t.logIndex] }),
    index('dex_liquidity_pool_date_idx').on(t.sourceMode, t.poolId, t.date),
    check('dex_liquidity_type_check', sql`${t.type} in ('add', 'remove')`),
  ],
);

/**
 * 1-minute candles per pool, kept with the trades they come from so a 30-day chart reads at most 43,200
 * rows instead of every swap. `open_key`/`close_key` (block × 100,000 + log index) order the trades that
 * built the minute, so two writes of one minute merge with the right open and close.
 */
export const dexCandleMinutes = pgTable(
  'dex_candle_minutes',
  {
    poolId: text('pool_id').notNull(),
    minute: ts('minute').notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: doublePrecision('volume').notNull(),
    openKey: bigint('open_key', { mode: 'number' }).notNull(),
    closeKey: bigint('close_key', { mode: 'number' }).notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [primaryKey({ name: 'dex_candle_minutes_pkey', columns: [t.poolId, t.sourceMode, t.minute] })],
);

/**
 * Coarser candles per pool (5 min, 15 min, 1 h, 1 day), merged at write time from each batch's trades the
 * way the minutes are, so a 30-day chart reads 30 daily, 720 hourly or 2,880 quarter-hour rows instead of
 * aggregating 43,200 minutes on every request. `width_ms` names the roll-up; a rewind rebuilds the buckets
 * it touched from the minutes.
 */
export const dexCandleRollups = pgTable(
  'dex_candle_rollups',
  {
    poolId: text('pool_id').notNull(),
    widthMs: integer('width_ms').notNull(),
    bucket: ts('bucket').notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: doublePrecision('volume').notNull(),
    openKey: bigint('open_key', { mode: 'number' }).notNull(),
    closeKey: bigint('close_key', { mode: 'number' }).notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'dex_candle_rollups_pkey',
      columns: [t.poolId, t.sourceMode, t.widthMs, t.bucket],
    }),
  ],
);

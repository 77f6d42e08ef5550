import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const blockNumber = (name: string) => bigint(name, { mode: 'number' });

/**
 * The listing deposit tracker's place on each chain: the last block read, so a restart resumes there
 * instead of re-reading the back-fill. `updated_at` is when the writer last moved it, which is how a
 * process that reads no chain (ROLE=api) tells a live chain from a stale one. Only live chains are read
 * (simulated deposits are drawn, never stored), so there is no source mode.
 */
export const listingDepositCursors = pgTable('listing_deposit_cursors', {
  chain: text('chain').primaryKey(),
  blockNumber: blockNumber('block_number').notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Hashes of the recently read blocks, compared with the node's each round to find reorgs. */
export const listingDepositBlocks = pgTable(
  'listing_deposit_blocks',
  {
    chain: text('chain').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (t) => [primaryKey({ name: 'listing_deposit_blocks_pkey', columns: [t.chain, t.blockNumber] })],
);

/**
 * ERC-20 transfers into the exchanges' wallets (spec §2 listing deposits). A log is unique by chain,
 * transaction and log index, so reading a range again stores nothing twice. The id only grows, in commit
 * order (the writer commits one batch at a time), so API replicas follow new rows by id. The raw amount is
 * base units of a uint256: numeric(78), exact, returned as a decimal string.
 */
export const listingDeposits = pgTable(
  'listing_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chain: text('chain').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    blockHash: text('block_hash').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    contract: text('contract').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    venue: text('venue').notNull(),
    walletKind: text('wallet_kind', { enum: ['hot', 'cold', 'deposit'] }).notNull(),
    rawAmount: numeric('raw_amount', { precision: 78, scale: 0 }).notNull(),
    date: ts('date').notNull(),
  },
  (t) => [
    unique('listing_deposits_chain_tx_log_key').on(t.chain, t.transactionHash, t.logIndex),
    // A reorg deletes one chain's rows above a block.
    index('listing_deposits_chain_block_idx').on(t.chain, t.blockNumber),
    // A listing's deposits: its venue's transfers since shortly before the notice.
    index('listing_deposits_venue_date_idx').on(t.venue, t.date),
    check('listing_deposits_wallet_kind_check', sql`${t.walletKind} in ('hot', 'cold', 'deposit')`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigserial,
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

/**
 * The latest deposit/withdrawal status of each (venue, asset, network), per market source: what the wallet
 * tables show after a restart before the venues answer again, and when each network last changed (the
 * health rule's "changed within the last hour"). `network` is the venue's own spelling.
 */
export const walletNetworks = pgTable(
  'wallet_networks',
  {
    sourceMode: sourceMode('source_mode').notNull(),
    venue: text('venue').notNull(),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    deposit: boolean('deposit').notNull(),
    withdraw: boolean('withdraw').notNull(),
    delayed: boolean('delayed').notNull().default(false),
    confirmations: integer('confirmations'),
    blockTimeSec: doublePrecision('block_time_sec'),
    withdrawFee: doublePrecision('withdraw_fee'),
    withdrawMin: doublePrecision('withdraw_min'),
    contract: text('contract'),
    /** When the venue last told us (the poll). */
    seenAt: ts('seen_at').notNull(),
    /** When deposit or withdraw last changed; null when never seen changing. */
    changedAt: ts('changed_at'),
  },
  (t) => [primaryKey({ columns: [t.sourceMode, t.venue, t.asset, t.network] })],
);

/**
 * Every change of a network's deposit or withdrawal state (opened, suspended), for the change history and
 * the alerts that will subscribe to it. One row per direction that changed.
 */
export const walletChanges = pgTable(
  'wallet_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceMode: sourceMode('source_mode').notNull(),
    venue: text('venue').notNull(),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    kind: text('kind', {
      enum: ['deposit_opened', 'deposit_suspended', 'withdraw_opened', 'withdraw_suspended'],
    }).notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    check(
      'wallet_changes_kind_check',
      sql`${t.kind} in ('deposit_opened', 'deposit_suspended', 'withdraw_opened', 'withdraw_suspended')`,
    ),
    // Latest changes of a venue, of an asset.
    index('wallet_changes_venue_at_idx').on(t.sourceMode, t.venue, t.at),
    index('wallet_changes_asset_at_idx').on(t.sourceMode, t.asset, t.at),
  ],
);

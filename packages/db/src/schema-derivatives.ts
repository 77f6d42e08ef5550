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
import { instruments } from './schema.ts';
import { sourceMode } from './schema-source-mode.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The latest margin borrow rate of each venue, asset, margin type (isolated: per pair), and VIP level, per
 * source. Rates are a fraction per hour as venues accrue them; daily (×24) and annual (×8760, simple) are
 * stored beside it so the public API and SQL readers need no arithmetic. Upserted on every poll (5 min).
 */
export const marginBorrowRates = pgTable(
  'margin_borrow_rates',
  {
    venue: text('venue').notNull(),
    asset: text('asset').notNull(),
    marginType: text('margin_type', { enum: ['cross', 'isolated'] }).notNull(),
    /** The isolated pair (`BTCUSDT`); '' for cross margin, so it can be part of the key. */
    pair: text('pair').notNull().default(''),
    vipLevel: text('vip_level').notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
    hourlyRate: doublePrecision('hourly_rate').notNull(),
    dailyRate: doublePrecision('daily_rate').notNull(),
    annualRate: doublePrecision('annual_rate').notNull(),
    borrowLimit: doublePrecision('borrow_limit'),
    borrowable: boolean('borrowable').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'margin_borrow_rates_pkey',
      columns: [t.sourceMode, t.asset, t.venue, t.marginType, t.pair, t.vipLevel],
    }),
    check('margin_borrow_rates_rate_check', sql`${t.hourlyRate} >= 0`),
  ],
);

/** Open interest of a perpetual at the close of each minute it was reported (base units, and USD). */
export const openInterestMinutes = pgTable(
  'open_interest_minutes',
  {
    minute: ts('minute').notNull(),
    openInterest: doublePrecision('open_interest').notNull(),
    openInterestUsd: doublePrecision('open_interest_usd'),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'open_interest_minutes_pkey', columns: [t.instrumentId, t.sourceMode, t.minute] }),
    index('open_interest_minutes_minute_brin').using('brin', t.minute),
  ],
);

/** Forced liquidations summed per perpetual and minute, by the side liquidated, in USD and in count. */
export const liquidationMinutes = pgTable(
  'liquidation_minutes',
  {
    minute: ts('minute').notNull(),
    longUsd: doublePrecision('long_usd').notNull(),
    shortUsd: doublePrecision('short_usd').notNull(),
    longCount: integer('long_count').notNull(),
    shortCount: integer('short_count').notNull(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'liquidation_minutes_pkey', columns: [t.instrumentId, t.sourceMode, t.minute] }),
    index('liquidation_minutes_minute_brin').using('brin', t.minute),
  ],
);

/** Each forced liquidation as the venue reported it: the live feed and the per-symbol list read these. */
export const liquidations = pgTable(
  'liquidations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    price: doublePrecision('price').notNull(),
    size: doublePrecision('size').notNull(),
    /** USD value where the quote is a dollar stablecoin (size × price), else null. */
    valueUsd: doublePrecision('value_usd'),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    index('liquidations_mode_at_idx').on(t.sourceMode, t.at),
    index('liquidations_instrument_at_idx').on(t.instrumentId, t.sourceMode, t.at),
  ],
);

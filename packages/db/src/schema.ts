import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sourceMode } from './schema-source-mode.ts';

/**
 * One tradable market on one venue. History rows point here by a 4-byte id instead of repeating
 * four strings in every one of the ~7 million rows written per day.
 */
export const instruments = pgTable(
  'instruments',
  {
    id: serial('id').primaryKey(),
    venue: text('venue').notNull(),
    market: text('market', { enum: ['spot', 'perp'] }).notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
  },
  (t) => [
    unique('instruments_venue_market_base_quote_key').on(t.venue, t.market, t.base, t.quote),
    check('instruments_market_check', sql`${t.market} in ('spot', 'perp')`),
  ],
);

/**
 * Closed 1-minute bars per instrument. Column order is deliberate: the 8-byte columns come first and the
 * 4-byte instrument id last, so PostgreSQL needs no alignment padding inside the row (4 bytes saved per row
 * at ~1 billion rows for 180 days of retention).
 *
 * The primary key (instrument_id, source_mode, minute) serves "one instrument, one source, time range" reads. Rows arrive in
 * time order, so a BRIN index on minute is enough for "delete everything before the cutoff" and costs a
 * few pages instead of a btree as large as the primary key.
 */
export const priceMinutes = pgTable(
  'price_minutes',
  {
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume24h: doublePrecision('volume_24h'),
    /** Base volume traded within the minute, where the source reports its trades (the simulator). */
    volume: doublePrecision('volume'),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'price_minutes_pkey', columns: [t.instrumentId, t.sourceMode, t.minute] }),
    index('price_minutes_minute_brin').using('brin', t.minute),
  ],
);

/** Closed 1-minute bars of fiat rates such as USD/KRW; few pairs, so the pair is stored as text. */
export const forexMinutes = pgTable(
  'forex_minutes',
  {
    pair: text('pair').notNull(),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'forex_minutes_pkey', columns: [t.pair, t.sourceMode, t.minute] }),
    index('forex_minutes_minute_brin').using('brin', t.minute),
  ],
);

export const schema = { instruments, priceMinutes, forexMinutes };
export type Schema = typeof schema;

export * from './schema-accounts.ts';
export * from './schema-alerts.ts';
export * from './schema-api-usage.ts';
export * from './schema-billing.ts';
export * from './schema-contact.ts';
export * from './schema-derivatives.ts';
export * from './schema-dex.ts';
export * from './schema-jobs.ts';
export * from './schema-listing.ts';
export * from './schema-listing-cases.ts';
export * from './schema-listing-deposits.ts';
export * from './schema-market.ts';
export * from './schema-notices.ts';
export * from './schema-notify.ts';
export * from './schema-phone.ts';
export * from './schema-saved-views.ts';
export * from './schema-source-mode.ts';
export * from './schema-trends.ts';
export * from './schema-wallets.ts';

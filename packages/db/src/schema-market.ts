import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { instruments } from './schema.ts';
import { sourceMode } from './schema-source-mode.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Funding of one perpetual at the close of each minute in which it was updated. Same layout rules as
 * price_minutes: 8-byte columns first, primary key for "one market, a time range", BRIN for pruning.
 */
export const fundingMinutes = pgTable(
  'funding_minutes',
  {
    minute: ts('minute').notNull(),
    rate: doublePrecision('rate').notNull(),
    intervalHours: doublePrecision('interval_hours').notNull(),
    nextFundingTime: ts('next_funding_time'),
    markPrice: doublePrecision('mark_price'),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'funding_minutes_pkey', columns: [t.instrumentId, t.sourceMode, t.minute] }),
    index('funding_minutes_minute_brin').using('brin', t.minute),
  ],
);

/**
 * Settled fundings: the last rate a venue published before each funding time. A few rows per market per day,
 * so they are kept for a year at least (the 1 y history) even when minute history is kept shorter.
 */
export const fundingSettlements = pgTable(
  'funding_settlements',
  {
    fundingTime: ts('funding_time').notNull(),
    rate: doublePrecision('rate').notNull(),
    intervalHours: doublePrecision('interval_hours').notNull(),
    markPrice: doublePrecision('mark_price'),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'funding_settlements_pkey',
      columns: [t.instrumentId, t.sourceMode, t.fundingTime],
    }),
    index('funding_settlements_time_brin').using('brin', t.fundingTime),
  ],
);

/** The Kimchi premium index at the close of each minute, per conversion base, with the Bitcoin trend. */
export const premiumIndexMinutes = pgTable(
  'premium_index_minutes',
  {
    minute: ts('minute').notNull(),
    value: doublePrecision('value').notNull(),
    btcPremium: doublePrecision('btc_premium'),
    btcPriceKrw: doublePrecision('btc_price_krw'),
    btcPriceUsd: doublePrecision('btc_price_usd'),
    constituents: smallint('constituents').notNull(),
    conversionBase: text('conversion_base', { enum: ['USD', 'USDT'] }).notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'premium_index_minutes_pkey',
      columns: [t.conversionBase, t.sourceMode, t.minute],
    }),
    index('premium_index_minutes_minute_brin').using('brin', t.minute),
    check('premium_index_minutes_base_check', sql`${t.conversionBase} in ('USD', 'USDT')`),
  ],
);

/**
 * One minute of a market pair's last-price ratio (first / second, native quotes: no conversion rate), open,
 * high, low and close as the engine followed it quote by quote — the wicks of 1-minute premium candles,
 * which the legs' own minute bars cannot give (their highs need not coincide). Kept for the Kimchi pairs only
 * (a Korean KRW spot market against an overseas USDT spot market), with its own, shorter retention.
 */
export const gapMinutes = pgTable(
  'gap_minutes',
  {
    minute: ts('minute').notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    firstId: integer('first_id')
      .notNull()
      .references(() => instruments.id),
    secondId: integer('second_id')
      .notNull()
      .references(() => instruments.id),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'gap_minutes_pkey', columns: [t.firstId, t.secondId, t.sourceMode, t.minute] }),
    index('gap_minutes_minute_brin').using('brin', t.minute),
  ],
);

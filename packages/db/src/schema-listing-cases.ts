import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sourceMode } from './schema-source-mode.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An opinion leader's Telegram post about the token around the listing, as shown on the case. */
export interface ListingCasePostRow {
  readonly channel: string;
  readonly text: string;
  readonly url: string | null;
  readonly publishedAt: number;
}

/**
 * A closed listing case (spec §3 Listing historical case): its figures as computed 24 h after trading start
 * (`recorded`) or brought in by the operator for the past (`imported`), one row per source and market key.
 * Kept apart from `listing_events` so a case outlives the events' 30-day working set and an import needs no
 * notice.
 */
export const listingCases = pgTable(
  'listing_cases',
  {
    id: serial('id').primaryKey(),
    sourceMode: sourceMode('source_mode').notNull(),
    /** {venue}-{quote}-{base}, lower case. */
    key: text('key').notNull(),
    venue: text('venue').notNull(),
    quote: text('quote').notNull(),
    base: text('base').notNull(),
    name: text('name'),
    type: text('type', { enum: ['default', 'global_simultaneous', 'first_domestic'] }).notNull(),
    announcedAt: ts('announced_at').notNull(),
    listedAt: ts('listed_at'),
    depositAmount: doublePrecision('deposit_amount'),
    depositKrw: doublePrecision('deposit_krw'),
    listingPrice: doublePrecision('listing_price'),
    high24h: doublePrecision('high_24h'),
    low24h: doublePrecision('low_24h'),
    peakPremium: jsonb('peak_premium').$type<{ pct: number; at: number } | null>(),
    marketCapChange24hPct: doublePrecision('market_cap_change_24h_pct'),
    posts: jsonb('posts').$type<ListingCasePostRow[]>().notNull().default([]),
    origin: text('origin', { enum: ['recorded', 'imported'] }).notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    unique('listing_cases_key').on(t.sourceMode, t.key),
    index('listing_cases_announced_idx').on(t.sourceMode, t.announcedAt),
    check('listing_cases_origin_check', sql`${t.origin} in ('recorded', 'imported')`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.ts';
import { sourceMode } from './schema-source-mode.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One step of a listing's timeline (announced, edited, deposit opened, trading started …), epoch ms. */
export interface ListingTimelineEntry {
  readonly at: number;
  readonly kind:
    | 'announced'
    | 'edited'
    | 'deposit_opened'
    | 'deposit_closed'
    | 'trading_started'
    | 'postponed';
  readonly detail?: string;
}

/**
 * A listing on a Korean venue (spec §3 Listing arbitrage event), one row per venue, quote market and token and
 * per source (the simulator's never mix with live ones). Born from the venue's notice; the times the notice
 * announces are overwritten when the notice is edited, the observed ones (deposit opened, trading started)
 * come from the venue's wallet and market state.
 */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: serial('id').primaryKey(),
    venue: text('venue').notNull(),
    quote: text('quote').notNull(),
    base: text('base').notNull(),
    name: text('name'),
    type: text('type', { enum: ['default', 'global_simultaneous', 'first_domestic'] }).notNull(),
    noticeUrl: text('notice_url').notNull(),
    noticeTitle: text('notice_title').notNull(),
    announcedAt: ts('announced_at').notNull(),
    depositAt: ts('deposit_at'),
    sellAt: ts('sell_at'),
    tradingAt: ts('trading_at'),
    networks: text('networks').array().notNull().default(sql`'{}'::text[]`),
    postponed: boolean('postponed').notNull().default(false),
    depositOpenedAt: ts('deposit_opened_at'),
    tradingStartedAt: ts('trading_started_at'),
    /** Peak premium seen over the best overseas market, percent, and when (history §3). */
    peakPremium: jsonb('peak_premium').$type<{ pct: number; at: number } | null>(),
    timeline: jsonb('timeline').$type<ListingTimelineEntry[]>().notNull().default([]),
    updatedAt: ts('updated_at').notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    unique('listing_events_market_key').on(t.sourceMode, t.venue, t.quote, t.base),
    index('listing_events_announced_idx').on(t.sourceMode, t.announcedAt),
    check(
      'listing_events_type_check',
      sql`${t.type} in ('default', 'global_simultaneous', 'first_domestic')`,
    ),
  ],
);

/**
 * Pre-launch invite codes (spec §5): unused ones can be passed on; once redeemed a code is bound to its user
 * and can no longer be revoked.
 */
export const listingInvites = pgTable('listing_invites', {
  code: text('code').primaryKey(),
  createdAt: ts('created_at').notNull(),
  note: text('note'),
  usedBy: text('used_by').references(() => users.id, { onDelete: 'set null' }),
  usedAt: ts('used_at'),
});

/** Each user's listing-arbitrage settings (venues, quote markets, blacklist, calculator amount). */
export const listingSettings = pgTable('listing_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: ts('updated_at').notNull(),
});

import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sourceMode } from './schema-source-mode.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Exchange announcements (spec §3: category, date, exchange, summary, title, url), one row per notice per
 * source (live venues, the simulator, a tape): the URL is the venue's own and the dedupe key, so a notice seen
 * again after a restart is not stored twice. Tokens, networks and a delisting's trading end come from the
 * title; `published_at` is the venue's time (or when we first saw it, for venues that print none).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    venue: text('venue').notNull(),
    category: text('category', { enum: ['listing', 'delisting', 'notice', 'user_events'] }).notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    url: text('url').notNull(),
    publishedAt: ts('published_at').notNull(),
    receivedAt: ts('received_at').notNull(),
    tokens: text('tokens').array().notNull().default(sql`'{}'::text[]`),
    networks: text('networks').array().notNull().default(sql`'{}'::text[]`),
    effectiveAt: ts('effective_at'),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    unique('announcements_url_source_key').on(t.url, t.sourceMode),
    index('announcements_published_idx').on(t.sourceMode, t.publishedAt),
    index('announcements_venue_published_idx').on(t.sourceMode, t.venue, t.publishedAt),
    index('announcements_tokens_idx').using('gin', t.tokens),
    check(
      'announcements_category_check',
      sql`${t.category} in ('listing', 'delisting', 'notice', 'user_events')`,
    ),
  ],
);

/** Markets that appeared on (`listed`) or vanished from (`delisted`) a venue's market list, and when. */
export const tokenUpdates = pgTable(
  'token_updates',
  {
    id: serial('id').primaryKey(),
    venue: text('venue').notNull(),
    market: text('market', { enum: ['spot', 'perp'] }).notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    update: text('update', { enum: ['listed', 'delisted'] }).notNull(),
    at: ts('at').notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    unique('token_updates_event_key').on(t.venue, t.market, t.base, t.quote, t.update, t.at, t.sourceMode),
    index('token_updates_at_idx').on(t.sourceMode, t.at),
    check('token_updates_update_check', sql`${t.update} in ('listed', 'delisted')`),
  ],
);

/**
 * The caution flags Korean venues put on markets now (Upbit 유의/주의, Bithumb 투자유의), with when each was
 * first seen in its current state. A cleared flag deletes its row: this is the current state, not a log.
 */
export const marketCautions = pgTable(
  'market_cautions',
  {
    venue: text('venue').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    level: text('level', { enum: ['caution', 'warning'] }).notNull(),
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    since: ts('since').notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'market_cautions_pkey', columns: [t.sourceMode, t.venue, t.base, t.quote] }),
    check('market_cautions_level_check', sql`${t.level} in ('caution', 'warning')`),
  ],
);

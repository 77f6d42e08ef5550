import { sql } from 'drizzle-orm';
import {
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
 * The operator's edits to the Telegram channel list (`npm run admin -- telegram-channels add|remove`), laid
 * over the configured or default list: `add` reads a channel beyond it, `remove` stops reading one of it.
 */
export const telegramChannelEdits = pgTable(
  'telegram_channel_edits',
  {
    username: text('username').primaryKey(),
    action: text('action', { enum: ['add', 'remove'] }).notNull(),
    category: text('category', { enum: ['korean', 'english'] }).notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    check('telegram_channel_edits_action_check', sql`${t.action} in ('add', 'remove')`),
    check('telegram_channel_edits_category_check', sql`${t.category} in ('korean', 'english')`),
  ],
);

/**
 * Telegram channels as their public page last showed them (spec §3: title, photo, members, category,
 * link, created date), with the outcome of the last read so the screens can say why a channel shows nothing.
 */
export const telegramChannels = pgTable(
  'telegram_channels',
  {
    username: text('username').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    photoUrl: text('photo_url'),
    category: text('category', { enum: ['korean', 'english'] }).notNull(),
    members: integer('members'),
    /** When the channel was created, where the source knows it (the public page does not print it). */
    createdAt: ts('created_at'),
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    readAt: ts('read_at'),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [primaryKey({ name: 'telegram_channels_pkey', columns: [t.username, t.sourceMode] })],
);

/** Posts of the channels above; `tokens` are the token bases the post mentions (core token-mentions.ts). */
export const telegramPosts = pgTable(
  'telegram_posts',
  {
    channel: text('channel').notNull(),
    messageId: integer('message_id').notNull(),
    text: text('text').notNull(),
    publishedAt: ts('published_at').notNull(),
    views: integer('views'),
    forwards: integer('forwards'),
    reactions: integer('reactions'),
    tokens: text('tokens').array().notNull().default(sql`'{}'::text[]`),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'telegram_posts_pkey', columns: [t.channel, t.messageId, t.sourceMode] }),
    index('telegram_posts_published_idx').on(t.sourceMode, t.publishedAt),
    index('telegram_posts_tokens_idx').using('gin', t.tokens),
  ],
);

/** Daily search interest per token and search engine (Naver DataLab ratios, Google where configured). */
export const searchTrendPoints = pgTable(
  'search_trend_points',
  {
    engine: text('engine', { enum: ['naver', 'google'] }).notNull(),
    base: text('base').notNull(),
    day: ts('day').notNull(),
    value: doublePrecision('value').notNull(),
    sourceMode: sourceMode('source_mode').notNull(),
  },
  (t) => [
    primaryKey({ name: 'search_trend_points_pkey', columns: [t.engine, t.base, t.sourceMode, t.day] }),
    check('search_trend_points_engine_check', sql`${t.engine} in ('naver', 'google')`),
  ],
);

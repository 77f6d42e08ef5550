import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const NOTIFY_CHANNELS = ['telegram', 'email', 'toast'] as const;
export type NotifyChannelName = (typeof NOTIFY_CHANNELS)[number];

/**
 * Where one channel's delivery stands. `queued` waits for `due_at`; `sending` is held by a dispatcher until
 * `locked_until` (a dispatcher killed mid-send leaves it there, and it is taken again once the lease runs out);
 * `sent` and `dead` are final.
 */
export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'dead'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const ATTEMPT_OUTCOMES = ['sent', 'failed', 'dead'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/**
 * The outbox: one row per thing a user is told, written before anything is sent. `idempotency_key` is the
 * producer's name for the event (an alert's crossing), so a producer that repeats itself after a restart
 * stores nothing new. The text is kept already in the user's language.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique('notifications_idempotency_key_key'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originKind: text('origin_kind').notNull(),
    originId: text('origin_id').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'),
    occurredAt: ts('occurred_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('notifications_locale_check', sql`${t.locale} in ('ko', 'en')`),
    index('notifications_origin_idx').on(t.originKind, t.originId),
    index('notifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * One row per (notification, channel): the unit that is retried, so a channel that fails never holds the
 * others back. `target` is the Telegram chat id or the mail address (null for toast). `external_id` is what
 * the channel answered (Telegram's message_id, the SMTP message id) once sent.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key on purpose: a burst of alerts writes three deliveries per notification, and a
    // per-row referential check made that write five times slower on PGlite. Deliveries of a deleted
    // notification (account deleted) are removed by the dispatcher when it meets them (notify-repository).
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    channel: text('channel', { enum: NOTIFY_CHANNELS }).notNull(),
    target: text('target'),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: ts('due_at').notNull(),
    lockedUntil: ts('locked_until'),
    leaseToken: text('lease_token'),
    lastError: text('last_error'),
    externalId: text('external_id'),
    sentAt: ts('sent_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    unique('notification_deliveries_notification_channel_key').on(t.notificationId, t.channel),
    check('notification_deliveries_channel_check', sql`${t.channel} in ('telegram', 'email', 'toast')`),
    check('notification_deliveries_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'dead')`),
    // The dispatcher reads due rows by state and time.
    index('notification_deliveries_state_due_idx').on(t.state, t.dueAt),
  ],
);

/** Every try of every delivery, with its outcome and a reason fit to show the user (never a secret). */
export const notificationAttempts = pgTable(
  'notification_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key, as for deliveries: attempts are written in batches as outcomes come back.
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome', { enum: ATTEMPT_OUTCOMES }).notNull(),
    error: text('error'),
    at: ts('at').notNull(),
  },
  (t) => [
    check('notification_attempts_outcome_check', sql`${t.outcome} in ('sent', 'failed', 'dead')`),
    index('notification_attempts_delivery_idx').on(t.deliveryId),
  ],
);

/** A browser's PushSubscription (Web Push): where to post and the keys to encrypt for it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Keys the server makes for itself on first start and must keep (the VAPID pair: browsers bind a push
 * subscription to the public key, so a new pair would orphan every subscription).
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: ts('created_at').notNull(),
});

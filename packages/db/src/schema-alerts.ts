import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Alert rules (spec §3 Alert). The rule itself is one JSON document (`definition`: the API's alert input,
 * validated before it is stored), so a field added to the form needs no migration; the columns are what the
 * database itself filters, counts or updates: the owner, active, expiry and the firing bookkeeping.
 * `fire_seq` numbers the rule's crossings: crossing n is delivered under the key `alert:<id>:<n>`.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').notNull(),
    active: boolean('active').notNull().default(true),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    lastTriggeredAt: ts('last_triggered_at'),
    triggerCount: integer('trigger_count').notNull().default(0),
    fireSeq: integer('fire_seq').notNull().default(0),
  },
  (t) => [
    index('alerts_user_id_idx').on(t.userId),
    // The evaluator follows changes made by any API process by reading rows updated since its last look.
    index('alerts_updated_at_idx').on(t.updatedAt),
  ],
);

/**
 * The trigger state of each series a rule watches (a market pair or one perpetual), persisted so a restart
 * neither fires the same crossing twice nor forgets which side of zero a value was on.
 */
export const alertState = pgTable(
  'alert_state',
  {
    alertId: text('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    watchKey: text('watch_key').notNull(),
    armed: boolean('armed').notNull(),
    sign: smallint('sign').notNull().default(0),
    /** Epoch ms since the condition has held (min duration), 0 when it does not. */
    since: doublePrecision('since').notNull().default(0),
    /** Last interval (interval change) or last settlement time (after distribution); null before any. */
    last: doublePrecision('last'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'alert_state_pkey', columns: [t.alertId, t.watchKey] }),
    check('alert_state_sign_check', sql`${t.sign} in (-1, 0, 1)`),
  ],
);

/**
 * Every firing: what crossed, the text sent and whether it reached the delivery outbox. A row is written
 * `pending` with its crossing number before the notification is handed over and marked `enqueued` after, so
 * a crash in between re-hands the same key at start-up (the outbox keeps one per key).
 */
export const alertHistory = pgTable(
  'alert_history',
  {
    id: text('id').primaryKey(),
    alertId: text('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertName: text('alert_name').notNull(),
    seq: integer('seq').notNull(),
    watchKey: text('watch_key').notNull(),
    firedAt: ts('fired_at').notNull(),
    token: text('token').notNull(),
    pair: text('pair').notNull(),
    dataType: text('data_type').notNull(),
    condition: text('condition').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    value: doublePrecision('value').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The notification as handed to the outbox (re-handed as is after a crash). */
    notification: jsonb('notification').notNull(),
    status: text('status', { enum: ['pending', 'enqueued'] })
      .notNull()
      .default('pending'),
  },
  (t) => [
    unique('alert_history_alert_id_seq_key').on(t.alertId, t.seq),
    index('alert_history_user_fired_idx').on(t.userId, t.firedAt),
    index('alert_history_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
    check('alert_history_status_check', sql`${t.status} in ('pending', 'enqueued')`),
  ],
);

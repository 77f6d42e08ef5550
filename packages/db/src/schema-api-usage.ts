import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Paid-API use per key, endpoint and UTC day: what /my/maxi charts and what the monthly credit allowance is
 * counted from. Rows are added to in batches (a few seconds of calls at a time), never one write per call.
 */
export const apiUsage = pgTable(
  'api_usage',
  {
    keyId: text('key_id').notNull(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull(),
    credits: integer('credits').notNull(),
  },
  (t) => [
    primaryKey({ name: 'api_usage_pkey', columns: [t.keyId, t.endpoint, t.day] }),
    // The allowance check and the usage page read one account's month.
    index('api_usage_user_day_idx').on(t.userId, t.day),
  ],
);

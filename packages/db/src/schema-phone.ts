import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** How a linked number was proven: by a text message a provider delivered, or by the simulated provider. */
export const PHONE_PROVIDERS = ['twilio', 'simulated'] as const;
export type PhoneProviderName = (typeof PHONE_PROVIDERS)[number];

/**
 * The phone number linked to an account (spec §3 User, "phone linking"): one per account, in E.164, and one
 * account per number, so a number proven by one person cannot be claimed by another account.
 */
export const userPhones = pgTable(
  'user_phones',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    e164: text('e164').notNull().unique('user_phones_e164_key'),
    provider: text('provider').notNull(),
    verifiedAt: ts('verified_at').notNull(),
  },
  (t) => [check('user_phones_provider_check', sql`${t.provider} in ('twilio', 'simulated')`)],
);

/**
 * The one code an account is waiting to type (a new request replaces it). The code itself is never stored:
 * only an HMAC keyed by a random salt of this row, so a copy of the table does not hand out live codes.
 * `attempts` is raised in the same statement that checks it, so parallel guesses cannot exceed the limit.
 */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  e164: text('e164').notNull(),
  codeHash: text('code_hash').notNull(),
  salt: text('salt').notNull(),
  attempts: integer('attempts').notNull().default(0),
  provider: text('provider').notNull(),
  sentAt: ts('sent_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

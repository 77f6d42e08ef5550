import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Accounts. Email is stored normalized (trimmed, lower case) and unique. An account signs in with a password,
 * with Google, or both once linked; `password_hash` is an argon2id PHC string and null for Google-only
 * accounts. `plan` is checked against the plan list of packages/core (spec §4).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique('users_email_key'),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub').unique('users_google_sub_key'),
    plan: text('plan').notNull().default('free'),
    /** The language the user last used; mail goes out in it. */
    language: text('language').notNull().default('ko'),
    emailVerifiedAt: ts('email_verified_at'),
    referralCode: text('referral_code').notNull().unique('users_referral_code_key'),
    referredBy: text('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    termsAcceptedAt: ts('terms_accepted_at').notNull(),
    privacyAcceptedAt: ts('privacy_accepted_at').notNull(),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'users_plan_check',
      sql`${t.plan} in ('free', 'starter', 'pro', 'pro_plus', 'partner', 'developer')`,
    ),
    check('users_language_check', sql`${t.language} in ('ko', 'en')`),
    index('users_referred_by_idx').on(t.referredBy),
  ],
);

/**
 * Sign-in sessions. Only the SHA-256 of the cookie's token is stored, so a leaked table cannot be replayed
 * as cookies. A session ends at `expires_at` (absolute) or after the idle timeout since `last_seen_at`,
 * whichever comes first; sign-out and password changes delete rows.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Single-use links sent by mail: email verification and password reset, stored as SHA-256 hashes. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    check('email_tokens_purpose_check', sql`${t.purpose} in ('verify', 'reset')`),
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Settings that follow a signed-in user: display preferences (validated by the contracts schema on write,
 * kept as JSON so the web app can add one without a migration), pins and owned tokens (limits of spec §9).
 */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull().default({}),
  pins: text('pins').array().notNull().default(sql`'{}'::text[]`),
  ownedTokens: text('owned_tokens').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * API keys. The secret is shown once at creation; only its SHA-256 is stored (the key has 256 random bits,
 * so a fast hash is enough). `prefix` is the non-secret start shown in lists to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique('api_keys_key_hash_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId)],
);

import { z } from 'zod';

/**
 * Environment variables of accounts, mail and Google sign-in, merged into the server's config schema. The
 * README lists them with their defaults.
 */
const minutes = (fallback: number) => z.coerce.number().positive().default(fallback);

export const accountsEnv = {
  /** smtp://user:pass@host:port or smtps://…; unset: mail is written to <DATA_DIR>/outbox instead. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Spreadscope <no-reply@spreadscope.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** A session not used for this long ends (default 3 days). */
  SESSION_IDLE_MINUTES: minutes(3 * 24 * 60),
  /** A session ends this long after sign-in however active it is (default 30 days). */
  SESSION_ABSOLUTE_MINUTES: minutes(30 * 24 * 60),
  /** Sign-in, sign-up, reset and verification requests per client IP per minute, per route. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** The best rows of each premium and arbitrage table that visitors see as "Login to see" (0: none). */
  VISITOR_GATED_ROWS: z.coerce.number().min(0).max(100).int().default(3),
};

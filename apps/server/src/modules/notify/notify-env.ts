import { z } from 'zod';

/**
 * Environment variables of notification delivery, merged into the server's config schema. README lists them.
 */
export const notifyEnv = {
  /** The bot's token from @BotFather; unset: Telegram messages are kept in <DATA_DIR>/outbox/telegram.ndjson. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must look like 123456789:AA… (from @BotFather)')
    .optional(),
  /** The Bot API's base URL: Telegram's, a local Bot API server, a proxy or a test fake. */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** Shown in Settings (write /start to @…); read from getMe when unset. */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^@?[A-Za-z0-9_]{5,64}$/, 'a Telegram bot username')
    .transform((name) => name.replace(/^@/, ''))
    .optional(),
  /** How long a send may hold a delivery before another process may take it over after a crash. */
  NOTIFY_SEND_LEASE_MS: z.coerce.number().min(2_000).max(600_000).int().default(60_000),
};

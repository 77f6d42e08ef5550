import { HISTORY_RETENTION_MS, parsePlanNumbers } from '@spreadscope/core';
import {
  isVenueEnvName,
  MARKET_SOURCE_ENV_NAMES,
  type MarketSourceOptions,
  marketSourceOptionsFromEnv,
  parseSourceSpec,
} from '@spreadscope/feeds';
import { z } from 'zod';
import { accountsEnv } from './modules/auth/auth-env.ts';
import { billingEnv } from './modules/billing/billing-env.ts';
import { contactEnv } from './modules/contact/contact-env.ts';
import { dexEnv } from './modules/dex/dex-env.ts';
import { listingEnv } from './modules/listing/listing-env.ts';
import { notifyEnv } from './modules/notify/notify-env.ts';
import { smsConfigProblems, smsEnv } from './modules/phone/sms-env.ts';
import { siteEnv } from './modules/site/site-env.ts';
import { trendsEnv } from './modules/trends/trends-env.ts';

/**
 * Every environment variable the server reads, validated once at start. The market-source variables
 * (MARKET_SOURCE, SIM_SEED, REPLAY_SPEED, VENUE_<ID>_URL …) are read by the feeds package. The README lists all.
 */
const envSchema = z.object({
  // Process role: `all` is the single embedded process; `ingest` holds the venue connections, writes history and
  // runs the jobs; `api` serves HTTP and WebSocket from the ingest's event log. Scaled-out roles share state
  // through PostgreSQL and Redis, so they need both (checked below).
  ROLE: z.enum(['all', 'ingest', 'api']).default('all'),
  // Scaled-out roles: the Redis keys one cluster shares (several clusters may share a Redis), how long a crashed
  // ingest's lock outlives it (the standby's takeover time), and how many entries the event log keeps.
  CLUSTER_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only')
    .default('spreadscope'),
  INGEST_LOCK_TTL_MS: z.coerce.number().min(1_000).max(60_000).int().default(5_000),
  EVENT_LOG_MAX_ENTRIES: z.coerce.number().int().min(100).default(1_200),
  // Where MARKET_SOURCE and the event gate run (ROLE=all and ingest): a worker thread, or the main thread.
  MARKET_THREAD: z.enum(['worker', 'main']).default('worker'),
  PORT: z.coerce.number().min(0).max(65_535).int().default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  HISTORY_RETENTION_DAYS: z.coerce
    .number()
    .positive()
    .default(HISTORY_RETENTION_MS / 86_400_000),
  FUNDING_HISTORY_RETENTION_DAYS: z.coerce.number().positive().default(366),
  // Minute bars of the Kimchi pairs' gaps (the 1-minute premium candles' wicks): a row per pair per minute.
  GAP_HISTORY_RETENTION_DAYS: z.coerce.number().positive().default(30),
  // A fresh install on the simulator back-fills a day of history for this many tokens, the most traded first
  // (the premium index's constituents and USDT/KRW always), in the background; 0: none.
  SIM_BACKFILL_TOKENS: z.coerce.number().int().min(0).default(300),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  // The paid API's monthly credits and calls per minute per key, by plan: "pro_plus=100000,developer=1000".
  PUBLIC_API_CREDITS: planNumbers('PUBLIC_API_CREDITS'),
  PUBLIC_API_RATE_PER_MINUTE: planNumbers('PUBLIC_API_RATE_PER_MINUTE'),
  // Client IPs (rate limits, logs) come from X-Forwarded-For only behind a proxy the operator names: `true`
  // for any, or comma-separated addresses/CIDRs. Trusting it by default would let anyone pick their own IP.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  // WebSocket limits per client (ws/connection-limits.ts): every distinct subscription is a table recomputed on
  // every push, so what one client or address may open is bounded. The defaults never bother the web app.
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(32),
  WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().positive().default(20),
  WS_MAX_GROUPS_PER_CONNECTION: z.coerce.number().int().positive().default(8),
  WS_MAX_GROUPS_PER_IP: z.coerce.number().int().positive().default(32),
  WS_MAX_GROUPS: z.coerce.number().int().positive().default(2_000),
  WS_MESSAGES_PER_SECOND: z.coerce.number().positive().default(20),
  WS_MESSAGE_BURST: z.coerce.number().int().positive().default(60),
  // An operator's economic calendar (ICS or JSON), merged with the built-in FOMC/CPI/payrolls schedule.
  ECONOMIC_CALENDAR_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  ...accountsEnv,
  ...billingEnv,
  ...notifyEnv,
  ...smsEnv,
  ...listingEnv,
  ...trendsEnv,
  ...siteEnv,
  ...contactEnv,
  ...dexEnv,
});

function planNumbers(name: string) {
  return z
    .string()
    .default('')
    .transform((text, ctx) => {
      try {
        return parsePlanNumbers(text, name);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });
}

/** Every fixed-name variable the server reads: its own schema's and the feeds' (.env.example lists exactly these). */
export const KNOWN_ENV_NAMES: readonly string[] = [
  ...Object.keys(envSchema.shape),
  ...MARKET_SOURCE_ENV_NAMES,
];

/** A variable the server reads: a known name or a per-venue VENUE_<ID>_… override. */
export function isKnownEnvName(name: string): boolean {
  return KNOWN_ENV_NAMES.includes(name) || isVenueEnvName(name);
}

export type Config = z.infer<typeof envSchema> & { readonly market: MarketSourceOptions };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(blanksRemoved);
  const lines = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  let market: MarketSourceOptions | undefined;
  try {
    market = marketSourceOptionsFromEnv(env);
    parseSourceSpec(market.spec);
  } catch (error) {
    lines.push(`  ${(error as Error).message}`);
  }
  if (parsed.success && parsed.data.ROLE !== 'all') {
    const missing = (['DATABASE_URL', 'REDIS_URL'] as const).filter((name) => !parsed.data[name]);
    if (missing.length > 0) {
      lines.push(
        `  ROLE=${parsed.data.ROLE} needs ${missing.join(' and ')}: a scaled-out process shares its database and event log with the others (ROLE=all runs everything in one process on the embedded defaults)`,
      );
    }
  }
  if (
    parsed.success &&
    (parsed.data.STRIPE_SECRET_KEY === undefined) !== (parsed.data.STRIPE_WEBHOOK_SECRET === undefined)
  ) {
    lines.push(
      '  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (webhooks drive every status)',
    );
  }
  if (parsed.success) lines.push(...smsConfigProblems(parsed.data));
  if (!parsed.success || !market || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, market };
}

/** A connection string safe to print: credentials removed. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * Operator commands on the accounts of this installation (same database settings as the server:
 * DATABASE_URL, or PGlite under DATA_DIR).
 *
 *   npm run admin -- create-user --email E (--password P | --password-stdin) [--plan PLAN] [--verified]
 *                                [--name NAME] [--language ko|en]
 *   npm run admin -- set-plan --email E --plan PLAN
 *   npm run admin -- create-api-key --email E [--name NAME]
 *   npm run admin -- issue-coupon --email E --plan PLAN --period 14d|3m|1y [--code CODE] [--expires YYYY-MM-DD]
 *   npm run admin -- jobs list|show|retry …   (scripts/admin-jobs.ts)
 *   npm run admin -- notify-test --email E [--telegram CHAT_ID] [--mail] [--toast]   (scripts/admin-notify.ts)
 *   npm run admin -- notify-status --key KEY   (scripts/admin-notify.ts)
 *   npm run admin -- listing-invite issue|list|revoke …   (scripts/admin-listing.ts)
 *   npm run admin -- listing import <file.json>   (scripts/admin-listing-import.ts)
 *   npm run admin -- telegram-channels list|add|remove …   (scripts/admin-telegram.ts)
 *   npm run admin -- inquiries [--limit N] [--json]   (scripts/admin-contact.ts)
 *
 * PLAN is free, starter, pro, pro_plus, partner or developer. With embedded PGlite, one data directory takes
 * one process: while a server holds it, the command is sent to that server (loopback, with the token it
 * wrote into DATA_DIR) and runs there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  hasFeature,
  isPlan,
  isPurchasablePlan,
  normalizeEmail,
  PLANS,
  type Plan,
  PURCHASABLE_PLANS,
  translate,
} from '@spreadscope/core';
import { type Database, DataDirLockedError, openDatabase } from '@spreadscope/db';
import pino, { type DestinationStream } from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { ApiError } from '../apps/server/src/http/errors.ts';
import { createServerLogger } from '../apps/server/src/logging/logger.ts';
import { accountsFromConfig } from '../apps/server/src/modules/auth/accounts-from-config.ts';
import { checkedEmail, checkNewPassword } from '../apps/server/src/modules/auth/form-checks.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { createBilling } from '../apps/server/src/modules/billing/billing-module.ts';
import { loadPricing } from '../apps/server/src/modules/billing/pricing.ts';
import { CONTACT_USAGE, ContactUsageError, runInquiries } from './admin-contact.ts';
import { JOBS_USAGE, JobsUsageError, runJobsCommand } from './admin-jobs.ts';
import { LISTING_USAGE, ListingUsageError, runListingInvite } from './admin-listing.ts';
import { LISTING_IMPORT_USAGE, runListingCases } from './admin-listing-import.ts';
import { NOTIFY_USAGE, NotifyUsageError, runNotifyStatus, runNotifyTest } from './admin-notify.ts';
import { runTelegramChannels, TELEGRAM_USAGE, TelegramUsageError } from './admin-telegram.ts';

export const USAGE = `usage:
  npm run admin -- create-user --email E (--password P | --password-stdin) [--plan PLAN] [--verified] [--name NAME] [--language ko|en]
  npm run admin -- set-plan --email E --plan PLAN
  npm run admin -- create-api-key --email E [--name NAME]
  npm run admin -- issue-coupon --email E --plan starter|pro|pro_plus --period 14d|3m|1y [--code CODE] [--expires YYYY-MM-DD]
                   (a VIP partner coupon: that many days, months or years free on the plan)
${JOBS_USAGE}
${NOTIFY_USAGE}
${LISTING_USAGE}
${LISTING_IMPORT_USAGE}
${TELEGRAM_USAGE}
${CONTACT_USAGE}
PLAN: ${PLANS.join(', ')}`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface Output {
  /** The command's result (stdout): what was created, the API key shown once. */
  log(line: string): void;
  /** Where log records go (the server's pino logger at LOG_LEVEL, secrets redacted); stderr by default. */
  readonly logTo?: DestinationStream;
}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  plan: { type: 'string' },
  verified: { type: 'boolean' },
  name: { type: 'string' },
  language: { type: 'string' },
  period: { type: 'string' },
  code: { type: 'string' },
  expires: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Runs one command; returns the process exit code. `given` is the database of a running server that runs
 * the command on the CLI's behalf (it stays open); otherwise the CLI opens the configured one.
 */
export async function runAdmin(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: Output,
  readStdin: () => string = () => readFileSync(0, 'utf8'),
  given?: Database,
): Promise<number> {
  const [command, ...rest] = argv;
  const opener = async () => {
    if (given) return { database: given, owned: false };
    const opened = await openOrForward(loadConfig(env), argv, out, readStdin);
    return typeof opened === 'number' ? opened : { database: opened, owned: true };
  };
  // Commands with their own arguments (scripts/admin-*.ts): each throws its own usage error.
  const sub: Record<string, () => Promise<number>> = {
    jobs: () => runJobsCommand(rest, opener, out),
    'listing-invite': () => runListingInvite(rest, opener, out),
    listing: () => runListingCases(rest, opener, out),
    'telegram-channels': () => runTelegramChannels(rest, env.TELEGRAM_CHANNELS, opener, out),
    inquiries: () => runInquiries(rest, opener, out),
    'notify-test': () => runNotifyTest(rest, opener, out),
    'notify-status': () => runNotifyStatus(rest, opener, out),
  };
  const run = command !== undefined && Object.hasOwn(sub, command) ? sub[command] : undefined;
  if (run) {
    try {
      return await run();
    } catch (error) {
      const usage =
        error instanceof JobsUsageError ||
        error instanceof ListingUsageError ||
        error instanceof TelegramUsageError ||
        error instanceof ContactUsageError ||
        error instanceof NotifyUsageError;
      throw usage ? new UsageError(error.message) : error;
    }
  }
  let values: {
    [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'string' ? string : boolean;
  };
  try {
    values = parseArgs({ args: [...rest], options: OPTIONS, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!command || command === 'help' || values.help) {
    out.log(USAGE);
    return 0;
  }
  if (!['create-user', 'set-plan', 'create-api-key', 'issue-coupon'].includes(command)) {
    throw new UsageError(`unknown command "${command}"`);
  }
  if (!values.email) throw new UsageError('--email is required');
  const plan = values.plan;
  if (plan !== undefined && !isPlan(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
  if (command === 'set-plan' && plan === undefined) throw new UsageError('--plan is required');
  const coupon = command === 'issue-coupon' ? couponArgs(values) : null;

  const config = loadConfig(env);
  const opened = given ?? (await openOrForward(config, argv, out, readStdin));
  if (typeof opened === 'number') return opened;
  const database = opened;
  const logger = createServerLogger(config.LOG_LEVEL, out.logTo ?? pino.destination(2));
  const runtime = accountsFromConfig(config, database, logger);
  const { accounts } = runtime;
  try {
    if (command === 'create-user') {
      const email = checkedEmail(values.email);
      const password = values['password-stdin'] ? readStdin().replace(/\r?\n$/, '') : values.password;
      if (password === undefined) throw new UsageError('--password or --password-stdin is required');
      checkNewPassword(password, password);
      const language = values.language === 'en' ? 'en' : 'ko';
      const user = await accounts.auth.createAccount({
        email,
        displayName: values.name?.trim() || email.split('@')[0] || email,
        passwordHash: await hashPassword(password),
        googleSub: null,
        verified: values.verified === true,
        language,
        referredBy: null,
        plan: (plan as Plan | undefined) ?? 'free',
      });
      if (!values.verified) await accounts.auth.mailActivation(user);
      out.log(
        `created ${user.email} (plan ${user.plan}, ${user.emailVerifiedAt === null ? 'activation email sent' : 'verified'}, referral code ${user.referralCode})`,
      );
      return 0;
    }
    const user = await accounts.users.findByEmail(normalizeEmail(values.email));
    if (!user) {
      out.log(`no account with email ${values.email}`);
      return 1;
    }
    if (command === 'set-plan') {
      await accounts.users.setPlan(user.id, plan as Plan);
      out.log(`${user.email}: plan ${user.plan} → ${plan}`);
      return 0;
    }
    if (coupon) {
      const billing = createBilling({
        database,
        users: accounts.users,
        pricing: loadPricing(config.PRICING_FILE),
        publicUrl: () => config.PUBLIC_URL ?? '',
      });
      const issued = await billing.coupons.issue({ userId: user.id, type: 'vip_partner', ...coupon });
      if (!issued) throw new UsageError('the coupon could not be issued');
      out.log(
        `VIP partner coupon for ${user.email}: ${issued.periodCount} ${issued.periodUnit}(s) of ${issued.plan}, code ${issued.promotionCode}${issued.expiresAt === null ? '' : `, expires ${new Date(issued.expiresAt).toISOString().slice(0, 10)}`}`,
      );
      return 0;
    }
    const created = await accounts.apiKeys.create(user, values.name ?? 'admin', { operator: true });
    out.log(`API key for ${user.email} (${created.name}), shown once — store it now:`);
    out.log(created.key);
    if (!hasFeature(user.plan, 'api')) {
      out.log(
        `note: plan ${user.plan} does not include the API; the key works once the plan does (set-plan).`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      out.log(translate('en', error.messageKey, error.params));
      return 1;
    }
    throw error;
  } finally {
    runtime.close();
    if (!given) await database.close();
  }
}

/** --plan, --period, --code and --expires of issue-coupon, checked before anything is opened. */
function couponArgs(values: { plan?: string; period?: string; code?: string; expires?: string }) {
  if (!isPurchasablePlan(values.plan))
    throw new UsageError(`--plan must be one of ${PURCHASABLE_PLANS.join(', ')}`);
  const match = /^(\d{1,3})([dmy])$/.exec(values.period ?? '');
  if (!match) throw new UsageError('--period must be days, months or years: 14d, 3m or 1y');
  const count = Number(match[1]);
  if (count < 1) throw new UsageError('--period must be at least 1');
  const unit = ({ d: 'day', m: 'month', y: 'year' } as const)[match[2] as 'd' | 'm' | 'y'];
  if (values.code !== undefined && !/^[A-Z0-9-]{4,40}$/.test(values.code)) {
    throw new UsageError('--code: 4 to 40 capital letters, digits or dashes');
  }
  let expiresAt: number | null = null;
  if (values.expires !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expires)) throw new UsageError('--expires must be YYYY-MM-DD');
    // The end of that day in Seoul, where the product's days are counted.
    expiresAt = Date.parse(`${values.expires}T23:59:59.999+09:00`);
  }
  return {
    plan: values.plan,
    period: { unit, count },
    ...(values.code ? { promotionCode: values.code } : {}),
    expiresAt,
  };
}

/**
 * Opens the configured database. When a running server holds the embedded one (its data-directory lock
 * says so, whatever its PORT), the command goes to that server instead and this returns its exit code.
 */
async function openOrForward(
  config: ReturnType<typeof loadConfig>,
  argv: readonly string[],
  out: Output,
  readStdin: () => string,
): Promise<Database | number> {
  try {
    return await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const answer = await sendToServer(config.DATA_DIR, argv, readStdin);
    if (answer !== null) {
      for (const line of answer.lines) out.log(line);
      return answer.code;
    }
    out.log(error.message);
    out.log(
      `It could not be reached on loopback to run the command for you. Stop the server${error.pid === null ? '' : ` (kill ${error.pid})`}, run the command again, then start the server.`,
    );
    return 1;
  }
}

/** The running server's answer, or null when it publishes no endpoint or cannot be reached. */
async function sendToServer(
  dataDir: string,
  argv: readonly string[],
  readStdin: () => string,
): Promise<{ code: number; lines: string[] } | null> {
  let endpoint: { url: string; token: string };
  try {
    endpoint = JSON.parse(readFileSync(join(dataDir, 'admin-endpoint.json'), 'utf8'));
  } catch {
    return null;
  }
  // The server cannot read this terminal: the password read here travels in the (loopback) request.
  const args = argv.flatMap((arg) =>
    arg === '--password-stdin' ? ['--password', readStdin().replace(/\r?\n$/, '')] : [arg],
  );
  try {
    const response = await fetch(`${endpoint.url}/api/v1/admin/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.token}` },
      body: JSON.stringify({ argv: args }),
      signal: AbortSignal.timeout(60_000),
    });
    if (!response.ok) return null;
    return (await response.json()) as { code: number; lines: string[] };
  } catch {
    return null;
  }
}

// Run as a script only: the server bundles this module too (run-in-server.ts), and inside a bundle every
// module's import.meta.url is the bundle's, which would otherwise match the server's own argv[1].
const script = process.argv[1] ?? '';
if (/admin\.ts$/.test(script) && import.meta.url === pathToFileURL(script).href) {
  runAdmin(process.argv.slice(2), process.env, { log: (line) => process.stdout.write(`${line}\n`) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const text =
        error instanceof UsageError
          ? `${error.message}\n${USAGE}`
          : error instanceof Error
            ? error.stack
            : String(error);
      process.stderr.write(`${text}\n`);
      process.exit(2);
    },
  );
}

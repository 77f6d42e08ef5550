/**
 * Operator commands on the accounts of this installation (same database settings as the server:
 * DATABASE_URL, or PGlite under DATA_DIR).
 *
 *   npm run admin -- create-user --email E (--password P | --password-stdin) [--plan PLAN] [--verified]
 *                                [--name NAME] [--language ko|en]
 *   npm run admin -- set-plan --email E --plan PLAN
 *   npm run admin -- create-api-key --email E [--name NAME]
 *   npm run admin -- jobs list|show|retry …   (scripts/admin-jobs.ts)
 *
 * PLAN is free, starter, pro, pro_plus, partner or developer. With embedded PGlite, stop the server first:
 * one data directory takes one process.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { hasFeature, isPlan, normalizeEmail, PLANS, type Plan, translate } from '@spreadscope/core';
import { type Database, openDatabase } from '@spreadscope/db';
import { loadConfig } from '../apps/server/src/config.ts';
import { ApiError } from '../apps/server/src/http/errors.ts';
import { accountsFromConfig } from '../apps/server/src/modules/auth/accounts-from-config.ts';
import { checkedEmail, checkNewPassword } from '../apps/server/src/modules/auth/form-checks.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { JOBS_USAGE, JobsUsageError, runJobsCommand } from './admin-jobs.ts';

export const USAGE = `usage:
  npm run admin -- create-user --email E (--password P | --password-stdin) [--plan PLAN] [--verified] [--name NAME] [--language ko|en]
  npm run admin -- set-plan --email E --plan PLAN
  npm run admin -- create-api-key --email E [--name NAME]
${JOBS_USAGE}
PLAN: ${PLANS.join(', ')}`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface Output {
  log(line: string): void;
}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  plan: { type: 'string' },
  verified: { type: 'boolean' },
  name: { type: 'string' },
  language: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs one command; returns the process exit code. */
export async function runAdmin(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: Output,
  readStdin: () => string = () => readFileSync(0, 'utf8'),
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'jobs') {
    try {
      return await runJobsCommand(rest, () => openAdminDatabase(loadConfig(env), out), out);
    } catch (error) {
      throw error instanceof JobsUsageError ? new UsageError(error.message) : error;
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
  if (!['create-user', 'set-plan', 'create-api-key'].includes(command)) {
    throw new UsageError(`unknown command "${command}"`);
  }
  if (!values.email) throw new UsageError('--email is required');
  const plan = values.plan;
  if (plan !== undefined && !isPlan(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
  if (command === 'set-plan' && plan === undefined) throw new UsageError('--plan is required');

  const config = loadConfig(env);
  const database = await openAdminDatabase(config, out);
  if (!database) return 1;
  const runtime = accountsFromConfig(config, database, { info: out.log, warn: out.log, error: out.log });
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
    await database.close();
  }
}

/** The server's database, or null (after saying why) when a local server holds the embedded one. */
async function openAdminDatabase(
  config: ReturnType<typeof loadConfig>,
  out: Output,
): Promise<Database | null> {
  if (!config.DATABASE_URL && (await serverAnswers(config.PORT))) {
    out.log(
      `A Spreadscope server answers on port ${config.PORT} and uses the embedded database in ${config.DATA_DIR}; stop it first (one process per PGlite data directory), or use DATABASE_URL.`,
    );
    return null;
  }
  return openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
}

/** Best effort: a local server on the configured port would hold the same PGlite files open. */
async function serverAnswers(port: number): Promise<boolean> {
  if (port === 0) return false;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return response.status === 200 || response.status === 503;
  } catch {
    return false;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAdmin(process.argv.slice(2), process.env, { log: (line) => console.log(line) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof UsageError ? `${error.message}\n${USAGE}` : error);
      process.exit(2);
    },
  );
}

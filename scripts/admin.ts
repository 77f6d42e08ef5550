/**
 * Operator commands on the accounts of this installation (same database settings as the server:
 * DATABASE_URL, or PGlite under DATA_DIR).
 *
 *   npm run admin -- create-user --email E (--password P | --password-stdin) [--plan PLAN] [--verified]
 *                                [--name NAME] [--language ko|en]
 *   npm run admin -- set-plan --email E --plan PLAN
 *   npm run admin -- create-api-key --email E [--name NAME]
 *
 * PLAN is free, starter, pro, pro_plus, partner or developer. With embedded PGlite, stop the server first:
 * one data directory takes one process.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { hasFeature, isPlan, normalizeEmail, PLANS, type Plan, translate } from '@spreadscope/core';
import { openDatabase } from '@spreadscope/db';
import pino, { type DestinationStream } from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { ApiError } from '../apps/server/src/http/errors.ts';
import { createServerLogger } from '../apps/server/src/logging/logger.ts';
import { accountsFromConfig } from '../apps/server/src/modules/auth/accounts-from-config.ts';
import { checkedEmail, checkNewPassword } from '../apps/server/src/modules/auth/form-checks.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';

export const USAGE = `usage:
  npm run admin -- create-user --email E (--password P | --password-stdin) [--plan PLAN] [--verified] [--name NAME] [--language ko|en]
  npm run admin -- set-plan --email E --plan PLAN
  npm run admin -- create-api-key --email E [--name NAME]
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
  if (!config.DATABASE_URL && (await serverAnswers(config.PORT))) {
    out.log(
      `A Spreadscope server answers on port ${config.PORT} and uses the embedded database in ${config.DATA_DIR}; stop it first (one process per PGlite data directory), or use DATABASE_URL.`,
    );
    return 1;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
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

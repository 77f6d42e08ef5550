import { join } from 'node:path';
import type { Logger } from '@spreadscope/core';
import type { Database } from '@spreadscope/db';
import type { Config } from '../../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { type Accounts, createAccounts } from './accounts.ts';

export interface AccountsRuntime {
  readonly accounts: Accounts;
  /** Set once the server listens, when PUBLIC_URL is not configured. */
  setListenUrl(url: string): void;
  close(): void;
}

/** Accounts as configured by the environment (SMTP_URL, GOOGLE_*, SESSION_*; see auth-env.ts). */
export function accountsFromConfig(config: Config, database: Database, log: Logger): AccountsRuntime {
  if ((config.GOOGLE_CLIENT_ID === undefined) !== (config.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  let listenUrl = `http://localhost:${config.PORT}`;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: join(config.DATA_DIR, 'outbox'),
    log,
  });
  const accounts = createAccounts({
    database,
    mailer,
    publicUrl: () => config.PUBLIC_URL ?? listenUrl,
    configuredPublicUrl: config.PUBLIC_URL,
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            authUrl: config.GOOGLE_AUTH_URL,
            tokenUrl: config.GOOGLE_TOKEN_URL,
            userinfoUrl: config.GOOGLE_USERINFO_URL,
          }
        : undefined,
    sessionPolicy: {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_ABSOLUTE_MINUTES * 60_000,
    },
    authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
    log,
  });
  return {
    accounts,
    setListenUrl(url) {
      listenUrl = url;
    },
    close: () => mailer.close(),
  };
}

import type { Plan } from '@spreadscope/core';
import type { Database, UserRecord } from '@spreadscope/db';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { CookieClient } from './cookie-client.ts';
import { linkIn } from './mail-decode.ts';
import { type SmtpInbox, startSmtpInbox } from './smtp-inbox.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

export const PASSWORD = 'correct-Horse7!';

/** A controllable clock, so timeouts are tested by moving time, not by waiting. */
export class TestClock {
  constructor(public ms = Date.now()) {}
  readonly now = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface AccountsFixture {
  readonly server: TestServer;
  readonly inbox: SmtpInbox;
  readonly clock: TestClock;
  client(language?: 'ko' | 'en'): CookieClient;
  close(): Promise<void>;
}

/** The real app with its mail going to a real SMTP server on loopback. */
export async function startAccountsFixture(
  database: Database,
  options: {
    accounts?: TestServerOptions['accounts'];
    allowedOrigins?: string[];
    visitorGatedRows?: number;
    log?: TestServerOptions['log'];
    redis?: TestServerOptions['redis'];
    billing?: TestServerOptions['billing'];
    jobs?: TestServerOptions['jobs'];
    notify?: TestServerOptions['notify'];
    phone?: TestServerOptions['phone'];
    listingInviteRequired?: boolean;
    dex?: TestServerOptions['dex'];
    listingDeposits?: TestServerOptions['listingDeposits'];
    listingSimSeed?: number;
    mode?: TestServerOptions['mode'];
  } = {},
): Promise<AccountsFixture> {
  const inbox = await startSmtpInbox();
  const clock = new TestClock();
  const mailer = createMailer({
    smtpUrl: inbox.url,
    from: 'Spreadscope <no-reply@spreadscope.test>',
    outboxDir: '',
    log: { warn: () => {} },
  });
  const server = await startTestServer({
    database,
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.billing ? { billing: options.billing } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.phone ? { phone: options.phone } : {}),
    ...(options.listingInviteRequired ? { listingInviteRequired: true } : {}),
    ...(options.dex ? { dex: options.dex } : {}),
    ...(options.listingDeposits ? { listingDeposits: options.listingDeposits } : {}),
    ...(options.listingSimSeed === undefined ? {} : { listingSimSeed: options.listingSimSeed }),
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.visitorGatedRows === undefined ? {} : { visitorGatedRows: options.visitorGatedRows }),
    accounts: { mailer, now: clock.now, ...options.accounts },
  });
  return {
    server,
    inbox,
    clock,
    client: (language = 'en') => new CookieClient(server.app, language),
    async close() {
      await server.close();
      mailer.close();
      await inbox.close();
    },
  };
}

let counter = 0;
/** A fresh address per call; suites share one database. */
export function uniqueEmail(label = 'trader'): string {
  counter += 1;
  return `${label}.${process.pid}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs up through the API and follows the activation link from the mailbox, as a person would. */
export async function signUpAndActivate(
  fixture: AccountsFixture,
  client: CookieClient,
  email: string,
  password = PASSWORD,
): Promise<void> {
  const signup = await client.post('/api/v1/auth/signup', {
    email,
    password,
    passwordConfirm: password,
    acceptTerms: true,
    acceptPrivacy: true,
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const token = linkIn(fixture.inbox.last(email).text, '/register').searchParams.get('token');
  const verify = await client.post('/api/v1/auth/verify', { token });
  if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
}

export async function signIn(client: CookieClient, email: string, password = PASSWORD) {
  const answer = await client.post('/api/v1/auth/login', { email, password });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return answer;
}

/** An activated account on a given plan, signed in in a fresh client (what the admin CLI would set up). */
export async function signedInUser(
  fixture: AccountsFixture,
  plan: Plan,
  language: 'ko' | 'en' = 'en',
): Promise<{ client: CookieClient; email: string; user: UserRecord }> {
  const email = uniqueEmail(plan);
  const user = await fixture.server.accounts.auth.createAccount({
    email,
    displayName: plan,
    passwordHash: await hashPassword(PASSWORD),
    googleSub: null,
    verified: true,
    language,
    referredBy: null,
    plan,
  });
  const client = fixture.client(language);
  await signIn(client, email);
  return { client, email, user };
}

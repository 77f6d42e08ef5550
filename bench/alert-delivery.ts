import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alertInputSchema } from '@spreadscope/contracts';
import { forex, quote } from '@spreadscope/core/testing';
import {
  createAlertsRepository,
  createJobsRepository,
  createNotifyRepository,
  createUsersRepository,
  openDatabase,
} from '@spreadscope/db';
import { MarketEngine } from '@spreadscope/engine';
import type { WebSocket } from 'ws';
import { DatabaseJobQueue } from '../apps/server/src/jobs/database-job-queue.ts';
import { JOB_BACKOFF } from '../apps/server/src/jobs/job-queue.ts';
import { AlertEvaluator } from '../apps/server/src/modules/alerts/alert-evaluator.ts';
import { createMailer } from '../apps/server/src/modules/mail/mailer.ts';
import { DeliveryDispatcher } from '../apps/server/src/modules/notify/delivery-dispatcher.ts';
import { emailChannel } from '../apps/server/src/modules/notify/email/email-channel.ts';
import type { TransactionalNotifier } from '../apps/server/src/modules/notify/notifier.ts';
import { DELIVERY_MAX_ATTEMPTS } from '../apps/server/src/modules/notify/notify-module.ts';
import { OutboxNotifier } from '../apps/server/src/modules/notify/outbox-notifier.ts';
import { BotApiClient } from '../apps/server/src/modules/notify/telegram/bot-api-client.ts';
import { telegramChannel } from '../apps/server/src/modules/notify/telegram/telegram-channel.ts';
import { toastChannel } from '../apps/server/src/modules/notify/toast/toast-channel.ts';
import { UserSockets } from '../apps/server/src/modules/notify/toast/user-sockets.ts';
import { startFakeTelegram } from '../apps/server/src/test-support/fake-telegram.ts';
import { insertVerifiedUser } from '../apps/server/src/test-support/notify-fixture.ts';
import { startSmtpInbox } from '../apps/server/src/test-support/smtp-inbox.ts';
import { percentile, round, writeResult } from './support/write-result.ts';

/**
 * Tick → channel (issue 13's second speed target, p99 ≤ 1 s), in one process on the embedded PGlite: the
 * market event that takes a Kimchi premium over a rule's threshold is applied to the engine, the evaluator's
 * 100 ms tick finds the crossing and records the tick's crossings (history rows, crossing numbers, states and
 * their outbox rows) in one transaction, and the dispatcher hands each delivery to its channel: Telegram through the Bot
 * API client to the loopback fake Bot API, email through nodemailer to a real SMTP server (smtp-server),
 * toast to the user's open tab (a socket in the process). Measured per delivery, from the crossing event to
 * (a) the dispatcher handing it to the channel and (b) the Telegram message / mail arriving at the server.
 * Crossings come in waves: ALERT_DELIVERY_ALERTS rules (default 100, one user each), ALERT_DELIVERY_WAVE of
 * them crossed per tick (default 2: 20 crossings a second, 60 deliveries).
 */
const ALERTS = Number(process.env.ALERT_DELIVERY_ALERTS ?? 100);
const WAVE = Number(process.env.ALERT_DELIVERY_WAVE ?? 2);
const TICK_MS = 100;
const RATE = 1400;
const silent = { info: () => {}, warn: console.warn, error: console.error };

/** A tab's socket as UserSockets sees it: it keeps when each frame arrived. */
class TabSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly readyState = 1;
  constructor(private readonly onFrame: (frame: string) => void) {
    super();
  }
  send(frame: string): void {
    this.onFrame(frame);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'spreadscope-alert-delivery-'));
const database = await openDatabase({ dataDir: join(dir, 'pglite') });
const telegram = await startFakeTelegram();
const inbox = await startSmtpInbox();
try {
  const repo = createAlertsRepository(database);
  const repository = createNotifyRepository(database);
  const engine = new MarketEngine();
  const tokens = Array.from({ length: ALERTS }, (_, i) => `T${i}`);
  const crossedAt = new Map<string, number>();
  const handed: number[] = [];
  const arrived: { telegram: number[]; email: number[]; toast: number[] } = {
    telegram: [],
    email: [],
    toast: [],
  };
  const sockets = new UserSockets();
  const seen = new Set<string>();
  let retries = 0;
  const tokenOfUser = new Map<string, string>();
  const emailOf = new Map<string, string>();
  for (const [i, token] of tokens.entries()) {
    const user = await insertVerifiedUser(database);
    tokenOfUser.set(user.id, token);
    emailOf.set(user.email, token);
    const tab = new TabSocket(() =>
      arrived.toast.push(performance.now() - (crossedAt.get(token) ?? Number.NaN)),
    );
    sockets.attach(user.id, tab as unknown as WebSocket);
    const definition = alertInputSchema.parse({
      name: `${token} 김프 3%`,
      message: 'Kimchi premium above 3%',
      strategy: 'premium-price-gap',
      tokens: [token],
      exchanges: ['upbit', 'binance'],
      direction: 'fixed',
      premiumType: 'spot-spot',
      dataType: 'price-gap-percent',
      condition: 'greater-than',
      threshold: 3,
      frequency: 'every',
      interval: 1,
      intervalUnit: 'minute',
      expiresAt: null,
      channels: { telegram: true, toast: true, email: true },
      telegramChatId: String(100_000 + i),
    });
    const now = Date.now();
    const row = { id: randomUUID(), userId: user.id, name: definition.name, definition, active: true };
    await repo.insert({ ...row, expiresAt: null, createdAt: now, updatedAt: now }, 10);
  }
  const keyToken = (key: string, userId: string) =>
    key.startsWith('alert:') ? tokenOfUser.get(userId) : null;
  const dispatcher = new DeliveryDispatcher({
    repository,
    senders: {
      telegram: telegramChannel(
        new BotApiClient({ token: telegram.token, apiUrl: telegram.url }),
        () => 'http://x',
      ),
      email: emailChannel(
        createMailer({ smtpUrl: inbox.url, from: 'alerts@spreadscope.test', outboxDir: dir, log: silent }),
        () => 'http://x',
      ),
      toast: toastChannel({ sockets, push: null, repository, publicUrl: () => 'http://x' }),
    },
    logger: silent,
    backoff: JOB_BACKOFF,
    maxAttempts: DELIVERY_MAX_ATTEMPTS,
    leaseMs: 60_000,
    concurrency: { telegram: 25, email: 8, toast: 64 },
    onHandedOver: (delivery) => {
      const token = keyToken(delivery.idempotencyKey, delivery.userId);
      // The first hand-over of each delivery (a retry is counted apart).
      const id = `${delivery.idempotencyKey}|${delivery.channel}`;
      if (token && !seen.has(id)) {
        seen.add(id);
        handed.push(performance.now() - (crossedAt.get(token) ?? Number.NaN));
      } else retries++;
    },
  });
  const queue = new DatabaseJobQueue({ repository: createJobsRepository(database), logger: silent });
  const notifier = new OutboxNotifier({ repository, queue, dispatcher, logger: silent });
  // The evaluator's side ends where it hands the recorded crossing to the outbox: timed apart.
  const enqueued: number[] = [];
  const timedNotifier: TransactionalNotifier = {
    enqueue: (n) => {
      const token = keyToken(n.idempotencyKey, n.userId);
      if (token) enqueued.push(performance.now() - (crossedAt.get(token) ?? Number.NaN));
      return notifier.enqueue(n);
    },
    // The evaluator writes the outbox rows in its own transaction: enqueued once that commits.
    enqueueIn: async (tx, list) => {
      const afterCommit = await notifier.enqueueIn(tx, list);
      return () => {
        for (const n of list) {
          const token = keyToken(n.idempotencyKey, n.userId);
          if (token) enqueued.push(performance.now() - (crossedAt.get(token) ?? Number.NaN));
        }
        afterCommit();
      };
    },
    attempts: (origin, limit) => notifier.attempts(origin, limit),
  };
  const evaluator = new AlertEvaluator({
    repo,
    users: createUsersRepository(database),
    notifier: timedNotifier,
    engine: () => engine,
    now: () => Date.now(),
    logger: silent,
  });
  // Every coin at a 1 % premium; the rules see it (armed) before any crossing.
  const t0 = Date.now();
  engine.apply(forex(t0, RATE));
  for (const token of tokens) {
    engine.apply(quote(t0, 'binance', token, 'USDT', 100));
    engine.apply(quote(t0, 'upbit', token, 'KRW', 100 * RATE * 1.01));
  }
  await evaluator.start();
  evaluator.onTick();
  await evaluator.idle();

  const telegramAt = telegram.sent.length;
  const mailAt = inbox.messages.length;
  const expected = ALERTS * 3;
  const wall0 = performance.now();
  let next = 0;
  const ticker = setInterval(() => {
    const now = Date.now();
    engine.apply(forex(now, RATE));
    // This tick's wave: the Upbit quote that takes each coin to a 4 % premium (the crossing event).
    for (let k = 0; k < WAVE && next < tokens.length; k++, next++) {
      const token = tokens[next] as string;
      engine.apply(quote(now, 'binance', token, 'USDT', 100));
      engine.apply(quote(now, 'upbit', token, 'KRW', 100 * RATE * 1.04));
      crossedAt.set(token, performance.now());
    }
    evaluator.onTick();
  }, TICK_MS);
  // Arrivals at the fake Bot API and the SMTP server, watched as they come.
  const watcher = setInterval(() => {
    for (const m of telegram.sent.splice(telegramAt)) {
      const token = /T\d+/.exec(m.text)?.[0];
      if (token) arrived.telegram.push(performance.now() - (crossedAt.get(token) ?? Number.NaN));
    }
    for (const m of inbox.messages.splice(mailAt)) {
      const token = m.to.map((to) => emailOf.get(to)).find(Boolean);
      if (token) arrived.email.push(performance.now() - (crossedAt.get(token) ?? Number.NaN));
    }
  }, 5);
  const deadline = Date.now() + 120_000;
  while (
    (handed.length < expected ||
      arrived.telegram.length + arrived.email.length + arrived.toast.length < expected) &&
    Date.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, 20));
  }
  clearInterval(ticker);
  clearInterval(watcher);
  const wallMs = performance.now() - wall0;
  await evaluator.stop();
  await dispatcher.drain();
  const all = [...arrived.telegram, ...arrived.email, ...arrived.toast];
  const figures: Record<string, number> = {
    alerts: ALERTS,
    crossings_per_tick: WAVE,
    deliveries_expected: expected,
    handed: handed.length,
    handed_again: retries,
    arrived_telegram: arrived.telegram.length,
    arrived_email: arrived.email.length,
    arrived_toast: arrived.toast.length,
    wall_ms: round(wallMs, 1),
    target_p99_ms: 1_000,
  };
  const put = (name: string, list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    figures[`${name}_p50_ms`] = round(percentile(sorted, 50), 1);
    figures[`${name}_p99_ms`] = round(percentile(sorted, 99), 1);
    figures[`${name}_max_ms`] = round(sorted.at(-1) ?? Number.NaN, 1);
  };
  put('tick_to_enqueue', enqueued);
  put('tick_to_handed', handed);
  put('tick_to_arrived', all);
  put('telegram_arrived', arrived.telegram);
  put('email_arrived', arrived.email);
  put('toast_arrived', arrived.toast);
  console.log('alert-delivery', figures);
  writeResult('alert-delivery', figures);
} finally {
  await telegram.close();
  await inbox.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

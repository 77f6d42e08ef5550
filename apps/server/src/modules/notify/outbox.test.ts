import type { ClaimedDelivery, Database, NotifyChannelName } from '@spreadscope/db';
import { createJobsRepository, createNotifyRepository } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { beforeEach, expect, it } from 'vitest';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { alertNotification, insertVerifiedUser } from '../../test-support/notify-fixture.ts';
import { type ChannelSender, dead, retry, type SendOutcome, sent } from './channel.ts';
import { DeliveryDispatcher } from './delivery-dispatcher.ts';
import { NOTIFY_DELIVER_JOB, OutboxNotifier } from './outbox-notifier.ts';

/** A channel whose answers the test scripts, one per try; it records what it was handed. */
class ScriptedChannel implements ChannelSender {
  readonly mode = 'live';
  readonly handed: ClaimedDelivery[] = [];
  constructor(
    readonly channel: NotifyChannelName,
    private readonly script: SendOutcome[] = [],
  ) {}
  async send(delivery: ClaimedDelivery): Promise<SendOutcome> {
    this.handed.push(delivery);
    return this.script.shift() ?? sent(`${this.channel}-${delivery.id}`);
  }
}

const quiet = { warn: () => {}, error: () => {}, info: () => {} };

forEachDatabase('notification outbox', (getDb) => {
  let database: Database;
  let clock: number;
  beforeEach(() => {
    database = getDb();
    clock = Date.UTC(2026, 0, 5, 3, 0, 0);
  });

  function setup(channels: ScriptedChannel[], maxAttempts = 3) {
    const repository = createNotifyRepository(database);
    const dispatcher = new DeliveryDispatcher({
      repository,
      senders: Object.fromEntries(channels.map((c) => [c.channel, c])),
      logger: quiet,
      backoff: { baseMs: 10_000, maxMs: 60_000, jitter: 0 },
      maxAttempts,
      leaseMs: 30_000,
      now: () => clock,
    });
    const queue = new DatabaseJobQueue({
      repository: createJobsRepository(database),
      logger: quiet,
      now: () => clock,
    });
    const notifier = new OutboxNotifier({ repository, queue, now: () => clock, logger: quiet });
    return { repository, dispatcher, queue, notifier };
  }

  it('stores a key once: a repeated enqueue is a duplicate and every channel is handed it once', async () => {
    const user = await insertVerifiedUser(database);
    const channels = (['telegram', 'email', 'toast'] as const).map((c) => new ScriptedChannel(c));
    const { notifier, dispatcher, repository } = setup(channels);
    const n = alertNotification(user.id);
    const [first, again, concurrent] = await Promise.all([
      notifier.enqueue(n),
      notifier.enqueue(n),
      notifier.enqueue({ ...n, title: 'other text, same crossing' }),
    ]);
    expect([first.duplicate, again.duplicate, concurrent.duplicate]).toEqual([false, true, true]);
    expect((await notifier.enqueue(n)).duplicate).toBe(true);
    await dispatcher.drain();
    await dispatcher.drain();
    for (const c of channels) expect(c.handed.map((d) => d.idempotencyKey)).toEqual([n.idempotencyKey]);
    expect(channels[0]?.handed[0]).toMatchObject({ target: '123456789', title: n.title, locale: 'ko' });
    const states = await repository.deliveriesByKey(n.idempotencyKey);
    expect(states.map((d) => [d.channel, d.state, d.attempts])).toEqual([
      ['email', 'sent', 1],
      ['telegram', 'sent', 1],
      ['toast', 'sent', 1],
    ]);
  });

  it('retries a failing channel with backoff until it is dead, while the others are delivered at once', async () => {
    const user = await insertVerifiedUser(database);
    const telegram = new ScriptedChannel('telegram', [
      retry('HTTP 502'),
      retry('timeout'),
      retry('ECONNRESET'),
    ]);
    const email = new ScriptedChannel('email');
    const { notifier, dispatcher, repository } = setup([telegram, email], 3);
    const n = alertNotification(user.id, { channels: { telegram: { chatId: '42' }, email: {} } });
    await notifier.enqueue(n);
    await dispatcher.drain();
    expect(email.handed).toHaveLength(1);
    expect(telegram.handed).toHaveLength(1);

    clock += 9_000; // before the first backoff step (10 s)
    await dispatcher.drain();
    expect(telegram.handed).toHaveLength(1);
    expect(await repository.nextWakeAt()).toBe(clock + 1_000);
    clock += 1_000;
    await dispatcher.drain();
    expect(telegram.handed).toHaveLength(2);
    clock += 20_000; // second step doubles
    await dispatcher.drain();
    expect(telegram.handed).toHaveLength(3);
    clock += 3_600_000;
    await dispatcher.drain();
    expect(telegram.handed).toHaveLength(3);

    const history = await notifier.attempts(n.origin);
    const ofTelegram = history.filter((a) => a.channel === 'telegram');
    expect(ofTelegram.map((a) => [a.attempt, a.outcome, a.error])).toEqual([
      [3, 'dead', 'ECONNRESET'],
      [2, 'failed', 'timeout'],
      [1, 'failed', 'HTTP 502'],
    ]);
    expect(history.filter((a) => a.channel === 'email').map((a) => a.outcome)).toEqual(['sent']);
    expect(await repository.nextWakeAt()).toBeNull();
  });

  it('gives up at once on a permanent refusal and waits at least as long as the channel asks', async () => {
    const user = await insertVerifiedUser(database);
    const telegram = new ScriptedChannel('telegram', [dead('Forbidden: bot was blocked by the user')]);
    const email = new ScriptedChannel('email', [retry('421 try later', 120_000)]);
    const { notifier, dispatcher, repository } = setup([telegram, email], 5);
    const n = alertNotification(user.id, { channels: { telegram: { chatId: '42' }, email: {} } });
    await notifier.enqueue(n);
    await dispatcher.drain();
    const states = await repository.deliveriesByKey(n.idempotencyKey);
    expect(states.find((d) => d.channel === 'telegram')).toMatchObject({
      state: 'dead',
      lastError: 'Forbidden: bot was blocked by the user',
    });
    expect(await repository.nextWakeAt()).toBe(clock + 120_000);
    clock += 60_000;
    await dispatcher.drain();
    expect(email.handed).toHaveLength(1);
    clock += 60_000;
    await dispatcher.drain();
    expect(email.handed).toHaveLength(2);
  });

  it('takes a delivery again when the process holding it died, and says so in the history', async () => {
    const user = await insertVerifiedUser(database);
    const { notifier, repository } = setup([]);
    const n = alertNotification(user.id, { channels: { telegram: { chatId: '42' } } });
    await notifier.enqueue(n);
    // A dispatcher claims it and is killed before recording anything.
    const [held] = await repository.claim({ limit: 10, leaseMs: 30_000, now: clock });
    expect(held?.resumed).toBe(false);
    expect(await repository.claim({ limit: 10, leaseMs: 30_000, now: clock + 29_000 })).toEqual([]);

    const telegram = new ScriptedChannel('telegram');
    const next = setup([telegram]);
    clock += 30_000;
    await next.dispatcher.drain();
    expect(telegram.handed).toHaveLength(1);
    expect(telegram.handed[0]).toMatchObject({ attempt: 2, resumed: true });
    const history = await notifier.attempts(n.origin);
    expect(history.map((a) => [a.attempt, a.outcome, a.error])).toEqual([
      [2, 'sent', undefined],
      [1, 'failed', 'interrupted: the server stopped while sending'],
    ]);
    // The old holder's late answer no longer counts.
    expect(
      await repository.settle(
        [{ id: held?.id ?? 0, leaseToken: held?.leaseToken ?? '', attempt: 1, outcome: 'sent' }],
        clock,
      ),
    ).toBe(0);
  });

  it('runs on the job runner: the delivery job drains the outbox and books the retry as a job', async () => {
    const user = await insertVerifiedUser(database);
    const telegram = new ScriptedChannel('telegram', [retry('HTTP 500')]);
    const { queue, dispatcher, repository } = setup([telegram]);
    const notifier = new OutboxNotifier({ repository, queue, now: () => clock, logger: quiet });
    OutboxNotifier.registerJobs(queue, dispatcher, repository);
    await notifier.enqueue(alertNotification(user.id, { channels: { telegram: { chatId: '7' } } }));
    await OutboxNotifier.resume(queue);
    await queue.runOnce();
    expect(telegram.handed).toHaveLength(1);
    const jobs = await createJobsRepository(database).list({ state: 'queued' });
    const retryJob = jobs.find((j) => j.key.startsWith(`${NOTIFY_DELIVER_JOB}@`));
    expect(retryJob?.runAt).toBe(Math.ceil((clock + 10_000) / 1000) * 1000);
    clock += 10_000;
    await queue.runOnce();
    expect(telegram.handed).toHaveLength(2);
    expect((await repository.deliveriesByKey(telegram.handed[0]?.idempotencyKey ?? ''))[0]?.state).toBe(
      'sent',
    );
  });
});

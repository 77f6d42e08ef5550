import { forex, quote } from '@spreadscope/core/testing';
import { createAlertsRepository, createJobsRepository, createNotifyRepository } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { kimchiAlert } from '../../test-support/alert-fixtures.ts';
import { T0 } from '../../test-support/test-server.ts';
import { OutboxNotifier } from '../notify/outbox-notifier.ts';
import { AlertEvaluator } from './alert-evaluator.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
/** What the evaluators complained of: the joined write falling back to `pending` is a warning. */
const warned: string[] = [];
const watched = { ...silent, warn: (m: string) => warned.push(m), error: (m: string) => warned.push(m) };
const krw = (usdt: number, premium: number) => usdt * 1400 * (1 + premium / 100);

/** The product's wiring: the evaluator writes its firings and their outbox rows in one transaction. */
forEachDatabase('alert firings and their outbox rows', (getDb) => {
  let fx: AccountsFixture;
  let clockAt = T0;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
    fx.server.source.push(forex(T0, 1400));
    // This suite runs its own evaluators on the real outbox; the server's own would fire too.
    await fx.server.alerts.stop();
  });
  afterAll(() => fx.close());

  const market = async (base: string, usdt: number, premium: number, ms = 1000) => {
    clockAt += ms;
    fx.server.source.push(
      forex(clockAt, 1400),
      quote(clockAt, 'binance', base, 'USDT', usdt),
      quote(clockAt, 'upbit', base, 'KRW', krw(usdt, premium)),
    );
    await new Promise((resolve) => setTimeout(resolve, 80));
  };
  const outbox = () => {
    const database = fx.server.database;
    const queue = new DatabaseJobQueue({ repository: createJobsRepository(database), logger: silent });
    return new OutboxNotifier({ repository: createNotifyRepository(database), queue, logger: silent });
  };
  const evaluator = (notifier: OutboxNotifier) =>
    new AlertEvaluator({
      repo: createAlertsRepository(fx.server.database),
      users: fx.server.accounts.users,
      notifier,
      engine: () => fx.server.engine,
      now: () => fx.server.source.now(),
      logger: watched,
    });
  const deliveries = (key: string) =>
    createNotifyRepository(fx.server.database)
      .deliveriesByKey(key)
      .then((rows) => rows.map((r) => r.channel).sort());

  it('records the crossing enqueued, with its deliveries in the outbox under alert:<id>:<seq>', async () => {
    warned.length = 0;
    const { client } = await signedInUser(fx, 'pro');
    await market('ADA', 1, 0);
    const id = (await client.post('/api/v1/alerts', kimchiAlert({ tokens: ['ADA'] }))).body.id as string;
    const running = evaluator(outbox());
    await running.start();
    running.onTick();
    await market('ADA', 1, 4);
    running.onTick();
    await running.stop();
    expect((await client.get('/api/v1/alerts/history')).body.items).toMatchObject([
      { alertId: id, status: 'enqueued', seq: 1 },
    ]);
    expect(await deliveries(`alert:${id}:1`)).toEqual(['email', 'toast']);
    expect(warned).toEqual([]);
  });

  it('an outbox write that fails takes nothing of the tick with it: recorded pending, delivered once after the restart', async () => {
    const { client } = await signedInUser(fx, 'pro');
    await market('DOT', 5, 0);
    const id = (await client.post('/api/v1/alerts', kimchiAlert({ tokens: ['DOT'] }))).body.id as string;
    const failing = outbox();
    failing.enqueueIn = () => Promise.reject(new Error('outbox unavailable'));
    failing.enqueue = () => Promise.reject(new Error('outbox unavailable'));
    const crashing = evaluator(failing);
    await crashing.start();
    crashing.onTick();
    await market('DOT', 5, 4);
    crashing.onTick();
    await crashing.stop();
    expect((await client.get('/api/v1/alerts/history')).body.items).toMatchObject([
      { alertId: id, status: 'pending', seq: 1 },
    ]);
    expect(await deliveries(`alert:${id}:1`)).toEqual([]);

    for (let restart = 0; restart < 2; restart++) {
      const after = evaluator(outbox());
      await after.start();
      after.onTick();
      await after.stop();
    }
    expect((await client.get('/api/v1/alerts/history')).body.items).toMatchObject([
      { alertId: id, status: 'enqueued', seq: 1 },
    ]);
    expect(await deliveries(`alert:${id}:1`)).toEqual(['email', 'toast']);
  });
});

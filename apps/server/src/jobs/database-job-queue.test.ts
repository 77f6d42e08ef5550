import { HOUR_MS } from '@spreadscope/core';
import { createJobsRepository, type Database, openDatabase } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { expect, it } from 'vitest';
import { DatabaseJobQueue } from './database-job-queue.ts';

const T0 = Date.UTC(2026, 0, 5, 3, 0, 0);
const LEASE = 60_000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A runner on its own clock, as a test drives it: `runOnce()` at `clock.now`. */
function runner(database: Database, clock: { now: number }, worker: string, extra = {}): DatabaseJobQueue {
  return new DatabaseJobQueue({
    repository: createJobsRepository(database),
    logger: quiet,
    worker,
    leaseMs: LEASE,
    now: () => clock.now,
    random: () => 0,
    ...extra,
  });
}

forEachDatabase('database job queue', (getDb, { kind, options }) => {
  /** A second handle: another connection pool on PostgreSQL, as another process has; PGlite has one. */
  async function secondHandle(): Promise<{ db: Database; close: () => Promise<void> }> {
    if (kind === 'pglite') return { db: getDb(), close: async () => {} };
    const db = await openDatabase(options());
    return { db, close: () => db.close() };
  }

  it('runs each job once when two runners compete for them', async () => {
    const other = await secondHandle();
    const runs = new Map<string, number>();
    const handler = async (payload: { n: number }) => {
      runs.set(String(payload.n), (runs.get(String(payload.n)) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const a = new DatabaseJobQueue({ repository: createJobsRepository(getDb()), logger: quiet, pollMs: 5 });
    const b = new DatabaseJobQueue({ repository: createJobsRepository(other.db), logger: quiet, pollMs: 5 });
    a.handle('compete', handler);
    b.handle('compete', handler);
    try {
      a.start();
      b.start();
      for (let n = 0; n < 40; n++) await (n % 2 ? a : b).enqueue('compete', { n });
      const repo = createJobsRepository(getDb());
      while (
        (await repo.list({ state: 'done', limit: 1_000 })).filter((j) => j.kind === 'compete').length < 40
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await other.close();
    }
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('keeps running short jobs while a long one holds a slot (a back-fill never stalls delivery)', async () => {
    const queue = new DatabaseJobQueue({
      repository: createJobsRepository(getDb()),
      logger: quiet,
      pollMs: 5,
    });
    let releaseLong: () => void = () => {};
    const longDone = new Promise<void>((resolve) => {
      releaseLong = resolve;
    });
    const short: number[] = [];
    queue.handle('long', () => longDone);
    queue.handle('short', async (payload: { n: number }) => {
      short.push(payload.n);
    });
    try {
      queue.start();
      await queue.enqueue('long', {});
      // The long job is claimed first and stays running.
      const repo = createJobsRepository(getDb());
      while ((await repo.list({ state: 'running', limit: 10 })).length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (let n = 0; n < 6; n++) await queue.enqueue('short', { n });
      while (short.length < 6) await new Promise((resolve) => setTimeout(resolve, 10));
      // The last short job's handler has run; its completion is written just after.
      await expect
        .poll(async () => (await repo.list({ state: 'running', limit: 10 })).map((j) => j.kind), {
          timeout: 10_000,
        })
        .toEqual(['long']);
    } finally {
      releaseLong();
      await queue.stop();
    }
    expect(short.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('retries a job whose runner died once its lease has run out', async () => {
    const repo = createJobsRepository(getDb());
    await repo.enqueue({ kind: 'orphan', key: 'orphan:1', runAt: T0, maxAttempts: 3 }, T0);
    // A runner claims it and is killed before it settles: the claim is all that remains of it.
    const [orphan] = await repo.claim({
      worker: 'killed',
      kinds: ['orphan'],
      limit: 1,
      leaseMs: LEASE,
      now: T0,
    });
    expect(orphan).toBeDefined();

    const clock = { now: T0 + LEASE - 1 };
    const survivor = runner(getDb(), clock, 'survivor');
    const ran: number[] = [];
    survivor.handle('orphan', async (_payload, context) => {
      ran.push(context.attempt);
    });
    expect(await survivor.runOnce()).toBe(0);
    clock.now = T0 + LEASE;
    expect(await survivor.runOnce()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await repo.get(orphan?.id ?? -1)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('backs off between retries, then succeeds', async () => {
    const clock = { now: T0 };
    const queue = runner(getDb(), clock, 'backoff');
    let calls = 0;
    queue.handle('flaky', async () => {
      calls++;
      if (calls <= 2) throw new Error(`flaky failure ${calls}`);
    });
    const { id } = await queue.enqueue('flaky', {}, { maxAttempts: 5 });
    const repo = createJobsRepository(getDb());

    expect(await queue.runOnce()).toBe(1);
    // random() = 0 pins the jitter: the whole step, 10 s after one failure, 20 s after two.
    expect(await repo.get(id)).toMatchObject({
      state: 'failed',
      runAt: T0 + 10_000,
      lastError: 'flaky failure 1',
    });
    clock.now = T0 + 9_999;
    expect(await queue.runOnce()).toBe(0);
    clock.now = T0 + 10_000;
    expect(await queue.runOnce()).toBe(1);
    expect(await repo.get(id)).toMatchObject({ state: 'failed', runAt: T0 + 30_000 });
    clock.now = T0 + 29_999;
    expect(await queue.runOnce()).toBe(0);
    clock.now = T0 + 30_000;
    expect(await queue.runOnce()).toBe(1);
    expect(await repo.get(id)).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('declares a job dead after its last attempt and tells the operator how to retry it', async () => {
    const clock = { now: T0 };
    const errors: string[] = [];
    const queue = runner(getDb(), clock, 'dead', {
      logger: { ...quiet, error: (m: string) => errors.push(m) },
    });
    queue.handle('doomed', async () => {
      throw new Error('smtp refused');
    });
    const { id } = await queue.enqueue('doomed', {}, { maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      expect(await queue.runOnce()).toBe(1);
      clock.now += HOUR_MS;
    }
    expect(await queue.runOnce()).toBe(0);
    expect(await createJobsRepository(getDb()).get(id)).toMatchObject({
      state: 'dead',
      attempts: 3,
      lastError: 'smtp refused',
    });
    expect(errors).toEqual([
      `jobs: doomed #${id} is dead after 3 attempts: smtp refused (npm run admin -- jobs retry ${id})`,
    ]);
  });

  it('runs a recurring job once per slot across runners', async () => {
    const other = await secondHandle();
    const clock = { now: T0 + 5 * 60_000 };
    const ran: string[] = [];
    const queues = [runner(getDb(), clock, 'one'), runner(other.db, clock, 'two')];
    for (const queue of queues) {
      queue.every({ kind: 'hourly', everyMs: HOUR_MS });
      queue.handle('hourly', async (_payload, context) => {
        ran.push(context.key);
      });
    }
    try {
      await Promise.all(queues.map((q) => q.runOnce()));
      await Promise.all(queues.map((q) => q.runOnce()));
      clock.now += 30 * 60_000;
      await Promise.all(queues.map((q) => q.runOnce()));
      clock.now += 30 * 60_000;
      await Promise.all(queues.map((q) => q.runOnce()));
    } finally {
      await other.close();
    }
    expect(ran).toEqual(['hourly@2026-01-05T03:00:00.000Z', 'hourly@2026-01-05T04:00:00.000Z']);
  });
});

import { expect, it } from 'vitest';
import { createJobsRepository } from './jobs-repository.ts';
import { openDatabase } from './open-database.ts';
import { forEachDatabase } from './test-databases.ts';

const T0 = Date.UTC(2026, 0, 5, 3, 0, 0);
const LEASE = 30_000;

forEachDatabase('jobs repository', (getDb, { kind, options }) => {
  it('keeps one job per idempotency key', async () => {
    const repo = createJobsRepository(getDb());
    const first = await repo.enqueue(
      { kind: 'k', key: 'once:1', payload: { a: 1 }, runAt: T0, maxAttempts: 3 },
      T0,
    );
    const again = await repo.enqueue(
      { kind: 'k', key: 'once:1', payload: { a: 2 }, runAt: T0, maxAttempts: 3 },
      T0,
    );
    expect(first.created).toBe(true);
    expect(again).toEqual({ job: first.job, created: false });
    expect(first.job).toMatchObject({ state: 'queued', payload: { a: 1 }, attempts: 0 });
  });

  it('claims due jobs of the given kinds only, each by one claimer', async () => {
    const repo = createJobsRepository(getDb());
    // On PostgreSQL the second claimer is another connection pool, as another process would be.
    const other = kind === 'postgres' ? await openDatabase(options()) : getDb();
    try {
      const rival = createJobsRepository(other);
      for (let i = 0; i < 40; i++) {
        await repo.enqueue({ kind: 'claim', key: `claim:${i}`, runAt: T0, maxAttempts: 3 }, T0);
      }
      await repo.enqueue({ kind: 'claim', key: 'claim:later', runAt: T0 + 60_000, maxAttempts: 3 }, T0);
      await repo.enqueue({ kind: 'other', key: 'other:1', runAt: T0, maxAttempts: 3 }, T0);
      const claims = await Promise.all(
        [repo, rival, repo, rival].map((r, i) =>
          r.claim({ worker: `w${i}`, kinds: ['claim'], limit: 15, leaseMs: LEASE, now: T0 }),
        ),
      );
      const ids = claims.flat().map((job) => job.id);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      for (const job of claims.flat()) expect(job).toMatchObject({ state: 'running', attempts: 1 });
      expect(await repo.claim({ worker: 'w', kinds: ['claim'], limit: 10, leaseMs: LEASE, now: T0 })).toEqual(
        [],
      );
    } finally {
      if (other !== getDb()) await other.close();
    }
  });

  it('takes a job back when its lease expires, and refuses the old claim', async () => {
    const repo = createJobsRepository(getDb());
    await repo.enqueue({ kind: 'lease', key: 'lease:1', runAt: T0, maxAttempts: 2 }, T0);
    const [first] = await repo.claim({ worker: 'a', kinds: ['lease'], limit: 1, leaseMs: LEASE, now: T0 });
    if (!first) throw new Error('not claimed');
    expect(
      await repo.claim({ worker: 'b', kinds: ['lease'], limit: 1, leaseMs: LEASE, now: T0 + LEASE - 1 }),
    ).toEqual([]);
    const [second] = await repo.claim({
      worker: 'b',
      kinds: ['lease'],
      limit: 1,
      leaseMs: LEASE,
      now: T0 + LEASE,
    });
    expect(second).toMatchObject({ id: first.id, attempts: 2, lockedBy: 'b' });
    expect(await repo.complete(first, T0 + LEASE)).toBe(false);
    if (!second) throw new Error('not reclaimed');
    // Its last attempt's runner dies too: dead, not claimed a third time.
    const late = T0 + 3 * LEASE;
    expect(await repo.claim({ worker: 'c', kinds: ['lease'], limit: 1, leaseMs: LEASE, now: late })).toEqual(
      [],
    );
    expect(await repo.get(first.id)).toMatchObject({
      state: 'dead',
      lastError: 'lease expired on attempt 2: its runner stopped',
    });
  });

  it('fails to a later retry or to dead, lists and counts by state, and queues dead jobs again', async () => {
    const repo = createJobsRepository(getDb());
    await repo.enqueue({ kind: 'fail', key: 'fail:1', runAt: T0, maxAttempts: 2 }, T0);
    await repo.enqueue({ kind: 'fail', key: 'fail:2', runAt: T0, maxAttempts: 2 }, T0);
    const [a, b] = await repo.claim({ worker: 'w', kinds: ['fail'], limit: 2, leaseMs: LEASE, now: T0 });
    if (!a || !b) throw new Error('not claimed');
    expect(await repo.fail(a, 'boom', T0 + 5_000, T0)).toBe(true);
    expect(await repo.fail(b, 'gone', null, T0)).toBe(true);
    expect(await repo.get(a.id)).toMatchObject({ state: 'failed', lastError: 'boom', runAt: T0 + 5_000 });
    expect(
      await repo.claim({ worker: 'w', kinds: ['fail'], limit: 2, leaseMs: LEASE, now: T0 + 4_999 }),
    ).toEqual([]);
    expect((await repo.list({ state: 'dead' })).map((j) => j.key)).toContain('fail:2');
    const counts = await repo.counts();
    expect(counts.dead).toBeGreaterThanOrEqual(1);
    expect(counts.failed).toBeGreaterThanOrEqual(1);

    expect(await repo.retry(a.id, T0 + 1_000)).toMatchObject({
      state: 'queued',
      attempts: 0,
      runAt: T0 + 1_000,
    });
    const deadBefore = (await repo.counts()).dead;
    expect(await repo.retryAllDead(T0 + 1_000)).toBe(deadBefore);
    expect(await repo.get(b.id)).toMatchObject({ state: 'queued', attempts: 0, lastError: 'gone' });
    expect(await repo.retry(b.id, T0 + 1_000)).toBeUndefined();
  });

  it('deletes done jobs past a cutoff and keeps the rest', async () => {
    const repo = createJobsRepository(getDb());
    await repo.enqueue({ kind: 'old', key: 'old:1', runAt: T0, maxAttempts: 1 }, T0);
    const [job] = await repo.claim({ worker: 'w', kinds: ['old'], limit: 1, leaseMs: LEASE, now: T0 });
    if (!job) throw new Error('not claimed');
    expect(await repo.complete(job, T0 + 10)).toBe(true);
    expect(await repo.deleteDoneBefore(T0)).toBe(0);
    expect(await repo.deleteDoneBefore(T0 + 10)).toBe(1);
    expect(await repo.get(job.id)).toBeUndefined();
  });
});

import { HOUR_MS } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { SyncJobQueue } from './sync-job-queue.ts';

describe('synchronous job queue (unit tests of code that enqueues)', () => {
  it('runs a job before enqueue resolves, once per idempotency key', async () => {
    const queue = new SyncJobQueue();
    const seen: unknown[] = [];
    queue.handle('mail', async (payload) => {
      seen.push(payload);
    });
    expect(await queue.enqueue('mail', { to: 'a' }, { key: 'welcome:a' })).toEqual({ id: 1, created: true });
    expect(await queue.enqueue('mail', { to: 'a' }, { key: 'welcome:a' })).toEqual({ id: 1, created: false });
    expect(seen).toEqual([{ to: 'a' }]);
    expect(queue.jobs[0]).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('retries a failing job up to its attempts and leaves it dead', async () => {
    const queue = new SyncJobQueue();
    queue.handle('webhook', async () => {
      throw new Error('502');
    });
    await queue.enqueue('webhook', {}, { maxAttempts: 3 });
    expect(queue.jobs[0]).toMatchObject({ state: 'dead', attempts: 3, lastError: '502' });
  });

  it('enqueues a schedule once per slot', async () => {
    let now = Date.UTC(2026, 0, 5, 3, 10);
    const queue = new SyncJobQueue(() => now);
    const keys: string[] = [];
    queue.handle('prune', async (_p, context) => {
      keys.push(context.key);
    });
    queue.every({ kind: 'prune', everyMs: HOUR_MS });
    await queue.runSchedules();
    await queue.runSchedules();
    now += HOUR_MS;
    await queue.runSchedules();
    expect(keys).toEqual(['prune@2026-01-05T03:00:00.000Z', 'prune@2026-01-05T04:00:00.000Z']);
  });
});

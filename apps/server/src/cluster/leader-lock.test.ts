import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LeaderLock } from './leader-lock.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('leader lock tests skipped: set REDIS_URL to run them on Redis');

/** Keeps this thread busy, as a long GC or a starved CPU would. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

/**
 * Blocks this thread without using a core, as a hung synchronous call would: the lock's worker thread then has a
 * core to notice the stall even on a loaded two-core machine, where a spinning main thread competes with it.
 */
function hang(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe.skipIf(!redisUrl)('LeaderLock on Redis', () => {
  const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  const key = () => `{test-lock-${process.pid}-${randomBytes(4).toString('hex')}}:ingest:lock`;

  afterAll(async () => {
    await redis.quit().catch(() => undefined);
  });

  function lock(name: string, events: string[], lockKey: string, stallLimitMs?: number, ttlMs = 600) {
    return new LeaderLock({
      redisUrl: redisUrl as string,
      key: lockKey,
      ttlMs,
      intervalMs: Math.floor(ttlMs / 6),
      ...(stallLimitMs ? { stallLimitMs } : {}),
      onAcquired: () => events.push(`${name} acquired`),
      onLost: (reason) => events.push(`${name} lost: ${reason}`),
    });
  }

  it('lets one holder in; a standby takes the lock once the holder crashed and its key expired', async () => {
    const lockKey = key();
    const events: string[] = [];
    // What a crashed holder leaves behind: its key, renewed by nobody.
    await redis.set(lockKey, 'crashed-holder', 'PX', 800);
    const b = lock('b', events, lockKey);
    b.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(b.isLeader).toBe(false);
    await expect.poll(() => b.isLeader, { timeout: 5_000 }).toBe(true);
    expect(await redis.get(lockKey)).toBe(b.token);
    // A second standby waits while b renews, several TTLs long.
    const c = lock('c', events, lockKey);
    c.start();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(c.isLeader).toBe(false);
    expect(events).toEqual(['b acquired']);
    // A clean stop hands over at once.
    await b.stop();
    await expect.poll(() => c.isLeader, { timeout: 5_000 }).toBe(true);
    await c.stop();
    expect(await redis.get(lockKey)).toBeNull();
  });

  it('keeps the lock through a main-thread stall longer than the TTL (no flapping under load)', async () => {
    const lockKey = key();
    const events: string[] = [];
    // TTLs of 2 s: the worker has to be scheduled at least that often on a busy shared machine.
    const a = lock('a', events, lockKey, undefined, 2_000);
    a.start();
    await expect.poll(() => a.isLeader, { timeout: 10_000 }).toBe(true);
    const other = new Redis(redisUrl as string);
    // Three TTLs without this thread running a timer; another process keeps asking meanwhile.
    const asks: (string | null)[] = [];
    const asking = setInterval(() => {
      void other.set(lockKey, 'other', 'PX', 2_000, 'NX').then((r) => asks.push(r));
    }, 100);
    busy(6_000);
    await new Promise((r) => setTimeout(r, 300));
    clearInterval(asking);
    expect(asks.filter((r) => r === 'OK')).toEqual([]);
    expect(await redis.get(lockKey)).toBe(a.token);
    expect(events).toEqual(['a acquired']);
    await a.stop();
    await other.quit();
  });

  it('gives the lock up when the main thread hangs past the stall limit, and never renews another’s', async () => {
    const lockKey = key();
    const events: string[] = [];
    const a = lock('a', events, lockKey, 500, 2_000);
    a.start();
    await expect.poll(() => a.isLeader, { timeout: 10_000 }).toBe(true);
    // A standby whose stall limit is the default 30 s: its worker keeps asking while this thread hangs, so it
    // takes the lock the moment a's worker gives it up (and a, once it runs again, finds it taken).
    const b = lock('b', events, lockKey, undefined, 2_000);
    b.start();
    // Sixteen times a's stall limit, without spinning, so the watching worker threads get a core meanwhile.
    hang(8_000);
    await expect.poll(() => b.isLeader, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => a.isLeader, { timeout: 5_000 }).toBe(false);
    expect(events.filter((e) => e.startsWith('a lost: the main thread stopped answering'))).toHaveLength(1);
    expect(await redis.get(lockKey)).toBe(b.token);
    await a.stop();
    await b.stop();
    expect(await redis.get(lockKey)).toBeNull();

    const d = lock('d', events, lockKey);
    d.start();
    await expect.poll(() => d.isLeader, { timeout: 10_000 }).toBe(true);
    // The key became someone else's (d paused past its TTL, say): d must step down, not extend it.
    await redis.set(lockKey, 'someone else', 'PX', 10_000);
    await expect.poll(() => d.isLeader, { timeout: 5_000 }).toBe(false);
    expect(events.at(-1)).toBe('d lost: another ingest holds the lock');
    await d.stop();
    expect(await redis.get(lockKey)).toBe('someone else');
    await redis.del(lockKey);
  });
});

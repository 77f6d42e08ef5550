import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LeaderLock } from './leader-lock.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('leader lock tests skipped: set REDIS_URL to run them on Redis');

describe.skipIf(!redisUrl)('LeaderLock on Redis', () => {
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    connections.push(redis);
    return redis;
  };
  const key = () => `{test-lock-${process.pid}-${randomBytes(4).toString('hex')}}:ingest:lock`;

  afterAll(async () => {
    await Promise.all(connections.map((r) => r.quit().catch(() => undefined)));
  });

  function lock(redis: Redis, name: string, events: string[], lockKey: string) {
    return new LeaderLock({
      redis,
      key: lockKey,
      ttlMs: 600,
      intervalMs: 100,
      onAcquired: () => events.push(`${name} acquired`),
      onLost: (reason) => events.push(`${name} lost: ${reason}`),
    });
  }

  it('lets exactly one of two holders in; the other takes over once the first crashes', async () => {
    const lockKey = key();
    const events: string[] = [];
    const crashing = connect();
    const a = lock(crashing, 'a', events, lockKey);
    const b = lock(connect(), 'b', events, lockKey);
    a.start();
    await expect.poll(() => a.isLeader).toBe(true);
    b.start();
    // Several TTLs pass: a renews, b keeps waiting.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(b.isLeader).toBe(false);
    expect(events).toEqual(['a acquired']);

    // a's process dies without releasing (its connection drops): its key expires and b takes it.
    crashing.disconnect();
    await expect.poll(() => b.isLeader, { timeout: 5_000 }).toBe(true);
    // a notices it can no longer vouch for the lock and steps down rather than carry on writing.
    await expect.poll(() => a.isLeader, { timeout: 5_000 }).toBe(false);
    expect(events).toContain('b acquired');
    expect(events.some((e) => e.startsWith('a lost: Redis unreachable'))).toBe(true);
    expect(await connect().get(lockKey)).toBe(b.token);
    await a.stop();
    await b.stop();
  });

  it('hands over at once on a clean stop, and never renews a lock that has become another holder’s', async () => {
    const lockKey = key();
    const events: string[] = [];
    const redis = connect();
    const a = lock(redis, 'a', events, lockKey);
    a.start();
    await expect.poll(() => a.isLeader).toBe(true);
    await a.stop();
    expect(await redis.get(lockKey)).toBeNull();

    // c holds the key now (as after a's TTL ran out during a long pause); d's renewal must not touch it.
    const c = lock(connect(), 'c', events, lockKey);
    c.start();
    await expect.poll(() => c.isLeader).toBe(true);
    await redis.set(lockKey, 'someone else', 'PX', 10_000);
    await expect.poll(() => c.isLeader, { timeout: 5_000 }).toBe(false);
    expect(events.at(-1)).toBe('c lost: another ingest holds the lock');
    expect(await redis.get(lockKey)).toBe('someone else');
    await c.stop();
    expect(await redis.get(lockKey)).toBe('someone else');
    await redis.del(lockKey);
  });
});

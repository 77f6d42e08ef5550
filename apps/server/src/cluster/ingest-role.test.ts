import { randomBytes } from 'node:crypto';
import type { MarketEvent } from '@spreadscope/core';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../bus/memory-bus.ts';
import { createServerLogger } from '../logging/logger.ts';
import { EngineSlot } from '../runtime/engine-slot.ts';
import { MarketRuntime } from '../runtime/market-runtime.ts';
import { ManualSource } from '../test-support/manual-source.ts';
import { clusterKeys } from './cluster-keys.ts';
import { IngestRole } from './ingest-role.ts';
import { readLatestState } from './log-reader.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('ingest role tests skipped: set REDIS_URL to run them on Redis');

const T0 = 1_763_700_000_000;

function quote(t: number, base: string, last: number): MarketEvent {
  return { t, type: 'quote', venue: 'upbit', market: 'spot', base, quote: 'KRW', last };
}

describe.skipIf(!redisUrl)('the active ingest on Redis', () => {
  const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: null });
  const prefix = `test-ingest-${process.pid}-${randomBytes(4).toString('hex')}`;
  const keys = clusterKeys(prefix);
  const stops: (() => Promise<void>)[] = [];

  afterAll(async () => {
    for (const stop of stops) await stop();
    const left = await redis.keys(`{${prefix}}:*`);
    if (left.length > 0) await redis.del(...left);
    await redis.quit();
  });

  it('appends an entry as soon as a batch of the source is applied, not at its heartbeat', async () => {
    const source = new ManualSource(T0, 'simulated');
    const engines = new EngineSlot();
    const logger = createServerLogger('silent');
    const fatal: string[] = [];
    const ingest = new IngestRole({
      redis,
      redisUrl: redisUrl as string,
      keys,
      source,
      engines,
      runtime: (tapped) =>
        new MarketRuntime({ source: tapped, engines, bus: createMemoryBus(), logger, flushTimer: false }),
      logger,
      // A heartbeat that never comes within the test: any entry below is one a batch brought.
      heartbeatMs: 600_000,
      onFatal: (reason) => fatal.push(reason),
    });
    stops.push(() => ingest.stop());
    ingest.start();
    // Active: it holds the lock and its runtime takes the source's events.
    await expect.poll(() => ingest.active && source.started).toBe(true);
    expect(ingest.publisher.appended).toBe(0);

    source.push(quote(T0 + 1_000, 'BTC', 150_000_000), quote(T0 + 1_000, 'ETH', 5_000_000));
    await expect.poll(() => ingest.publisher.appended).toBe(1);
    source.push(quote(T0 + 1_020, 'BTC', 150_100_000));
    await expect.poll(() => ingest.publisher.appended).toBe(2);

    const latest = await readLatestState(redis, keys);
    // The first entry carried the snapshot; the second, exactly the second batch.
    expect(latest?.snapshot.events).toEqual(
      expect.arrayContaining([quote(T0 + 1_000, 'BTC', 150_000_000), quote(T0 + 1_000, 'ETH', 5_000_000)]),
    );
    expect(latest?.entries.map((entry) => entry.events)).toEqual([[quote(T0 + 1_020, 'BTC', 150_100_000)]]);
    expect(fatal).toEqual([]);
  });
});

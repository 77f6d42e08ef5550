import { randomBytes } from 'node:crypto';
import type { MarketEvent } from '@spreadscope/core';
import { GuardedSource } from '@spreadscope/feeds';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualSource } from '../test-support/manual-source.ts';
import { type ClusterKeys, clusterKeys } from './cluster-keys.ts';
import { LogPublisher } from './log-publisher.ts';
import { LOG_SILENCE_MS, LogSource } from './log-source.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('event log tests skipped: set REDIS_URL to run them on Redis');

const T0 = 1_763_700_000_000;

function quote(t: number, base: string, last: number): MarketEvent {
  return { t, type: 'quote', venue: 'upbit', market: 'spot', base, quote: 'KRW', last };
}

describe.skipIf(!redisUrl)('the event log on Redis: ingest publisher → replica source', () => {
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: null });
    connections.push(redis);
    return redis;
  };
  const prefixes: string[] = [];

  afterAll(async () => {
    const redis = connect();
    for (const prefix of prefixes) {
      const keys = await redis.keys(`{${prefix}}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await Promise.all(connections.map((r) => r.quit().catch(() => undefined)));
  });

  /** A cluster of one ingest (holding the lock) publishing what a manual source emits. */
  async function ingest(options: { snapshotMs?: number; mode?: 'live' | 'simulated'; gate?: boolean } = {}) {
    const prefix = `test-log-${process.pid}-${randomBytes(4).toString('hex')}`;
    prefixes.push(prefix);
    const keys = clusterKeys(prefix);
    const redis = connect();
    await redis.set(keys.lock, 'token-a');
    const source = new ManualSource(T0, options.mode ?? 'live');
    // As the ingest runs it: the venue events pass its gate, and the gate's tallies travel in the status.
    const guarded = options.gate ? new GuardedSource(source) : null;
    const fenced: string[] = [];
    const publisher = new LogPublisher({
      redis,
      keys,
      token: 'token-a',
      source: guarded ?? source,
      ...(guarded ? { rejects: () => guarded.gate.rejects() } : {}),
      snapshotMs: options.snapshotMs ?? 60_000,
      onFenced: () => fenced.push('fenced'),
      onError: (m) => fenced.push(m),
    });
    const emit = async (at: number, events: MarketEvent[]) => {
      for (const event of events) publisher.record(event);
      source.clock = at;
      const before = publisher.appended;
      publisher.tick();
      await expect.poll(() => publisher.appended).toBe(before + 1);
    };
    return { keys, redis, source, guarded, publisher, emit, fenced };
  }

  function replica(keys: ClusterKeys) {
    const applied: MarketEvent[] = [];
    const clocks: number[] = [];
    let resets = 0;
    const source = new LogSource({
      redis: connect(),
      keys,
      blockMs: 100,
      onReset: () => {
        resets++;
        applied.length = 0;
      },
      onApplied: (at) => clocks.push(at),
      onError: () => {},
    });
    return {
      source,
      applied,
      clocks,
      resets: () => resets,
      start: () => source.start((e) => applied.push(e)),
    };
  }

  it('hands every replica the same events in the same order, with the ingest’s clock and source status', async () => {
    const { keys, emit, source: venues } = await ingest({ snapshotMs: 0 });
    venues.links_ = [{ venue: 'upbit', status: 'connected', lastMessageAt: T0, lastError: null }];
    await emit(T0 + 100, [quote(T0 + 10, 'BTC', 100)]);
    const a = replica(keys);
    const b = replica(keys);
    await Promise.all([a.start(), b.start()]);
    await expect.poll(() => a.clocks.at(-1)).toBe(T0 + 100);
    await expect.poll(() => b.clocks.at(-1)).toBe(T0 + 100);
    await emit(T0 + 200, [quote(T0 + 150, 'ETH', 5), quote(T0 + 160, 'BTC', 101)]);
    await emit(T0 + 300, []);
    await expect.poll(() => a.clocks.at(-1)).toBe(T0 + 300);
    await expect.poll(() => b.clocks.at(-1)).toBe(T0 + 300);
    const expected = [quote(T0 + 10, 'BTC', 100), quote(T0 + 150, 'ETH', 5), quote(T0 + 160, 'BTC', 101)];
    expect(a.applied).toEqual(expected);
    expect(b.applied).toEqual(expected);
    // The market clock is the log's, not this machine's.
    expect(a.source.now()).toBe(T0 + 300);
    expect(a.source.state().mode).toBe('live');
    expect(a.source.links().map((l) => `${l.venue}:${l.status}`)).toEqual(['upbit:connected']);
    await Promise.all([a.source.stop(), b.source.stop()]);
  });

  it('starts a late replica from the snapshot: the latest event per market, then the entries after it', async () => {
    const { keys, emit, publisher } = await ingest({ snapshotMs: 0 });
    await emit(T0 + 100, [quote(T0 + 10, 'BTC', 100), quote(T0 + 20, 'ETH', 5)]);
    await emit(T0 + 200, [quote(T0 + 110, 'BTC', 102)]);
    // Later entries carry no snapshot: a replica starting now replays them over the last one.
    (publisher as unknown as { options: { snapshotMs: number } }).options.snapshotMs = 60_000;
    await emit(T0 + 300, [quote(T0 + 210, 'XRP', 1)]);
    const late = replica(keys);
    await late.start();
    await expect.poll(() => late.clocks.at(-1)).toBe(T0 + 300);
    expect(late.applied).toEqual([
      quote(T0 + 110, 'BTC', 102),
      quote(T0 + 20, 'ETH', 5),
      quote(T0 + 210, 'XRP', 1),
    ]);
    await late.source.stop();
  });

  it('never applies across a gap: a replica whose next entries were trimmed waits for a newer snapshot', async () => {
    const { keys, emit, publisher, redis } = await ingest({ snapshotMs: 0 });
    await emit(T0 + 100, [quote(T0 + 10, 'BTC', 100)]);
    const options = (publisher as unknown as { options: { snapshotMs: number } }).options;
    options.snapshotMs = 60_000;
    await emit(T0 + 200, [quote(T0 + 110, 'BTC', 101)]);
    await emit(T0 + 300, [quote(T0 + 210, 'BTC', 102)]);
    // The oldest entry after the snapshot is gone, as MAXLEN trimming removes the oldest first.
    const rows = await redis.xrange(keys.log, '-', '+', 'COUNT', 2);
    const firstAfter = rows[1]?.[0] as string;
    await redis.xdel(keys.log, firstAfter);
    const r = replica(keys);
    await r.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Only the snapshot: the entry after the gap is not applied on top of a state that misses one.
    expect(r.applied).toEqual([quote(T0 + 10, 'BTC', 100)]);
    expect(r.source.now()).toBe(T0 + 100);

    options.snapshotMs = 0;
    await emit(T0 + 400, [quote(T0 + 310, 'ETH', 5)]);
    await expect.poll(() => r.clocks.at(-1)).toBe(T0 + 400);
    expect(r.resets()).toBe(1);
    expect(r.applied).toEqual([quote(T0 + 210, 'BTC', 102), quote(T0 + 310, 'ETH', 5)]);
    await r.source.stop();
  });

  it('lets the replica clock run on when the log falls silent, so old prices are not served as fresh', async () => {
    const { keys, emit } = await ingest({ snapshotMs: 0 });
    await emit(T0 + 100, [quote(T0 + 10, 'BTC', 100)]);
    const r = replica(keys);
    await r.start();
    await expect.poll(() => r.clocks.length).toBeGreaterThan(0);
    expect(r.source.now()).toBe(T0 + 100);
    await new Promise((resolve) => setTimeout(resolve, LOG_SILENCE_MS + 300));
    expect(r.source.now()).toBeGreaterThan(T0 + 100 + LOG_SILENCE_MS);
    await r.source.stop();
  });

  it('carries a source switch (auto: simulator → live) at its place between the events', async () => {
    const { keys, publisher, source: venues } = await ingest({ snapshotMs: 0, mode: 'simulated' });
    const r = replica(keys);
    const seen: string[] = [];
    publisher.record(quote(T0 + 10, 'BTC', 100));
    venues.clock = T0 + 100;
    publisher.tick();
    await expect.poll(() => publisher.appended).toBe(1);
    await r.source.start((event) => seen.push(`${event.t}:${r.source.state().mode}`));
    await expect.poll(() => seen.length).toBe(1);
    // Live comes back within a tick: the simulator's last event and live's first land in different entries.
    publisher.record(quote(T0 + 150, 'BTC', 101));
    venues.state_ = { mode: 'live', requested: 'auto', since: T0 + 160, reason: null };
    publisher.record(quote(T0 + 170, 'BTC', 102));
    venues.clock = T0 + 200;
    publisher.tick();
    await expect.poll(() => seen.length).toBe(3);
    expect(seen).toEqual([`${T0 + 10}:simulated`, `${T0 + 150}:simulated`, `${T0 + 170}:live`]);
    expect(r.source.state()).toEqual(venues.state_);
    await r.source.stop();
  });

  it('shows on the replicas the refusals of the ingest’s gate, per venue and for USD/KRW', async () => {
    const { keys, source, guarded, publisher } = await ingest({ snapshotMs: 0, gate: true });
    source.links_ = [{ venue: 'upbit', status: 'connected', lastMessageAt: T0, lastError: null }];
    await guarded?.start((event) => publisher.record(event));
    source.push(
      { t: T0 + 1, type: 'forex', pair: 'USD/KRW', rate: 1400 },
      quote(T0 + 2, 'BTC', 100),
      // A price no market has (a unit slip), and USD/KRW jumping by half: both refused at the ingest.
      quote(T0 + 3, 'BTC', 1e14),
      { t: T0 + 4, type: 'forex', pair: 'USD/KRW', rate: 2100 },
    );
    source.clock = T0 + 100;
    publisher.tick();
    await expect.poll(() => publisher.appended).toBe(1);
    const r = replica(keys);
    await r.start();
    await expect.poll(() => r.clocks.length).toBeGreaterThan(0);
    expect(r.applied.map((e) => e.t)).toEqual([T0 + 1, T0 + 2]);
    const upbit = r.source.links().find((link) => link.venue === 'upbit');
    expect(upbit?.rejects?.total).toBe(1);
    expect(upbit?.rejects?.counts.invalid).toBe(1);
    expect(upbit?.rejects?.last?.market).toBe('spot BTC/KRW');
    expect(r.source.forexRejects()?.counts.jump).toBe(1);
    await r.source.stop();
  });

  it('refuses the appends of an ingest whose lock is another’s (a paused ingest after its takeover)', async () => {
    const { keys, publisher, redis, fenced, source } = await ingest();
    await redis.set(keys.lock, 'token-b');
    publisher.record(quote(T0 + 10, 'BTC', 100));
    source.clock = T0 + 100;
    publisher.tick();
    await expect.poll(() => fenced).toEqual(['fenced']);
    expect(await redis.xlen(keys.log)).toBe(0);
    expect(publisher.appended).toBe(0);
  });
});

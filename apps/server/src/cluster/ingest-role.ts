import type { Logger, MarketEvent } from '@spreadscope/core';
import { type EventSink, type MarketSource, type VenueRejects, WorkerSource } from '@spreadscope/feeds';
import type { Redis } from 'ioredis';
import type { EngineSlot } from '../runtime/engine-slot.ts';
import type { MarketRuntime } from '../runtime/market-runtime.ts';
import type { ClusterHealth, Metric } from './cluster-health.ts';
import type { ClusterKeys } from './cluster-keys.ts';
import { LeaderLock } from './leader-lock.ts';
import { LogPublisher } from './log-publisher.ts';
import { readLatestState } from './log-reader.ts';

/** A source whose events are also handed to `tap` as the engine receives them (same order, same turn). */
export function tapSource(source: MarketSource, tap: (event: MarketEvent) => void): MarketSource {
  // Methods bound once: the runtime asks state() for every event.
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(source, {
    get(target, key) {
      if (key === 'start') {
        return (sink: EventSink) =>
          target.start((event) => {
            tap(event);
            sink(event);
          });
      }
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      let fn = bound.get(key);
      if (fn === undefined) {
        fn = value.bind(target);
        bound.set(key, fn);
      }
      return fn;
    },
  });
}

export interface IngestRoleOptions {
  readonly redis: Redis;
  /** The lock renews over a connection of its own, from a worker thread. */
  readonly redisUrl: string;
  readonly keys: ClusterKeys;
  /** The venue source; started only while this process holds the lock. */
  readonly source: MarketSource;
  /** The gate's refusals per venue, carried to the replicas in the log's status. */
  readonly rejects?: () => ReadonlyMap<string, VenueRejects>;
  readonly engines: EngineSlot;
  /** Builds the runtime (history writer) over the tapped source, once. */
  readonly runtime: (source: MarketSource) => MarketRuntime;
  readonly logger: Logger;
  readonly lockTtlMs?: number;
  readonly maxEntries?: number;
  /** The heartbeat: the longest the ingest goes without an entry (ms; TICK_MS). */
  readonly heartbeatMs?: number;
  /** This process must end: its lock went to another ingest (it may still be writing). */
  readonly onFatal: (reason: string) => void;
}

/** The longest the ingest goes without an entry (a heartbeat when the market is quiet). */
const TICK_MS = 100;
/**
 * The shortest gap between entries. An entry goes out as soon as the source's batch is applied rather than at
 * the next 100 ms turn: the replicas push to their subscribers only once the log brings the change, so that
 * turn added up to 100 ms (50 on average) to every push. The simulator hands a batch over every 20 ms.
 */
const MIN_ENTRY_MS = 25;

/**
 * ROLE=ingest: hot standby until it holds the lock, then the only process with venue connections. It seeds its
 * engine with the market its predecessor left in the log (so the minute in progress at a crash is still
 * closed and written), starts the source and the history writer, and appends the events to the log.
 */
export class IngestRole {
  readonly lock: LeaderLock;
  readonly publisher: LogPublisher;
  readonly runtime: MarketRuntime;
  private timer: NodeJS.Timeout | null = null;
  /** The entry due after the batch being applied (see MIN_ENTRY_MS). */
  private prompt: NodeJS.Timeout | null = null;
  private lastEntryAt = Number.NEGATIVE_INFINITY;
  private starting: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: IngestRoleOptions) {
    const { redis, keys, source, logger } = options;
    this.lock = new LeaderLock({
      redisUrl: options.redisUrl,
      key: keys.lock,
      ...(options.lockTtlMs ? { ttlMs: options.lockTtlMs } : {}),
      onAcquired: () => {
        this.starting = this.becomeActive().catch((error: unknown) =>
          options.onFatal(`ingest: could not start as the active ingest: ${(error as Error).message}`),
        );
      },
      onLost: (reason) => options.onFatal(`ingest: lost the ingest lock (${reason}); stopping`),
    });
    this.publisher = new LogPublisher({
      redis,
      keys,
      token: this.lock.token,
      source,
      ...(options.rejects ? { rejects: options.rejects } : {}),
      ...(options.maxEntries ? { maxEntries: options.maxEntries } : {}),
      onFenced: () =>
        options.onFatal('ingest: the event log refused an append: another ingest holds the lock'),
      onError: (message) => logger.warn(message),
    });
    // The market worker names each event's market by its own id: the log maps it instead of interning again.
    const workerId = source instanceof WorkerSource ? () => source.eventId : () => -1;
    this.runtime = options.runtime(
      tapSource(source, (event) => {
        this.publisher.record(event, workerId());
        this.entrySoon();
      }),
    );
  }

  /** An entry once the batch being applied is in (a timer fires after the batch's synchronous run). */
  private entrySoon(): void {
    // Only while active: before the heartbeat starts and after stop, the heartbeat and stop() publish.
    if (this.prompt !== null || this.timer === null) return;
    const wait = Math.max(0, this.lastEntryAt + MIN_ENTRY_MS - performance.now());
    this.prompt = setTimeout(() => {
      this.prompt = null;
      this.entry();
    }, wait);
  }

  private entry(): void {
    this.lastEntryAt = performance.now();
    this.publisher.tick();
  }

  get active(): boolean {
    return this.lock.isLeader;
  }

  start(): void {
    this.options.logger.info('ingest: standing by for the ingest lock');
    // A hot standby: the market worker loaded and its source built, so taking over costs no start-up.
    const { source } = this.options;
    if (source instanceof WorkerSource) {
      source
        .prepare()
        .catch((error: Error) =>
          this.options.logger.warn(`ingest: the market worker did not load: ${error.message}`),
        );
    }
    this.lock.start();
  }

  private async becomeActive(): Promise<void> {
    const { redis, keys, source, engines, logger } = this.options;
    const started = Date.now();
    const latest = await readLatestState(redis, keys);
    let seeded = 0;
    if (latest) {
      // The log's id table always carries on (the replicas hold it); the market only within the same mode.
      const sameMode = latest.snapshot.status.state.mode === source.state().mode;
      const events = sameMode
        ? [...latest.snapshot.events, ...latest.entries.flatMap((entry) => entry.events)]
        : [];
      const engine = engines.current;
      for (const event of events) engine.apply(event);
      this.publisher.seed(events, latest.table.keys);
      seeded = events.length;
    }
    if (this.stopped) return;
    await this.runtime.start();
    const heartbeat = this.options.heartbeatMs ?? TICK_MS;
    this.timer = setInterval(() => {
      // Only when no entry went out for most of a turn.
      if (performance.now() - this.lastEntryAt >= heartbeat * 0.8) this.entry();
    }, heartbeat);
    logger.info(
      `ingest: active (took the lock; ${seeded} events of the log replayed) in ${Date.now() - started} ms`,
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.prompt) clearTimeout(this.prompt);
    this.prompt = null;
    if (this.lock.isLeader) {
      await this.runtime.stop();
      this.publisher.tick(false);
    }
    await this.lock.stop();
  }

  health(): ClusterHealth {
    return { role: 'ingest', active: this.active, appended: this.publisher.appended, degraded: false };
  }

  metrics(): Metric[] {
    return [
      {
        name: 'spreadscope_ingest_active',
        help: '1 while this ingest holds the lock and feeds the event log, 0 on standby.',
        type: 'gauge',
        samples: [{ value: this.active ? 1 : 0 }],
      },
      {
        name: 'spreadscope_ingest_entries_appended_total',
        help: 'Event log entries this ingest appended.',
        type: 'counter',
        samples: [{ value: this.publisher.appended }],
      },
    ];
  }
}

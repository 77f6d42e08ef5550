import type {
  BookEvent,
  DataSourceMode,
  FundingEvent,
  MarketEvent,
  QuoteEvent,
  WalletEvent,
} from '@spreadscope/core';
import type { MarketSource, VenueRejects } from '@spreadscope/feeds';
import type { Redis } from 'ioredis';
import type { ClusterKeys } from './cluster-keys.ts';
import { KeyInterner, type MarketKey } from './log-codec.ts';
import { encodeEntry, encodeSnapshot, type SourceStatus } from './log-entry.ts';

/**
 * Appends one entry only while the caller holds the ingest lock (a fence: a paused ingest whose lock expired
 * cannot write after its successor), numbers it, and with every few entries stores the snapshot that stands
 * for the log up to and including it — in one script, so the snapshot's position is exact.
 * KEYS: lock, seq, log, snapshot. ARGV: token, max entries kept, entry, snapshot body ('' = none).
 */
const APPEND = `
if redis.call('get', KEYS[1]) ~= ARGV[1] then return false end
local seq = redis.call('incr', KEYS[2])
local id = redis.call('xadd', KEYS[3], 'MAXLEN', '~', ARGV[2], '*', 'seq', seq, 'entry', ARGV[3])
if ARGV[4] ~= '' then redis.call('hset', KEYS[4], 'id', id, 'seq', seq, 'body', ARGV[4]) end
return {id, seq}`;

export interface LogPublisherOptions {
  readonly redis: Redis;
  readonly keys: ClusterKeys;
  /** The lock token this ingest holds. */
  readonly token: string;
  readonly source: MarketSource;
  /** Entries the log keeps (approximately: MAXLEN ~); a replica further behind reloads a snapshot. */
  readonly maxEntries?: number;
  /** How often a snapshot is stored with an entry (ms). */
  readonly snapshotMs?: number;
  /** How often the venue links are sent even when the mode did not change (ms). */
  readonly statusMs?: number;
  /** The event gate's refusals per venue (and `forex`): the ingest's GuardedSource's gate. */
  readonly rejects?: () => ReadonlyMap<string, VenueRejects>;
  /** The lock is someone else's: this ingest must stop. */
  readonly onFenced: () => void;
  readonly onError: (message: string) => void;
}

/**
 * Which market an event describes (the snapshot keeps the latest event per key): for the kinds the codec
 * interns, a number from the market's id; forex by pair. Null: not state (notices, tape metadata).
 */
function stateKey(event: MarketEvent, id: number): number | string | null {
  switch (event.type) {
    case 'quote':
    case 'funding':
    case 'wallet':
      return id * 2;
    case 'book':
      return id * 2 + 1;
    case 'forex':
      return `x|${event.pair}`;
    default:
      return null;
  }
}

function internable(event: MarketEvent): event is QuoteEvent | BookEvent | FundingEvent | WalletEvent {
  return (
    event.type === 'quote' || event.type === 'book' || event.type === 'funding' || event.type === 'wallet'
  );
}

/** Entries waiting for Redis beyond which the ingest batches the next ticks together instead of queueing. */
const MAX_IN_FLIGHT = 4;

/**
 * The ingest's side of the log: every event the engine applies is recorded, and each tick appends them as
 * one entry with the tick's market clock. The latest event of every market is kept (in the order markets first
 * appeared, so a replica interns them as the ingest did) for the periodic snapshot late replicas start from.
 */
export class LogPublisher {
  private batch: MarketEvent[] = [];
  /** Each batched event's market id (-1: not interned), so an event is interned once. */
  private batchIds: number[] = [];
  private readonly latest = new Map<number | string, MarketEvent>();
  private readonly interner = new KeyInterner();
  /** The market worker's ids → this log's (the worker numbers markets in the order it first saw them). */
  private readonly fromWorker: number[] = [];
  private mode: DataSourceMode;
  private lastStatus = '';
  private lastStatusAt = 0;
  private lastSnapshotAt = 0;
  private inFlight = 0;
  private fenced = false;
  /** Entries appended, and the position of the latest. */
  appended = 0;
  lastId: string | null = null;

  constructor(private readonly options: LogPublisherOptions) {
    this.mode = options.source.state().mode;
  }

  /**
   * Records an event the engine is applying (call in the same order). `workerId`: the market worker's id of
   * the event's market (WorkerSource.eventId), mapped once to the log's own; -1 where there is none.
   */
  record(event: MarketEvent, workerId = -1): void {
    const mode = this.options.source.state().mode;
    if (mode !== this.mode) {
      // A new mode's engine starts empty: close the old mode's entry first, and forget its markets.
      this.tick(false);
      this.latest.clear();
      this.mode = mode;
    }
    let id = -1;
    if (internable(event)) {
      id = workerId >= 0 ? (this.fromWorker[workerId] ?? -1) : -1;
      if (id < 0) {
        id = this.interner.idOf(event);
        if (workerId >= 0) this.fromWorker[workerId] = id;
      }
    }
    this.batch.push(event);
    this.batchIds.push(id);
    const key = stateKey(event, id);
    if (key !== null) this.latest.set(key, event);
  }

  /**
   * Takes what this ingest did not publish (its predecessor's, read back from the log) into the snapshot, and
   * the id table those entries built, so its own entries continue it.
   */
  seed(events: readonly MarketEvent[], keys: readonly MarketKey[]): void {
    this.interner.adopt(keys);
    for (const event of events) {
      const key = stateKey(event, internable(event) ? this.interner.idOf(event) : -1);
      if (key !== null) this.latest.set(key, event);
    }
  }

  /** Appends the events since the last tick as one entry (also when there are none: the heartbeat). */
  tick(snapshots = true): void {
    if (this.fenced || this.inFlight >= MAX_IN_FLIGHT) return;
    const { source, redis, keys, token } = this.options;
    const at = source.now();
    const publishedAt = Date.now();
    const status = this.status(publishedAt);
    const keysFrom = this.interner.sent;
    const entry = encodeEntry(at, publishedAt, this.batch, this.interner, status, this.batchIds);
    this.batch = [];
    this.batchIds = [];
    let snapshot: Buffer | '' = '';
    if (snapshots && publishedAt - this.lastSnapshotAt >= (this.options.snapshotMs ?? 5_000)) {
      this.lastSnapshotAt = publishedAt;
      snapshot = encodeSnapshot(
        at,
        publishedAt,
        [...this.latest.values()],
        this.interner,
        status ?? this.fullStatus(),
      );
    }
    this.inFlight++;
    redis
      .eval(
        APPEND,
        4,
        keys.lock,
        keys.seq,
        keys.log,
        keys.snapshot,
        token,
        String(this.options.maxEntries ?? 1_200),
        entry,
        snapshot,
      )
      .then(
        (result) => {
          this.inFlight--;
          if (result === null) {
            if (!this.fenced) {
              this.fenced = true;
              this.options.onFenced();
            }
            return;
          }
          this.appended++;
          this.lastId = String((result as [string, number])[0]);
        },
        (error: unknown) => {
          this.inFlight--;
          // The entry is lost to the replicas: force a snapshot soon so they have a gap-free place to resume.
          this.lastSnapshotAt = 0;
          // …and send the ids it introduced again with the next entry.
          this.interner.sent = Math.min(this.interner.sent, keysFrom);
          this.options.onError(`event log: append failed: ${(error as Error).message}`);
        },
      );
  }

  /** The source's status when it changed, and in full every few seconds. */
  private status(now: number): SourceStatus | undefined {
    const state = JSON.stringify(this.options.source.state());
    if (state !== this.lastStatus || now - this.lastStatusAt >= (this.options.statusMs ?? 2_000)) {
      this.lastStatus = state;
      this.lastStatusAt = now;
      return this.fullStatus();
    }
    return undefined;
  }

  private fullStatus(): SourceStatus {
    const { source } = this.options;
    return {
      state: source.state(),
      links: source.links(),
      forex: source.forexHealth?.() ?? null,
      liveFailures: source.liveFailures?.() ?? [],
      rejects: this.rejects(),
    };
  }

  private rejects(): Record<string, VenueRejects> {
    return Object.fromEntries(this.options.rejects?.() ?? []);
  }
}

import type { DataSourceState } from '@spreadscope/core';
import type {
  EventSink,
  ForexHealth,
  LiveFailure,
  MarketSource,
  VenueLink,
  VenueRejects,
} from '@spreadscope/feeds';
import type { Redis } from 'ioredis';
import type { ClusterKeys } from './cluster-keys.ts';
import { LagStats } from './lag-stats.ts';
import { KeyTable, type LogEntry, LogGapError, type SourceStatus } from './log-entry.ts';
import { type LogPosition, readAfter, readSnapshot } from './log-reader.ts';

/**
 * With no entry for this long, the ingest is gone or cut off: the replica's clock runs on with the wall clock
 * so the last prices age and show stale instead of fresh. (The ingest appends every 100 ms.)
 */
export const LOG_SILENCE_MS = 2_000;

export interface LogSourceOptions {
  /** A connection of its own: reads block on it. */
  readonly redis: Redis;
  readonly keys: ClusterKeys;
  /** Before a snapshot is replayed over a gap: start again from an empty engine. */
  readonly onReset: () => void;
  /** After each entry is applied, with the market clock it moved to. */
  readonly onApplied?: (at: number) => void;
  readonly onError: (message: string) => void;
  /** How long a read waits for entries (ms). */
  readonly blockMs?: number;
}

const WAITING_STATE: DataSourceState = {
  mode: 'live',
  requested: 'log',
  since: 0,
  reason: 'waiting for the ingest',
};

/**
 * An API replica's market source: the ingest's event log. It starts from the latest snapshot, then applies
 * every entry in order; the market clock is the clock of the last entry applied (the ingest's tick), so all
 * replicas that applied the same entries answer with the same clock and the same numbers. A jump in the
 * entries' sequence (the replica fell so far behind that the log was trimmed past it) resets the engine and
 * resumes from a newer snapshot — never across a gap.
 */
export class LogSource implements MarketSource {
  readonly lag = new LagStats();
  private sink: EventSink | null = null;
  private position: LogPosition | null = null;
  private snapshotSeq = -1;
  /** The ingest's wall clock when it wrote the snapshot this replica started from. */
  private snapshotWrittenAt = 0;
  private logAt = 0;
  private currentState: DataSourceState = WAITING_STATE;
  private currentLinks: readonly VenueLink[] = [];
  private rejects: Readonly<Record<string, VenueRejects>> = {};
  /** The log's market ids, as far as this replica read it. */
  private table = new KeyTable();
  private forex: ForexHealth | null = null;
  private failures: readonly LiveFailure[] = [];
  private readonly listeners = new Set<(state: DataSourceState) => void>();
  private stopped = false;
  /** A snapshot the log no longer connects to (entries after it were trimmed): wait for a newer one. */
  private staleSnapshotSeq = -1;
  private loop: Promise<void> | null = null;

  constructor(private readonly options: LogSourceOptions) {}

  async start(sink: EventSink): Promise<void> {
    this.sink = sink;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // The blocking read ends with its connection.
    this.options.redis.disconnect();
    await this.loop?.catch(() => undefined);
  }

  /**
   * Loads the snapshot before the engine starts, so the runtime's history refill reads the right minutes.
   * Resolves false when the ingest has not written one yet (the read loop keeps waiting for it).
   */
  async prime(): Promise<boolean> {
    const snapshot = await readSnapshot(this.options.redis, this.options.keys);
    if (!snapshot) return false;
    this.logAt = snapshot.frame.at;
    if (snapshot.frame.status) this.applyStatus(snapshot.frame.status);
    return true;
  }

  /** The market clock: the log's; once the log falls silent, it runs on with the wall clock (see LOG_SILENCE_MS). */
  now(): number {
    if (this.logAt === 0) return Date.now();
    const silent = this.silentMs();
    return silent > LOG_SILENCE_MS ? this.logAt + silent : this.logAt;
  }

  /** How long since the ingest last spoke: the last entry applied, or the snapshot's writing (ms; 0 before). */
  silentMs(): number {
    const last = Math.max(this.lag.lastAppliedAt, this.snapshotWrittenAt);
    return last === 0 ? 0 : Math.max(0, Date.now() - last);
  }

  get logPosition(): LogPosition | null {
    return this.position;
  }

  state(): DataSourceState {
    return this.currentState;
  }

  /** The ingest's links, each with the refusals of the ingest's gate (only the ingest runs it). */
  links(): readonly VenueLink[] {
    return this.currentLinks.map((link) => {
      const rejects = this.rejects[link.venue];
      return rejects ? { ...link, rejects } : link;
    });
  }

  /** USD/KRW rates the ingest's gate refused, as GuardedSource.forexRejects(). */
  forexRejects(): VenueRejects | undefined {
    return this.rejects.forex;
  }

  forexHealth(): ForexHealth | null {
    return this.forex;
  }

  liveFailures(): readonly LiveFailure[] {
    return this.failures;
  }

  onStateChange(listener: (state: DataSourceState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async run(): Promise<void> {
    const { redis, keys, onError } = this.options;
    while (!this.stopped) {
      try {
        if (!this.position) {
          if (!(await this.loadSnapshot())) await new Promise((r) => setTimeout(r, 250));
          continue;
        }
        // A few entries a read: at full scale an entry is megabytes of JSON.
        const entries = await readAfter(redis, keys, this.position.id, 20, this.options.blockMs ?? 1_000);
        let slice = Date.now();
        for (const read of entries) {
          // Catching up on many entries: let requests in between entries (never within one).
          if (Date.now() - slice > 20) {
            await new Promise((resolve) => setImmediate(resolve));
            if (this.stopped || !this.position) break;
            slice = Date.now();
          }
          if (read.seq !== this.position.seq + 1) {
            onError(
              `event log: entries ${this.position.seq + 1}…${read.seq - 1} were trimmed before this replica read them; reloading the snapshot`,
            );
            this.staleSnapshotSeq = this.snapshotSeq;
            this.position = null;
            break;
          }
          let entry: LogEntry;
          try {
            entry = this.table.entry(read.frame);
          } catch (error) {
            if (!(error instanceof LogGapError)) throw error;
            onError(`event log: ${error.message}; reloading the snapshot`);
            this.staleSnapshotSeq = this.snapshotSeq;
            this.position = null;
            break;
          }
          this.apply(entry);
          this.position = { id: read.id, seq: read.seq };
        }
      } catch (error) {
        if (this.stopped) return;
        onError(`event log: ${(error as Error).message}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Starts over from the latest snapshot; false when there is none yet. */
  private async loadSnapshot(): Promise<boolean> {
    const stored = await readSnapshot(this.options.redis, this.options.keys);
    if (!stored || this.stopped || stored.seq <= this.staleSnapshotSeq) return false;
    const table = new KeyTable();
    const body = table.snapshot(stored.frame);
    if (this.lag.snapshotsLoaded > 0) this.options.onReset();
    this.table = table;
    const snapshot = { id: stored.id, seq: stored.seq };
    this.snapshotSeq = snapshot.seq;
    this.snapshotWrittenAt = body.publishedAt;
    this.applyStatus(body.status);
    const sink = this.sink;
    if (sink) for (const event of body.events) sink(event);
    this.logAt = body.at;
    this.position = { id: snapshot.id, seq: snapshot.seq };
    this.lag.snapshotsLoaded++;
    this.options.onApplied?.(this.logAt);
    return true;
  }

  /** Applies one entry whole (no await inside: a request sees the market before or after it, never between). */
  private apply(entry: LogEntry): void {
    const sink = this.sink;
    if (sink) for (const event of entry.events) sink(event);
    // Events first: an entry that ends a source mode holds that mode's last events, and its status the next mode.
    if (entry.status) this.applyStatus(entry.status);
    this.logAt = entry.at;
    const appliedAt = Date.now();
    this.lag.record(appliedAt - entry.publishedAt, appliedAt);
    this.options.onApplied?.(entry.at);
  }

  private applyStatus(status: SourceStatus): void {
    if (status.links) this.currentLinks = status.links;
    if (status.forex !== undefined) this.forex = status.forex;
    if (status.liveFailures) this.failures = status.liveFailures;
    if (status.rejects) this.rejects = status.rejects;
    const before = this.currentState;
    this.currentState = status.state;
    if (JSON.stringify(before) !== JSON.stringify(status.state)) {
      for (const listener of this.listeners) listener(status.state);
    }
  }
}

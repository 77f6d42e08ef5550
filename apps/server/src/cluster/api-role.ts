import { minuteStart } from '@spreadscope/core';
import type { MarketSource } from '@spreadscope/feeds';
import type { Redis } from 'ioredis';
import type { MarketRuntime } from '../runtime/market-runtime.ts';
import type { ClusterHealth, Metric } from './cluster-health.ts';
import type { ClusterKeys } from './cluster-keys.ts';
import { LOG_SILENCE_MS, LogSource } from './log-source.ts';

export interface ApiRoleOptions {
  /** A connection of its own (reads block on it). */
  readonly redis: Redis;
  readonly keys: ClusterKeys;
  /** Builds the runtime over the log source: it must not write history nor close minutes on a timer. */
  readonly runtime: (source: MarketSource) => MarketRuntime;
  readonly onError: (message: string) => void;
}

/**
 * ROLE=api: no venue connection and no history writer. The engine is fed from the ingest's log; minutes are
 * closed when the log's clock crosses them (not on a local timer), so every replica closes them after the same
 * entry and keeps the same rings.
 */
export class ApiRole {
  readonly source: LogSource;
  readonly runtime: MarketRuntime;
  private lastMinute = -1;

  constructor(options: ApiRoleOptions) {
    this.source = new LogSource({
      redis: options.redis,
      keys: options.keys,
      onReset: () => this.runtime.reset(),
      onApplied: (at) => this.onClock(at),
      onError: options.onError,
    });
    this.runtime = options.runtime(this.source);
  }

  async start(): Promise<void> {
    // The snapshot's clock and mode first: the runtime refills the rings from history up to that clock.
    await this.source.prime();
    await this.runtime.start();
  }

  async stop(): Promise<void> {
    await this.runtime.stop();
  }

  private onClock(at: number): void {
    const minute = minuteStart(at);
    if (minute <= this.lastMinute) return;
    if (this.lastMinute >= 0) void this.runtime.flush(false);
    this.lastMinute = minute;
  }

  health(): ClusterHealth {
    const { lag } = this.source;
    const silent = this.source.silentMs();
    const position = this.source.logPosition;
    return {
      role: 'api',
      logSeq: position?.seq ?? null,
      logSilentMs: silent,
      lagMs: { last: lag.latest(), p50: lag.quantile(0.5), p99: lag.quantile(0.99) },
      snapshotsLoaded: lag.snapshotsLoaded,
      degraded: position === null || silent > LOG_SILENCE_MS,
    };
  }

  metrics(): Metric[] {
    const { lag } = this.source;
    const seconds = (ms: number | null) => (ms === null ? Number.NaN : ms / 1000);
    return [
      {
        name: 'spreadscope_replica_lag_seconds',
        help: 'Event log entry published by the ingest to applied by this replica, over the recent entries.',
        type: 'gauge',
        samples: [
          { labels: { quantile: '0.5' }, value: seconds(lag.quantile(0.5)) },
          { labels: { quantile: '0.99' }, value: seconds(lag.quantile(0.99)) },
          { labels: { quantile: '1' }, value: seconds(lag.quantile(1)) },
        ],
      },
      {
        name: 'spreadscope_replica_log_silence_seconds',
        help: 'Time since the last event log entry was applied; past 2 s prices are served as stale.',
        type: 'gauge',
        samples: [{ value: this.source.silentMs() / 1000 }],
      },
      {
        name: 'spreadscope_replica_entries_applied_total',
        help: 'Event log entries applied.',
        type: 'counter',
        samples: [{ value: lag.applied }],
      },
      {
        name: 'spreadscope_replica_snapshots_loaded_total',
        help: 'Snapshots loaded: the first, and one after each gap in the log.',
        type: 'counter',
        samples: [{ value: lag.snapshotsLoaded }],
      },
    ];
  }
}

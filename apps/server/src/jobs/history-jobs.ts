import { DAY_MS, type DataSourceMode, HOUR_MS } from '@spreadscope/core';
import type { DerivativesRepository, HistoryRepository, MarketHistoryRepository } from '@spreadscope/db';
import type { JobQueue } from './job-queue.ts';

export const HISTORY_PRUNE_JOB = 'history.prune';

export interface HistoryRetention {
  /** Minute bars, forex, funding minutes and the premium index. */
  readonly retentionMs: number;
  /** Settled fundings, kept at least as long as the minutes (the 1 y funding history). */
  readonly settlementRetentionMs: number;
  /** Kimchi pairs' gap minutes (the 1-minute premium candles' wicks), at most as long as the minutes. */
  readonly gapRetentionMs: number;
}

/**
 * Open interest (a row per perpetual and minute) and liquidations are kept 30 days, or the minute history's
 * retention when that is shorter: the screens show at most 7 days, and a month of every perpetual's minutes
 * is already the largest table after the price minutes.
 */
export const DERIVATIVES_RETENTION_MS = 30 * DAY_MS;

export interface HistoryJobDeps extends HistoryRetention {
  readonly history: HistoryRepository;
  readonly marketHistory?: MarketHistoryRepository | undefined;
  readonly derivativesHistory?: DerivativesRepository | undefined;
  /** The running source's mode and clock: replay rows are in tape time, and only a replay prunes them. */
  readonly mode: () => DataSourceMode;
  readonly now: () => number;
  readonly logger: { info(msg: string): void };
}

/**
 * Retention as an hourly job: once per hour across the cluster, whichever runner claims it, rather than in
 * every process that writes minutes. Deleting by cutoff is safe to repeat, as at-least-once requires.
 */
export function registerHistoryJobs(queue: JobQueue, deps: HistoryJobDeps): void {
  queue.handle(HISTORY_PRUNE_JOB, async () => {
    const removed = await pruneHistory(deps);
    if (removed > 0) deps.logger.info(`history: pruned ${removed} rows older than the retention window`);
  });
  queue.every({ kind: HISTORY_PRUNE_JOB, everyMs: HOUR_MS, maxAttempts: 3 });
}

export async function pruneHistory(deps: HistoryJobDeps): Promise<number> {
  const mode = deps.mode();
  const now = deps.now();
  const settlementRetentionMs = Math.max(deps.retentionMs, deps.settlementRetentionMs);
  const gapRetentionMs = Math.min(deps.retentionMs, deps.gapRetentionMs);
  let removed = await deps.history.forMode(mode).pruneBefore(now - deps.retentionMs);
  if (deps.marketHistory) {
    removed += await deps.marketHistory
      .forMode(mode)
      .pruneBefore(now - deps.retentionMs, now - settlementRetentionMs, now - gapRetentionMs);
  }
  if (deps.derivativesHistory) {
    removed += await deps.derivativesHistory
      .forMode(mode)
      .pruneBefore(now - Math.min(deps.retentionMs, DERIVATIVES_RETENTION_MS));
  }
  return removed;
}

import type { BackoffPolicy } from '@spreadscope/core';

/**
 * The one way to run work that must happen once across the cluster (CODE-SHAPE "Jobs behind a driver"):
 * code registers handlers and enqueues; a driver decides where jobs live and when they run. The database
 * driver (database-job-queue.ts) is the product's; the synchronous one (sync-job-queue.ts) runs a job the
 * moment it is enqueued, for unit tests of the code that enqueues.
 *
 * Delivery is at least once: a handler may run again after a crash or a lost lease, so it must be safe to
 * repeat (upserts, deletes by cutoff, "send unless already sent" by the job's key).
 */
export interface JobQueue {
  readonly driver: 'database' | 'sync';
  /** The handler of one kind of job; a runner claims only kinds it has a handler for. */
  handle<P>(kind: string, handler: JobHandler<P>): void;
  /** A job enqueued once per slot of `everyMs` (wall clock), whichever runner gets there first. */
  every(schedule: Schedule): void;
  /**
   * Queues a job. A second enqueue with the same `key` returns the first job (`created: false`); without a
   * key every call is a new job.
   */
  enqueue(kind: string, payload?: unknown, options?: EnqueueOptions): Promise<Enqueued>;
  start(): void;
  /** Stops claiming and waits for the jobs in hand. */
  stop(): Promise<void>;
}

export interface JobContext {
  readonly id: number;
  readonly kind: string;
  readonly key: string;
  /** 1 on the first run. */
  readonly attempt: number;
  readonly maxAttempts: number;
}

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  readonly key?: string | undefined;
  /** Epoch ms; default now. */
  readonly runAt?: number | undefined;
  readonly maxAttempts?: number | undefined;
}

export interface Enqueued {
  readonly id: number;
  readonly created: boolean;
}

export interface Schedule {
  readonly kind: string;
  readonly everyMs: number;
  readonly payload?: unknown;
  readonly maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/** Retries: 10 s, 20 s, 40 s … up to 30 min, each anywhere from half to all of its step. */
export const JOB_BACKOFF: BackoffPolicy = { baseMs: 10_000, maxMs: 30 * 60_000, jitter: 0.5 };

/**
 * The job of a schedule's current slot: its key names the slot, so every runner that looks in the same slot
 * enqueues the same job and only one exists.
 */
export function scheduledJob(schedule: Schedule, now: number): { key: string; runAt: number } {
  const slot = Math.floor(now / schedule.everyMs) * schedule.everyMs;
  return { key: `${schedule.kind}@${new Date(slot).toISOString()}`, runAt: slot };
}

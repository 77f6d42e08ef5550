import { randomUUID } from 'node:crypto';
import type { JobState } from '@spreadscope/db';
import {
  DEFAULT_MAX_ATTEMPTS,
  type Enqueued,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type Schedule,
  scheduledJob,
} from './job-queue.ts';

export interface SyncJob {
  readonly id: number;
  readonly kind: string;
  readonly key: string;
  readonly payload: unknown;
  state: JobState;
  attempts: number;
  readonly maxAttempts: number;
  lastError: string | null;
}

/**
 * In-process driver for unit tests: `enqueue` runs a due job before it resolves, retrying at once (no
 * backoff wait) until it succeeds or is dead. Same idempotency-key rule as the database. Schedules enqueue
 * their current slot on `start()` and `runSchedules()`. Jobs are kept in memory for the test to inspect.
 */
export class SyncJobQueue implements JobQueue {
  readonly driver = 'sync';
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules: Schedule[] = [];
  private readonly byKey = new Map<string, SyncJob>();
  readonly jobs: SyncJob[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  handle<P>(kind: string, handler: JobHandler<P>): void {
    this.handlers.set(kind, handler as JobHandler);
  }

  every(schedule: Schedule): void {
    this.schedules.push(schedule);
  }

  async enqueue(kind: string, payload: unknown = {}, options: EnqueueOptions = {}): Promise<Enqueued> {
    const key = options.key ?? `${kind}:${randomUUID()}`;
    const existing = this.byKey.get(key);
    if (existing) return { id: existing.id, created: false };
    const job: SyncJob = {
      id: this.jobs.length + 1,
      kind,
      key,
      payload,
      state: 'queued',
      attempts: 0,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      lastError: null,
    };
    this.jobs.push(job);
    this.byKey.set(key, job);
    if ((options.runAt ?? this.now()) <= this.now()) await this.run(job);
    return { id: job.id, created: true };
  }

  start(): void {
    void this.runSchedules();
  }

  async runSchedules(): Promise<void> {
    for (const schedule of this.schedules) {
      const { key, runAt } = scheduledJob(schedule, this.now());
      await this.enqueue(schedule.kind, schedule.payload ?? {}, {
        key,
        runAt,
        maxAttempts: schedule.maxAttempts,
      });
    }
  }

  async stop(): Promise<void> {}

  private async run(job: SyncJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    while (job.attempts < job.maxAttempts) {
      job.attempts++;
      job.state = 'running';
      try {
        await handler(job.payload, {
          id: job.id,
          kind: job.kind,
          key: job.key,
          attempt: job.attempts,
          maxAttempts: job.maxAttempts,
        });
        job.state = 'done';
        return;
      } catch (error) {
        job.lastError = error instanceof Error ? error.message : String(error);
      }
    }
    job.state = 'dead';
  }
}

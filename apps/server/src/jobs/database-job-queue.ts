import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type BackoffPolicy, backoffDelayMs } from '@spreadscope/core';
import type { ClaimedJob, JobsRepository } from '@spreadscope/db';
import {
  DEFAULT_MAX_ATTEMPTS,
  type Enqueued,
  type EnqueueOptions,
  JOB_BACKOFF,
  type JobHandler,
  type JobQueue,
  type Schedule,
  scheduledJob,
} from './job-queue.ts';

export interface JobLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface DatabaseJobQueueOptions {
  readonly repository: JobsRepository;
  readonly logger: JobLogger;
  /** Shown in `locked_by`; default host:pid plus a random suffix. */
  readonly worker?: string;
  /** How long a claim holds a job before another runner may take it (renewed while the handler runs). */
  readonly leaseMs?: number;
  /** Pause between claims when there was nothing to do. */
  readonly pollMs?: number | undefined;
  /** Jobs claimed and run at once. */
  readonly concurrency?: number;
  readonly backoff?: BackoffPolicy;
  readonly now?: () => number;
  readonly random?: () => number;
}

/**
 * The product's driver: jobs are rows (packages/db jobs-repository), claimed with `FOR UPDATE SKIP LOCKED`
 * under a lease, so any number of runners on one database run each job once per attempt, and a runner that
 * dies (kill -9) only delays its jobs until the lease runs out. Failures retry with the shared backoff and go
 * dead after `maxAttempts`, where the operator finds them (`npm run admin -- jobs list --state dead`).
 */
export class DatabaseJobQueue implements JobQueue {
  readonly driver = 'database';
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules: { schedule: Schedule; lastKey: string | null }[] = [];
  private readonly repository: JobsRepository;
  private readonly worker: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly backoff: BackoffPolicy;
  private readonly now: () => number;
  private readonly random: () => number;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(private readonly options: DatabaseJobQueueOptions) {
    this.repository = options.repository;
    this.worker = options.worker ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.concurrency = options.concurrency ?? 4;
    this.backoff = options.backoff ?? JOB_BACKOFF;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  handle<P>(kind: string, handler: JobHandler<P>): void {
    this.handlers.set(kind, handler as JobHandler);
  }

  every(schedule: Schedule): void {
    if (!(schedule.everyMs > 0)) throw new RangeError(`${schedule.kind}: everyMs must be positive`);
    this.schedules.push({ schedule, lastKey: null });
  }

  async enqueue(kind: string, payload: unknown = {}, options: EnqueueOptions = {}): Promise<Enqueued> {
    const now = this.now();
    const { job, created } = await this.repository.enqueue(
      {
        kind,
        key: options.key ?? `${kind}:${randomUUID()}`,
        payload,
        runAt: options.runAt ?? now,
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      },
      now,
    );
    if (created) this.wake?.();
    return { id: job.id, created };
  }

  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /**
   * One round: enqueue the schedules' current slots, claim what is due, run it and settle each job. Returns
   * how many jobs ran. The loop calls it; tests call it directly with their own clock.
   */
  async runOnce(): Promise<number> {
    await this.enqueueSchedules();
    const claimed = await this.repository.claim({
      worker: this.worker,
      kinds: [...this.handlers.keys()],
      limit: this.concurrency,
      leaseMs: this.leaseMs,
      now: this.now(),
    });
    await Promise.all(claimed.map((job) => this.execute(job)));
    return claimed.length;
  }

  /**
   * The runner's loop: a pool of `concurrency` jobs. A slot is filled as soon as one frees, so one long job (a
   * day's back-fill) holds one slot, not the whole runner: delivery, billing and alert jobs keep running beside it.
   */
  private async run(): Promise<void> {
    const active = new Set<Promise<void>>();
    while (!this.stopped) {
      let claimed = 0;
      const free = this.concurrency - active.size;
      if (free > 0) {
        try {
          await this.enqueueSchedules();
          const jobs = await this.repository.claim({
            worker: this.worker,
            kinds: [...this.handlers.keys()],
            limit: free,
            leaseMs: this.leaseMs,
            now: this.now(),
          });
          claimed = jobs.length;
          for (const job of jobs) {
            const running: Promise<void> = this.execute(job)
              .catch((error: unknown) => {
                this.options.logger.warn(`jobs: settling ${job.kind} failed: ${(error as Error).message}`);
              })
              .finally(() => {
                active.delete(running);
                this.wake?.();
              });
            active.add(running);
          }
        } catch (error) {
          // The database may be restarting; try again after a pause rather than stop running jobs for good.
          this.options.logger.warn(`jobs: claiming failed: ${(error as Error).message}`);
        }
      }
      if (!this.stopped && (claimed === 0 || active.size >= this.concurrency)) await this.sleep(this.pollMs);
    }
    await Promise.all(active);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    }).then(() => {
      this.wake = null;
    });
  }

  private async enqueueSchedules(): Promise<void> {
    const now = this.now();
    for (const entry of this.schedules) {
      const { key, runAt } = scheduledJob(entry.schedule, now);
      // Once per slot per runner; the key makes it once per slot across runners.
      if (entry.lastKey === key) continue;
      await this.repository.enqueue(
        {
          kind: entry.schedule.kind,
          key,
          payload: entry.schedule.payload ?? {},
          runAt,
          maxAttempts: entry.schedule.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        },
        now,
      );
      entry.lastKey = key;
    }
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const { logger } = this.options;
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    // A long job keeps its lease; were this process to die, the lease runs out and another runner retries.
    const heartbeat = setInterval(() => {
      this.repository.extend(job, this.now() + this.leaseMs, this.now()).catch(() => undefined);
    }, this.leaseMs / 3);
    heartbeat.unref();
    let failure: string | null = null;
    try {
      await handler(job.payload, {
        id: job.id,
        kind: job.kind,
        key: job.key,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
      });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    } finally {
      clearInterval(heartbeat);
    }
    const now = this.now();
    try {
      if (failure === null) {
        if (!(await this.repository.complete(job, now))) {
          logger.warn(
            `jobs: ${job.kind} #${job.id} finished after its lease was taken over; it may run twice`,
          );
        }
        return;
      }
      const dead = job.attempts >= job.maxAttempts;
      const retryAt = dead ? null : now + backoffDelayMs(job.attempts, this.backoff, this.random);
      await this.repository.fail(job, failure, retryAt, now);
      if (dead) {
        logger.error(
          `jobs: ${job.kind} #${job.id} is dead after ${job.attempts} attempts: ${failure} (npm run admin -- jobs retry ${job.id})`,
        );
      } else {
        logger.warn(
          `jobs: ${job.kind} #${job.id} attempt ${job.attempts}/${job.maxAttempts} failed: ${failure}; retry in ${Math.round(((retryAt ?? now) - now) / 1000)} s`,
        );
      }
    } catch (error) {
      // Unsettled, the job stays running until its lease expires and is then retried.
      logger.warn(
        `jobs: could not record the outcome of ${job.kind} #${job.id}: ${(error as Error).message}`,
      );
    }
  }
}

import { DAY_MS } from '@spreadscope/core';
import { createJobsRepository, type Database, type JobCounts } from '@spreadscope/db';
import { DatabaseJobQueue, type JobLogger } from './database-job-queue.ts';
import { type HistoryJobDeps, registerHistoryJobs } from './history-jobs.ts';
import type { JobQueue } from './job-queue.ts';
import { registerSimBackfillJob, type SimBackfillDeps } from './sim-backfill-job.ts';

export const JOBS_CLEANUP_JOB = 'jobs.cleanup';
/** Done jobs stay this long for `npm run admin -- jobs list --state done`; dead ones until retried. */
const DONE_JOBS_KEPT_MS = 7 * DAY_MS;

export interface JobRunnerDeps {
  readonly database: Database;
  readonly history: Omit<HistoryJobDeps, 'logger'>;
  readonly logger: JobLogger;
  readonly pollMs?: number;
  /** Other modules' jobs (billing, notification delivery), registered before the runner starts. */
  readonly register?: readonly ((queue: JobQueue) => void)[];
  /** An existing queue the routes already enqueue to; default a new one. */
  readonly queue?: DatabaseJobQueue;
  /** The simulated day of a fresh install (see sim-backfill-job.ts). */
  readonly simBackfill?: Omit<SimBackfillDeps, 'logger'>;
  /**
   * Jobs are claimed once this settles (the server serving): a fresh start's due jobs (the week of simulated
   * Telegram posts, search interest) queued their writes on PGlite's one connection ahead of the listen.
   */
  readonly startAfter?: Promise<unknown>;
}

export interface JobRunner {
  readonly queue: JobQueue;
  counts(): Promise<JobCounts>;
  stop(): Promise<void>;
}

/**
 * The job runner of an ingest (ROLE=all or ROLE=ingest): every job the product has, on the database driver.
 * API replicas run none; they may still enqueue through a DatabaseJobQueue they never start.
 */
export function startJobRunner(deps: JobRunnerDeps): JobRunner {
  const repository = createJobsRepository(deps.database);
  const queue = deps.queue ?? new DatabaseJobQueue({ repository, logger: deps.logger, pollMs: deps.pollMs });
  registerHistoryJobs(queue, { ...deps.history, logger: deps.logger });
  if (deps.simBackfill) registerSimBackfillJob(queue, { ...deps.simBackfill, logger: deps.logger });
  queue.handle(JOBS_CLEANUP_JOB, async () => {
    const removed = await repository.deleteDoneBefore(Date.now() - DONE_JOBS_KEPT_MS);
    if (removed > 0) deps.logger.info(`jobs: deleted ${removed} done jobs older than 7 days`);
  });
  queue.every({ kind: JOBS_CLEANUP_JOB, everyMs: DAY_MS, maxAttempts: 3 });
  for (const register of deps.register ?? []) register(queue);
  let stopped = false;
  if (deps.startAfter) void deps.startAfter.then(() => stopped || queue.start());
  else queue.start();
  return {
    queue,
    counts: () => repository.counts(),
    stop: () => {
      stopped = true;
      return queue.stop();
    },
  };
}

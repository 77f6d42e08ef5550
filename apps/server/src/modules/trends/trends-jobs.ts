import { HOUR_MS, MINUTE_MS } from '@spreadscope/core';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { TrendsIngest } from './trends-ingest.ts';

export const TRENDS_TELEGRAM_JOB = 'trends.telegram';
export const TRENDS_SEARCH_JOB = 'trends.search';

/** The readers on the job runner: channels every few minutes, search interest four times a day. */
export function registerTrendsJobs(queue: JobQueue, ingest: TrendsIngest, readMinutes: number): void {
  queue.handle(TRENDS_TELEGRAM_JOB, () => ingest.readTelegram());
  queue.handle(TRENDS_SEARCH_JOB, () => ingest.readSearch());
  queue.every({ kind: TRENDS_TELEGRAM_JOB, everyMs: readMinutes * MINUTE_MS, maxAttempts: 2 });
  queue.every({ kind: TRENDS_SEARCH_JOB, everyMs: 6 * HOUR_MS, maxAttempts: 3 });
}

import { HOUR_MS } from '@spreadscope/core';
import type { DepositRepository } from '@spreadscope/db';
import type { JobQueue } from '../../jobs/job-queue.ts';

export const LISTING_DEPOSIT_PRUNE_JOB = 'listing.deposits.prune';

export interface ListingDepositJobDeps {
  readonly repository: Pick<DepositRepository, 'pruneBefore'>;
  readonly retentionMs: number;
  /** Wall clock: the transfers carry their blocks' real times, whatever the market source's clock says. */
  readonly now: () => number;
  readonly logger: { info(message: string): void };
}

/**
 * Stored wallet transfers past the retention go hourly, once across the cluster: a venue's hot wallet takes
 * every token's transfers, while a listing only reads the day around its notice (`depositWindow`).
 */
export function registerListingDepositJobs(queue: JobQueue, deps: ListingDepositJobDeps): void {
  queue.handle(LISTING_DEPOSIT_PRUNE_JOB, async () => {
    const removed = await deps.repository.pruneBefore(deps.now() - deps.retentionMs);
    if (removed > 0)
      deps.logger.info(
        `listing deposits: pruned ${removed} wallet transfers older than the retention window`,
      );
  });
  queue.every({ kind: LISTING_DEPOSIT_PRUNE_JOB, everyMs: HOUR_MS, maxAttempts: 3 });
}

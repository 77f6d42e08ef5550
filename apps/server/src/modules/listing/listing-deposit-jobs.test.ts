import { DAY_MS, HOUR_MS } from '@spreadscope/core';
import { createDepositRepository, type DepositTransferRecord } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { expect, it } from 'vitest';
import { SyncJobQueue } from '../../jobs/sync-job-queue.ts';
import { registerListingDepositJobs } from './listing-deposit-jobs.ts';

const NOW = Date.UTC(2026, 11, 3, 6, 0, 0);

function transfer(block: number, date: number): DepositTransferRecord {
  const hex = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
  return {
    chain: 'ethereum',
    contract: '0x00000000000000000000000000000000000c0001',
    from: '0x00000000000000000000000000000000000f0001',
    to: '0x00000000000000000000000000000000000a0b01',
    venue: 'upbit',
    walletKind: 'hot',
    rawAmount: '1000',
    blockNumber: block,
    blockHash: hex(block),
    logIndex: 0,
    transactionHash: hex(block * 10),
    date,
  };
}

forEachDatabase('listing deposit retention job', (getDb) => {
  it('drops stored wallet transfers past the retention once an hour and keeps the newer ones and the cursor', async () => {
    const repository = createDepositRepository(getDb());
    await repository.commit({
      chain: 'ethereum',
      cursor: { number: 3, hash: transfer(3, 0).blockHash },
      blocks: [],
      pruneBelow: 0,
      transfers: [transfer(1, NOW - 31 * DAY_MS), transfer(2, NOW - 29 * DAY_MS), transfer(3, NOW - HOUR_MS)],
    });
    let now = NOW;
    const queue = new SyncJobQueue(() => now);
    const logged: string[] = [];
    registerListingDepositJobs(queue, {
      repository,
      retentionMs: 30 * DAY_MS,
      now: () => now,
      logger: { info: (m) => logged.push(m) },
    });
    await queue.runSchedules();
    await queue.runSchedules();
    expect((await repository.transfers()).map((t) => t.blockNumber)).toEqual([2, 3]);
    expect(await repository.cursor('ethereum')).toEqual({ number: 3, hash: transfer(3, 0).blockHash });
    expect(logged).toEqual(['listing deposits: pruned 1 wallet transfers older than the retention window']);
    expect(queue.jobs).toHaveLength(1);
    // Two days on, the slot of that hour runs: the transfer that aged past 30 days meanwhile goes too.
    now += 2 * DAY_MS;
    await queue.runSchedules();
    expect((await repository.transfers()).map((t) => t.blockNumber)).toEqual([3]);
    expect(queue.jobs).toHaveLength(2);
  });
});

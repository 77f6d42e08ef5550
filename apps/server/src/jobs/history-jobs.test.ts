import { DAY_MS, type MinuteBar } from '@spreadscope/core';
import { createHistoryRepository, createMarketHistoryRepository } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { expect, it } from 'vitest';
import { registerHistoryJobs } from './history-jobs.ts';
import { SyncJobQueue } from './sync-job-queue.ts';

const NOW = Date.UTC(2026, 0, 5, 3, 0, 0);

function bar(minute: number): MinuteBar {
  return {
    venue: 'upbit',
    market: 'spot',
    base: 'BTC',
    quote: 'KRW',
    minute,
    open: 1,
    high: 1,
    low: 1,
    close: 1,
    volume24h: null,
  };
}

forEachDatabase('history retention job', (getDb) => {
  it('prunes the running source’s minutes past retention, once per hour', async () => {
    const history = createHistoryRepository(getDb(), { mode: 'simulated' });
    const old = NOW - 11 * DAY_MS;
    const recent = NOW - DAY_MS;
    await history.writeMinuteBars([bar(old), bar(recent)]);
    // Another source's old minute is on another clock and stays.
    await history.forMode('replay').writeMinuteBars([bar(old)]);

    let now = NOW;
    const queue = new SyncJobQueue(() => now);
    const logged: string[] = [];
    registerHistoryJobs(queue, {
      history,
      marketHistory: createMarketHistoryRepository(getDb()),
      mode: () => 'simulated',
      now: () => now,
      retentionMs: 10 * DAY_MS,
      settlementRetentionMs: 366 * DAY_MS,
      gapRetentionMs: 30 * DAY_MS,
      logger: { info: (m) => logged.push(m) },
    });
    await queue.runSchedules();
    await queue.runSchedules();
    const all = { ...bar(0), from: -Infinity, to: Infinity };
    expect((await history.readMinuteBars(all)).map((b) => b.minute)).toEqual([recent]);
    expect((await history.forMode('replay').readMinuteBars(all)).map((b) => b.minute)).toEqual([old]);
    expect(logged).toEqual(['history: pruned 1 rows older than the retention window']);
    expect(queue.jobs.map((j) => [j.key, j.state])).toEqual([
      ['history.prune@2026-01-05T03:00:00.000Z', 'done'],
    ]);
    now += 3_600_000;
    await queue.runSchedules();
    expect(queue.jobs).toHaveLength(2);
  });
});

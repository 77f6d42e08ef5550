import type { MarketEvent } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { PollTask } from './poll-task.ts';

function setup(run: () => Promise<{ events: MarketEvent[]; problem?: string | null }>) {
  const changes: string[] = [];
  const emitted: MarketEvent[] = [];
  const task = new PollTask({
    feed: 'funding',
    intervalMs: 60_000,
    backoff: { baseMs: 1_000, maxMs: 600_000, jitter: 0.5 },
    run,
    describe: (e) => (e as Error).message,
    emit: (e) => emitted.push(e),
    onChange: () => changes.push(task.health().status),
    clock: () => 5_000,
    random: () => 0,
  });
  return { task, changes, emitted };
}

const funding: MarketEvent = {
  t: 5_000,
  type: 'funding',
  venue: 'bybit',
  base: 'BTC',
  quote: 'USDT',
  rate: 0.0001,
  intervalHours: 8,
};

describe('PollTask', () => {
  it('emits a round, reports connected, and waits the interval', async () => {
    const { task, emitted, changes } = setup(async () => ({ events: [funding] }));
    expect(await task.pollOnce()).toBe(true);
    expect(emitted).toEqual([funding]);
    expect(task.health()).toMatchObject({ status: 'connected', via: 'rest', lastMessageAt: 5_000 });
    expect(changes).toEqual(['connected']);
    expect(task.nextDelayMs()).toBe(60_000);
  });

  it('is degraded when part of a round failed, down when all of it did, backing off from the interval', async () => {
    let answer: () => Promise<{ events: MarketEvent[]; problem?: string | null }> = async () => ({
      events: [funding],
      problem: 'intervals: HTTP 503',
    });
    const { task } = setup(() => answer());
    await task.pollOnce();
    expect(task.health()).toMatchObject({ status: 'degraded', lastError: 'intervals: HTTP 503' });
    answer = async () => {
      throw new Error('HTTP 429 (rate limited) from api.bybit.com');
    };
    await task.pollOnce();
    expect(task.health()).toMatchObject({
      status: 'down',
      lastError: 'HTTP 429 (rate limited) from api.bybit.com',
      lastMessageAt: 5_000,
      restarts: 1,
    });
    expect(task.nextDelayMs()).toBe(60_000);
    await task.pollOnce();
    expect(task.nextDelayMs()).toBe(120_000);
    for (let i = 0; i < 10; i++) await task.pollOnce();
    expect(task.nextDelayMs()).toBe(600_000);
  });
});

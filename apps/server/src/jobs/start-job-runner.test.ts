import { createHistoryRepository } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { expect, it, vi } from 'vitest';
import { startJobRunner } from './start-job-runner.ts';

it('claims no job until the server serves (startAfter), then runs what is due', async () => {
  const database = await openMemoryDatabase();
  let serve: () => void = () => undefined;
  const serving = new Promise<void>((resolve) => {
    serve = resolve;
  });
  const ran: string[] = [];
  const runner = startJobRunner({
    database,
    history: {
      history: createHistoryRepository(database),
      mode: () => 'simulated',
      now: Date.now,
      retentionMs: 86_400_000,
      settlementRetentionMs: 86_400_000,
      gapRetentionMs: 86_400_000,
    },
    logger: { info() {}, warn() {}, error() {} },
    pollMs: 10,
    register: [(queue) => queue.handle('test.due', async () => void ran.push('due'))],
    startAfter: serving,
  });
  try {
    await runner.queue.enqueue('test.due');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ran).toEqual([]);
    serve();
    await vi.waitFor(() => expect(ran).toEqual(['due']), { timeout: 10_000, interval: 20 });
  } finally {
    await runner.stop();
    await database.close();
  }
});

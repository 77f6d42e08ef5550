import type { DataSourceMode } from '@spreadscope/core';
import { createDexRepository } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { DEFAULT_AMM } from '@spreadscope/feeds/dex';
import { simBlockMs, simDexBatch } from '@spreadscope/feeds/sim';
import { afterEach, expect, it, vi } from 'vitest';
import { DexRunner } from './dex-runner.ts';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

it('writes the simulated day only once the server serves, then steps without piling listeners up', async () => {
  const database = await openMemoryDatabase();
  const mode = (): DataSourceMode => 'simulated';
  const repository = createDexRepository(database, { mode });
  let serve: () => void = () => undefined;
  const serving = new Promise<void>((resolve) => {
    serve = resolve;
  });
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on('warning', onWarning);
  const runner = new DexRunner({
    repository,
    amm: DEFAULT_AMM,
    rpcFor: () => undefined,
    mode,
    now: Date.now,
    index: false,
    backfillBlocks: 0,
    seed: 1,
    write: true,
    logger: { info() {}, warn() {} },
    simStepMs: 5,
    startAfter: serving,
  });
  stops.push(async () => {
    process.off('warning', onWarning);
    await runner.stop();
    await database.close();
  });
  await runner.start();
  const chains = [...new Set(runner.currentPools().map((p) => p.chain))];
  expect(chains.length).toBeGreaterThan(0);
  const cursors = () => Promise.all(chains.map((c) => repository.forMode('simulated').cursor(c)));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await cursors()).toEqual(chains.map(() => null));
  serve();
  await vi.waitFor(async () => expect((await cursors()).every((c) => c !== null)).toBe(true), {
    timeout: 30_000,
    interval: 50,
  });
  // Dozens of 5 ms steps: one abort listener a step used to pass Node's limit of 10 and warn.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(warnings).not.toContain('MaxListenersExceededWarning');
});

it('catches the day up in hour-long commits that together hold every swap one batch over the same blocks has', async () => {
  const database = await openMemoryDatabase();
  const mode = (): DataSourceMode => 'simulated';
  const repository = createDexRepository(database, { mode });
  const now = Date.UTC(2026, 10, 20, 12, 0, 7);
  const runner = new DexRunner({
    repository,
    amm: DEFAULT_AMM,
    rpcFor: () => undefined,
    mode,
    now: () => now,
    index: false,
    backfillBlocks: 0,
    seed: 4,
    write: true,
    logger: { info() {}, warn() {} },
    simStepMs: 20,
  });
  stops.push(async () => {
    await runner.stop();
    await database.close();
  });
  await runner.start();
  const pools = runner.currentPools();
  const chain = pools[0]?.chain ?? '';
  const blockMs = simBlockMs(chain);
  const end = Math.floor(now / blockMs) * blockMs;
  const whole = simDexBatch(
    chain,
    pools.filter((p) => p.chain === chain),
    now - 86_400_000,
    end,
    4,
  );
  await vi.waitFor(async () => expect((await repository.cursor(chain))?.number).toBe(whole.cursor.number), {
    timeout: 30_000,
    interval: 50,
  });
  const chainPools = pools.filter((p) => p.chain === chain).map((p) => p.poolId);
  const stored = await repository.listTrades({ poolIds: chainPools, sort: 'asc', page: 1, limit: 1 });
  expect(whole.trades.length).toBeGreaterThan(1_000);
  expect(stored.total).toBe(whole.trades.length);
});

import { expect, it } from 'vitest';
import { createDerivativesRepository } from './derivatives-repository.ts';
import { forEachDatabase } from './test-databases.ts';

const M = 1_764_000_000_000 - (1_764_000_000_000 % 60_000);

forEachDatabase('derivatives repository', (getDb) => {
  it('keeps the latest borrow rate per venue, asset, margin type and VIP level, per source', async () => {
    const live = createDerivativesRepository(getDb());
    const sim = live.forMode('simulated');
    const row = {
      venue: 'bybit',
      asset: 'BTC',
      marginType: 'cross' as const,
      pair: '',
      vipLevel: 'No VIP',
      hourlyRate: 0.000001,
      borrowLimit: 20,
      borrowable: true,
      updatedAt: M,
    };
    await live.upsertBorrowRates([row, { ...row, vipLevel: 'VIP-1', hourlyRate: 0.0000009 }]);
    await live.upsertBorrowRates([{ ...row, hourlyRate: 0.000002, updatedAt: M + 300_000 }]);
    await sim.upsertBorrowRates([{ ...row, venue: 'okx' }]);
    const rates = await live.readBorrowRates({ asset: 'BTC' });
    expect(rates.map((r) => [r.vipLevel, r.hourlyRate, r.updatedAt])).toEqual([
      ['No VIP', 0.000002, M + 300_000],
      ['VIP-1', 0.0000009, M],
    ]);
    expect((await sim.readBorrowRates()).map((r) => r.venue)).toEqual(['okx']);
  });

  it('open interest per minute, summed across venues unless one is named', async () => {
    const repo = createDerivativesRepository(getDb());
    await repo.writeOpenInterest([
      { venue: 'binance', base: 'ETH', quote: 'USDT', minute: M, openInterest: 10, openInterestUsd: 30_000 },
      { venue: 'bybit', base: 'ETH', quote: 'USDT', minute: M, openInterest: 5, openInterestUsd: 15_000 },
      {
        venue: 'bybit',
        base: 'ETH',
        quote: 'USDT',
        minute: M + 60_000,
        openInterest: 6,
        openInterestUsd: 18_000,
      },
    ]);
    const all = await repo.readOpenInterest({ base: 'ETH', from: M, to: M + 120_000 });
    expect(all.map((r) => [r.minute, r.openInterest, r.openInterestUsd, r.venues])).toEqual([
      [M, 15, 45_000, 2],
      [M + 60_000, 6, 18_000, 1],
    ]);
    const bybit = await repo.readOpenInterest({ base: 'ETH', venue: 'bybit', from: M, to: M + 60_000 });
    expect(bybit.map((r) => r.openInterest)).toEqual([5]);
    await expect(
      repo.writeOpenInterest([
        { venue: 'bybit', base: 'ETH', quote: 'USDT', minute: M + 1, openInterest: 1, openInterestUsd: null },
      ]),
    ).rejects.toThrow(/whole minute/);
  });

  it('liquidations: each one newest first, minute totals added up across writes, pruned by age', async () => {
    const repo = createDerivativesRepository(getDb());
    const liq = (at: number, side: 'long' | 'short', usd: number, venue = 'binance') => ({
      venue,
      base: 'SOL',
      quote: 'USDT',
      at,
      side,
      price: 150,
      size: usd / 150,
      valueUsd: usd,
    });
    await repo.writeLiquidations([liq(M + 1_000, 'long', 1_500), liq(M + 2_000, 'long', 3_000)]);
    await repo.writeLiquidations([liq(M + 3_000, 'short', 600, 'bybit'), liq(M + 61_000, 'long', 150)]);
    const minutes = await repo.readLiquidationMinutes({ base: 'SOL', from: M, to: M + 120_000 });
    expect(minutes).toEqual([
      { minute: M, longUsd: 4_500, shortUsd: 600, longCount: 2, shortCount: 1 },
      { minute: M + 60_000, longUsd: 150, shortUsd: 0, longCount: 1, shortCount: 0 },
    ]);
    const recent = await repo.readRecentLiquidations({ base: 'SOL', limit: 2 });
    expect(recent.map((r) => r.at)).toEqual([M + 61_000, M + 3_000]);
    const big = await repo.readRecentLiquidations({ minUsd: 1_000, limit: 10, venue: 'binance' });
    expect(big.map((r) => r.valueUsd)).toEqual([3_000, 1_500]);
    expect(await repo.pruneBefore(M + 60_000)).toBeGreaterThanOrEqual(4);
    expect(await repo.readRecentLiquidations({ base: 'SOL', limit: 10 })).toHaveLength(1);
  });
});

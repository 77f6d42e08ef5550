import { describe, expect, it } from 'vitest';
import { addressedDexPools } from '../dex-index/dex-pools.ts';
import { DEFAULT_AMM } from '../venues/amm/amm-config.ts';
import { simDexBatch } from './sim-dex.ts';

const pools = addressedDexPools(DEFAULT_AMM).filter((p) => p.chain === 'ethereum');
const T0 = Date.UTC(2026, 0, 1);

describe('simulated DEX rows', () => {
  it('gives any window the rows of the windows that make it up', () => {
    const whole = simDexBatch('ethereum', pools, T0, T0 + 3_600_000, 7);
    const first = simDexBatch('ethereum', pools, T0, T0 + 1_234_567, 7);
    const second = simDexBatch('ethereum', pools, T0 + 1_234_567, T0 + 3_600_000, 7);
    expect([...first.trades, ...second.trades]).toEqual(whole.trades);
    expect([...first.liquidity, ...second.liquidity]).toEqual(whole.liquidity);
    expect(whole.trades.length).toBeGreaterThan(30);
  });

  it('prices swaps near the pool reference, with consistent quantities and chain order', () => {
    const { trades, cursor } = simDexBatch('ethereum', pools, T0, T0 + 3_600_000, 7);
    for (const t of trades) {
      expect(t.price).toBeGreaterThan(3_000);
      expect(t.price).toBeLessThan(3_400);
      expect(t.quoteQuantity / t.baseQuantity).toBeCloseTo(t.price, 6);
      expect(t.date).toBeGreaterThanOrEqual(T0);
      expect(t.blockNumber).toBeLessThanOrEqual(cursor.number);
    }
    const keys = trades.map((t) => t.blockNumber * 1000 + t.logIndex);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });
});

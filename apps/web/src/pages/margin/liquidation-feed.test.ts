import type { Liquidation, LiquidationsResponse } from '@spreadscope/contracts';
import { describe, expect, it } from 'vitest';
import { withLiquidation } from './liquidation-feed.ts';

const row = (timestamp: number, side: 'long' | 'short', volumeUsd: number | null): Liquidation => ({
  exchange: 'binance',
  symbol: 'BTC-USDT',
  base: 'BTC',
  quote: 'USDT',
  side,
  price: 100_000,
  volume: 1,
  volumeUsd,
  timestamp,
});
const held: LiquidationsResponse = {
  data: [row(2_000, 'long', 100_000), row(1_000, 'short', 50_000)],
  stats: { window: '24h', count: 2, longUsd: 100_000, shortUsd: 50_000 },
  dataSource: { mode: 'simulated', requested: 'sim', since: 0, reason: null },
};

describe('a pushed liquidation on the held feed', () => {
  it('goes on top, keeps the page size and moves the 24 h totals', () => {
    const next = withLiquidation(held, row(3_000, 'short', 20_000), 2);
    expect(next.data.map((l) => l.timestamp)).toEqual([3_000, 2_000]);
    expect(next.stats).toEqual({ window: '24h', count: 3, longUsd: 100_000, shortUsd: 70_000 });
  });

  it('ignores one the page holds already (the REST reload and the push crossing)', () => {
    expect(withLiquidation(held, row(2_000, 'long', 100_000), 50)).toBe(held);
  });
});

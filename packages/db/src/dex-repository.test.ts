import { expect, it } from 'vitest';
import type { DexTradeRecord } from './dex-records.ts';
import { createDexRepository } from './dex-repository.ts';
import { forEachDatabase } from './test-databases.ts';

const T0 = Date.UTC(2026, 0, 5, 12, 0);
const hash = (n: number, branch = 'a') => `0x${branch}${n.toString(16).padStart(63, '0')}`;

function trade(block: number, logIndex: number, price: number, date: number, branch = 'a'): DexTradeRecord {
  return {
    chain: 'kaia',
    poolId: 'klayswap:0xpool',
    blockNumber: block,
    blockHash: hash(block, branch),
    logIndex,
    transactionHash: hash(block * 10 + logIndex, branch),
    date,
    baseQuantity: 2,
    quoteQuantity: 2 * price,
    price,
    side: 'buy',
    maker: null,
  };
}

forEachDatabase('dex repository', (getDb) => {
  it('commits rows with the cursor, pages them, and keeps sources apart', async () => {
    const repo = createDexRepository(getDb(), { mode: 'live' });
    await repo.commit({
      chain: 'kaia',
      cursor: { number: 12, hash: hash(12) },
      blocks: [10, 11, 12].map((n) => ({ number: n, hash: hash(n) })),
      pruneBelow: 0,
      trades: [trade(10, 0, 0.15, T0), trade(11, 3, 0.16, T0 + 1_000)],
      liquidity: [
        {
          chain: 'kaia',
          poolId: 'klayswap:0xpool',
          blockNumber: 12,
          blockHash: hash(12),
          logIndex: 0,
          transactionHash: hash(120),
          date: T0 + 2_000,
          type: 'add',
          assets: ['KAIA', 'USDT'],
          quantities: [1000, 150],
          maker: '0xabc',
        },
      ],
    });
    expect(await repo.cursor('kaia')).toEqual({ number: 12, hash: hash(12) });
    expect((await repo.recentBlocks('kaia')).map((b) => b.number)).toEqual([12, 11, 10]);
    const page = await repo.listTrades({ sort: 'desc', page: 1, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.rows[0]).toMatchObject({ blockNumber: 11, price: 0.16, date: T0 + 1_000, side: 'buy' });
    const liquidity = await repo.listLiquidity({
      poolIds: ['klayswap:0xpool'],
      sort: 'asc',
      page: 1,
      limit: 10,
    });
    expect(liquidity.rows[0]).toMatchObject({
      type: 'add',
      assets: ['KAIA', 'USDT'],
      quantities: [1000, 150],
    });
    expect((await repo.forMode('simulated').listTrades({ sort: 'asc', page: 1, limit: 10 })).total).toBe(0);
    expect((await repo.listTrades({ poolIds: ['other'], sort: 'asc', page: 1, limit: 10 })).total).toBe(0);
  });

  it('builds candles across batches, rewinds a reorg and rebuilds the minutes it touched', async () => {
    const repo = createDexRepository(getDb(), { mode: 'replay' });
    const blocks = (from: number, to: number, branch = 'a') =>
      Array.from({ length: to - from + 1 }, (_, i) => ({ number: from + i, hash: hash(from + i, branch) }));
    // Minute 0: 10 → 12 → 9 over two batches (the second batch also opens minute 1).
    await repo.commit({
      chain: 'kaia',
      cursor: { number: 2, hash: hash(2) },
      blocks: blocks(1, 2),
      pruneBelow: 0,
      trades: [trade(1, 0, 10, T0 + 1_000), trade(2, 0, 12, T0 + 2_000)],
      liquidity: [],
    });
    await repo.commit({
      chain: 'kaia',
      cursor: { number: 4, hash: hash(4) },
      blocks: blocks(3, 4),
      pruneBelow: 0,
      trades: [trade(3, 0, 9, T0 + 3_000), trade(4, 0, 11, T0 + 61_000)],
      liquidity: [],
    });
    const all = await repo.candles('klayswap:0xpool', 60_000, T0, T0 + 3_600_000);
    expect(all).toEqual([
      { d: T0, o: 10, h: 12, l: 9, c: 9, v: 6 },
      { d: T0 + 60_000, o: 11, h: 11, l: 11, c: 11, v: 2 },
    ]);
    expect(await repo.candles('klayswap:0xpool', 3_600_000, T0, T0 + 3_600_000)).toEqual([
      { d: T0, o: 10, h: 12, l: 9, c: 11, v: 8 },
    ]);

    // Blocks 3 and 4 are replaced: their trades go, minute 0 closes at 12 again, minute 1 is empty.
    expect(await repo.rewind('kaia', { number: 2, hash: hash(2) })).toEqual({ trades: 2, liquidity: 0 });
    expect(await repo.cursor('kaia')).toEqual({ number: 2, hash: hash(2) });
    expect((await repo.recentBlocks('kaia')).map((b) => b.number)).toEqual([2, 1]);
    expect(await repo.candles('klayswap:0xpool', 60_000, T0, T0 + 3_600_000)).toEqual([
      { d: T0, o: 10, h: 12, l: 10, c: 12, v: 4 },
    ]);
    await repo.commit({
      chain: 'kaia',
      cursor: { number: 3, hash: hash(3, 'b') },
      blocks: blocks(3, 3, 'b'),
      pruneBelow: 2,
      trades: [trade(3, 1, 13, T0 + 4_000, 'b')],
      liquidity: [],
    });
    expect(await repo.candles('klayswap:0xpool', 60_000, T0, T0 + 3_600_000)).toEqual([
      { d: T0, o: 10, h: 13, l: 10, c: 13, v: 6 },
    ]);
    expect((await repo.recentBlocks('kaia')).map((b) => b.number)).toEqual([3, 2]);
  });

  it('stores the pool list per source', async () => {
    const repo = createDexRepository(getDb(), { mode: 'simulated' });
    const pool = {
      poolId: 'uniswapv3:0x88e6',
      venue: 'uniswapv3',
      chain: 'ethereum',
      kind: 'v3',
      address: '0x88e6',
      base: 'ETH',
      quote: 'USDC',
      baseToken: '0xc02a',
      quoteToken: '0xa0b8',
      baseDecimals: 18,
      quoteDecimals: 6,
      baseIsToken0: false,
    };
    await repo.savePools([pool]);
    await repo.savePools([{ ...pool, quote: 'USDT' }]);
    expect(await repo.listPools()).toEqual([{ ...pool, quote: 'USDT' }]);
    expect(await repo.forMode('live').listPools()).toEqual([]);
  });
});

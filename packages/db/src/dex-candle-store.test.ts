import { expect, it } from 'vitest';
import type { DexCandleRecord, DexTradeRecord } from './dex-records.ts';
import { createDexRepository } from './dex-repository.ts';
import { forEachDatabase } from './test-databases.ts';

const T0 = Date.UTC(2026, 2, 1);
const hash = (n: number, branch = 'a') => `0x${branch}${n.toString(16).padStart(63, '0')}`;

/** Three days of trades, one every 7 minutes and 13 seconds, two per block (log 0 and 1). */
function trades(chain: string, fromBlock: number, count: number, branch = 'a'): DexTradeRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const n = fromBlock + i;
    const block = Math.floor(n / 2);
    const price = 100 + Math.round(Math.sin(n / 9) * 1_000) / 100 + (branch === 'b' ? 50 : 0);
    return {
      chain,
      poolId: `uniswapv3:${chain}`,
      blockNumber: block,
      blockHash: hash(block, branch),
      logIndex: n % 2,
      transactionHash: hash(n, branch),
      date: T0 + block * 866_000,
      baseQuantity: 1 + (n % 5),
      quoteQuantity: price * (1 + (n % 5)),
      price,
      side: n % 3 === 0 ? 'buy' : 'sell',
      maker: null,
    };
  });
}

/** What a chart must show, straight from the trades in chain order. */
function expected(rows: readonly DexTradeRecord[], intervalMs: number, from: number, to: number) {
  const out: DexCandleRecord[] = [];
  const minute = (t: DexTradeRecord) => Math.floor(t.date / 60_000) * 60_000;
  const sorted = rows
    .filter((t) => minute(t) >= from && minute(t) < to)
    .sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  for (const t of sorted) {
    const d = Math.floor(t.date / intervalMs) * intervalMs;
    const last = out[out.length - 1];
    if (last?.d !== d) out.push({ d, o: t.price, h: t.price, l: t.price, c: t.price, v: t.baseQuantity });
    else
      out[out.length - 1] = {
        ...last,
        h: Math.max(last.h, t.price),
        l: Math.min(last.l, t.price),
        c: t.price,
        v: last.v + t.baseQuantity,
      };
  }
  return out;
}

const INTERVALS = [60_000, 300_000, 900_000, 1_800_000, 3_600_000, 14_400_000, 86_400_000];
// Aligned on days, and ragged at both ends (inside an hour, a quarter and a day).
const RANGES: [number, number][] = [
  [T0, T0 + 3 * 86_400_000],
  [T0 + 86_400_000 + 37 * 60_000, T0 + 2 * 86_400_000 + 5 * 3_600_000 + 11 * 60_000],
  [T0 + 5 * 60_000, T0 + 50 * 60_000],
];

type Repo = ReturnType<typeof createDexRepository>;

/** Commits the trades in batches of the given sizes, as the indexer would. */
async function load(repo: Repo, rows: readonly DexTradeRecord[], sizes: readonly number[]): Promise<void> {
  let at = 0;
  for (const size of sizes) {
    const batch = rows.slice(at, at + size);
    at += size;
    const top = batch[batch.length - 1] as DexTradeRecord;
    await repo.commit({
      chain: top.chain,
      cursor: { number: top.blockNumber, hash: top.blockHash },
      blocks: [],
      pruneBelow: 0,
      trades: batch,
      liquidity: [],
    });
  }
}

forEachDatabase('dex candle roll-ups', (getDb) => {
  it('gives every interval the candles its trades make, over aligned and ragged ranges, across batches', async () => {
    const repo = createDexRepository(getDb(), { mode: 'replay' });
    const all = trades('across', 0, 600);
    // The batch edges split a day, an hour and a minute (blocks share their time).
    await load(repo, all, [250, 151, 199]);
    for (const interval of INTERVALS)
      for (const [from, to] of RANGES)
        expect(
          await repo.candles('uniswapv3:across', interval, from, to),
          `${interval} over ${from}–${to}`,
        ).toEqual(expected(all, interval, from, to));
  });

  it('rebuilds the roll-ups a rewind touched, and the replacement branch merges in', async () => {
    const repo = createDexRepository(getDb(), { mode: 'replay' });
    const pool = 'uniswapv3:rewound';
    await load(repo, trades('rewound', 0, 600), [300, 300]);
    // Blocks 200 onward are replaced.
    expect(await repo.rewind('rewound', { number: 199, hash: hash(199) })).toEqual({
      trades: 200,
      liquidity: 0,
    });
    const left = trades('rewound', 0, 400);
    const [from, to] = RANGES[0] as [number, number];
    for (const interval of INTERVALS)
      expect(await repo.candles(pool, interval, from, to), `after rewind ${interval}`).toEqual(
        expected(left, interval, from, to),
      );
    const other = trades('rewound', 400, 100, 'b');
    await load(repo, other, [100]);
    for (const interval of INTERVALS)
      for (const [a, b] of RANGES)
        expect(await repo.candles(pool, interval, a, b), `new branch ${interval}`).toEqual(
          expected([...left, ...other], interval, a, b),
        );
  });
});

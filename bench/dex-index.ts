import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDexRepository, type DexTradeRecord, openDatabase } from '@spreadscope/db';
import {
  ChainIndexer,
  type DexPool,
  type DexStore,
  decodePoolLog,
  JsonRpc,
  MemoryDexStore,
  type RpcLog,
} from '@spreadscope/feeds/dex';
import { startRecordedNode } from './support/recorded-node.ts';
import { percentile, round, writeResult } from './support/write-result.ts';

/**
 * DEX indexing (issue 16): 100,000 Uniswap v3 Swap logs read from a loopback node (eth_getLogs in 2,000-block
 * ranges, block headers in batches), decoded and stored — in memory, in PGlite, and in PostgreSQL when
 * DATABASE_URL is set (target ≤ 10 s); then one pool's candles over 30 days from the stored roll-ups
 * (target p99 ≤ 20 ms). The node serves from a worker thread, as a real node is another process; `*_cpu_ms`
 * is this process's CPU time over the phase (the node's thread included), which says how much of a wall
 * time on a loaded machine was work rather than waiting for a core.
 */
const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const BLOCKS = 10_000;
const PER_BLOCK = 10;
const T0 = Date.UTC(2026, 0, 1);

const pool: DexPool = {
  poolId: `uniswapv3:${POOL}`,
  venue: 'uniswapv3',
  chain: 'ethereum',
  kind: 'v3',
  address: POOL,
  base: 'ETH',
  quote: 'USDC',
  baseToken: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  quoteToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  baseDecimals: 18,
  quoteDecimals: 6,
  baseIsToken0: false,
};

async function index(url: string, store: DexStore): Promise<{ ms: number; cpuMs: number; trades: number }> {
  const indexer = new ChainIndexer({
    chain: 'ethereum',
    rpc: new JsonRpc(url),
    pools: [pool],
    store,
    startBlock: 1,
    rangeBlocks: 2_000,
  });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let trades = 0;
  for (;;) {
    const step = await indexer.step();
    trades += step.trades;
    if (step.caughtUp) break;
  }
  const cpu = process.cpuUsage(c0);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1_000, trades };
}

async function candleQueries(url?: string): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(join(tmpdir(), 'spreadscope-dex-bench-'));
  const database = await openDatabase(url ? { url } : { dataDir: join(dir, 'pglite') });
  try {
    const repo = createDexRepository(database, { mode: 'replay' });
    // 30 days of swaps, 3 a minute (129,600), written as the indexer writes them (a batch per 2,000 blocks).
    const poolId = `bench:${Date.now().toString(16)}`;
    const minutes = 30 * 1_440;
    let batch: DexTradeRecord[] = [];
    let block = 0;
    for (let m = 0; m < minutes; m++) {
      for (let i = 0; i < 3; i++) {
        block += 1;
        batch.push({
          chain: `bench-${poolId}`,
          poolId,
          blockNumber: block,
          blockHash: `0x${block.toString(16)}`,
          logIndex: 0,
          transactionHash: `0x${block.toString(16)}`,
          date: T0 + m * 60_000 + i * 20_000,
          baseQuantity: 1,
          quoteQuantity: 3_000 + Math.sin(m / 50) * 30,
          price: 3_000 + Math.sin(m / 50) * 30,
          side: i % 2 === 0 ? 'buy' : 'sell',
          maker: null,
        });
      }
      if (batch.length >= 6_000 || m === minutes - 1) {
        await repo.commit({
          chain: `bench-${poolId}`,
          cursor: { number: block, hash: 'x' },
          blocks: [],
          pruneBelow: block,
          trades: batch,
          liquidity: [],
        });
        batch = [];
      }
    }
    const figures: Record<string, number | string> = { backend: database.kind, trades: minutes * 3 };
    for (const [name, interval] of [
      ['1h', 3_600_000],
      ['15m', 900_000],
      ['1d', 86_400_000],
    ] as const) {
      const times: number[] = [];
      for (let k = 0; k < 200; k++) {
        const t0 = performance.now();
        const candles = await repo.candles(poolId, interval, T0, T0 + 30 * 86_400_000);
        times.push(performance.now() - t0);
        if (k === 0) figures[`candles_${name}`] = candles.length;
      }
      times.sort((a, b) => a - b);
      figures[`query_${name}_p50_ms`] = round(percentile(times, 50), 2);
      figures[`query_${name}_p99_ms`] = round(percentile(times, 99), 2);
    }
    // The shared PostgreSQL keeps no bench rows: a rewind to block 0 drops them and their candles.
    await repo.rewind(`bench-${poolId}`, { number: 0, hash: '' });
    return figures;
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const node = await startRecordedNode(POOL, BLOCKS, PER_BLOCK, T0);
try {
  const logs = node.logs() as RpcLog[];
  const d0 = performance.now();
  for (const log of logs) decodePoolLog(pool, log, T0);
  const decodeMs = performance.now() - d0;

  const memory = await index(node.url, new MemoryDexStore());
  const figures: Record<string, number | string> = {
    logs: logs.length,
    decode_ms: round(decodeMs, 0),
    decode_us_per_log: round((decodeMs * 1_000) / logs.length, 2),
    index_memory_ms: round(memory.ms, 0),
    index_memory_cpu_ms: round(memory.cpuMs, 0),
  };
  const dir = mkdtempSync(join(tmpdir(), 'spreadscope-dex-bench-'));
  const pglite = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    const stored = await index(node.url, createDexRepository(pglite, { mode: 'replay' }));
    figures.index_pglite_ms = round(stored.ms, 0);
    figures.index_pglite_cpu_ms = round(stored.cpuMs, 0);
    figures.index_pglite_trades = stored.trades;
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const postgres = await openDatabase({ url: process.env.DATABASE_URL });
    try {
      const repo = createDexRepository(postgres, { mode: 'replay' });
      await repo.rewind('ethereum', { number: 0, hash: '' });
      const stored = await index(node.url, repo);
      figures.index_postgres_ms = round(stored.ms, 0);
      figures.index_postgres_cpu_ms = round(stored.cpuMs, 0);
    } finally {
      await postgres.close();
    }
  }
  const candles = await candleQueries();
  for (const [k, v] of Object.entries(candles)) figures[`pglite_${k}`] = v;
  if (process.env.DATABASE_URL) {
    const pg = await candleQueries(process.env.DATABASE_URL);
    for (const [k, v] of Object.entries(pg)) figures[`postgres_${k}`] = v;
  }
  console.log('dex-index', figures);
  writeResult('dex-index', figures);
} finally {
  await node.close();
}

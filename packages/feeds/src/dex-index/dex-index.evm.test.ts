import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvmNode, startEvmNode } from '../test-support/evm-node.ts';
import { ChainIndexer } from './chain-indexer.ts';
import { buildDexCandles } from './dex-candles.ts';
import type { DexPool } from './dex-types.ts';
import { JsonRpc } from './json-rpc.ts';
import { MemoryDexStore } from './memory-dex-store.ts';

// Token contracts the test pools name (any distinct addresses do: the pools only log them).
const USDC = '0x00000000000000000000000000000000000000c1';
const WETH = '0x00000000000000000000000000000000000000f2';
const USDT = '0x00000000000000000000000000000000000000d3';
const WBNB = '0x00000000000000000000000000000000000000e4';
const KAIA = '0x0000000000000000000000000000000000000000';
const WKAIA = '0x00000000000000000000000000000000000000a5';
const TRADER = '0x000000000000000000000000000000000000beef';

const e18 = 10n ** 18n;
const e6 = 10n ** 6n;

function pool(p: Omit<DexPool, 'poolId' | 'chain'>): DexPool {
  return { ...p, chain: 'local', poolId: `${p.venue}:${p.address}` };
}

let node: EvmNode;
const address = { uni: '', cake: '', v2: '', klay: '', wombat: '' };
let pools: DexPool[];

beforeAll(async () => {
  node = await startEvmNode();
  address.uni = await node.deploy('UniswapV3PoolEvents');
  address.cake = await node.deploy('PancakeV3PoolEvents');
  address.v2 = await node.deploy('UniswapV2PairEvents');
  address.klay = await node.deploy('KlayswapPoolEvents', [KAIA, USDT]);
  address.wombat = await node.deploy('WombatPoolEvents');
  pools = [
    // USDC is token0 (the lower address) of the ETH/USDC pool, as on Ethereum.
    pool({
      venue: 'uniswapv3',
      kind: 'v3',
      address: address.uni,
      base: 'ETH',
      quote: 'USDC',
      baseToken: WETH,
      quoteToken: USDC,
      baseDecimals: 18,
      quoteDecimals: 6,
      baseIsToken0: false,
    }),
    pool({
      venue: 'pancakeswap',
      kind: 'v3',
      address: address.cake,
      base: 'BNB',
      quote: 'USDT',
      baseToken: WBNB,
      quoteToken: USDT,
      baseDecimals: 18,
      quoteDecimals: 18,
      baseIsToken0: false,
    }),
    pool({
      venue: 'dragonswap',
      kind: 'v2',
      address: address.v2,
      base: 'ETH',
      quote: 'USDC',
      baseToken: null,
      quoteToken: null,
      baseDecimals: 18,
      quoteDecimals: 6,
      baseIsToken0: true,
    }),
    pool({
      venue: 'klayswap',
      kind: 'klayswap',
      address: address.klay,
      base: 'KAIA',
      quote: 'USDT',
      baseToken: KAIA,
      quoteToken: USDT,
      baseDecimals: 18,
      quoteDecimals: 6,
      baseIsToken0: true,
    }),
    pool({
      venue: 'capybara',
      kind: 'wombat',
      address: address.wombat,
      base: 'KAIA',
      quote: 'USDT',
      baseToken: WKAIA,
      quoteToken: USDT,
      baseDecimals: 18,
      quoteDecimals: 6,
      baseIsToken0: true,
    }),
  ];
}, 120_000);

afterAll(async () => {
  await node?.close();
});

function indexer(
  store: MemoryDexStore,
  url = node.url,
  extra: Partial<ConstructorParameters<typeof ChainIndexer>[0]> = {},
) {
  return new ChainIndexer({ chain: 'local', rpc: new JsonRpc(url), pools, store, startBlock: 0, ...extra });
}

async function catchUp(ix: ChainIndexer): Promise<void> {
  for (let i = 0; i < 50; i++) if ((await ix.step()).caughtUp) return;
  throw new Error('the indexer did not catch up');
}

describe('DEX indexer against a local EVM node', () => {
  it('turns each AMM kind’s Swap/Mint/Burn logs into trades and liquidity rows', async () => {
    const uniSwapBlock = await node.send('UniswapV3PoolEvents', address.uni, 'swap', [
      TRADER,
      6000n * e6,
      -2n * e18,
    ]);
    await node.send('UniswapV3PoolEvents', address.uni, 'swap', [TRADER, -2990n * e6, 1n * e18]);
    await node.send('UniswapV3PoolEvents', address.uni, 'mint', [TRADER, 1000n * e6, e18 / 2n]);
    await node.send('UniswapV3PoolEvents', address.uni, 'burn', [0n, 0n]); // fee collection: not liquidity
    await node.send('UniswapV3PoolEvents', address.uni, 'burn', [500n * e6, e18 / 4n]);
    await node.send('PancakeV3PoolEvents', address.cake, 'swap', [TRADER, 600n * e18, -1n * e18]);
    await node.send('UniswapV2PairEvents', address.v2, 'swap', [0n, 3000n * e6, e18, 0n, TRADER]);
    await node.send('UniswapV2PairEvents', address.v2, 'mint', [2n * e18, 6000n * e6]);
    await node.send('KlayswapPoolEvents', address.klay, 'exchangePos', [USDT, 150n * e6, 1000n * e18]);
    await node.send('KlayswapPoolEvents', address.klay, 'exchangeNeg', [KAIA, 2000n * e18, 290n * e6]);
    await node.send('KlayswapPoolEvents', address.klay, 'addLiquidity', [1000n * e18, 150n * e6]);
    await node.send('WombatPoolEvents', address.wombat, 'swap', [WKAIA, USDT, 100n * e18, 15n * e6, TRADER]);
    await node.send('WombatPoolEvents', address.wombat, 'swap', [WETH, USDT, e18, 3000n * e6, TRADER]); // not the pair
    await node.send('WombatPoolEvents', address.wombat, 'deposit', [USDT, 50n * e6, TRADER]);
    await node.send('WombatPoolEvents', address.wombat, 'withdraw', [WKAIA, 10n * e18, TRADER]);

    const store = new MemoryDexStore();
    const ix = indexer(store);
    await catchUp(ix);

    const trades = store.trades().map((t) => ({
      pool: t.poolId.split(':')[0],
      side: t.side,
      base: t.baseQuantity,
      quote: t.quoteQuantity,
      price: t.price,
      maker: t.maker,
    }));
    expect(trades).toEqual([
      { pool: 'uniswapv3', side: 'buy', base: 2, quote: 6000, price: 3000, maker: TRADER },
      { pool: 'uniswapv3', side: 'sell', base: 1, quote: 2990, price: 2990, maker: TRADER },
      { pool: 'pancakeswap', side: 'buy', base: 1, quote: 600, price: 600, maker: TRADER },
      { pool: 'dragonswap', side: 'buy', base: 1, quote: 3000, price: 3000, maker: TRADER },
      { pool: 'klayswap', side: 'buy', base: 1000, quote: 150, price: 0.15, maker: node.account },
      { pool: 'klayswap', side: 'sell', base: 2000, quote: 290, price: 0.145, maker: node.account },
      { pool: 'capybara', side: 'sell', base: 100, quote: 15, price: 0.15, maker: TRADER },
    ]);
    const first = store.trades()[0];
    const block = await node.client.getBlock({ blockNumber: BigInt(uniSwapBlock) });
    expect(first).toMatchObject({
      blockNumber: uniSwapBlock,
      blockHash: block.hash,
      date: Number(block.timestamp) * 1000,
      logIndex: 0,
    });
    expect(first?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);

    const liquidity = store.liquidity().map((l) => ({
      pool: l.poolId.split(':')[0],
      type: l.type,
      assets: l.assets,
      quantities: l.quantities,
    }));
    expect(liquidity).toEqual([
      { pool: 'uniswapv3', type: 'add', assets: ['ETH', 'USDC'], quantities: [0.5, 1000] },
      { pool: 'uniswapv3', type: 'remove', assets: ['ETH', 'USDC'], quantities: [0.25, 500] },
      { pool: 'dragonswap', type: 'add', assets: ['ETH', 'USDC'], quantities: [2, 6000] },
      { pool: 'klayswap', type: 'add', assets: ['KAIA', 'USDT'], quantities: [1000, 150] },
      { pool: 'capybara', type: 'add', assets: ['USDT'], quantities: [50] },
      { pool: 'capybara', type: 'remove', assets: ['KAIA'], quantities: [10] },
    ]);
    expect(store.liquidity()[0]?.maker).toBe(TRADER);
    expect(ix.status()).toMatchObject({ state: 'live', failures: 0, cursor: await node.blockNumber() });
  });

  it('rewinds the rows of blocks a reorg replaced and reads the new branch', async () => {
    const store = new MemoryDexStore();
    const ix = indexer(store);
    await catchUp(ix);
    const kept = store.trades().length;
    const fork = await node.blockNumber();
    const snapshot = await node.snapshot();
    await node.send('UniswapV3PoolEvents', address.uni, 'swap', [TRADER, 3100n * e6, -1n * e18]);
    await node.send('UniswapV3PoolEvents', address.uni, 'mint', [TRADER, 10n * e6, e18]);
    await node.send('UniswapV3PoolEvents', address.uni, 'swap', [TRADER, 3200n * e6, -1n * e18]);
    await catchUp(ix);
    expect(
      store
        .trades()
        .slice(kept)
        .map((t) => t.price),
    ).toEqual([3100, 3200]);
    const orphaned = store
      .trades()
      .slice(kept)
      .map((t) => t.transactionHash);

    // The other branch: shorter at first (the old tip's number is gone), then one different swap.
    await node.revert(snapshot);
    await node.increaseTime(1);
    await node.send('UniswapV3PoolEvents', address.uni, 'swap', [TRADER, -2800n * e6, 1n * e18]);
    const first = await ix.step();
    expect(first.rewoundTo).toBe(fork);
    await catchUp(ix);

    const after = store.trades().slice(kept);
    expect(after.map((t) => ({ price: t.price, side: t.side, block: t.blockNumber }))).toEqual([
      { price: 2800, side: 'sell', block: fork + 1 },
    ]);
    expect(after.some((t) => orphaned.includes(t.transactionHash))).toBe(false);
    expect(store.liquidity().filter((l) => l.blockNumber > fork)).toEqual([]);
    expect(ix.status().reorgs).toBe(1);

    // Rebuilt from the same node, a fresh store holds exactly the same rows.
    const fresh = new MemoryDexStore();
    await catchUp(indexer(fresh));
    expect(fresh.trades()).toEqual(store.trades());
    expect(fresh.liquidity()).toEqual(store.liquidity());
  });

  it('builds candles from the indexed trades in block time', async () => {
    await node.increaseTime(3600);
    const store = new MemoryDexStore();
    const ix = indexer(store);
    await catchUp(ix);
    const from = store.trades().length;
    await node.mine();
    const start = Number((await node.client.getBlock()).timestamp);
    // Align to the next whole minute so the buckets are known.
    await node.increaseTime(60 - (start % 60) + 1);
    for (const [usdc, weth] of [
      [3000n, -1n],
      [-3030n, 1n],
      [2970n * 2n, -2n],
    ] as const)
      await node.send('UniswapV3PoolEvents', address.uni, 'swap', [TRADER, usdc * e6, weth * e18]);
    await node.increaseTime(60);
    await node.send('UniswapV3PoolEvents', address.uni, 'swap', [TRADER, 3050n * e6, -1n * e18]);
    await catchUp(ix);

    const trades = store.trades().slice(from);
    expect(trades).toHaveLength(4);
    const candles = buildDexCandles(trades, 60_000);
    expect(candles).toHaveLength(2);
    expect(candles[0]).toMatchObject({ o: 3000, h: 3030, l: 2970, c: 2970, v: 4 });
    expect(candles[1]).toMatchObject({ o: 3050, h: 3050, l: 3050, c: 3050, v: 1 });
    expect((candles[1]?.d ?? 0) - (candles[0]?.d ?? 0)).toBe(60_000);
    expect((candles[0]?.d ?? 0) % 60_000).toBe(0);
  });

  it('backs off while the node fails, shows the chain stale, then catches up', async () => {
    const proxy = await flakyProxy(node.url, { failFirst: 3 });
    try {
      const store = new MemoryDexStore();
      let now = 1_000_000;
      const ix = indexer(store, proxy.url, { clock: () => now, retryMinMs: 1_000, retryMaxMs: 8_000 });
      const waits: number[] = [];
      for (let i = 0; i < 3; i++) {
        await expect(ix.step()).rejects.toThrow(/503|server error/i);
        const status = ix.status();
        expect(status.state).toBe('stale');
        waits.push((status.nextAttemptAt ?? 0) - now);
        now += 10_000;
      }
      expect(waits).toEqual([1_000, 2_000, 4_000]);
      await catchUp(ix);
      expect(ix.status()).toMatchObject({ state: 'live', failures: 0, lastError: null });
      const direct = new MemoryDexStore();
      await catchUp(indexer(direct));
      expect(store.trades()).toEqual(direct.trades());
      now += 10 * 60_000; // no successful read for ten minutes
      expect(ix.status().state).toBe('stale');
    } finally {
      await proxy.close();
    }
  });

  it('narrows the log range while the node refuses it as too wide', async () => {
    const proxy = await flakyProxy(node.url, { maxLogRange: 3 });
    try {
      const store = new MemoryDexStore();
      const ix = indexer(store, proxy.url, { rangeBlocks: 1_000 });
      await catchUp(ix);
      const direct = new MemoryDexStore();
      await catchUp(indexer(direct));
      expect(store.trades()).toEqual(direct.trades());
      expect(store.trades().length).toBeGreaterThan(5);
    } finally {
      await proxy.close();
    }
  });
});

/**
 * A loopback HTTP peer in front of the node: answers 503 to the first requests, or refuses eth_getLogs
 * over more than `maxLogRange` blocks the way hosted nodes do; everything else goes to the node.
 */
async function flakyProxy(target: string, opts: { failFirst?: number; maxLogRange?: number }) {
  let failures = opts.failFirst ?? 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (failures > 0) {
        failures -= 1;
        res.writeHead(503).end('unavailable');
        return;
      }
      const parsed = JSON.parse(body) as {
        id: number;
        method: string;
        params: { fromBlock: string; toBlock: string }[];
      };
      const filter = parsed.params?.[0];
      if (opts.maxLogRange !== undefined && parsed.method === 'eth_getLogs' && filter) {
        const width = Number(filter.toBlock) - Number(filter.fromBlock) + 1;
        if (width > opts.maxLogRange) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              jsonrpc: '2.0',
              id: parsed.id,
              error: { code: -32005, message: 'query exceeds max block range' },
            }),
          );
          return;
        }
      }
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

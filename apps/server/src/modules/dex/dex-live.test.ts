import { forEachDatabase } from '@spreadscope/db/testing';
import { DEFAULT_RPC } from '@spreadscope/feeds/dex';
import { type EvmNode, startEvmNode } from '@spreadscope/feeds/testing/evm-node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';

const USDC = '0x00000000000000000000000000000000000000c1';
const WETH = '0x00000000000000000000000000000000000000f2';
const TRADER = '0x000000000000000000000000000000000000beef';
const e6 = 10n ** 6n;
const e18 = 10n ** 18n;

interface Trade {
  price: number;
  tradeType: string;
  blockNumber: number;
  transactionHash: string;
}

/** The whole path: a real EVM node's logs, the indexer, the database, the `dex/*` calls. */
forEachDatabase('DEX calls over HTTP (live, indexed from a local EVM node)', (getDb) => {
  let node: EvmNode;
  let f: AccountsFixture;
  let pro: CookieClient;
  let pool = '';

  beforeAll(async () => {
    node = await startEvmNode();
    const address = await node.deploy('UniswapV3PoolEvents');
    pool = `uniswapv3:${address}`;
    await node.send('UniswapV3PoolEvents', address, 'swap', [TRADER, 3000n * e6, -1n * e18]);
    await node.send('UniswapV3PoolEvents', address, 'mint', [TRADER, 1000n * e6, e18 / 2n]);
    f = await startAccountsFixture(getDb(), {
      mode: 'live',
      dex: {
        amm: {
          rpc: { ...DEFAULT_RPC, ethereum: node.url },
          pools: [
            {
              venue: 'uniswapv3',
              kind: 'v3',
              address,
              baseToken: WETH,
              quoteToken: USDC,
              base: 'ETH',
              quote: 'USDC',
              baseDecimals: 18,
              quoteDecimals: 6,
            },
          ],
        },
      },
    });
    pro = (await signedInUser(f, 'pro')).client;
  });
  afterAll(async () => {
    await f?.close();
    await node?.close();
  });

  const trades = async (): Promise<Trade[]> =>
    (await pro.get(`/api/v1/front/dex/trade?pool=${pool}&sort=asc`)).body.data as Trade[];

  it('serves the node’s swaps and liquidity, follows a reorg, and shows the pool live', async () => {
    await vi.waitFor(async () => expect(await trades()).toHaveLength(1), { timeout: 30_000, interval: 100 });
    expect((await trades())[0]).toMatchObject({ price: 3000, tradeType: 'buy' });
    const liquidity = await pro.get(`/api/v1/front/dex/liquidity?pool=${pool}`);
    expect(liquidity.body.data).toMatchObject([
      { type: 'add', assets: ['ETH', 'USDC'], quantities: [0.5, 1000] },
    ]);

    const snapshot = await node.snapshot();
    await node.send('UniswapV3PoolEvents', pool.split(':')[1] ?? '', 'swap', [TRADER, 3100n * e6, -1n * e18]);
    await vi.waitFor(async () => expect(await trades()).toHaveLength(2), { timeout: 30_000, interval: 100 });
    const orphan = (await trades())[1]?.transactionHash;

    await node.revert(snapshot);
    await node.increaseTime(5);
    await node.send('UniswapV3PoolEvents', pool.split(':')[1] ?? '', 'swap', [TRADER, -2900n * e6, 1n * e18]);
    await node.mine();
    await vi.waitFor(async () => expect((await trades()).map((t) => t.price)).toEqual([3000, 2900]), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await trades()).some((t) => t.transactionHash === orphan)).toBe(false);

    // The node's blocks carry wall-clock time; the test server's market clock is elsewhere.
    const [from, to] = [Date.now() - 2 * 86_400_000, Date.now() + 86_400_000];
    const candles = await pro.get(`/api/v1/front/dex/candle?pool=${pool}&interval=1d&from=${from}&to=${to}`);
    const volume = (candles.body.data as { v: number }[]).reduce((sum, c) => sum + c.v, 0);
    expect(volume).toBeCloseTo(2, 9);
    const pools = await pro.get('/api/v1/front/dex/pools');
    expect(pools.body.data).toMatchObject([
      { poolId: pool, status: 'live', chain: 'ethereum', lastError: null },
    ]);
  });
});

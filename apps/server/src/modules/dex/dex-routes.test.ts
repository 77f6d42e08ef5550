import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';
import { T0 } from '../../test-support/test-server.ts';

forEachDatabase('DEX calls over HTTP (simulated source)', (getDb) => {
  let f: AccountsFixture;
  let pro: CookieClient;

  beforeAll(async () => {
    f = await startAccountsFixture(getDb(), { dex: { simStepMs: 50 } });
    pro = (await signedInUser(f, 'pro')).client;
    // The simulated source back-fills the last day of swaps at start, an hour a commit, one chain after
    // another: wait for every venue's whole day (its newest swap minutes before the clock), not just the first
    // rows, or paging would race the hours still landing.
    await vi.waitFor(
      async () => {
        for (const exchange of ['capybara', 'dragonswap', 'klayswap', 'pancakeswap', 'uniswapv3']) {
          const answer = await pro.get(`/api/v1/front/dex/trade?exchange=${exchange}&limit=1`);
          expect(answer.body.total).toBeGreaterThan(50);
          expect((answer.body.data as { date: number }[])[0]?.date).toBeGreaterThan(T0 - 15 * 60_000);
        }
      },
      { timeout: 30_000, interval: 200 },
    );
  });
  afterAll(async () => {
    await f.close();
  });

  it('is for Pro and up: visitors sign in, Free and Starter are told the plan', async () => {
    for (const path of ['pools', 'trade', 'liquidity', 'candle', 'chains', 'exchanges', 'intervals']) {
      expect((await f.client('en').get(`/api/v1/front/dex/${path}`)).status).toBe(401);
    }
    for (const plan of ['free', 'starter'] as const) {
      const { client } = await signedInUser(f, plan);
      const answer = await client.get('/api/v1/front/dex/pools');
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: 'plan_required' });
      expect(String(answer.body.message)).toContain('Pro');
    }
    for (const plan of ['pro', 'pro_plus'] as const) {
      const { client } = await signedInUser(f, plan);
      expect((await client.get('/api/v1/front/dex/pools')).status).toBe(200);
    }
  });

  it('lists a pool per AMM venue, labelled simulated, with tokens and chain', async () => {
    const answer = await pro.get('/api/v1/front/dex/pools');
    expect(answer.status).toBe(200);
    expect((answer.body.dataSource as { mode: string }).mode).toBe('simulated');
    const pools = answer.body.data as {
      exchange: string;
      chain: string;
      status: string;
      poolId: string;
      baseSymbol: string;
    }[];
    expect(pools.map((p) => p.exchange).sort()).toEqual([
      'capybara',
      'dragonswap',
      'klayswap',
      'pancakeswap',
      'uniswapv3',
    ]);
    expect(pools.every((p) => p.status === 'simulated')).toBe(true);
    expect(pools.find((p) => p.exchange === 'uniswapv3')).toMatchObject({
      chain: 'ethereum',
      baseSymbol: 'ETH',
      quoteSymbol: 'USDC',
      poolAddress: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
      baseTokenAddress: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    });
    const kaia = await pro.get('/api/v1/front/dex/pools?chain=kaia');
    expect((kaia.body.data as { exchange: string }[]).map((p) => p.exchange).sort()).toEqual([
      'capybara',
      'dragonswap',
      'klayswap',
    ]);
    expect((await pro.get('/api/v1/front/dex/chains')).body).toEqual(['bsc', 'ethereum', 'kaia']);
    expect((await pro.get('/api/v1/front/dex/exchanges')).body).toHaveLength(5);
    expect((await pro.get('/api/v1/front/dex/intervals')).body).toContain('1h');
  });

  it('pages and filters trades, newest first by default', async () => {
    const first = await pro.get('/api/v1/front/dex/trade?exchange=klayswap&limit=5');
    expect(first.status).toBe(200);
    const rows = first.body.data as {
      exchange: string;
      date: number;
      symbol: string;
      tradeType: string;
      price: number;
      baseQuantity: number;
      quoteQuantity: number;
    }[];
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.exchange === 'klayswap' && r.symbol === 'KAIA-USDT')).toBe(true);
    expect(rows.map((r) => r.date)).toEqual([...rows.map((r) => r.date)].sort((a, b) => b - a));
    for (const r of rows) expect(r.quoteQuantity / r.baseQuantity).toBeCloseTo(r.price, 6);
    const second = await pro.get('/api/v1/front/dex/trade?exchange=klayswap&limit=5&page=2');
    expect((second.body.data as { date: number }[])[0]?.date).toBeLessThanOrEqual(rows[4]?.date ?? 0);
    expect(second.body.total).toBe(first.body.total);
    const bySymbol = await pro.get('/api/v1/front/dex/trade?symbol=ETH&limit=50');
    expect(new Set((bySymbol.body.data as { exchange: string }[]).map((r) => r.exchange))).toEqual(
      new Set(['uniswapv3']),
    );
    const asc = await pro.get(`/api/v1/front/dex/trade?sort=asc&limit=1&from=${T0 - 3_600_000}`);
    expect((asc.body.data as { date: number }[])[0]?.date).toBeGreaterThanOrEqual(T0 - 3_600_000);
  });

  it('lists liquidity changes with their assets and quantities', async () => {
    const answer = await pro.get('/api/v1/front/dex/liquidity?limit=20');
    expect(answer.status).toBe(200);
    const rows = answer.body.data as { assets: string[]; quantities: number[]; type: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.assets).toHaveLength(r.quantities.length);
      expect(['add', 'remove']).toContain(r.type);
    }
  });

  it('builds a pool’s candles from its trades', async () => {
    const pools = (await pro.get('/api/v1/front/dex/pools?exchange=pancakeswap')).body.data as {
      poolId: string;
    }[];
    const pool = pools[0]?.poolId ?? '';
    const from = T0 - 6 * 3_600_000;
    const to = T0 - 3_600_000;
    const candles = await pro.get(`/api/v1/front/dex/candle?pool=${pool}&interval=1h&from=${from}&to=${to}`);
    expect(candles.status).toBe(200);
    const data = candles.body.data as { d: number; o: number; h: number; l: number; c: number; v: number }[];
    expect(data).toHaveLength(5);
    const trades = await pro.get(
      `/api/v1/front/dex/trade?pool=${pool}&from=${from}&to=${to - 1}&limit=1000&sort=asc`,
    );
    const rows = trades.body.data as { price: number; baseQuantity: number; date: number }[];
    const volume = rows.reduce((sum, t) => sum + t.baseQuantity, 0);
    expect(data.reduce((sum, c) => sum + c.v, 0)).toBeCloseTo(volume, 6);
    expect(data[0]?.o).toBe(rows[0]?.price);
    for (const c of data) {
      expect(c.h).toBeGreaterThanOrEqual(Math.max(c.o, c.c));
      expect(c.l).toBeLessThanOrEqual(Math.min(c.o, c.c));
    }
  });

  it('answers 400 naming the parameter at fault', async () => {
    const cases: [string, string][] = [
      ['/dex/trade?exchange=binance', 'exchange'],
      ['/dex/trade?limit=0', 'limit'],
      ['/dex/liquidity?sort=up', 'sort'],
      ['/dex/trade?pool=nope', 'pool'],
      ['/dex/candle', 'pool'],
      ['/dex/candle?pool=klayswap:0xdead', 'pool'],
      ['/dex/candle?pool=klayswap:0xdead&interval=2m', 'interval'],
    ];
    for (const [path, param] of cases) {
      const answer = await pro.get(`/api/v1/front${path}`);
      expect(answer.status, path).toBe(400);
      expect(answer.body.param, path).toBe(param);
      expect(String(answer.body.message), path).toContain(param);
    }
    const pool = ((await pro.get('/api/v1/front/dex/pools')).body.data as { poolId: string }[])[0]?.poolId;
    const tooMany = await pro.get(
      `/api/v1/front/dex/candle?pool=${pool}&interval=1m&from=${T0 - 30 * 86_400_000}&to=${T0}`,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.param).toBe('from');
  });
});

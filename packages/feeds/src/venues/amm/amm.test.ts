import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MarketEvent, QuoteEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { FixtureResponse, FixtureRoutes } from '../../live/fixtures/fixture-http.ts';
import type { FetchLike } from '../../live/http-seam.ts';
import { waitFor } from '../../test-support/fixture-ws.ts';
import { FAST_SETTINGS, startLive, stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase } from '../../test-support/venue-failures.ts';
import { restRound } from '../../test-support/venue-kit.ts';
import { type AmmConfig, ammConfigFromFile, DEFAULT_AMM } from './amm-config.ts';
import { poolPrice } from './pool-price.ts';

/**
 * AMM pools priced from recorded JSON-RPC answers (eth_call of slot0() and getReserves(), in the chain's
 * ABI encoding), one batch per venue per poll.
 */

const answer = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** A chain node per host: answers the batch from a recording, and remembers what it was asked. */
function nodes(byHost: Record<string, string>, asked: { host: string; body: unknown }[]): FetchLike {
  return async (url, init) => {
    const host = new URL(url).host;
    asked.push({ host, body: JSON.parse(String(init?.body ?? 'null')) });
    const body = byHost[host];
    return body === undefined
      ? new Response('not found', { status: 404 })
      : new Response(body, { headers: { 'content-type': 'application/json' } });
  };
}

afterEach(stopAll);

type Recorded = {
  request: { params: [{ to: string; data: string }, string] };
  response: Record<string, unknown>;
};
const kaiaNode = JSON.parse(answer('kaia-node.json')) as Recorded[];

/**
 * The Kaia node (public-en.node.kaia.io) answering each eth_call of a batch from its recorded answer to
 * the same call (same contract, same data), in JSON-RPC wire format; a call it has no recording for
 * reverts, as a contract without that function does. Each batch asked is kept.
 */
const KAIA_ROUTES = (asked: unknown[][]): FixtureRoutes => ({
  '/': (_url, body) => {
    const batch = JSON.parse(body) as { id: number; params: [{ to: string; data: string }, string] }[];
    asked.push(batch);
    const answers = batch.map((call) => {
      const [{ to, data }] = call.params;
      const hit = kaiaNode.find(
        (r) => r.request.params[0].to === to.toLowerCase() && r.request.params[0].data === data.toLowerCase(),
      );
      return hit
        ? { ...hit.response, id: call.id }
        : { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'execution reverted' } };
    });
    return { body: JSON.stringify(answers), contentType: 'application/json' };
  },
});

const quotes = (events: readonly MarketEvent[]) => events.filter((e): e is QuoteEvent => e.type === 'quote');

describe('AMM pools', () => {
  it('prices the default Uniswap v3 and PancakeSwap v3 pools from slot0, one eth_call batch per chain', async () => {
    const asked: { host: string; body: unknown }[] = [];
    const fetchFn = nodes(
      {
        'ethereum-rpc.publicnode.com': answer('ethereum-slot0.json'),
        'bsc-dataseed.bnbchain.org': answer('bsc-slot0.json'),
      },
      asked,
    );
    const { events, link } = await startLive(['uniswapv3', 'pancakeswap'], {}, fetchFn);
    await waitFor(() => quotes(events).length >= 2, 'two pool prices');
    const eth = quotes(events).find((q) => q.venue === 'uniswapv3');
    expect(eth).toMatchObject({ market: 'spot', base: 'ETH', quote: 'USDC' });
    expect(eth?.last).toBeCloseTo(2943.5, 6);
    expect(quotes(events).find((q) => q.venue === 'pancakeswap')?.last).toBeCloseTo(905.2, 6);
    expect(asked.find((a) => a.host === 'ethereum-rpc.publicnode.com')?.body).toEqual([
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'eth_call',
        params: [{ to: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640', data: '0x3850c7bd' }, 'latest'],
      },
    ]);
    expect(link('uniswapv3')).toMatchObject({ status: 'connected' });
    expect(link('uniswapv3')?.feeds?.[0]).toMatchObject({ feed: 'pools', transport: 'chain', via: 'chain' });
  });

  it('prices KAIA/USDT on DragonSwap, KLAYswap and Capybara from their default pools on the Kaia node', async () => {
    const asked: unknown[][] = [];
    const r = await restRound('dragonswap', KAIA_ROUTES(asked));
    // DragonSwap v3: the factory has WKAIA/USDT in the 0.05 % and 0.3 % tiers; the deeper (0.05 %) is priced.
    expect(r.keys).toEqual(['spot KAIA/USDT']);
    expect(r.quote('spot KAIA/USDT')?.last).toBeCloseTo(0.1432, 9);
    expect(asked.map((batch) => batch.length)).toEqual([5, 2, 1]);
    const dragonswap = r.venueLink?.capabilities?.pools;
    expect(dragonswap).toEqual({
      via: 'chain',
      note: '1 pools on kaia via public-en.node.kaia.io (v3 slot0)',
    });
    // The pool, once found, is not looked up again on the next poll: one price call.
    await r.again();
    expect(asked.map((batch) => batch.length)).toEqual([5, 2, 1, 1]);

    // KLAYswap: its factory's KAIA/USDT pool, tokenA = native KAIA, balances from getCurrentPool.
    const k = await restRound('klayswap', KAIA_ROUTES([]));
    expect(k.quote('spot KAIA/USDT')?.last).toBeCloseTo(176_543.21 / 1_234_567, 12);
    // Capybara (Wombat): one KAIA quoted in USDT (Stargate), the 0.04 % haircut added back.
    const c = await restRound('capybara', KAIA_ROUTES([]));
    expect(c.quote('spot KAIA/USDT')?.last).toBeCloseTo(0.143, 12);
    expect(c.venueLink?.capabilities?.pools?.note).toBe(
      '1 pools on kaia via public-en.node.kaia.io (Wombat quotePotentialSwap)',
    );
  });

  it('names a pair the factory does not have, and still prices the others', async () => {
    const config: AmmConfig = {
      rpc: DEFAULT_AMM.rpc,
      pools: [
        ...DEFAULT_AMM.pools.filter((p) => p.venue === 'dragonswap'),
        {
          venue: 'dragonswap',
          kind: 'v3',
          factory: '0x7431A23897ecA6913D5c81666345D39F27d946A4',
          fees: [500],
          baseToken: '0x02cbE46fB8A1F579254a9B485788f2D86Cad51aa',
          quoteToken: '0xd077a400968890eacc75cdc901f0356c943e4fdb',
          base: 'BORA',
          quote: 'USDT',
          baseDecimals: 18,
          quoteDecimals: 6,
        },
      ],
    };
    const r = await restRound('dragonswap', KAIA_ROUTES([]), { amm: config });
    expect(r.keys).toEqual(['spot KAIA/USDT']);
    expect(r.venueLink?.feeds?.[0]).toMatchObject({
      status: 'degraded',
      lastError: 'BORA/USDT 0x7431A238…: factory: execution reverted',
    });
  });

  restFailureCase({
    venue: 'capybara',
    routes: KAIA_ROUTES([]),
    path: '/',
    feed: 'pools',
    host: 'public-en.node.kaia.io',
    // Pools poll every 10 min in tests: a back-off ceiling above that lets the wait double.
    options: { settings: { ...FAST_SETTINGS, backoff: { baseMs: 40, maxMs: 3_600_000, jitter: 0.5 } } },
  });

  it('reports a node answering something that is not JSON-RPC, then recovers', async () => {
    let broken = true;
    const good = KAIA_ROUTES([])['/'] as (url: URL, body: string) => FixtureResponse;
    const r = await restRound('capybara', {
      '/': (url, body) =>
        broken
          ? { body: '{"jsonrpc":"2.0","result":"0x12', contentType: 'application/json' }
          : good(url, body),
    });
    expect(r.venueLink?.feeds?.[0]?.status).toBe('down');
    expect(r.venueLink?.feeds?.[0]?.lastError).toMatch(/public-en\.node\.kaia\.io/);
    expect(r.keys).toEqual([]);
    broken = false;
    await r.again();
    expect(r.keys).toEqual(['spot KAIA/USDT']);
    expect(r.venueLink?.feeds?.[0]).toMatchObject({ status: 'connected', lastError: null });
  });

  it('reads a constant-product pool from getReserves, and names the pool that failed', async () => {
    const config: AmmConfig = {
      rpc: DEFAULT_AMM.rpc,
      pools: [
        {
          venue: 'klayswap',
          address: '0x1111111111111111111111111111111111111111',
          kind: 'v2',
          base: 'KAIA',
          quote: 'USDT',
          baseDecimals: 18,
          quoteDecimals: 6,
          baseIsToken0: true,
        },
        {
          venue: 'klayswap',
          address: '0x2222222222222222222222222222222222222222',
          kind: 'v2',
          base: 'KSP',
          quote: 'USDT',
          baseDecimals: 18,
          quoteDecimals: 6,
          baseIsToken0: true,
        },
      ],
    };
    const fetchFn = nodes({ 'kaia-node.example:8551': answer('kaia-reserves.json') }, []);
    const { events, link } = await startLive(
      ['klayswap'],
      { klayswap: { baseUrl: 'http://kaia-node.example:8551' } },
      fetchFn,
      { amm: config },
    );
    await waitFor(() => quotes(events).length > 0, 'a pool price');
    expect(quotes(events)[0]?.last).toBeCloseTo(0.1234, 9);
    await waitFor(() => link('klayswap')?.status === 'degraded', 'degraded');
    expect(link('klayswap')?.lastError).toBe('pools: KSP/USDT 0x22222222…: execution reverted');
  });

  it('turns raw pool state into prices either way round', () => {
    const pool = {
      venue: 'uniswapv3',
      address: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640',
      kind: 'v3',
      base: 'ETH',
      quote: 'USDC',
      baseDecimals: 18,
      quoteDecimals: 6,
      baseIsToken0: false,
    } as const;
    // sqrtPriceX96 = 2^96: one raw token1 per raw token0. With USDC (6) as token0 and WETH (18) as
    // token1, one micro-USDC buys one wei: an ETH costs 10^12 USDC.
    const one = `0x${(2n ** 96n).toString(16).padStart(64, '0')}`;
    expect(poolPrice(pool, one)).toBeCloseTo(1e12, 0);
    expect(poolPrice({ ...pool, baseIsToken0: true, baseDecimals: 6, quoteDecimals: 18 }, one)).toBeCloseTo(
      1e-12,
      20,
    );
    expect(() => poolPrice(pool, `0x${'0'.repeat(64)}`)).toThrow('not initialized');
    expect(() => poolPrice(pool, '0xdeadbeef')).toThrow('not ABI-encoded');
  });

  it('reads AMM_POOLS_FILE and names the entry at fault', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spreadscope-amm-'));
    try {
      const good = join(dir, 'pools.json');
      await writeFile(
        good,
        JSON.stringify({
          rpc: { kaia: 'https://kaia.example/rpc' },
          extendDefaults: true,
          pools: [
            {
              venue: 'capybara',
              address: '0x3333333333333333333333333333333333333333',
              kind: 'v2',
              base: 'KAIA',
              quote: 'USDT',
              baseDecimals: 18,
              quoteDecimals: 6,
              baseIsToken0: true,
            },
          ],
        }),
      );
      const config = ammConfigFromFile(good);
      expect(config.pools.map((p) => p.venue)).toEqual([
        'uniswapv3',
        'pancakeswap',
        'dragonswap',
        'klayswap',
        'capybara',
        'capybara',
      ]);
      expect(config.rpc.kaia).toBe('https://kaia.example/rpc');
      const bad = join(dir, 'bad.json');
      await writeFile(bad, JSON.stringify({ pools: [{ venue: 'binance', address: '0x12' }] }));
      expect(() => ammConfigFromFile(bad)).toThrow(
        `AMM_POOLS_FILE ${bad}: pools.0.venue: must be an AMM venue id`,
      );
      expect(() => ammConfigFromFile(join(dir, 'missing.json'))).toThrow('file not found');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

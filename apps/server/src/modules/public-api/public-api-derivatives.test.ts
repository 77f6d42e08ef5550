import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { T0, type TestServer } from '../../test-support/test-server.ts';
import { type Answer, type IntelFixture, rows, startIntelFixture } from './intel-fixture.ts';

/**
 * Liquidations and open interest of the paid API (public-api.md §2.13, §2.14) on a market whose every number is
 * known: LiqEvent / OIEntry / Token shapes, defaults, enums, required parameters (400 naming them), the
 * overview's pagination echo, and empty results as `data: []`.
 */

let fx: IntelFixture;
let server: TestServer;
const call = (path: string, params: Record<string, string> = {}, apiKey?: string): Promise<Answer> =>
  fx.call(path, params, apiKey);
const refuses = (path: string, params: Record<string, string>, param: string) =>
  fx.refuses(path, params, param);

beforeAll(async () => {
  fx = await startIntelFixture();
  server = fx.server;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('liquidation (§2.13)', () => {
  it('/liquidation: one perpetual’s events as LiqEvent, the native symbol too; 400 and 404 as they should', async () => {
    const answer = await call('/liquidation', { exchange: 'binance', symbol: 'BTC-USDT' });
    expect(answer.status).toBe(200);
    expect(rows(answer)).toEqual([
      {
        exchange: 'binance',
        symbol: 'BTC-USDT',
        base: 'BTC',
        quote: 'USDT',
        tokenId: 'bitcoin',
        side: 'sell',
        positionSide: 'long',
        price: 99_000,
        priceUsd: 99_000,
        volume: 1,
        volumeUsd: 99_000,
        timestamp: T0 + 100,
      },
    ]);
    expect(rows(await call('/liquidation', { exchange: 'binance', symbol: 'BTCUSDT' }))).toHaveLength(1);
    expect(rows(await call('/liquidation', { exchange: 'binance', symbol: 'ETH-USDT' }))).toEqual([]);
    expect((await call('/liquidation', { exchange: 'binance', symbol: 'XYZ-USDT' })).status).toBe(404);
    await refuses('/liquidation', { symbol: 'BTC-USDT' }, 'exchange');
    await refuses('/liquidation', { exchange: 'binance' }, 'symbol');
    await refuses('/liquidation', { exchange: 'binance', symbol: 'BTC-USDT', limit: '0' }, 'limit');
    await refuses('/liquidation', { exchange: 'binance', symbol: 'BTC-USDT', limit: '1001' }, 'limit');
  });

  it('/liquidation/feed: newest first, base case-insensitive, min_volume_usd, an empty data for nothing', async () => {
    const all = rows(await call('/liquidation/feed'));
    expect(all.map((r) => r.timestamp)).toEqual([T0 + 300, T0 + 200, T0 + 100]);
    expect(rows(await call('/liquidation/feed', { base: 'btc' }))).toHaveLength(2);
    expect(
      rows(await call('/liquidation/feed', { min_volume_usd: '150000' })).map((r) => r.exchange),
    ).toEqual(['okx']);
    expect(rows(await call('/liquidation/feed', { limit: '1' }))).toHaveLength(1);
    const none = await call('/liquidation/feed', { exchange: 'upbit' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: [] });
  });

  it('/liquidation/heatmap: top tokens by USD, venues with data, their cells; top_n and window checked', async () => {
    const map = (await call('/liquidation/heatmap')).body as {
      window: string;
      generatedAt: number;
      grandTotal: number;
      tokens: { base: string; totalUsd: number; longUsd: number; shortUsd: number }[];
      exchanges: { exchange: string }[];
      cells: unknown[];
    };
    expect(map.window).toBe('1h');
    // The manual clock follows the last event pushed.
    expect(map.generatedAt).toBe(server.source.now());
    expect(map.grandTotal).toBe(329_000);
    expect(map.tokens.map((t) => [t.base, t.longUsd, t.shortUsd, t.totalUsd])).toEqual([
      ['BTC', 99_000, 200_000, 299_000],
      ['ETH', 30_000, 0, 30_000],
    ]);
    expect(map.exchanges.map((e) => e.exchange)).toEqual(['okx', 'binance', 'bybit']);
    expect(map.cells).toHaveLength(6);
    const top = (await call('/liquidation/heatmap', { top_n: '1', window: '24h' })).body as typeof map;
    expect(top.tokens).toHaveLength(1);
    expect(top.cells).toHaveLength(3);
    await refuses('/liquidation/heatmap', { top_n: '31' }, 'top_n');
    await refuses('/liquidation/heatmap', { window: '2h' }, 'window');
  });

  it('/liquidation/map: estimated levels below the price for longs, above for shorts, with the model', async () => {
    const map = (await call('/liquidation/map')).body as {
      exchange: string;
      symbol: string;
      currentPrice: number;
      totalOiUsd: number;
      cumulativeLongUsd: number;
      cumulativeShortUsd: number;
      assumptions: { tiers: { leverage: number; share: number }[]; mmr: number };
      buckets: { price: number; side: string; totalUsd: number; l10xUsd: number; l100xUsd: number }[];
    };
    expect(map).toMatchObject({
      exchange: 'binance',
      symbol: 'BTC-USDT',
      currentPrice: 100_000,
      totalOiUsd: 5e9,
    });
    expect(map.assumptions.tiers.map((t) => t.leverage)).toEqual([10, 25, 50, 100]);
    expect(map.buckets.length).toBeGreaterThan(0);
    for (const b of map.buckets) {
      if (b.side === 'long') expect(b.price).toBeLessThan(100_000);
      else expect(b.price).toBeGreaterThan(100_000);
    }
    // The opening price equals the last here: every entry at 100,000, so a 10x long dies near 90,500.
    const tenX = map.buckets.find((b) => b.side === 'long' && b.l10xUsd > 0);
    expect(tenX?.price).toBeCloseTo(90_500, -2);
    expect(map.cumulativeLongUsd + map.cumulativeShortUsd).toBeCloseTo(5e9, 0);
    expect((await call('/liquidation/map', { exchange: 'upbit', base: 'BTC', quote: 'KRW' })).status).toBe(
      404,
    );
  });

  it('/liquidation/stats: count, venues, long and short sums, the long ratio and the biggest', async () => {
    expect((await call('/liquidation/stats')).body).toEqual({
      window: '1h',
      generatedAt: server.source.now(),
      count: 3,
      venues: 3,
      total: 329_000,
      longUsd: 129_000,
      shortUsd: 200_000,
      longRatio: 39,
      biggest: { base: 'BTC', exchange: 'okx', quote: 'USDT', volumeUsd: 200_000 },
    });
    const binance = (await call('/liquidation/stats', { exchange: 'binance', window: '4h' })).body;
    expect(binance).toMatchObject({ count: 1, longRatio: 100 });
    const none = (await call('/liquidation/stats', { min_volume_usd: '1000000' })).body;
    expect(none).toMatchObject({ count: 0, total: 0, longRatio: 0, biggest: null });
    await refuses('/liquidation/stats', { window: '5h' }, 'window');
  });

  it('/liquidation/symbol-history: every bucket of the window, the liquidations summed from the history', async () => {
    const history = (await call('/liquidation/symbol-history', { symbol: 'BTC' })).body as {
      symbol: string;
      quote: string;
      interval: string;
      window: string;
      totalLongUsd: number;
      totalShortUsd: number;
      buckets: { ts: number; longUsd: number; shortUsd: number; totalUsd: number; price: number | null }[];
    };
    expect(history).toMatchObject({ symbol: 'BTC', quote: 'USDT', interval: '5m', window: '24h' });
    expect(history.buckets).toHaveLength(288);
    expect(history.totalLongUsd).toBe(99_000);
    expect(history.totalShortUsd).toBe(200_000);
    const hit = history.buckets.find((b) => b.totalUsd > 0);
    expect(hit).toMatchObject({ ts: T0, longUsd: 99_000, shortUsd: 200_000 });
    const okx = (
      await call('/liquidation/symbol-history', { symbol: 'BTC', exchange: 'okx', interval: '1h' })
    ).body as typeof history;
    expect(okx.buckets).toHaveLength(24);
    expect(okx.totalLongUsd).toBe(0);
    await refuses('/liquidation/symbol-history', {}, 'symbol');
    await refuses('/liquidation/symbol-history', { symbol: 'BTC', interval: '4h' }, 'interval');
  });
});

describe('open interest (§2.14)', () => {
  it('/open-interest: the bare OIEntry; 404 for a perpetual without one; both parameters required', async () => {
    expect((await call('/open-interest', { exchange: 'binance', symbol: 'BTCUSDT' })).body).toEqual({
      exchange: 'binance',
      symbol: 'BTC-USDT',
      base: 'BTC',
      quote: 'USDT',
      tokenId: 'bitcoin',
      openInterest: 50_000,
      openInterestUsd: 5e9,
      timestamp: T0 + 50,
    });
    const missing = await call('/open-interest', { exchange: 'okx', symbol: 'BTC-USDT' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      error: expect.any(String),
      data: { code: 'open_interest_not_found' },
    });
    await refuses('/open-interest', { exchange: 'okx' }, 'symbol');
  });

  it('/open-interest/list: every perpetual, the largest first; an exchange narrows it', async () => {
    const all = rows(await call('/open-interest/list'));
    expect(all.map((r) => r.openInterestUsd)).toEqual([5e9, 3.5e9, 2e9, 1.75e9]);
    expect(rows(await call('/open-interest/list', { exchange: 'binance' }))).toHaveLength(2);
    expect((await call('/open-interest/list', { exchange: 'upbit' })).body).toEqual({ data: [] });
  });

  it('/open-interest/overview: the token × venue matrix ordered by the key venue, with the page echo', async () => {
    const first = await call('/open-interest/overview');
    expect(first.body).toMatchObject({ page: 1, limit: 20, total: 2, sort: 'desc', key: 'binance' });
    expect(rows(first)[0]).toMatchObject({
      id: 'bitcoin',
      token: { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', cmc_id: null },
      exchanges: { binance: 5e9, bybit: 2e9 },
    });
    expect(rows(await call('/open-interest/overview', { key: 'okx' })).map((r) => r.id)).toEqual([
      'ethereum',
      'bitcoin',
    ]);
    expect(rows(await call('/open-interest/overview', { sort: 'asc' })).map((r) => r.id)).toEqual([
      'ethereum',
      'bitcoin',
    ]);
    expect(rows(await call('/open-interest/overview', { query: 'eth' })).map((r) => r.id)).toEqual([
      'ethereum',
    ]);
    const past = await call('/open-interest/overview', { page: '2', limit: '5' });
    expect(past.body).toMatchObject({ data: [], page: 2, limit: 5, total: 2 });
    await refuses('/open-interest/overview', { sort: 'up' }, 'sort');
  });

  it('/open-interest/summary: the grand total, top tokens and every venue', async () => {
    const summary = (await call('/open-interest/summary', { top_n: '1' })).body as {
      grandTotal: number;
      totalTokens: number;
      tokens: { tokenId: string; openInterestUsd: number; venues: number }[];
      exchanges: { exchange: string; openInterestUsd: number; tokens: number }[];
    };
    expect(summary.grandTotal).toBe(12.25e9);
    expect(summary.totalTokens).toBe(2);
    expect(summary.tokens).toEqual([
      expect.objectContaining({ tokenId: 'bitcoin', openInterestUsd: 7e9, venues: 2 }),
    ]);
    expect(summary.exchanges).toEqual([
      { exchange: 'binance', openInterestUsd: 6.75e9, tokens: 2 },
      { exchange: 'okx', openInterestUsd: 3.5e9, tokens: 1 },
      { exchange: 'bybit', openInterestUsd: 2e9, tokens: 1 },
    ]);
    await refuses('/open-interest/summary', { top_n: '0' }, 'top_n');
  });

  it('/open-interest/history-aggregated: per venue points in ms, ascending; the token id is required and known', async () => {
    const history = (await call('/open-interest/history-aggregated', { token_id: 'bitcoin', interval: '5m' }))
      .body as { token: { id: string }; data: Record<string, { t: number; oi: number; oiUsd: number }[]> };
    expect(history.token.id).toBe('bitcoin');
    expect(history.data.binance).toEqual([{ t: T0, oi: 50_000, oiUsd: 5e9 }]);
    expect(history.data.bybit).toHaveLength(1);
    await refuses('/open-interest/history-aggregated', {}, 'token_id');
    expect((await call('/open-interest/history-aggregated', { token_id: 'no-such-coin' })).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { T0, type TestServer } from '../../test-support/test-server.ts';
import { type Answer, DAY, type IntelFixture, rows, startIntelFixture } from './intel-fixture.ts';

/**
 * The symbol operations (public-api.md §2.7), the arbitrage extensions, the freshness headers, the not_served
 * error body and the OpenAPI document, on the same known market as the derivatives tests.
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

describe('symbol operations (§2.7)', () => {
  it('/cex/symbol/metadata: status, caution, tags and delisting per market, paged with the echo', async () => {
    const page = await call('/cex/symbol/metadata');
    expect(page.body).toMatchObject({ page: 1, limit: 200, total: expect.any(Number) });
    const upbit = rows(await call('/cex/symbol/metadata', { exchange: 'upbit', base: 'btc' }));
    expect(upbit).toEqual([
      expect.objectContaining({
        exchange: 'upbit',
        market: 'spot',
        symbol: 'BTC-KRW',
        trading_status: 'trading',
        caution: { level: 'caution', reasons: ['trading_volume_soaring'], since: T0 },
        tags: ['caution'],
        delisting: null,
      }),
    ]);
    const futures = rows(await call('/cex/symbol/metadata', { market: 'futures', exchange: 'binance,okx' }));
    expect(futures.map((r) => r.symbol).sort()).toEqual(['BTC-USDT', 'BTC-USDT', 'ETH-USDT', 'ETH-USDT']);
    expect(rows(await call('/cex/symbol/metadata', { status: 'delisting' }))).toEqual([]);
    await refuses('/cex/symbol/metadata', { limit: '2001' }, 'limit');
  });

  it('/cex/symbol/tags: caution flags, delisting notices and new listings, filtered by tag, source, confidence', async () => {
    const all = rows(await call('/cex/symbol/tags'));
    expect(all.map((r) => `${r.exchange}:${r.base}:${r.tag}`).sort()).toEqual([
      // OLD's delisting date has passed: no longer tagged.
      'binance:FLM:delisting',
      'bithumb:BTC:warning',
      'upbit:BTC:caution',
      'upbit:ETH:new_listing',
    ]);
    expect(rows(await call('/cex/symbol/tags', { tag: 'delisting' }))).toHaveLength(1);
    expect(
      rows(await call('/cex/symbol/tags', { min_confidence: '95' })).some((r) => r.tag === 'delisting'),
    ).toBe(false);
    expect(rows(await call('/cex/symbol/tags', { source: 'cmc' }))).toEqual([]);
    await refuses('/cex/symbol/tags', { source: 'rumour' }, 'source');
    await refuses('/cex/symbol/tags', { min_confidence: '101' }, 'min_confidence');
  });

  it('/cex/symbol/cautions: strongest first, min_level, active_only, exchange', async () => {
    const all = await call('/cex/symbol/cautions');
    expect(all.body).toMatchObject({ page: 1, limit: 500, total: 2 });
    expect(rows(all).map((r) => [r.exchange, r.level])).toEqual([
      ['bithumb', 'warning'],
      ['upbit', 'caution'],
    ]);
    expect(rows(await call('/cex/symbol/cautions', { min_level: 'warning' }))).toHaveLength(1);
    expect(rows(await call('/cex/symbol/cautions', { min_level: 'danger' }))).toEqual([]);
    expect(rows(await call('/cex/symbol/cautions', { active_only: 'False' }))).toHaveLength(2);
    expect(rows(await call('/cex/symbol/cautions', { exchange: 'upbit' }))).toHaveLength(1);
    await refuses('/cex/symbol/cautions', { min_level: 'panic' }, 'min_level');
  });

  it('/cex/symbol/delistings: the next 30 days by default; include_past and the range filter on delisting_at', async () => {
    const upcoming = rows(await call('/cex/symbol/delistings'));
    expect(upcoming).toEqual([
      expect.objectContaining({ exchange: 'binance', base: 'FLM', delisting_at: T0 + 5 * DAY }),
    ]);
    const past = rows(await call('/cex/symbol/delistings', { include_past: 'True' }));
    expect(past.map((r) => r.base)).toEqual(['OLD', 'FLM']);
    expect(rows(await call('/cex/symbol/delistings', { to_ms: String(T0 + DAY) }))).toEqual([]);
    await refuses('/cex/symbol/delistings', { include_past: 'maybe' }, 'include_past');
  });

  it('/cex/symbol/oi, oi-stats, liquidation: per venue for one base; currency and window checked', async () => {
    const oiBtc = (await call('/cex/symbol/oi', { base: 'btc' })).body as {
      total_usd: number;
      data: unknown[];
    };
    expect(oiBtc.total_usd).toBe(7e9);
    expect(oiBtc.data).toHaveLength(2);
    expect(
      ((await call('/cex/symbol/oi', { base: 'BTC', exchange: 'bybit' })).body as typeof oiBtc).data,
    ).toHaveLength(1);
    expect(((await call('/cex/symbol/oi', { base: 'DOGE' })).body as typeof oiBtc).data).toEqual([]);
    const krw = (await call('/cex/symbol/oi-stats', { base: 'BTC', currency: 'KRW' })).body as {
      currency: string;
      data: { exchange: string; open_interest_usd: number; change_1h_pct: number | null }[];
    };
    expect(krw.currency).toBe('KRW');
    expect(krw.data[0]).toMatchObject({
      exchange: 'binance',
      open_interest_usd: 5e9 * 1_400,
      change_1h_pct: null,
    });
    await refuses('/cex/symbol/oi-stats', { base: 'BTC', currency: 'EUR' }, 'currency');
    await refuses('/cex/symbol/oi', {}, 'base');
    const liqs = (await call('/cex/symbol/liquidation', { base: 'BTC' })).body as {
      window: string;
      long_usd: number;
      short_usd: number;
      data: { exchange: string; total_usd: number }[];
    };
    expect(liqs).toMatchObject({ window: '24h', long_usd: 99_000, short_usd: 200_000 });
    expect(liqs.data.map((r) => r.exchange)).toEqual(['okx', 'binance']);
    expect(
      ((await call('/cex/symbol/liquidation', { base: 'BTC', window: '7d' })).body as typeof liqs).long_usd,
    ).toBe(99_000);
    await refuses('/cex/symbol/liquidation', { base: 'BTC', window: '31d' }, 'window');
  });
});

describe('beyond the contract, freshness and the OpenAPI document', () => {
  it('every answer carries x-data-updated-at and x-data-source; operations not served keep the error body', async () => {
    const feed = await call('/liquidation/feed');
    expect(Number(feed.headers['x-data-updated-at'])).toBe(T0 + 300);
    expect(feed.headers['x-data-source']).toBe('simulated');
    const market = await call('/cex/symbol/metadata');
    expect(Number(market.headers['x-data-updated-at'])).toBeGreaterThanOrEqual(T0);
    for (const path of ['/telegram/channels', '/telegram/messages', '/naver-trend/symbols']) {
      const answer = await call(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toEqual({
        error: expect.stringContaining(path),
        data: { code: 'not_served' },
      });
    }
  });

  it('/arbitrage/<kind>: the table with the page echo, for a key only; executable size per pair', async () => {
    const table = await call('/arbitrage/spot-spot', { limit: '5' });
    expect(table.status).toBe(200);
    expect(table.body).toMatchObject({ page: 1, limit: 5, sort: 'desc', key: 'netGap', kind: 'spot-spot' });
    expect(rows(table).length).toBeGreaterThan(0);
    expect(rows(table).length).toBeLessThanOrEqual(5);
    expect(Number(table.headers['x-data-updated-at'])).toBeGreaterThanOrEqual(T0);
    // A table costs 2 credits, like the other heavy reads.
    const again = await call('/arbitrage/spot-spot', { limit: '5' });
    expect(Number(again.headers['x-credits-used']) - Number(table.headers['x-credits-used'])).toBe(2);
    expect((await call('/arbitrage/spot-spot', {}, 'None')).status).toBe(401);
    await refuses('/arbitrage/perp-perp', { key: 'luck' }, 'key');
    const size = await call('/arbitrage/executable-size', {
      kind: 'spot-spot',
      base: 'BTC',
      source: 'binance',
      target: 'upbit',
    });
    expect(size.status).toBe(200);
    expect(rows(size)[0]).toMatchObject({
      base: 'BTC',
      source: { exchange: 'binance', market: 'spot', quote: 'USDT' },
      target: { exchange: 'upbit', market: 'spot', quote: 'KRW' },
    });
    expect(rows(size)[0]).toHaveProperty('maxEntry');
    await refuses('/arbitrage/executable-size', { base: 'BTC', source: 'binance', target: 'upbit' }, 'kind');
  });

  it('/api/v1/openapi.json: every registry operation with its parameters, the key scheme and examples', async () => {
    const doc = (await server.app.inject({ url: '/api/v1/openapi.json' })).json() as {
      components: { securitySchemes: { dtmxApiKey: { name: string } } };
      paths: Record<
        string,
        { get: { security: unknown[]; parameters: { name: string; example?: unknown }[] } }
      >;
    };
    expect(doc.components.securitySchemes.dtmxApiKey.name).toBe('X-DTMX-APIKEY');
    expect(Object.keys(doc.paths)).toHaveLength(49 + 4);
    expect(doc.paths['/api/v1/premium']?.get.security).toEqual([{ dtmxApiKey: [] }]);
    expect(doc.paths['/api/v1/cex/candle/intervals']?.get.security).toEqual([]);
    expect(doc.paths['/api/v1/premium']?.get.parameters.map((p) => p.name)).toContain('only_transferable');
    expect(doc.paths['/api/v1/cex/candle']?.get.parameters.find((p) => p.name === 'symbol')?.example).toBe(
      'BTC-USDT',
    );
    expect(doc.paths['/api/v1/arbitrage/executable-size']).toBeDefined();
  });
});

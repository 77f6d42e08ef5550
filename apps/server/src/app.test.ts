import { VENUE_IDS } from '@spreadscope/core';
import { createJobsRepository, type Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quote, seedMarket, startTestServer, T0, type TestServer } from './test-support/test-server.ts';

let server: TestServer;
let database: Database;
// One in-memory database per file: opening PGlite and migrating costs about a second.
beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  server = await startTestServer({ database });
});
afterEach(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('front API: system', () => {
  it('answers ping and time', async () => {
    const ping = await get('/api/v1/front/ping');
    expect(ping.statusCode).toBe(200);
    expect(ping.json()).toMatchObject({ pong: true });
    const time = (await get('/api/v1/front/time')).json();
    expect(time.timeZone).toBe('Asia/Seoul');
    expect(Math.abs(time.serverTime - Date.now())).toBeLessThan(5_000);
    expect(time.marketTime).toBe(T0);
    expect(new Date(time.iso).getTime()).toBe(time.serverTime);
  });

  it('reports health with the database state and data source', async () => {
    const res = await get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ database: 'ok', bus: 'memory', dataSource: { mode: 'simulated' } });
  });

  it('counts jobs by state in the health answer, so a dead job shows without the admin CLI', async () => {
    const jobs = createJobsRepository(database);
    await jobs.enqueue({ kind: 'health', key: 'health:1', runAt: T0, maxAttempts: 1 }, T0);
    const [claimed] = await jobs.claim({ worker: 'w', kinds: ['health'], limit: 1, leaseMs: 1_000, now: T0 });
    if (!claimed) throw new Error('not claimed');
    await jobs.fail(claimed, 'boom', null, T0);
    await jobs.enqueue({ kind: 'health', key: 'health:2', runAt: T0, maxAttempts: 1 }, T0);
    const res = await get('/healthz');
    expect(res.json().jobs).toEqual({ queued: 1, running: 0, done: 0, failed: 0, dead: 1 });
  });

  it('serves the OpenAPI document listing the front API', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v1/front/premium',
      '/api/v1/front/premium/history',
      '/api/v1/front/exchanges/connection',
    ]) {
      expect(paths).toContain(path);
    }
    expect((await get('/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('front API: premium', () => {
  it('returns the Kimchi premium rows with both prices in the requested currency', async () => {
    seedMarket(server.source);
    const res = await get('/api/v1/front/premium?source=upbit&target=binance&search=btc');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.currency).toBe('KRW');
    expect(body.conversionBase).toBe('USD');
    expect(body.dataSource.mode).toBe('simulated');
    const [row] = body.data;
    expect(row).toMatchObject({
      id: 'upbit-binance-BTC',
      base: 'BTC',
      conversionRate: 1_400,
      source: { exchange: 'upbit', quote: 'KRW', price: 143_500_000 },
      target: { exchange: 'binance', quote: 'USDT', price: 140_000_000, nativePrice: 100_000 },
    });
    expect(row.gapPercent).toBeCloseTo(2.5, 10);

    const usd = (
      await get('/api/v1/front/premium?source=upbit&target=binance&search=BTC&currency=USD')
    ).json();
    expect(usd.data[0].source.price).toBeCloseTo(102_500, 6);
    expect(usd.data[0].target.price).toBe(100_000);

    const usdt = (
      await get('/api/v1/front/premium?source=upbit&target=binance&search=BTC&conversionBase=USDT')
    ).json();
    expect(usdt.data[0].conversionRate).toBe(1_435);
    expect(usdt.data[0].gapPercent).toBeCloseTo(0, 10);
    expect(usdt.rates).toMatchObject({ usdKrw: 1_400, usdtKrw: 1_435 });
  });

  it('filters, sorts and pages', async () => {
    seedMarket(server.source);
    const all = (await get('/api/v1/front/premium')).json();
    expect(all.total).toBe(5);
    const gaps = all.data.map((r: { gapPercent: number }) => r.gapPercent);
    expect(gaps).toEqual([...gaps].sort((a, b) => b - a));
    const min = (await get('/api/v1/front/premium?minPremium=2')).json();
    expect(min.data.every((r: { gapPercent: number }) => r.gapPercent >= 2)).toBe(true);
    const paged = (await get('/api/v1/front/premium?limit=2&page=3&sort=gap&order=desc')).json();
    expect(paged).toMatchObject({ page: 3, limit: 2, total: 5 });
    expect(paged.data).toHaveLength(1);
    const byBase = (await get('/api/v1/front/premium?sort=base&order=asc')).json();
    expect(byBase.data.at(-1).base).toBe('ETH');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['page=-1', 'page'],
    ['currency=EUR', 'currency'],
    ['conversionBase=BTC', 'conversionBase'],
    ['source=nasdaq', 'source'],
    ['sort=random', 'sort'],
    ['minPremium=abc', 'minPremium'],
    ['interval=1s', 'interval'],
  ])('rejects %s with 400 naming the parameter', async (query, param) => {
    const res = await get(`/api/v1/front/premium?${query}`, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ error: 'invalid_parameter', param });
    expect(body.message).toContain(`"${param}"`);
  });

  it('answers errors in Korean by default and in English on request', async () => {
    const ko = (await get('/api/v1/front/premium?limit=0')).json();
    expect(ko.message).toMatch(/^"limit" 값이 올바르지 않습니다/);
    const en = (await get('/api/v1/front/premium?limit=0&lang=en')).json();
    expect(en.message).toMatch(/^Invalid value for "limit"/);
  });
});

describe('front API: exchanges/connection', () => {
  it('lists every registry venue with its status and the data source in use', async () => {
    server.source.links_ = [{ venue: 'upbit', status: 'connected', lastMessageAt: T0, lastError: null }];
    seedMarket(server.source);
    const body = (await get('/api/v1/front/exchanges/connection')).json();
    expect(body.venues.map((v: { id: string }) => v.id).sort()).toEqual([...VENUE_IDS].sort());
    const upbit = body.venues.find((v: { id: string }) => v.id === 'upbit');
    expect(upbit).toMatchObject({
      name: 'Upbit',
      status: 'connected',
      dataSource: 'simulated',
      instruments: 3,
    });
    const htx = body.venues.find((v: { id: string }) => v.id === 'huobi');
    expect(htx).toMatchObject({ name: 'HTX', status: 'unsupported', dataSource: 'none' });
    expect(htx.lastError).toBeTruthy();
  });

  it('reports a venue that went quiet as degraded, then down, whatever its link claims', async () => {
    server.source.links_ = [{ venue: 'upbit', status: 'connected', lastMessageAt: T0, lastError: null }];
    seedMarket(server.source);
    server.source.clock = T0 + 30_000;
    let upbit = (await get('/api/v1/front/exchanges/connection'))
      .json()
      .venues.find((v: { id: string }) => v.id === 'upbit');
    expect(upbit.status).toBe('degraded');
    expect(upbit.lastMessageAgeMs).toBeGreaterThanOrEqual(29_000);
    server.source.clock = T0 + 200_000;
    upbit = (await get('/api/v1/front/exchanges/connection'))
      .json()
      .venues.find((v: { id: string }) => v.id === 'upbit');
    expect(upbit.status).toBe('down');
    expect(upbit.lastError).toMatch(/no data for \d+ s/);
  });
});

describe('front API: premium history', () => {
  it('serves the minute premium of a pair from the history tables', async () => {
    seedMarket(server.source, T0);
    seedMarket(server.source, T0 + 60_000);
    server.source.push(quote(T0 + 120_000, 'upbit', 'BTC', 'KRW', 144_200_000));
    await server.runtime.flush(true);
    const res = await get(
      `/api/v1/front/premium/history?source=upbit&target=binance&base=btc&from=${T0}&to=${T0 + 180_000}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.base).toBe('BTC');
    expect(body.data.map((p: { t: number }) => p.t)).toEqual([T0, T0 + 60_000, T0 + 120_000]);
    expect(body.data[0].gapPercent).toBeCloseTo(2.5, 8);
    expect(body.data[2].gapPercent).toBeCloseTo(3, 8);
  });

  it('rejects a reversed or oversized range and a bad token', async () => {
    const reversed = await get(
      `/api/v1/front/premium/history?source=upbit&target=binance&base=BTC&from=${T0}&to=${T0 - 1}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().param).toBe('from');
    const huge = await get(
      `/api/v1/front/premium/history?source=upbit&target=binance&base=BTC&from=0&to=${T0}`,
    );
    expect(huge.statusCode).toBe(400);
    const badBase = await get('/api/v1/front/premium/history?source=upbit&target=binance&base=BT-C');
    expect(badBase.json()).toMatchObject({ error: 'invalid_parameter', param: 'base' });
    const missing = await get('/api/v1/front/premium/history?source=upbit');
    expect(missing.statusCode).toBe(400);
  });
});

describe('routing', () => {
  it('gives unknown API paths a JSON 404 and every screen path the web app', async () => {
    const api = await get('/api/v1/front/nope', { 'accept-language': 'en' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'not_found', message: 'There is no GET /api/v1/front/nope.' });
    for (const path of ['/', '/premium', '/en/premium', '/premium/upbit-btc']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
    expect((await get('/missing.js')).statusCode).toBe(404);
  });

  it('answers unknown page paths 404 with the same app shell, which renders the not-found page', async () => {
    for (const path of [
      '/no-such-page',
      '/en/no-such-page',
      '/premium/upbit-btc/extra',
      '/my',
      '/ko/premium',
    ]) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.headers['content-type'], path).toContain('text/html');
      expect(page.body, path).toContain('<div id="root">');
    }
    for (const path of ['/en', '/funding-rate/BTC', '/arbitrage/perpetuals/', '/premium-index?x=1']) {
      expect((await get(path)).statusCode, path).toBe(200);
    }
    const api = await get('/api/v1/nothing/here');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    expect(api.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After past the per-minute budget, and a spoofed X-Forwarded-For does not reset it', async () => {
    const limited = await startTestServer({ database, rateLimitPerMinute: 2 });
    try {
      const call = (ip: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/api/v1/front/ping',
          headers: { 'x-forwarded-for': ip, 'accept-language': 'en' },
        });
      expect((await call('1.1.1.1')).statusCode).toBe(200);
      expect((await call('2.2.2.2')).statusCode).toBe(200);
      const third = await call('3.3.3.3');
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.json()).toMatchObject({ error: 'rate_limited' });
      expect(third.json().message).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
    } finally {
      await limited.close();
    }
  });
});

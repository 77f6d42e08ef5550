import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MarketEvent } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';
import { connectWs } from '../../test-support/ws-client.ts';

const notice = (over: Partial<Extract<MarketEvent, { type: 'notice' }>>): MarketEvent => ({
  t: T0,
  type: 'notice',
  venue: 'upbit',
  category: 'notice',
  title: 'title',
  url: `https://upbit.com/service_center/notice?id=${Math.floor(Math.random() * 1e9)}`,
  ...over,
});

forEachDatabase('notices over HTTP', (getDb) => {
  let server: TestServer;
  const get = async (url: string, lang = 'en') => {
    const response = await server.app.inject({ url, headers: { 'accept-language': lang } });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    server = await startTestServer({ database: getDb(), mode: 'live' });
    server.source.push(
      notice({
        venue: 'upbit',
        category: 'listing',
        title: '[거래] 자마(ZAMA) 원화 마켓 디지털 자산 추가',
        tokens: ['ZAMA'],
        publishedAt: T0 - 3_000,
        url: 'https://upbit.com/service_center/notice?id=1',
      }),
      notice({
        venue: 'binance',
        category: 'delisting',
        title: 'Binance Will Delist FLM, KDA on 2099-12-03',
        publishedAt: T0 - 2_000,
        effectiveAt: Date.UTC(2099, 11, 3),
      }),
      notice({
        venue: 'bybit',
        category: 'user_events',
        title: 'Bybit x ZAMA Token Splash',
        summary: 'Trade to share ZAMA',
        publishedAt: T0 - 1_000,
      }),
      // The same notice polled again: stored once.
      notice({
        venue: 'upbit',
        category: 'listing',
        title: '[거래] 자마(ZAMA) 원화 마켓 디지털 자산 추가',
        url: 'https://upbit.com/service_center/notice?id=1',
      }),
      {
        t: T0,
        type: 'token_update',
        venue: 'bithumb',
        market: 'spot',
        base: 'ZAMA',
        quote: 'KRW',
        update: 'listed',
      },
      {
        t: T0,
        type: 'token_update',
        venue: 'bithumb',
        market: 'spot',
        base: 'NRN',
        quote: 'KRW',
        update: 'delisted',
      },
      // An overseas venue's market list changes too (read from its market list between two reads).
      {
        t: T0,
        type: 'token_update',
        venue: 'binance',
        market: 'perp',
        base: 'NRN',
        quote: 'USDT',
        update: 'delisted',
      },
      { t: T0, type: 'caution', venue: 'upbit', base: 'SNT', quote: 'KRW', level: 'warning', reasons: [] },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.notices.flushed();
  });
  afterAll(() => server.close());

  it('lists announcements newest first with category, exchange and search filters and paging', async () => {
    const all = await get('/api/v1/front/announcements');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((a: { exchange: string }) => a.exchange)).toEqual(['bybit', 'binance', 'upbit']);
    expect(all.body.data[2]).toMatchObject({
      category: 'listing',
      tokens: ['ZAMA'],
      url: 'https://upbit.com/service_center/notice?id=1',
      date: T0 - 3_000,
      simulated: false,
    });
    expect((await get('/api/v1/front/announcements?category=listing,delisting')).body.total).toBe(2);
    expect((await get('/api/v1/front/announcements?category=')).body.total).toBe(3);
    expect((await get('/api/v1/front/announcements?exchange=binance')).body.data[0].effectiveAt).toBe(
      Date.UTC(2099, 11, 3),
    );
    expect((await get('/api/v1/front/announcements?search=zama')).body.total).toBe(2);
    const page2 = await get('/api/v1/front/announcements?limit=2&page=2');
    expect([page2.body.data.length, page2.body.total, page2.body.page]).toEqual([1, 3, 2]);
    expect((await get('/api/v1/front/announcements?sort=asc&key=created_at')).body.data[0].exchange).toBe(
      'upbit',
    );
  });

  it('answers bad input with 400 naming the parameter, in the caller’s language', async () => {
    for (const [query, param] of [
      ['category=rumours', 'category'],
      ['exchange=ftx', 'exchange'],
      ['page=0', 'page'],
      ['limit=5000', 'limit'],
      ['sort=sideways', 'sort'],
      ['key=volume', 'key'],
      ['search=%00', 'search'],
    ] as const) {
      const response = await get(`/api/v1/front/announcements?${query}`);
      expect([response.status, response.body.error, response.body.param]).toEqual([
        400,
        'invalid_parameter',
        param,
      ]);
    }
    const ko = await get('/api/v1/front/cex/token-updates?type=renamed', 'ko');
    expect([ko.status, ko.body.param]).toEqual([400, 'type']);
    expect((await get('/api/v1/front/announcements/search')).status).toBe(400);
  });

  it("serves the public API's short keys on cex/announcements and cex/token-updates", async () => {
    const cex = await get('/api/v1/front/cex/announcements?exchange=bybit');
    expect(cex.body).toMatchObject({
      page: 1,
      total: 1,
      sort: 'desc',
      key: 'timestamp',
      exchange: ['bybit'],
      category: [],
    });
    expect(cex.body.data).toEqual([
      {
        e: 'bybit',
        c: 'user_events',
        t: 'Bybit x ZAMA Token Splash',
        s: 'Trade to share ZAMA',
        u: expect.stringContaining('upbit.com'),
        d: T0 - 1_000,
      },
    ]);
    const updates = await get('/api/v1/front/cex/token-updates?type=listed');
    expect(updates.body).toMatchObject({
      total: 1,
      data: [{ e: 'bithumb', m: 'spot', b: 'ZAMA', q: 'KRW', t: 'listed', d: T0 }],
    });
    expect((await get('/api/v1/front/cex/token-updates?exchange=upbit')).body.data).toEqual([]);
    expect((await get('/api/v1/front/cex/token-updates?exchange=binance')).body.data).toEqual([
      { e: 'binance', m: 'futures', b: 'NRN', q: 'USDT', t: 'delisted', d: T0 },
    ]);
  });

  it('serves search, filter options, cautions and the delisting schedule', async () => {
    expect((await get('/api/v1/front/announcements/search?q=ZAMA')).body.data).toHaveLength(2);
    expect((await get('/api/v1/front/announcements/filter-options')).body).toEqual({
      exchanges: [
        { id: 'binance', name: 'Binance', count: 1 },
        { id: 'bybit', name: 'Bybit', count: 1 },
        { id: 'upbit', name: 'Upbit', count: 1 },
      ],
      categories: [
        { id: 'listing', count: 1 },
        { id: 'delisting', count: 1 },
        { id: 'notice', count: 0 },
        { id: 'user_events', count: 1 },
      ],
    });
    expect((await get('/api/v1/front/announcements/cautions')).body.data).toEqual([
      { exchange: 'upbit', base: 'SNT', quote: 'KRW', level: 'warning', reasons: [], since: T0 },
    ]);
    const delistings = await get('/api/v1/front/announcements/delistings');
    expect(delistings.body.data.map((d: { exchange: string }) => d.exchange)).toEqual(['binance']);
  });

  it('pushes a new announcement to WebSocket subscribers as it is stored', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = connectWs(`${address.replace('http', 'ws')}/api/v1/ws`);
    await ws.opened;
    ws.send({ op: 'subscribe', id: 'n', topic: 'announcements' });
    await ws.next((m) => m.type === 'subscribed' && m.id === 'n');
    server.source.push(
      notice({
        venue: 'okx',
        category: 'listing',
        title: 'OKX to list Zama (ZAMA) for spot trading',
        tokens: ['ZAMA'],
      }),
    );
    const event = await ws.next((m) => m.type === 'event');
    expect(event).toMatchObject({
      topic: 'announcements',
      data: { exchange: 'okx', category: 'listing', tokens: ['ZAMA'] },
    });
    ws.close();
  });
});

forEachDatabase('economic calendar over HTTP', (getDb) => {
  let server: TestServer;
  let feed: ReturnType<typeof createServer>;
  beforeAll(async () => {
    feed = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([
          {
            id: 1,
            title: 'ECB rate decision',
            at: '2026-01-29T13:15:00Z',
            importance: 'high',
            country: 'EU',
          },
        ]),
      );
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const { port } = feed.address() as AddressInfo;
    server = await startTestServer({
      database: getDb(),
      calendarFeedUrl: `http://127.0.0.1:${port}/calendar.json`,
    });
    await server.calendar.load();
  });
  afterAll(async () => {
    await server.close();
    feed.close();
  });

  it('merges the built-in schedule with the configured feed, filtered by time and importance', async () => {
    const from = Date.UTC(2026, 0, 1);
    const to = Date.UTC(2026, 0, 31, 23, 59);
    const response = await server.app.inject({
      url: `/api/v1/front/economic-calendar?from=${from}&to=${to}&importance=high`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.feed).toMatchObject({ configured: true, lastError: null });
    expect(body.data.map((e: { kind: string; source: string }) => `${e.kind}:${e.source}`)).toEqual([
      'payrolls:built-in',
      'cpi:built-in',
      'fomc:built-in',
      'custom:feed',
    ]);
    expect(body.data.find((e: { kind: string }) => e.kind === 'fomc').at).toBe(Date.UTC(2026, 0, 28, 19, 0));
    expect(
      (await server.app.inject({ url: '/api/v1/front/economic-calendar?importance=urgent' })).statusCode,
    ).toBe(400);
  });
});

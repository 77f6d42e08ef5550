import { marketResponseSchema, symbolCatalogResponseSchema } from '@spreadscope/contracts';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { forex, quote, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';

forEachDatabase('symbol and market front calls', (getDb) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ database: getDb() });
    server.source.push(
      forex(T0, 1_400),
      quote(T0, 'upbit', 'BTC', 'KRW', 140_000_000, {
        bid: 139_900_000,
        ask: 140_100_000,
        open24h: 133_000_000,
        volume24h: 140_000_000_000,
      }),
      quote(T0, 'upbit', 'ETH', 'KRW', 4_200_000),
      quote(T0, 'binance', 'BTC', 'USDT', 100_000, { volume24h: 2e9 }),
      quote(T0, 'binance', 'ETH', 'USDT', 3_000),
      quote(T0, 'binance', 'BTC', 'USDT', 100_100, { market: 'perp', volume24h: 8e9 }),
      {
        t: T0,
        type: 'funding',
        venue: 'binance',
        base: 'BTC',
        quote: 'USDT',
        rate: 0.0001,
        intervalHours: 8,
        nextFundingTime: T0 + 3_600_000,
        markPrice: 100_090,
      },
    );
    await vi.waitFor(() => expect(server.engine.state.instruments.length).toBeGreaterThanOrEqual(5));
  });
  afterEach(async () => {
    await server.close();
  });
  const front = (path: string) =>
    server.app.inject({ method: 'GET', url: `/api/v1/front${path}`, headers: { 'accept-language': 'en' } });

  it('/symbol lists the registry as Candle-symbol rows, filtered by venue, market, token and search, paged', async () => {
    const all = (await front('/symbol')).json();
    expect(all.total).toBe(5);
    // Cached bytes skip the per-request schema check: the contract is checked here.
    expect(symbolCatalogResponseSchema.safeParse(all).success).toBe(true);
    expect(all.data[0]).toEqual({
      id: 'upbit-krw-btc',
      exchange: 'upbit',
      market: 'spot',
      baseSymbol: 'BTC',
      quoteSymbol: 'KRW',
      apiSymbol: 'BTC/KRW',
      symbol: 'upbit-krw-btc',
      quoted: true,
      updatedAt: T0,
    });
    const perps = (await front('/symbol?exchange=binance&market=futures')).json();
    expect(perps.data.map((r: { id: string }) => r.id)).toEqual(['binance-usdt-btc.perp']);
    const eth = (await front('/symbol?base=eth')).json();
    expect(eth.data.map((r: { exchange: string }) => r.exchange)).toEqual(['upbit', 'binance']);
    expect((await front('/symbol?q=th&quote=USDT')).json().data).toHaveLength(1);
    const bySymbol = (await front('/symbol?symbol=binance-usdt-btc')).json();
    expect(bySymbol.data.map((r: { market: string }) => r.market)).toEqual(['perp', 'spot']);
    const page2 = (await front('/symbol?limit=2&page=2')).json();
    expect(page2).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(page2.data.map((r: { id: string }) => r.id)).toEqual([all.data[2].id, all.data[3].id]);
    expect((await front('/symbol?quoted=false')).json().total).toBe(0);
  });

  it('/market gives one market now: venue facts, quote, spread, change, volume in USD, funding for a perp', async () => {
    const upbit = (await front('/market?exchange=upbit&symbol=btc-krw')).json();
    expect(upbit).toMatchObject({
      id: 'upbit-krw-btc',
      exchangeName: 'Upbit',
      region: 'korea',
      market: 'spot',
      currency: 'KRW',
      price: 140_000_000,
      volume24hUsd: 100_000_000,
      funding: null,
      tokenMarkets: 3,
    });
    expect(marketResponseSchema.safeParse(upbit).success).toBe(true);
    expect(upbit.spreadPercent).toBeCloseTo((200_000 / 140_000_000) * 100, 6);
    expect(upbit.change24hPercent).toBeCloseTo(5.263, 2);
    const inUsd = (await front('/market?exchange=upbit&symbol=BTC-KRW&currency=USD')).json();
    expect(inUsd.price).toBeCloseTo(100_000, 6);
    const perp = (await front('/market?exchange=binance&symbol=BTC-USDT&market=perp')).json();
    expect(perp).toMatchObject({
      id: 'binance-usdt-btc.perp',
      market: 'perp',
      price: 100_100,
      funding: { ratePercent: 0.01, intervalHours: 8, nextFundingTime: T0 + 3_600_000, markPrice: 100_090 },
    });
  });

  it('answers 400 naming the parameter for bad input and 404 for a market nobody lists', async () => {
    for (const [path, param] of [
      ['/symbol?exchange=nope', 'exchange'],
      ['/symbol?market=options', 'market'],
      ['/symbol?base=B%20T%20C', 'base'],
      ['/symbol?symbol=BINANCE-BTC', 'symbol'],
      ['/symbol?symbol=a-b-c-d', 'symbol'],
      ['/symbol?limit=0', 'limit'],
      ['/symbol?page=x', 'page'],
      ['/symbol?quoted=maybe', 'quoted'],
      ['/market?symbol=BTC-USDT', 'exchange'],
      ['/market?exchange=binance', 'symbol'],
      ['/market?exchange=binance&symbol=BTCUSDT', 'symbol'],
      ['/market?exchange=binance&symbol=BTC-USDT&currency=EUR', 'currency'],
    ] as const) {
      const res = await front(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().param, path).toBe(param);
    }
    const missing = await front('/market?exchange=okx&symbol=BTC-USDT');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'unknown_symbol', param: 'symbol' });
  });
});

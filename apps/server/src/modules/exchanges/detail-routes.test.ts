import { forEachDatabase } from '@spreadscope/db/testing';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { forex, quote, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';

forEachDatabase('exchanges overview and detail over HTTP', (getDb) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ database: getDb() });
    server.source.push(
      forex(T0, 1_400),
      quote(T0, 'upbit', 'BTC', 'KRW', 140_000_000, { volume24h: 140_000_000_000 }),
      quote(T0, 'upbit', 'ETH', 'KRW', 4_200_000, { volume24h: 14_000_000_000 }),
      quote(T0, 'binance', 'BTC', 'USDT', 100_000, { volume24h: 2e9 }),
      quote(T0, 'binance', 'BTC', 'USDT', 100_100, { market: 'perp', volume24h: 8e9 }),
      { t: T0, type: 'wallet', venue: 'upbit', asset: 'BTC', network: 'BTC', deposit: true, withdraw: false },
    );
  });
  afterEach(async () => {
    await server.close();
  });
  const front = (path: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: `/api/v1/front${path}`, headers });

  it('lists every venue with kind, markets, 24 h volume in USD (KRW at the forex rate) and wallet health', async () => {
    const body = await vi.waitFor(async () => {
      const answer = (await front('/exchanges/overview')).json();
      expect(answer.venues.find((v: { id: string }) => v.id === 'upbit').wallets.warning).toBe(1);
      return answer;
    });
    const upbit = body.venues.find((v: { id: string }) => v.id === 'upbit');
    expect(upbit).toMatchObject({
      kind: 'cex',
      region: 'korea',
      markets: 2,
      tokens: 2,
      volume24hUsd: 110_000_000,
      wallets: { healthy: 0, warning: 1, unhealthy: 0, unknown: 0 },
    });
    const binance = body.venues.find((v: { id: string }) => v.id === 'binance');
    expect(binance).toMatchObject({ markets: 2, tokens: 1, volume24hUsd: 1e10 });
    expect(body.venues.find((v: { id: string }) => v.id === 'okx')).toMatchObject({
      markets: 0,
      volume24hUsd: null,
    });
  });

  it('answers a venue’s info, overview, markets and token metrics', async () => {
    expect((await front('/exchanges/upbit/info')).json()).toMatchObject({
      id: 'upbit',
      name: 'Upbit',
      quotes: ['KRW'],
      website: 'https://upbit.com',
    });
    expect((await front('/exchanges/UPBIT/overview')).json().summary).toMatchObject({
      id: 'upbit',
      markets: 2,
    });
    const markets = (await front('/exchanges/markets?exchange=binance')).json();
    expect(markets.data.map((m: { market: string }) => m.market)).toEqual(['perp', 'spot']);
    const metrics = (await front('/exchanges/upbit/token-metrics')).json();
    expect(
      metrics.data.map((m: { base: string; shareOfVenuePercent: number }) => [
        m.base,
        Math.round(m.shareOfVenuePercent),
      ]),
    ).toEqual([
      ['BTC', 91],
      ['ETH', 9],
    ]);
  });

  it('gives 404 in the spec’s words for an unknown exchange, 400 naming a bad parameter', async () => {
    for (const path of [
      '/exchanges/nope/info',
      '/exchanges/nope/overview',
      '/exchanges/nope/token-metrics',
    ]) {
      const res = await front(path, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'unknown_exchange', message: 'Unknown exchange "nope".' });
    }
    const bad = await front('/exchanges/markets?exchange=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().param).toBe('exchange');
    expect((await front('/exchanges/upbit/token-metrics?limit=0')).json().param).toBe('limit');
  });
});

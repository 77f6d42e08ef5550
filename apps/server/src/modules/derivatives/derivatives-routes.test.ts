import type { LiquidationEvent, OpenInterestEvent } from '@spreadscope/core';
import type { Database } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';
import { connectWs } from '../../test-support/ws-client.ts';

let server: TestServer;
let database: Database;
forEachDatabase('derivatives-routes', (getDb) => {
  beforeEach(async () => {
    database = getDb();
    server = await startTestServer({ database, clock: T0 });
  });
  afterEach(async () => {
    await server.close();
  });

  const front = (path: string) => server.app.inject({ method: 'GET', url: `/api/v1/front${path}` });

  const oi = (
    t: number,
    venue: string,
    base: string,
    openInterest: number,
    usd?: number,
  ): OpenInterestEvent => ({
    t,
    type: 'oi',
    venue,
    base,
    quote: 'USDT',
    openInterest,
    ...(usd === undefined ? {} : { openInterestUsd: usd }),
  });
  const liq = (
    t: number,
    venue: string,
    base: string,
    side: 'long' | 'short',
    price: number,
    size: number,
  ): LiquidationEvent => ({
    t,
    type: 'liquidation',
    venue,
    base,
    quote: 'USDT',
    side,
    price,
    size,
  });

  describe('GET /open-interest', () => {
    it('latest per venue (largest first) with the 1 h change, a total, and history buckets with liquidations', async () => {
      const H = 3_600_000;
      server.source.push(
        oi(T0 - H, 'bybit', 'BTC', 100, 10_000_000),
        oi(T0 - H + 60_000, 'binance', 'BTC', 200, 20_000_000),
        liq(T0 - H + 90_000, 'binance', 'BTC', 'long', 100_000, 2),
        oi(T0, 'bybit', 'BTC', 110, 11_000_000),
        oi(T0 + 60_000, 'binance', 'BTC', 190, 19_000_000),
        liq(T0 + 61_000, 'bybit', 'BTC', 'short', 100_000, 0.5),
        oi(T0 + 60_000, 'okx', 'ETH', 5_000, 15_000_000),
      );
      await server.desk.flush();
      const res = await front('/open-interest?base=btc&window=4h&interval=1h');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(
        body.venues.map((v: { exchange: string; openInterest: number }) => [v.exchange, v.openInterest]),
      ).toEqual([
        ['binance', 190],
        ['bybit', 110],
      ]);
      expect(body.venues[1].change1h).toBeCloseTo(10, 6);
      expect(body.totalUsd).toBe(30_000_000);
      // Two hourly buckets: the hour before (both venues, one long liquidation) and this hour.
      expect(body.history).toHaveLength(2);
      expect(body.history[0]).toMatchObject({ t: T0 - H, longUsd: 200_000, shortUsd: 0 });
      expect(body.history[1]).toMatchObject({ t: T0, shortUsd: 50_000, openInterest: 300 });
      const bybit = (await front('/open-interest?base=BTC&exchange=bybit&window=4h&interval=1h')).json();
      expect(bybit.venues).toHaveLength(1);
      expect(bybit.history.map((p: { openInterest: number }) => p.openInterest)).toEqual([100, 110]);
    });

    it('bad parameters are 400s naming them', async () => {
      for (const [query, param] of [
        ['', 'base'],
        ['base=BTC&window=3d', 'window'],
        ['base=BTC&interval=2m', 'interval'],
        ['base=BTC&exchange=mars', 'exchange'],
        ['base=B-TC', 'base'],
      ] as const) {
        const res = await front(`/open-interest?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().param, query).toBe(param);
      }
    });

    it('/open-interest/symbols lists bases by their open interest', async () => {
      server.source.push(
        oi(T0, 'bybit', 'BTC', 100, 10_000_000),
        oi(T0, 'okx', 'ETH', 5_000, 15_000_000),
        oi(T0, 'okx', 'BTC', 1, 100_000),
      );
      const data = (await front('/open-interest/symbols')).json().data;
      expect(data).toEqual([
        { base: 'ETH', venues: 1, openInterestUsd: 15_000_000 },
        { base: 'BTC', venues: 2, openInterestUsd: 10_100_000 },
      ]);
    });
  });

  describe('GET /liquidations', () => {
    it('newest first with USD values, filters, a live `since` cursor and 24 h totals', async () => {
      server.source.push(
        liq(T0 + 1_000, 'binance', 'BTC', 'long', 100_000, 0.5),
        liq(T0 + 2_000, 'bybit', 'ETH', 'short', 3_000, 10),
        liq(T0 + 3_000, 'okx', 'BTC', 'long', 99_000, 0.01),
      );
      const all = (await front('/liquidations')).json();
      expect(all.data.map((l: { exchange: string; timestamp: number }) => [l.exchange, l.timestamp])).toEqual(
        [
          ['okx', T0 + 3_000],
          ['bybit', T0 + 2_000],
          ['binance', T0 + 1_000],
        ],
      );
      expect(all.data[2]).toMatchObject({ symbol: 'BTC-USDT', side: 'long', volume: 0.5, volumeUsd: 50_000 });
      expect(all.stats).toEqual({ window: '24h', count: 3, longUsd: 50_990, shortUsd: 30_000 });
      const btcBig = (await front('/liquidations?base=btc&min_usd=10000')).json();
      expect(btcBig.data.map((l: { exchange: string }) => l.exchange)).toEqual(['binance']);
      expect(btcBig.stats.count).toBe(1);
      const newer = (await front(`/liquidations?since=${T0 + 1_500}&limit=1`)).json();
      expect(newer.data.map((l: { timestamp: number }) => l.timestamp)).toEqual([T0 + 3_000]);
      server.source.push(liq(T0 + 4_000, 'binance', 'SOL', 'short', 150, 100));
      const live = (await front(`/liquidations?since=${T0 + 3_000}`)).json();
      expect(live.data.map((l: { base: string }) => l.base)).toEqual(['SOL']);
      expect((await front('/liquidations?limit=0')).json().param).toBe('limit');
      expect((await front('/liquidations?min_usd=-1')).json().param).toBe('min_usd');
    });

    it('liquidations are stored: a restart reads the last day back', async () => {
      server.source.push(liq(T0 + 1_000, 'binance', 'XRP', 'long', 2, 50_000));
      await server.desk.flush();
      await server.close();
      server = await startTestServer({ database, clock: T0 + 10_000 });
      await server.desk.restore('simulated', T0 + 10_000);
      const data = (await front('/liquidations?base=XRP')).json().data;
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ exchange: 'binance', volumeUsd: 100_000 });
    });
  });

  describe('the liquidations WebSocket topic', () => {
    it('pushes each liquidation as it arrives, in the /liquidations row shape, to every subscriber', async () => {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const ws = connectWs(`${address.replace('http', 'ws')}/api/v1/ws`);
      await ws.opened;
      ws.send({ op: 'subscribe', id: 'l', topic: 'liquidations' });
      await ws.next((m) => m.type === 'subscribed' && m.id === 'l');
      server.source.push(liq(T0 + 5_000, 'bybit', 'ETH', 'short', 3_000, 10));
      const event = await ws.next((m) => m.type === 'event');
      expect(event).toEqual({
        type: 'event',
        topic: 'liquidations',
        data: {
          exchange: 'bybit',
          symbol: 'ETH-USDT',
          base: 'ETH',
          quote: 'USDT',
          side: 'short',
          price: 3_000,
          volume: 10,
          volumeUsd: 30_000,
          timestamp: T0 + 5_000,
        },
      });
      // The REST row of the same liquidation reads the same.
      expect((await front('/liquidations?base=ETH')).json().data[0]).toEqual(event.data);
      ws.close();
    });
  });
});

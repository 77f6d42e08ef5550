import type { BorrowEvent } from '@spreadscope/core';
import type { Database } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedMarket, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';

let server: TestServer;
let database: Database;
forEachDatabase('margin-routes', (getDb) => {
  beforeEach(async () => {
    database = getDb();
    server = await startTestServer({ database });
  });
  afterEach(async () => {
    await server.close();
  });

  const front = (path: string, lang = 'en') =>
    server.app.inject({ method: 'GET', url: `/api/v1/front${path}`, headers: { 'accept-language': lang } });

  const borrow = (
    t: number,
    venue: string,
    asset: string,
    vipLevel: string,
    hourlyRate: number,
    extra: Partial<BorrowEvent> = {},
  ): BorrowEvent => ({
    t,
    type: 'borrow',
    venue,
    asset,
    marginType: 'cross',
    vipLevel,
    hourlyRate,
    borrowLimit: 20,
    borrowable: true,
    ...extra,
  });

  async function settle(): Promise<void> {
    // The runtime hands events over synchronously; give the desk's flush a turn too.
    await new Promise((resolve) => setTimeout(resolve, 30));
  }

  describe('GET /margin-borrow', () => {
    it('every venue’s rate for the asset with daily and annual rates, and every margin venue’s status', async () => {
      server.source.push(
        borrow(T0, 'bybit', 'BTC', 'No VIP', 0.0000015),
        borrow(T0, 'bybit', 'BTC', 'VIP-1', 0.0000013),
        borrow(T0 + 1, 'huobi', 'BTC', 'VIP0', 0.00004, {
          marginType: 'isolated',
          pair: 'BTCUSDT',
          borrowable: false,
        }),
        borrow(T0 + 2, 'okx', 'ETH', 'Lv1', 0.00001),
      );
      await settle();
      const res = await front('/margin-borrow?asset=btc');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.asset).toBe('BTC');
      expect(
        body.data.map((r: { exchange: string; vipLevel: string }) => `${r.exchange} ${r.vipLevel}`),
      ).toEqual(['bybit No VIP', 'bybit VIP-1', 'huobi VIP0']);
      const first = body.data[0];
      expect(first.dailyRate).toBeCloseTo(0.0000015 * 24, 12);
      expect(first.annualRate).toBeCloseTo(0.0000015 * 8760, 12);
      expect(first.pair).toBeNull();
      expect(body.data[2]).toMatchObject({ marginType: 'isolated', pair: 'BTCUSDT', borrowable: false });
      const status = Object.fromEntries(
        body.venues.map((v: { exchange: string; status: string; reason: string | null }) => [
          v.exchange,
          `${v.status}:${v.reason}`,
        ]),
      );
      expect(status).toMatchObject({
        bybit: 'ok:null',
        huobi: 'ok:null',
        okx: 'unknown:not_listed',
        binance: 'unknown:no_data',
      });
      expect(body.dataSource.mode).toBe('simulated');
      expect(body.updatedAt).toBe(T0 + 1);
    });

    it('filters by exchange, margin type and VIP level; a newer reading replaces the old one', async () => {
      server.source.push(
        borrow(T0, 'bybit', 'BTC', 'No VIP', 0.0000015),
        borrow(T0, 'bitget', 'BTC', 'VIP1', 0.000002),
      );
      await settle();
      expect((await front('/margin-borrow?asset=BTC&exchange=bitget')).json().data).toHaveLength(1);
      expect((await front('/margin-borrow?asset=BTC&vip_level=no%20vip')).json().data).toHaveLength(1);
      expect((await front('/margin-borrow?asset=BTC&margin_type=isolated')).json().data).toHaveLength(0);
      server.source.push(borrow(T0 + 300_000, 'bybit', 'BTC', 'No VIP', 0.000003));
      await settle();
      const after = (await front('/margin-borrow?asset=BTC&exchange=bybit')).json();
      expect(after.data.map((r: { hourlyRate: number }) => r.hourlyRate)).toEqual([0.000003]);
      const upbit = (await front('/margin-borrow?asset=BTC&exchange=upbit')).json();
      expect(upbit.venues).toEqual([{ exchange: 'upbit', status: 'unknown', reason: 'not_published' }]);
      expect((await front('/margin-borrow/assets')).json().data).toEqual(['BTC']);
    });

    it('the rates are stored: a restarted server reads them back for its source', async () => {
      server.source.push(borrow(T0, 'okx', 'SOL', 'VIP1', 0.00002));
      await settle();
      await server.close();
      server = await startTestServer({ database });
      await server.desk.restore('simulated', T0);
      const body = (await front('/margin-borrow?asset=SOL')).json();
      expect(body.data.map((r: { exchange: string }) => r.exchange)).toEqual(['okx']);
    });

    it('bad input is a 400 naming the parameter, in the caller’s language', async () => {
      const missing = await front('/margin-borrow');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().param).toBe('asset');
      const venue = await front('/margin-borrow?asset=BTC&exchange=nowhere');
      expect(venue.statusCode).toBe(400);
      expect(venue.json().param).toBe('exchange');
      const type = await front('/margin-borrow?asset=BTC&margin_type=portfolio', 'ko');
      expect(type.statusCode).toBe(400);
      expect(type.json()).toMatchObject({ error: 'invalid_parameter', param: 'margin_type' });
      expect((await front('/margin-borrow?asset=B%00TC')).statusCode).toBe(400);
    });
  });

  describe('GET /trading-fees', () => {
    it('published VIP schedules per venue and market type, paged, filterable', async () => {
      const all = (await front('/trading-fees?limit=5')).json();
      expect(all.data).toHaveLength(5);
      expect(all.total).toBeGreaterThan(60);
      const okxPerp = (await front('/trading-fees?exchange=okx&market=futures')).json();
      expect(okxPerp.data[0]).toEqual({
        exchange: 'okx',
        market: 'perp',
        symbol: null,
        vipLevel: 'Lv1',
        makerPercent: 0.02,
        takerPercent: 0.05,
        requirement: null,
        source: 'published',
        asOf: '2025-11',
      });
      const vip3 = (await front('/trading-fees?exchange=binance&vip_level=vip3')).json();
      expect(
        vip3.data.map((r: { market: string; takerPercent: number }) => [r.market, r.takerPercent]),
      ).toEqual([
        ['spot', 0.06],
        ['perp', 0.032],
      ]);
      const page2 = (await front('/trading-fees?exchange=binance&limit=15&page=2')).json();
      expect(page2.data).toHaveLength(5);
    });

    it('a symbol the venue trades carries the venue’s fees; one it does not is a 404 naming symbol', async () => {
      seedMarket(server.source);
      await settle();
      const btc = (await front('/trading-fees?exchange=binance&symbol=btc-usdt&market=spot')).json();
      expect(btc.data[0]).toMatchObject({ symbol: 'BTC-USDT', vipLevel: 'VIP0', takerPercent: 0.1 });
      const unknown = await front('/trading-fees?exchange=binance&symbol=DOGE-USDT');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().param).toBe('symbol');
      const bad = await front('/trading-fees?symbol=BTCUSDT');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().param).toBe('symbol');
      expect((await front('/trading-fees?market=options')).json().param).toBe('market');
    });

    it('levels a venue publishes live (Bitget) replace the configured ones, marked live with the day read', async () => {
      const before = (await front('/trading-fees?exchange=bitget&market=spot&vip_level=VIP1')).json();
      expect(before.data[0]).toMatchObject({ makerPercent: 0.08, source: 'published', asOf: '2025-11' });
      server.source.push(
        {
          t: T0,
          type: 'fee_tier',
          venue: 'bitget',
          market: 'spot',
          vipLevel: 'VIP1',
          makerPercent: 0.07,
          takerPercent: 0.09,
          requirement: '30d volume ≥ $1M or assets ≥ $50K',
        },
        {
          t: T0,
          type: 'fee_tier',
          venue: 'bitget',
          market: 'spot',
          vipLevel: 'VIP9',
          makerPercent: 0,
          takerPercent: 0.02,
        },
      );
      await vi.waitFor(async () => {
        const rows = (await front('/trading-fees?exchange=bitget&market=spot')).json().data;
        expect(rows.find((r: { vipLevel: string }) => r.vipLevel === 'VIP1')).toMatchObject({
          makerPercent: 0.07,
          takerPercent: 0.09,
          source: 'live',
          asOf: new Date(T0).toISOString().slice(0, 10),
        });
        // A level the configuration does not know joins; the others stay as published.
        expect(rows.at(-1)).toMatchObject({
          vipLevel: 'VIP9',
          takerPercent: 0.02,
          source: 'live',
          requirement: null,
        });
        expect(rows[0]).toMatchObject({ vipLevel: 'VIP0', source: 'published' });
      });
    });

    it('/exchanges lists the venues with a schedule; /symbols the markets of one venue', async () => {
      seedMarket(server.source);
      await settle();
      const exchanges = (await front('/trading-fees/exchanges')).json().data;
      expect(exchanges).toEqual(
        expect.arrayContaining(['upbit', 'binance', 'bybit', 'okx', 'huobi', 'backpack']),
      );
      const symbols = (await front('/trading-fees/symbols?exchange=binance')).json();
      expect(symbols.data).toEqual(['BTC-USDT', 'ETH-USDT']);
      expect((await front('/trading-fees/symbols')).json().param).toBe('exchange');
    });
  });
});

import type { BookEvent } from '@spreadscope/core';
import type { Database } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quote, seedMarket, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';

let server: TestServer;
let database: Database;
forEachDatabase('market-data-routes', (getDb) => {
  beforeEach(async () => {
    database = getDb();
    server = await startTestServer({ database });
  });
  afterEach(async () => {
    await server.close();
  });

  const front = (path: string, lang = 'en') =>
    server.app.inject({ method: 'GET', url: `/api/v1/front${path}`, headers: { 'accept-language': lang } });

  async function settle(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 30));
  }

  describe('ticker, order book and forex front calls', () => {
    it('/ticker in short keys, converted to KRW by the chosen base; unknown market 404, stale flagged', async () => {
      seedMarket(server.source);
      const book: BookEvent = {
        t: T0 + 20,
        type: 'book',
        venue: 'binance',
        market: 'spot',
        base: 'BTC',
        quote: 'USDT',
        bids: [
          [99_999, 2],
          [99_000, 1],
        ],
        asks: [[100_001, 3]],
      };
      server.source.push(book);
      await settle();
      const usd = (await front('/ticker?exchange=binance&symbol=BTC-USDT&market=spot')).json();
      expect(usd.data).toMatchObject({
        e: 'binance',
        m: 'spot',
        s: 'BTC-USDT',
        p: 100_000,
        hb: 99_999,
        la: 100_001,
        v: 2.5e9,
        stale: false,
      });
      const krw = (
        await front('/ticker?exchange=binance&symbol=BTC-USDT&market=spot&currency=KRW&conversion_base=USD')
      ).json();
      expect(krw.data.p).toBeCloseTo(140_000_000, 3);
      const upbit = (
        await front('/ticker?exchange=upbit&symbol=BTC-KRW&currency=USD&conversion_base=USDT')
      ).json();
      expect(upbit.data.p).toBeCloseTo(143_500_000 / 1_435, 6);
      const missing = await front('/ticker?exchange=binance&symbol=DOGE-USDT&market=futures');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().param).toBe('symbol');
      expect((await front('/ticker?exchange=binance')).json().param).toBe('symbol');
      server.source.push(quote(T0 + 60_000, 'okx', 'BTC', 'USDT', 100_600));
      await settle();
      expect((await front('/ticker?exchange=binance&symbol=BTC-USDT')).json().data.stale).toBe(true);
    });

    it('/orderbook best first to the requested depth, with /exchanges and /symbols of markets with a book', async () => {
      seedMarket(server.source);
      server.source.push({
        t: T0 + 20,
        type: 'book',
        venue: 'binance',
        market: 'spot',
        base: 'BTC',
        quote: 'USDT',
        bids: [
          [99_999, 2],
          [99_000, 1],
        ],
        asks: [
          [100_001, 3],
          [100_500, 1],
        ],
      });
      await settle();
      const book = (await front('/orderbook?exchange=binance&symbol=BTC-USDT&depth=1')).json();
      expect(book).toMatchObject({
        exchange: 'binance',
        symbol: 'BTC-USDT',
        base: 'BTC',
        quote: 'USDT',
        date: T0 + 20,
      });
      expect(book.bids).toEqual([[99_999, 2]]);
      expect(book.asks).toEqual([[100_001, 3]]);
      const noBook = await front('/orderbook?exchange=okx&symbol=BTC-USDT');
      expect(noBook.statusCode).toBe(404);
      expect(noBook.json().error).toBe('not_quoted');
      expect((await front('/orderbook/exchanges')).json().data).toEqual(['binance']);
      expect((await front('/orderbook/symbols?exchange=binance')).json().data).toEqual(['BTC-USDT']);
      expect((await front('/ticker/exchanges?market=spot')).json().data).toEqual([
        'binance',
        'bithumb',
        'okx',
        'upbit',
      ]);
      expect((await front('/orderbook?exchange=binance&symbol=BTC-USDT&depth=0')).json().param).toBe('depth');
    });

    it('/forex gives USD-KRW and USDT-KRW; an unknown pair is a 404, a malformed one a 400', async () => {
      seedMarket(server.source);
      await settle();
      expect((await front('/forex/symbols')).json().data).toEqual(['USD-KRW', 'USDT-KRW']);
      expect((await front('/forex?symbol=usd-krw')).json()).toMatchObject({
        s: 'USD-KRW',
        r: 1_400,
        d: T0,
        source: 'forex',
      });
      expect((await front('/forex?symbol=USDT-KRW')).json()).toMatchObject({ r: 1_435, source: 'upbit' });
      expect((await front('/forex?symbol=EUR-KRW')).statusCode).toBe(404);
      const bad = await front('/forex?symbol=USDKRW');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().param).toBe('symbol');
    });
  });
});

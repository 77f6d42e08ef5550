import type { BookEvent, MarketEvent, QuoteEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureRoutes, fixture, fixtureFetch, json } from '../../live/fixtures/fixture-http.ts';
import {
  type FixtureWsServer,
  type Frame,
  serveWs,
  type WsScript,
  waitFor,
} from '../../test-support/fixture-ws.ts';
import { startLive, stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase, streamFailureCases } from '../../test-support/venue-failures.ts';
import { VenueRequestError } from '../adapter.ts';

/** Korbit (Open API v2, raw HTTP and WebSocket): tickers, the ticker stream, order books, candles. */

const own = (name: string) => json(`../../venues/korbit/fixtures/${name}`);
const frames = JSON.parse(fixture('../../venues/korbit/fixtures/ws-ticker.json')) as { symbol: string }[];

const ROUTES: FixtureRoutes = {
  '/v2/tickers': own('tickers.json'),
  '/v2/orderbook': (url) =>
    url.searchParams.get('symbol') === 'btc_krw'
      ? own('orderbook-btc.json')
      : { status: 400, body: '{"success":false,"error":{"message":"unknown symbol"}}' },
  '/v2/candles': own('candles.json'),
};

/** Korbit takes a list of subscription objects and streams `{ type: "ticker", symbol, data }` frames. */
const korbitScript: WsScript = (message, ctx) => {
  const requests = JSON.parse(message) as { method: string; type: string; symbols: string[] }[];
  for (const request of requests) {
    if (request.method !== 'subscribe' || request.type !== 'ticker') continue;
    const matching = frames.filter((f) => request.symbols.includes(f.symbol));
    for (const frame of matching) ctx.reply(frame as Frame);
    ctx.every(100, () => (matching[0] ? { ...matching[0], timestamp: Date.now(), snapshot: false } : null));
  }
};

let ws: FixtureWsServer | null = null;
afterEach(async () => {
  await stopAll();
  await ws?.close();
  ws = null;
});

const quotes = (events: readonly MarketEvent[]) => events.filter((e): e is QuoteEvent => e.type === 'quote');

describe('Korbit adapter', () => {
  it('learns the markets over REST, then streams their tickers; books of the most traded markets', async () => {
    ws = await serveWs(korbitScript);
    const { events, link } = await startLive(
      ['korbit'],
      { korbit: { wsUrl: ws.url } },
      fixtureFetch(ROUTES),
      {
        settings: { bookMarkets: 2 },
      },
    );
    await waitFor(() => quotes(events).some((q) => q.last === 131_800_000), 'a streamed quote');
    // The REST round that listed the markets, KRW only (eth_btc is left out).
    expect(quotes(events).find((q) => q.last === 131_750_000)).toEqual({
      t: expect.any(Number),
      type: 'quote',
      venue: 'korbit',
      market: 'spot',
      base: 'BTC',
      quote: 'KRW',
      last: 131_750_000,
      bid: 131_740_000,
      ask: 131_760_000,
      volume24h: 4_143_821_231.5,
      open24h: 132_300_000,
    });
    expect(quotes(events).every((q) => q.quote === 'KRW')).toBe(true);
    const subscribe = JSON.parse(ws.received[0]?.message ?? '[]') as { symbols: string[] }[];
    expect(subscribe[0]?.symbols).toEqual(['btc_krw', 'usdt_krw']);
    expect(ws.received[0]?.path).toBe('/ws-api.korbit.co.kr/v2/public');
    await waitFor(() => events.some((e) => e.type === 'book'), 'a book');
    const book = events.find((e): e is BookEvent => e.type === 'book');
    // ±2 % around 131,795,000: the 125 M bid and the 140 M ask are outside.
    expect(book).toMatchObject({
      venue: 'korbit',
      base: 'BTC',
      quote: 'KRW',
      bids: [
        [131_790_000, 0.2154],
        [131_700_000, 1.1],
      ],
      asks: [
        [131_800_000, 0.05],
        [131_900_000, 0.75],
      ],
    });
    // USDT's book was refused: the book feed is degraded and says which market and why.
    await waitFor(
      () => link('korbit')?.feeds?.find((f) => f.feed === 'books')?.status === 'degraded',
      'books degraded',
    );
    expect(link('korbit')?.feeds?.find((f) => f.feed === 'books')?.lastError).toBe(
      'USDT: HTTP 400 from api.korbit.co.kr',
    );
    expect(link('korbit')?.feeds?.[0]).toMatchObject({
      feed: 'spot-tickers',
      via: 'ws',
      status: 'connected',
    });
  });

  it('serves candles on request, and refuses intervals Korbit does not have', async () => {
    ws = await serveWs(korbitScript);
    const requested: string[] = [];
    const { source } = await startLive(
      ['korbit'],
      { korbit: { wsUrl: ws.url } },
      fixtureFetch(ROUTES, requested),
    );
    const candles = await source.fetchCandles('korbit', {
      market: 'spot',
      base: 'BTC',
      quote: 'KRW',
      interval: '1m',
      limit: 2,
    });
    expect(candles).toEqual([
      {
        time: 1_763_699_880_000,
        open: 131_700_000,
        high: 131_820_000,
        low: 131_650_000,
        close: 131_780_000,
        volume: 0.8123,
      },
      {
        time: 1_763_699_940_000,
        open: 131_780_000,
        high: 131_810_000,
        low: 131_720_000,
        close: 131_750_000,
        volume: 0.4411,
      },
    ]);
    expect(requested.find((u) => u.includes('/v2/candles'))).toBe(
      'https://api.korbit.co.kr/v2/candles?symbol=btc_krw&interval=1&limit=2',
    );
    await expect(
      source.fetchCandles('korbit', { market: 'spot', base: 'BTC', quote: 'KRW', interval: '2h' }),
    ).rejects.toBeInstanceOf(VenueRequestError);
  });

  it('skips a malformed frame and keeps the socket', async () => {
    ws = await serveWs(korbitScript);
    const { events, link } = await startLive(['korbit'], { korbit: { wsUrl: ws.url } }, fixtureFetch(ROUTES));
    await waitFor(() => quotes(events).some((q) => q.last === 131_800_000), 'a streamed quote');
    const connections = ws.connections();
    ws.push('{"type":"ticker","symbol":"btc_krw","data":');
    ws.push({ type: 'ticker', symbol: 'btc_krw', data: { close: 'n/a' } });
    await waitFor(
      () => /skipped a malformed message/.test(link('korbit')?.lastError ?? ''),
      'the skip reported',
    );
    const before = events.length;
    await waitFor(() => events.length > before + 2, 'more quotes');
    expect(ws.connections()).toBe(connections);
    expect(quotes(events).every((q) => q.last > 0)).toBe(true);
  });
});

describe('Korbit failures', () => {
  streamFailureCases({
    venue: 'korbit',
    routes: ROUTES,
    script: korbitScript,
    feed: 'spot-tickers',
    streamed: (q) => q.base === 'BTC' && q.last === 131_800_000,
    polled: (q) => q.base === 'BTC' && q.last === 131_750_000,
    malformed: [
      '{"type":"ticker","symbol":"btc_krw","data":{"close":"1318',
      { type: 'ticker', symbol: 'btc_krw', timestamp: 1, data: 'n/a' },
      ['not', 'a', 'frame'],
    ],
  });
  restFailureCase({
    venue: 'korbit',
    routes: ROUTES,
    path: '/v2/tickers',
    feed: 'spot-tickers',
    host: 'api.korbit.co.kr',
  });
});

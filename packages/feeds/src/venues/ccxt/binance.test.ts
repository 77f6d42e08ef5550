import type { FundingEvent, MarketEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BINANCE_ROUTES,
  type FixtureRoutes,
  fixture,
  fixtureFetch,
  json,
} from '../../live/fixtures/fixture-http.ts';
import {
  type FixtureWsServer,
  type Frame,
  serveWs,
  type WsScript,
  waitFor,
} from '../../test-support/fixture-ws.ts';
import { startLive, stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase } from '../../test-support/venue-failures.ts';
import { of } from '../../test-support/venue-kit.ts';

/**
 * Binance through its real wire formats: REST (exchangeInfo, 24 h tickers, depth snapshots, premiumIndex,
 * fundingInfo) answered from recorded responses, WebSocket frames (24hrTicker, depthUpdate) played by a
 * loopback server standing in for stream.binance.com and fstream.binance.com.
 */

const load = (name: string) => JSON.parse(fixture(`../../venues/ccxt/fixtures/binance/${name}`)) as unknown;
const spotTickers = load('ws-ticker-spot.json') as { s: string }[];
const perpTickers = load('ws-ticker-perp.json') as { s: string }[];
const spotDiffs = load('ws-depth-btcusdt.json') as Record<string, unknown>[];
const perpDiffs = load('ws-depth-perp-btcusdt.json') as Record<string, unknown>[];

const own = (name: string) => json(`../../venues/ccxt/fixtures/binance/${name}`);

const ROUTES: FixtureRoutes = BINANCE_ROUTES;

interface ScriptOptions {
  /**
   * Extra frames for the spot depth stream once it is live (e.g. a sequence gap). Sent mid-stream, not with
   * the recorded diffs: frames that arrive before the REST snapshot are buffered, and a buffered frame past
   * the snapshot is dropped as stale instead of being seen as a gap.
   */
  readonly midDepth?: () => Frame[];
}

/** Answers SUBSCRIBE like Binance and keeps each subscribed stream alive, as a live venue would. */
function binanceScript(options: ScriptOptions = {}): WsScript {
  return (message, ctx) => {
    const request = JSON.parse(message) as { method: string; params: string[]; id: number };
    ctx.reply({ result: null, id: request.id });
    if (request.method !== 'SUBSCRIBE') return;
    const futures = ctx.path.includes('fstream.binance.com');
    for (const param of request.params) {
      const [id, channel] = param.split('@');
      if (channel === 'ticker') {
        const frames = (futures ? perpTickers : spotTickers).filter((t) => t.s.toLowerCase() === id);
        for (const frame of frames) ctx.reply(frame as Frame);
        ctx.every(100, () => (frames[0] ? { ...frames[0], E: Date.now() } : null));
      }
      if (channel === 'depth' && id === 'btcusdt') {
        const diffs = futures ? perpDiffs : spotDiffs;
        // Recorded diffs first, then keep-alive diffs that continue the sequence.
        setTimeout(() => {
          for (const diff of diffs) ctx.reply(diff as Frame);
        }, 30);
        let last = Number((diffs.at(-1) as { u: number }).u);
        let ticks = 0;
        ctx.every(100, () => {
          ticks++;
          if (!futures && ticks >= 5) for (const extra of options.midDepth?.() ?? []) ctx.reply(extra);
          const next = last + 1;
          const frame = futures
            ? { ...diffs[0], U: next, u: next, pu: last, b: [], a: [] }
            : { ...diffs[0], U: next, u: next, b: [], a: [] };
          last = next;
          return frame as Frame;
        });
      }
    }
  };
}

let ws: FixtureWsServer | null = null;
afterEach(async () => {
  await stopAll();
  await ws?.close();
  ws = null;
});

const quotes = (events: readonly MarketEvent[]) => of(events, 'quote');
const books = (events: readonly MarketEvent[]) => of(events, 'book');

describe('Binance adapter', () => {
  it('streams spot and perpetual tickers, ±2 % books and funding with intervals from the venue', async () => {
    ws = await serveWs(binanceScript());
    const requested: string[] = [];
    const { events, link } = await startLive(
      ['binance'],
      { binance: { wsUrl: ws.url } },
      fixtureFetch(ROUTES, requested),
    );
    await waitFor(
      () => quotes(events).some((q) => q.last === 89_600 && q.bid === 89_599.99),
      'a streamed spot quote',
    );
    const spot = quotes(events).find(
      (q) => q.market === 'spot' && q.base === 'BTC' && q.quote === 'USDT' && q.last === 89_600,
    );
    expect(spot).toEqual({
      t: expect.any(Number),
      type: 'quote',
      venue: 'binance',
      market: 'spot',
      base: 'BTC',
      quote: 'USDT',
      last: 89_600,
      bid: 89_599.99,
      ask: 89_600,
      volume24h: 2_180_000_000.5,
      open24h: 90_510.01,
    });
    await waitFor(
      () => quotes(events).some((q) => q.market === 'perp' && q.quote === 'USDC' && q.last === 89_545.1),
      'streamed perp quotes',
    );
    expect(quotes(events).find((q) => q.market === 'perp' && q.quote === 'USDT')?.last).toBe(89_540.7);
    // USDⓈ-M 24hrTicker: `v` is base (171,000.12 BTC), `q` the USDT turnover.
    expect(quotes(events).find((q) => q.market === 'perp' && q.quote === 'USDT')?.volume24h).toBe(
      15_320_000_000,
    );
    // BTCUSDC trades as spot and as a perpetual: the stream it came on decides which.
    expect(quotes(events).find((q) => q.market === 'perp' && q.quote === 'USDC')?.last).toBe(89_545.1);
    await waitFor(
      () => quotes(events).some((q) => q.market === 'spot' && q.quote === 'USDC' && q.last === 89_590),
      'the BTC/USDC spot quote from the spot stream',
    );

    // Books: snapshot + diffs, cut to ±2 % around the mid, best first.
    await waitFor(
      () =>
        books(events).some((b) => b.market === 'spot' && b.bids[0]?.[1] === 1.5 && b.asks[1]?.[1] === 2.5),
      'the spot book with both recorded diffs applied',
    );
    const book = books(events).findLast(
      (b) => b.market === 'spot' && b.bids[0]?.[1] === 1.5 && b.asks[1]?.[1] === 2.5,
    );
    expect(book).toMatchObject({
      venue: 'binance',
      base: 'BTC',
      quote: 'USDT',
      bids: [
        [89_599.99, 1.5],
        [89_000, 5],
      ],
      asks: [
        [89_600.5, 0.4],
        [89_601, 2.5],
        [90_500, 7],
      ],
    });
    await waitFor(
      () => books(events).some((b) => b.market === 'perp' && b.bids[0]?.[1] === 13),
      'the perp book',
    );
    expect(requested.filter((u) => u.includes('/depth?')).length).toBeGreaterThanOrEqual(2);

    // Funding: the default 8 h interval, except where fundingInfo lists another (ETHUSDT, 4 h).
    await waitFor(() => events.some((e) => e.type === 'funding'), 'funding');
    const funding: FundingEvent[] = of(events, 'funding');
    expect(funding.find((f) => f.base === 'BTC' && f.quote === 'USDT')).toEqual({
      t: expect.any(Number),
      type: 'funding',
      venue: 'binance',
      base: 'BTC',
      quote: 'USDT',
      rate: 0.0001,
      intervalHours: 8,
      nextFundingTime: 1_763_712_000_000,
      markPrice: 89_541.2,
    });
    expect(funding.find((f) => f.base === 'ETH')).toMatchObject({ rate: -0.000_031_25, intervalHours: 4 });

    await waitFor(() => link('binance')?.status === 'connected', 'binance connected');
    await waitFor(
      () => link('binance')?.feeds?.find((f) => f.feed === 'notices')?.status === 'connected',
      'binance notices',
    );
    const health = link('binance');
    const reference = new Set(['margin', 'open-interest', 'liquidations']);
    expect(
      health?.feeds?.filter((f) => !reference.has(f.feed)).map((f) => [f.feed, f.transport, f.status]),
    ).toEqual([
      ['spot-tickers', 'ws', 'connected'],
      ['perp-tickers', 'ws', 'connected'],
      ['books', 'ws', 'connected'],
      ['funding', 'rest', 'connected'],
      ['notices', 'rest', 'connected'],
    ]);
    expect(
      of(events, 'notice').some((n) => n.title === 'Binance Will List Zama (ZAMA) with Seed Tag Applied'),
    ).toBe(true);
    // Open interest and the forced-liquidation stream run beside them (margin needs a key on Binance).
    expect(health?.feeds?.filter((f) => reference.has(f.feed)).map((f) => [f.feed, f.transport])).toEqual([
      ['open-interest', 'rest'],
      ['liquidations', 'ws'],
    ]);
    expect(health?.capabilities).toMatchObject({
      'spot-tickers': { via: 'ws', fallback: 'rest' },
      funding: { via: 'rest' },
      wallets: { via: 'none', needsKey: { configured: false } },
      candles: { via: 'on-demand' },
    });
    // Every socket went to the override, with the venue's own host kept in the path.
    expect(ws.received.some((r) => r.path.startsWith('/stream.binance.com:9443/ws'))).toBe(true);
    expect(ws.received.some((r) => r.path.startsWith('/fstream.binance.com/'))).toBe(true);
  });

  it('keeps prices flowing over REST while the socket is down, then reconnects', async () => {
    ws = await serveWs(binanceScript());
    const { events, link } = await startLive(
      ['binance'],
      { binance: { wsUrl: ws.url } },
      fixtureFetch(ROUTES),
    );
    await waitFor(() => quotes(events).some((q) => q.last === 89_600), 'streamed quotes');
    ws.silence(true);
    ws.drop();
    // REST stands in: the recorded 24 h ticker says 89,512.35.
    await waitFor(
      () => quotes(events).some((q) => q.market === 'spot' && q.last === 89_512.35),
      'REST fallback quotes',
    );
    await waitFor(() => link('binance')?.feeds?.[0]?.via === 'rest', 'fallback reported');
    expect(link('binance')?.status).toBe('degraded');
    const connectionsWhileDown = ws.connections();
    ws.silence(false);
    const before = events.length;
    await waitFor(
      () => events.slice(before).some((e) => e.type === 'quote' && e.last === 89_600),
      'streamed quotes after reconnecting',
    );
    expect(ws.connections()).toBeGreaterThan(connectionsWhileDown);
    await waitFor(() => link('binance')?.feeds?.[0]?.status === 'connected', 'stream healthy again');
    expect(link('binance')?.feeds?.[0]).toMatchObject({ via: 'ws', lastError: null });
    expect(link('binance')?.feeds?.[0]?.restarts).toBeGreaterThanOrEqual(1);
  });

  it('restarts a socket that goes silent, and says so', async () => {
    ws = await serveWs(binanceScript());
    const { events, link } = await startLive(
      ['binance'],
      { binance: { wsUrl: ws.url } },
      fixtureFetch(ROUTES),
    );
    await waitFor(() => quotes(events).some((q) => q.last === 89_600), 'streamed quotes');
    const connections = ws.connections();
    // The socket stays open but nothing more arrives: a half-open connection.
    ws.silence(true);
    await waitFor(
      () => /silent for \d+ s; reconnecting/.test(link('binance')?.lastError ?? ''),
      'silence reported',
    );
    ws.silence(false);
    await waitFor(() => ws !== null && ws.connections() > connections, 'a new connection');
    await waitFor(() => link('binance')?.feeds?.[0]?.status === 'connected', 'healthy again');
  });

  it('skips malformed frames and keeps streaming', async () => {
    ws = await serveWs(binanceScript());
    const { events, link } = await startLive(
      ['binance'],
      { binance: { wsUrl: ws.url } },
      fixtureFetch(ROUTES),
    );
    // Every stream up, books included (they start after the tickers, for the most traded markets).
    await waitFor(() => books(events).some((b) => b.market === 'perp'), 'books for both market types');
    const connections = ws.connections();
    ws.push('{"e":"24hrTicker","E":1763700001000,"s":"BTCUSDT","c":"896', 'stream.binance.com');
    ws.push(
      { e: '24hrTicker', E: 1_763_700_001_000, s: 'BTCUSDT', c: 'not-a-number', b: [], q: {} },
      'stream.binance.com',
    );
    ws.push(['unexpected', 'array'], 'stream.binance.com');
    const before = events.length;
    await waitFor(
      () => events.slice(before).filter((e) => e.type === 'quote' && e.last === 89_600).length >= 3,
      'more quotes',
    );
    // Nothing garbled was published, and the connection was not dropped for it.
    expect(quotes(events).every((q) => Number.isFinite(q.last) && q.last > 0)).toBe(true);
    expect(ws.connections()).toBe(connections);
    expect(link('binance')?.status).not.toBe('down');
  });

  it('rebuilds a book from a fresh snapshot after a sequence gap', async () => {
    let gapSent = false;
    ws = await serveWs(
      binanceScript({
        midDepth: () => {
          if (gapSent) return [];
          gapSent = true;
          // u jumps from 76543220 to 76549000: updates were lost.
          return [
            {
              ...spotDiffs[0],
              U: 76_549_000,
              u: 76_549_001,
              b: [['89599.99000000', '9.00000000']],
              a: [],
            } as Frame,
          ];
        },
      }),
    );
    const requested: string[] = [];
    const { events } = await startLive(
      ['binance'],
      { binance: { wsUrl: ws.url } },
      fixtureFetch(ROUTES, requested),
    );
    const snapshots = () => requested.filter((u) => u.includes('/api/v3/depth?')).length;
    await waitFor(() => gapSent && snapshots() >= 2, 'a second snapshot after the gap');
    const spotBooks = () => books(events).filter((b) => b.market === 'spot').length;
    const before = spotBooks();
    await waitFor(() => spotBooks() > before, 'a spot book from the fresh snapshot');
    // The gapped update (9 BTC at the best bid) never made it into a published book.
    expect(books(events).some((b) => b.bids.some(([, size]) => size === 9))).toBe(false);
  });

  it('never publishes a crossed book, and resyncs it', async () => {
    let snapshotCount = 0;
    const crossed = JSON.stringify({
      lastUpdateId: 76_543_210,
      bids: [['89700.00000000', '1.00000000']],
      asks: [['89600.00000000', '1.00000000']],
    });
    ws = await serveWs(binanceScript());
    const routes: FixtureRoutes = {
      ...ROUTES,
      '/api/v3/depth': () => {
        snapshotCount++;
        // Crossed until the stream has asked afresh because of it (the first re-ask comes when the perp
        // tickers join the book selection).
        return snapshotCount <= 2
          ? { body: crossed, contentType: 'application/json' }
          : own('depth-btcusdt.json');
      },
    };
    const { events, link } = await startLive(
      ['binance'],
      { binance: { wsUrl: ws.url } },
      fixtureFetch(routes),
    );
    await waitFor(() => snapshotCount >= 3, 'a fresh snapshot');
    await waitFor(() => books(events).some((b) => b.market === 'spot'), 'a good spot book');
    for (const b of books(events)) {
      if (b.bids[0] && b.asks[0]) expect(b.bids[0][0]).toBeLessThan(b.asks[0][0]);
    }
    const bookFeed = link('binance')?.feeds?.find((f) => f.feed === 'books');
    expect(bookFeed?.restarts).toBeGreaterThanOrEqual(1);
  });

  it('is down with both reasons when the socket and the REST fallback fail', async () => {
    ws = await serveWs(binanceScript());
    const limited = { status: 429, body: '{"code":-1003,"msg":"Too many requests"}' };
    let limit = false;
    const routes: FixtureRoutes = {
      ...ROUTES,
      '/api/v3/ticker/24hr': () => (limit ? limited : json('binance-ticker-24hr.json')),
      '/fapi/v1/ticker/24hr': () => (limit ? limited : json('binance-fapi-ticker-24hr.json')),
    };
    const { events, link } = await startLive(
      ['binance'],
      { binance: { wsUrl: ws.url } },
      fixtureFetch(routes),
    );
    await waitFor(() => quotes(events).some((q) => q.last === 89_600), 'streamed quotes');
    limit = true;
    ws.silence(true);
    ws.drop();
    await waitFor(
      () =>
        /; REST fallback: HTTP 429 \(rate limited\) from api\.binance\.com$/.test(
          link('binance')?.feeds?.[0]?.lastError ?? '',
        ),
      'both reasons reported',
    );
    expect(link('binance')?.feeds?.[0]?.status).toBe('down');
  });
});

describe('Binance HTTP failures', () => {
  restFailureCase({
    venue: 'binance',
    routes: ROUTES,
    path: '/fapi/v1/ticker/24hr',
    feed: 'perp-tickers',
    host: 'fapi.binance.com',
  });
});

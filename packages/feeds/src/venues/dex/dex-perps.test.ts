import type { BookEvent, FundingEvent, QuoteEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureRoutes, fixture, fixtureFetch, json } from '../../live/fixtures/fixture-http.ts';
import {
  type FixtureWsServer,
  type Frame,
  serveWs,
  type WsScript,
  waitFor,
} from '../../test-support/fixture-ws.ts';
import { FAST_SETTINGS, startLive, stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase, streamFailureCases } from '../../test-support/venue-failures.ts';
import { FIXTURE_NOW as NOW, of, restRound } from '../../test-support/venue-kit.ts';

/** dYdX (public indexer) and edgeX (public quote API): perpetual DEXes ccxt does not cover. */

const own = (name: string) => json(`../../venues/dex/fixtures/${name}`);

let ws: FixtureWsServer | null = null;
afterEach(async () => {
  await stopAll();
  await ws?.close();
  ws = null;
});

/** dYdX's indexer socket: `connected` on open, then the v4_markets list and its changes once subscribed. */
const dydxFrames = JSON.parse(fixture('../../venues/dex/fixtures/dydx-ws-markets.json')) as Frame[];
async function dydxSocket(): Promise<FixtureWsServer> {
  return serveWs((message, ctx) => {
    const request = JSON.parse(message) as { type: string; channel: string };
    if (request.type !== 'subscribe' || request.channel !== 'v4_markets') return;
    for (const frame of dydxFrames.slice(1)) ctx.reply(frame);
    ctx.every(100, () => dydxFrames[2] ?? null);
  });
}

describe('dYdX adapter', () => {
  const ROUTES: FixtureRoutes = {
    '/v4/perpetualMarkets': own('dydx-perpetual-markets.json'),
    '/v4/orderbooks/perpetualMarket/BTC-USD': own('dydx-orderbook-btc.json'),
    '/v4/candles/perpetualMarkets/BTC-USD': own('dydx-candles.json'),
  };

  it('reads every active perpetual with its hourly funding, and books of the most traded', async () => {
    const NOW = Date.UTC(2025, 10, 21, 4, 40);
    ws = await dydxSocket();
    const { events, link } = await startLive(['dydx'], { dydx: { wsUrl: ws.url } }, fixtureFetch(ROUTES), {
      clock: () => NOW,
    });
    await waitFor(() => of(events, 'book').length > 0, 'a book');
    const btc = of(events, 'quote').find((q: QuoteEvent) => q.base === 'BTC');
    expect(btc).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'dydx',
      market: 'perp',
      base: 'BTC',
      quote: 'USDC',
      last: 89_510.12,
      volume24h: 412_345_678.9,
      open24h: 90_420.62,
    });
    // Settled markets (LUNA) are not quoted.
    expect(new Set(of(events, 'quote').map((q) => q.base))).toEqual(new Set(['BTC', 'ETH']));
    expect(of(events, 'funding').find((f: FundingEvent) => f.base === 'ETH')).toEqual({
      t: NOW,
      type: 'funding',
      venue: 'dydx',
      base: 'ETH',
      quote: 'USDC',
      rate: -0.000_004,
      intervalHours: 1,
      nextFundingTime: Date.UTC(2025, 10, 21, 5, 0),
      markPrice: 2943.1,
    });
    const book = of(events, 'book')[0] as BookEvent;
    expect(book).toMatchObject({
      base: 'BTC',
      bids: [
        [89_509, 1.2],
        [89_450, 3.5],
      ],
      asks: [
        [89_511, 0.8],
        [89_600, 2.25],
      ],
    });
    // The stream's changes: BTC's new oracle price, ETH's new funding rate.
    await waitFor(
      () => of(events, 'quote').some((q) => q.base === 'BTC' && q.last === 89_600.5),
      'the oracle update',
    );
    await waitFor(
      () => of(events, 'funding').some((f) => f.base === 'ETH' && f.rate === 0.000_006_1),
      'the funding update',
    );
    expect(link('dydx')?.capabilities?.['perp-tickers']).toMatchObject({ via: 'ws', fallback: 'rest' });
    expect(link('dydx')?.feeds?.[0]).toMatchObject({ feed: 'perp-tickers', via: 'ws' });
    expect(ws.received[0]?.path).toBe('/indexer.dydx.trade/v4/ws');
  });

  it('serves candles oldest first', async () => {
    ws = await dydxSocket();
    const { source } = await startLive(['dydx'], { dydx: { wsUrl: ws.url } }, fixtureFetch(ROUTES));
    const candles = await source.fetchCandles('dydx', {
      market: 'perp',
      base: 'BTC',
      quote: 'USDC',
      interval: '1m',
    });
    expect(candles.map((c) => [c.time, c.close, c.volume])).toEqual([
      [Date.UTC(2025, 10, 21, 4, 38), 89_520, 2.5],
      [Date.UTC(2025, 10, 21, 4, 39), 89_510, 1.75],
    ]);
  });
});

/** The dYdX indexer's market list with BTC's oracle price moved, so REST prices tell from streamed ones. */
function restMarkets(): FixtureRoutes[string] {
  const body = JSON.parse(fixture('../../venues/dex/fixtures/dydx-perpetual-markets.json')) as {
    markets: Record<string, { oraclePrice: string }>;
  };
  const btc = body.markets['BTC-USD'];
  if (btc) btc.oraclePrice = '89505.5';
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

const DYDX_ROUTES: FixtureRoutes = {
  '/v4/perpetualMarkets': restMarkets(),
  '/v4/orderbooks/perpetualMarket/BTC-USD': own('dydx-orderbook-btc.json'),
};

/** The indexer socket as dydxSocket serves it, as a script for the shared failure cases. */
const dydxScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { type: string; channel: string };
  if (request.type !== 'subscribe' || request.channel !== 'v4_markets') return;
  for (const frame of dydxFrames.slice(1)) ctx.reply(frame);
  ctx.every(100, () => dydxFrames[2] ?? null);
};

describe('dYdX failures', () => {
  streamFailureCases({
    venue: 'dydx',
    routes: DYDX_ROUTES,
    script: dydxScript,
    feed: 'perp-tickers',
    streamed: (q) => q.base === 'BTC' && q.last === 89_600.5,
    polled: (q) => q.base === 'BTC' && q.last === 89_505.5,
    malformed: [
      '{"type":"channel_data","channel":"v4_markets","contents":{"oraclePrices":{"BTC-USD":{"oraclePrice":"896',
      { type: 'channel_data', channel: 'v4_markets', message_id: 9, contents: { oraclePrices: 'none' } },
      ['not', 'a', 'frame'],
    ],
  });
  restFailureCase({
    venue: 'dydx',
    routes: DYDX_ROUTES,
    path: '/v4/perpetualMarkets',
    feed: 'perp-tickers',
    host: 'indexer.dydx.trade',
  });
});

const EDGEX_ROUTES: FixtureRoutes = {
  '/api/v1/public/quote/getTicker': own('edgex-ticker.json'),
  '/api/v1/public/quote/getDepth': (url) =>
    url.searchParams.get('contractId') === '10000001' && url.searchParams.get('level') === '15'
      ? own('edgex-depth-btc.json')
      : { status: 200, body: '{"code":"INVALID_CONTRACT_ID","msg":"invalid contractId","data":null}' },
  '/api/v1/public/quote/getKline': own('edgex-kline-btc.json'),
};

/** The recorded ticker list with ETH's missing current funding time filled in (4 h before the next). */
function scheduledTickers(): unknown {
  const body = JSON.parse(fixture('../../venues/dex/fixtures/edgex-ticker.json')) as {
    data: { contractName: string; fundingTime: string }[];
  };
  for (const row of body.data) if (row.fundingTime === '') row.fundingTime = '1763697600000';
  return body;
}

const edgexPush = JSON.parse(fixture('../../venues/dex/fixtures/edgex-ws-ticker-all.json')) as Frame;

/** edgeX's quote socket: `subscribed` for ticker.all.1s, then the every-second push of all contracts. */
const edgexScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { type?: string; channel?: string };
  if (request.type !== 'subscribe') return;
  ctx.reply({ type: 'subscribed', channel: request.channel ?? '', request: message });
  if (request.channel !== 'ticker.all.1s') return;
  ctx.reply(edgexPush);
  ctx.every(100, () => edgexPush);
};

describe('edgeX adapter', () => {
  it('reads every contract over REST, with the funding interval edgeX schedules, and says when one is unreadable', async () => {
    const r = await restRound('edgex', EDGEX_ROUTES);
    expect(r.keys).toEqual(['perp BTC/USDT', 'perp ETH/USDT']);
    expect(r.quote('perp BTC/USDT')).toMatchObject({
      last: 89_515,
      volume24h: 269_876_543.21,
      open24h: 90_420.1,
    });
    // BTC: 08:00 → 12:00 UTC is a 4 h period. ETH's current funding time is missing: no guess.
    expect(r.funding).toEqual([
      {
        t: NOW,
        type: 'funding',
        venue: 'edgex',
        base: 'BTC',
        quote: 'USDT',
        rate: 0.000_05,
        intervalHours: 4,
        nextFundingTime: 1_763_712_000_000,
        markPrice: 89_518.77,
      },
    ]);
    expect(r.venueLink?.feeds?.find((f) => f.feed === 'perp-tickers')).toMatchObject({
      status: 'degraded',
      lastError: '1 contracts without a readable funding schedule',
    });
  });

  it('polls getDepth snapshots of the most traded contracts, cut to ±2 % of the mid', async () => {
    const { events } = await startLive(['edgex'], {}, fixtureFetch(EDGEX_ROUTES), {
      settings: { ...FAST_SETTINGS, streams: false },
    });
    await waitFor(() => of(events, 'book').length > 0, 'a book');
    expect(of(events, 'book')[0]).toMatchObject({
      venue: 'edgex',
      base: 'BTC',
      quote: 'USDT',
      bids: [
        [89_514.9, 0.512],
        [89_500, 1.25],
      ],
      asks: [
        [89_515.1, 0.388],
        [89_530, 2],
      ],
    });
  });

  it('streams every contract with its best bid and ask from ticker.all.1s', async () => {
    ws = await serveWs(edgexScript);
    const { events, link } = await startLive(
      ['edgex'],
      { edgex: { wsUrl: ws.url } },
      fixtureFetch(EDGEX_ROUTES),
    );
    await waitFor(() => of(events, 'quote').some((q) => q.last === 89_522.5), 'a streamed quote');
    expect(of(events, 'quote').find((q) => q.last === 89_522.5)).toMatchObject({
      venue: 'edgex',
      market: 'perp',
      base: 'BTC',
      quote: 'USDT',
      bid: 89_522.4,
      ask: 89_522.6,
      volume24h: 269_900_000.5,
    });
    expect(of(events, 'funding').find((f) => f.base === 'BTC' && f.markPrice === 89_520.02)).toMatchObject({
      intervalHours: 4,
    });
    expect(ws.received[0]).toEqual({
      path: '/quote.edgex.exchange/api/v1/public/ws',
      message: '{"type":"subscribe","channel":"ticker.all.1s"}',
    });
    await waitFor(() => link('edgex')?.feeds?.[0]?.via === 'ws', 'the stream reported');
  });

  it('answers the server’s JSON ping with a pong carrying its time', async () => {
    ws = await serveWs(edgexScript);
    await startLive(['edgex'], { edgex: { wsUrl: ws.url } }, fixtureFetch(EDGEX_ROUTES));
    await waitFor(() => ws?.open() === 1, 'the socket open');
    ws.push({ type: 'ping', time: '1763700001234' });
    await waitFor(() => ws?.received.some((r) => r.message.includes('pong')) === true, 'a pong');
    expect(ws.received.find((r) => r.message.includes('pong'))?.message).toBe(
      '{"type":"pong","time":"1763700001234"}',
    );
  });

  it('serves candles on request, oldest first, and refuses what edgeX does not have', async () => {
    const { source } = await startLive(['edgex'], {}, fixtureFetch(EDGEX_ROUTES), { manual: true });
    const candles = await source.fetchCandles('edgex', {
      market: 'perp',
      base: 'BTC',
      quote: 'USDT',
      interval: '1m',
      limit: 3,
    });
    expect(candles).toEqual([
      { time: 1_763_699_820_000, open: 89_500, high: 89_530, low: 89_480, close: 89_515, volume: 3.5 },
      { time: 1_763_699_880_000, open: 89_501, high: 89_531, low: 89_481, close: 89_516, volume: 4.5 },
      { time: 1_763_699_940_000, open: 89_502, high: 89_532, low: 89_482, close: 89_517, volume: 5.5 },
    ]);
    await expect(
      source.fetchCandles('edgex', { market: 'perp', base: 'BTC', quote: 'USDT', interval: '2h' }),
    ).rejects.toThrow('edgex has no 2h candles');
  });

  it('reports edgeX refusing the request in its own words', async () => {
    const r = await restRound('edgex', {
      '/api/v1/public/quote/getTicker': {
        body: '{"code":"RATE_LIMIT","msg":"too many requests","data":null}',
      },
    });
    expect(r.venueLink?.lastError).toBe('perp-tickers: edgeX refused the request: too many requests');
  });

  restFailureCase({
    venue: 'edgex',
    // Every contract with a readable schedule, so that the healthy round reads connected.
    routes: {
      ...EDGEX_ROUTES,
      '/api/v1/public/quote/getTicker': { body: JSON.stringify(scheduledTickers()) },
    },
    path: '/api/v1/public/quote/getTicker',
    feed: 'perp-tickers',
    host: 'pro.edgex.exchange',
  });

  streamFailureCases({
    venue: 'edgex',
    routes: EDGEX_ROUTES,
    script: edgexScript,
    feed: 'perp-tickers',
    streamed: (q) => q.base === 'BTC' && q.last === 89_522.5,
    polled: (q) => q.base === 'BTC' && q.last === 89_515,
    malformed: [
      '{"type":"quote-event","channel":"ticker.all.1s","content":{"data":[{"contractName":"BTC',
      { type: 'quote-event', channel: 'ticker.all.1s', content: { dataType: 'changed', data: 'none' } },
      ['not', 'a', 'frame'],
    ],
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureRoutes, fixtureFetch } from '../../live/fixtures/fixture-http.ts';
import {
  type FixtureWsServer,
  type Frame,
  serveWs,
  type WsScript,
  waitFor,
} from '../../test-support/fixture-ws.ts';
import { startLive, stopAll } from '../../test-support/live-harness.ts';
import { FIXTURE_NOW, of, restRound, venueFixtures } from '../../test-support/venue-kit.ts';

/**
 * Markets listed after a stream opened join it: the market list is read again every MARKETS_REFRESH_MS
 * and the new markets are subscribed on the socket already open, without dropping it. Shown on Aster's
 * recorded formats, with a listing (HYPE/USDT spot) appearing in its exchangeInfo between two reads.
 */

const fx = venueFixtures('ccxt/fixtures/aster');
const REFRESH_MS = 60_000;

type Info = { symbols: Record<string, unknown>[] };
type Wrapped = { stream: string; data: Record<string, unknown> };

/** Aster's spot exchangeInfo, with HYPEUSDT listed once `listed()` says so. */
function spotInfo(listed: () => boolean) {
  const info = fx.load<Info>('spot-exchange-info.json');
  const btc = info.symbols.find((s) => s.symbol === 'BTCUSDT') as Record<string, unknown>;
  const hype = { ...btc, symbol: 'HYPEUSDT', baseAsset: 'HYPE' };
  return () => ({
    body: JSON.stringify(listed() ? { ...info, symbols: [...info.symbols, hype] } : info),
    contentType: 'application/json',
  });
}

function routes(listed: () => boolean): FixtureRoutes {
  const hypeTicker = {
    ...fx.load<Record<string, unknown>[]>('spot-ticker-24hr.json')[0],
    symbol: 'HYPEUSDT',
    lastPrice: '34.21000000',
    baseAsset: 'HYPE',
  };
  const spotTickers = fx.load<Record<string, unknown>[]>('spot-ticker-24hr.json');
  return {
    '/api/v3/exchangeInfo': spotInfo(listed),
    '/fapi/v3/exchangeInfo': fx.json('futures-exchange-info.json'),
    '/api/v3/ticker/24hr': () => ({
      body: JSON.stringify(listed() ? [...spotTickers, hypeTicker] : spotTickers),
      contentType: 'application/json',
    }),
    '/fapi/v3/ticker/24hr': fx.json('futures-ticker-24hr.json'),
    '/fapi/v3/premiumIndex': fx.json('premium-index.json'),
    '/fapi/v3/fundingInfo': fx.json('funding-info.json'),
  };
}

const spotFrames = fx.load<Wrapped[]>('ws-ticker-spot.json');
const perpFrames = fx.load<Wrapped[]>('ws-ticker-perp.json');
const hypeFrame: Wrapped = {
  stream: 'hypeusdt@ticker',
  data: { ...(spotFrames[0]?.data ?? {}), s: 'HYPEUSDT', c: '34.25000000', q: '5120044.10000000' },
};

const script: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { method?: string; params?: string[]; id?: number };
  if (request.method !== 'SUBSCRIBE') return;
  ctx.reply({ result: null, id: request.id ?? null });
  const recorded = ctx.path.includes('fstream') ? perpFrames : [...spotFrames, hypeFrame];
  for (const stream of request.params ?? []) {
    const frame = recorded.find((f) => f.stream === stream);
    if (!frame) continue;
    ctx.reply(frame as unknown as Frame);
    ctx.every(100, () => frame as unknown as Frame);
  }
};

let ws: FixtureWsServer | null = null;
afterEach(async () => {
  await stopAll();
  await ws?.close();
  ws = null;
});

describe('market list refresh', () => {
  it('subscribes a newly listed market on the open socket, without reconnecting', async () => {
    let listed = false;
    let now = FIXTURE_NOW;
    ws = await serveWs(script);
    const { events, link } = await startLive(
      ['aster'],
      { aster: { wsUrl: ws.url } },
      fixtureFetch(routes(() => listed)),
      {
        clock: () => now,
        // Time is moved by hand here; a silence check on the moved clock would restart the streams.
        settings: { marketsRefreshMs: REFRESH_MS, silenceMs: 24 * 3_600_000, bookMarkets: 0 },
      },
    );
    await waitFor(
      () => of(events, 'quote').some((q) => q.market === 'spot' && q.base === 'BTC'),
      'spot quotes',
    );
    const connections = ws.connections();
    const open = ws.open();

    listed = true;
    // Not yet due: nothing is read again.
    now += REFRESH_MS / 2;
    const server = ws;
    const subscribedHype = () =>
      server.received.some(
        (r) => r.path === '/sstream.asterdex.com/stream' && r.message.includes('hypeusdt@ticker'),
      );
    await waitFor(() => of(events, 'quote').filter((q) => q.base === 'BTC').length > 10, 'more quotes');
    expect(subscribedHype()).toBe(false);

    now += REFRESH_MS;
    await waitFor(subscribedHype, 'a subscription for the new market');
    await waitFor(
      () => of(events, 'quote').some((q) => q.market === 'spot' && q.base === 'HYPE'),
      'its quotes',
    );
    expect(of(events, 'quote').find((q) => q.base === 'HYPE')).toMatchObject({ market: 'spot', last: 34.25 });
    // The same sockets carried it: none was opened or closed for the new market.
    expect(ws.connections()).toBe(connections);
    expect(ws.open()).toBe(open);
    // Only the new market was subscribed; the ones already streaming were not asked for again.
    const spotSubscriptions = ws.received
      .filter((r) => r.path === '/sstream.asterdex.com/stream')
      .map((r) => (JSON.parse(r.message) as { params: string[] }).params);
    expect(spotSubscriptions).toEqual([['btcusdt@ticker', 'asterusdt@ticker'], ['hypeusdt@ticker']]);
    expect(link('aster')?.feeds?.[0]).toMatchObject({ feed: 'spot-tickers', via: 'ws', restarts: 0 });
  });

  it('adds newly listed markets to polled feeds at the next round after the refresh is due', async () => {
    let listed = false;
    let now = FIXTURE_NOW;
    const r = await restRound(
      'aster',
      routes(() => listed),
      {
        clock: () => now,
        settings: { marketsRefreshMs: REFRESH_MS },
      },
    );
    expect(r.keys).not.toContain('spot HYPE/USDT');
    listed = true;
    now += REFRESH_MS + 1;
    await r.again();
    expect(r.quote('spot HYPE/USDT')).toMatchObject({ last: 34.21 });
  });

  it('tells a market that appears or vanishes between two reads as a token update (listed, delisted)', async () => {
    let listed = false;
    let now = FIXTURE_NOW;
    const r = await restRound(
      'aster',
      routes(() => listed),
      { clock: () => now, settings: { marketsRefreshMs: REFRESH_MS } },
    );
    // The first read is the starting point, not news.
    expect(of(r.events, 'token_update')).toEqual([]);
    listed = true;
    now += REFRESH_MS + 1;
    await r.again();
    expect(of(r.events, 'token_update')).toEqual([
      {
        t: now,
        type: 'token_update',
        venue: 'aster',
        market: 'spot',
        base: 'HYPE',
        quote: 'USDT',
        update: 'listed',
      },
    ]);
    listed = false;
    now += REFRESH_MS + 1;
    await r.again();
    expect(of(r.events, 'token_update').map((e) => [e.update, e.base, e.t])).toEqual([
      ['listed', 'HYPE', now - REFRESH_MS - 1],
      ['delisted', 'HYPE', now],
    ]);
  });

  it('keeps the known markets when a refresh fails', async () => {
    let fail = false;
    let now = FIXTURE_NOW;
    const base = routes(() => false);
    const r = await restRound(
      'aster',
      {
        ...base,
        '/api/v3/exchangeInfo': (url, body) =>
          fail
            ? { status: 503, body: 'Service Unavailable', contentType: 'text/plain' }
            : (base['/api/v3/exchangeInfo'] as (u: URL, b: string) => { body: string })(url, body),
      },
      { clock: () => now, settings: { marketsRefreshMs: REFRESH_MS } },
    );
    fail = true;
    now += REFRESH_MS + 1;
    const before = r.events.length;
    await r.again();
    expect(of(r.events.slice(before), 'quote').map((q) => `${q.market} ${q.base}`)).toContain('spot BTC');
    expect(r.venueLink?.feeds?.find((f) => f.feed === 'spot-tickers')?.status).toBe('connected');
  });
});

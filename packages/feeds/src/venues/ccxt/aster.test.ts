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
import { restFailureCase, streamFailureCases } from '../../test-support/venue-failures.ts';
import { FIXTURE_NOW as NOW, of, restRound, venueFixtures } from '../../test-support/venue-kit.ts';

/**
 * Aster through its real wire formats: spot on sapi.asterdex.com (`/api/v3`), perpetuals on
 * fapi.asterdex.com (`/fapi/v3`), both streaming Binance-style combined frames (`{ stream, data }`) from
 * sstream/fstream.asterdex.com.
 */

const fx = venueFixtures('ccxt/fixtures/aster');
type Wrapped = { stream: string; data: Record<string, unknown> };

const ASTER_ROUTES: FixtureRoutes = {
  '/api/v3/exchangeInfo': fx.json('spot-exchange-info.json'),
  '/fapi/v3/exchangeInfo': fx.json('futures-exchange-info.json'),
  '/api/v3/ticker/24hr': fx.json('spot-ticker-24hr.json'),
  '/fapi/v3/ticker/24hr': fx.json('futures-ticker-24hr.json'),
  '/fapi/v3/premiumIndex': fx.json('premium-index.json'),
  '/fapi/v3/fundingInfo': fx.json('funding-info.json'),
};

const frames = {
  spot: [...fx.load<Wrapped[]>('ws-ticker-spot.json'), ...fx.load<Wrapped[]>('ws-depth-spot.json')],
  perp: [...fx.load<Wrapped[]>('ws-ticker-perp.json'), ...fx.load<Wrapped[]>('ws-depth-perp.json')],
};

/** Answers SUBSCRIBE like Aster (`{ result: null, id }`) and keeps each subscribed stream alive. */
const asterScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { method?: string; params?: string[]; id?: number };
  if (request.method !== 'SUBSCRIBE') return;
  ctx.reply({ result: null, id: request.id ?? null });
  const recorded = ctx.path.includes('fstream.asterdex.com') ? frames.perp : frames.spot;
  for (const stream of request.params ?? []) {
    const frame = recorded.find((f) => f.stream === stream);
    if (!frame) continue;
    ctx.reply(frame as unknown as Frame);
    ctx.every(100, () => ({ ...frame, data: { ...frame.data, E: Date.now() } }) as unknown as Frame);
  }
};

describe('Aster on recorded REST answers', () => {
  afterEach(stopAll);

  it('reads spot and perpetual tickers, and funding with the interval Aster lists (8 h otherwise)', async () => {
    const r = await restRound('aster', ASTER_ROUTES);
    // ETHUSDT spot is halted (BREAK); a perpetual listed without its base asset is skipped.
    expect(r.keys).toEqual([
      'perp ASTER/USDT',
      'perp BTC/USDT',
      'perp ETH/USDT',
      'spot ASTER/USDT',
      'spot BTC/USDT',
    ]);
    expect(r.quote('spot BTC/USDT')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'aster',
      market: 'spot',
      base: 'BTC',
      quote: 'USDT',
      last: 89_498.59,
      bid: 89_497.12,
      ask: 89_499.8,
      volume24h: 13_649_165.82,
      open24h: 90_388,
    });
    // The perpetuals' 24 h ticker carries no best bid or ask; none is made up.
    expect(r.quote('perp BTC/USDT')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'aster',
      market: 'perp',
      base: 'BTC',
      quote: 'USDT',
      last: 89_462.7,
      volume24h: 2_676_341_120.55,
      open24h: 90_365,
    });
    expect(r.funding.map((f) => [f.base, f.rate, f.intervalHours, f.nextFundingTime, f.markPrice])).toEqual([
      ['BTC', 0.000_05, 8, 1_763_712_000_000, 89_465.12],
      ['ETH', -0.000_021_5, 8, 1_763_712_000_000, 3011.2],
      ['ASTER', 0.000_125, 1, 1_763_701_200_000, 1.2251],
    ]);
    expect(r.wallets).toEqual([]);
    expect(r.venueLink?.capabilities?.wallets).toEqual({
      via: 'none',
      note: 'Aster publishes no deposit/withdraw status (its asset list names assets only)',
    });
    expect(r.venueLink).toMatchObject({ status: 'connected', lastError: null });
  });

  it('files spot tickers under spot even when a row lacks the asset fields ccxt tells spot from perpetual by', async () => {
    // ccxt 4.5.84 takes an Aster 24 h row without `baseAsset` for the perpetual of the same id; the endpoint
    // it was read from (the spot API) decides.
    const rows = fx.load<Record<string, unknown>[]>('spot-ticker-24hr.json');
    const binanceShaped = rows.map(({ baseAsset: _b, quoteAsset: _q, ...rest }) => rest);
    const r = await restRound('aster', {
      ...ASTER_ROUTES,
      '/api/v3/ticker/24hr': { body: JSON.stringify(binanceShaped), contentType: 'application/json' },
    });
    expect(r.quote('spot BTC/USDT')).toMatchObject({ last: 89_498.59, bid: 89_497.12, ask: 89_499.8 });
    expect(r.quote('perp BTC/USDT')?.last).toBe(89_462.7);
    expect(r.venueLink?.feeds?.find((f) => f.feed === 'spot-tickers')?.status).toBe('connected');
  });

  restFailureCase({
    venue: 'aster',
    routes: ASTER_ROUTES,
    path: '/api/v3/ticker/24hr',
    feed: 'spot-tickers',
    host: 'sapi.asterdex.com',
  });
});

describe('Aster streams', () => {
  let ws: FixtureWsServer | null = null;
  afterEach(async () => {
    await stopAll();
    await ws?.close();
    ws = null;
  });

  it('streams spot and perpetual tickers and ±2 % books from both hosts', async () => {
    ws = await serveWs(asterScript);
    const { events, link } = await startLive(
      ['aster'],
      { aster: { wsUrl: ws.url } },
      fixtureFetch(ASTER_ROUTES),
    );
    await waitFor(
      () =>
        of(events, 'quote').some((q) => q.market === 'spot' && q.last === 89_508) &&
        of(events, 'quote').some((q) => q.market === 'perp' && q.last === 89_469.5),
      'streamed spot and perp quotes',
    );
    expect(of(events, 'quote').find((q) => q.market === 'spot' && q.last === 89_508)).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      volume24h: 13_649_443.3,
      open24h: 90_388,
    });
    // Books go to the most traded market of each type that the first tickers showed (BTC or ASTER spot,
    // BTC perpetual); Aster's spot depth frames name their sides `bids`/`asks`.
    await waitFor(
      () =>
        of(events, 'book').some((b) => b.market === 'spot') &&
        of(events, 'book').some((b) => b.market === 'perp'),
      'books of both types',
    );
    const spotBook = of(events, 'book').find((b) => b.market === 'spot');
    // Levels beyond ±2 % of the mid (87,600 and 91,400; 1.19 and 1.26) are cut.
    const expectedSpot: Record<string, unknown> = {
      BTC: {
        bids: [
          [89_506.1, 0.21],
          [89_490, 1.05],
        ],
        asks: [
          [89_509.9, 0.04],
          [89_530, 0.8],
        ],
      },
      ASTER: {
        bids: [
          [1.2261, 4810],
          [1.224, 12_000],
        ],
        asks: [
          [1.2265, 930],
          [1.229, 15_500],
        ],
      },
    };
    expect(spotBook).toMatchObject({
      venue: 'aster',
      quote: 'USDT',
      ...(expectedSpot[spotBook?.base ?? ''] as object),
    });
    expect(of(events, 'book').find((b) => b.market === 'perp')).toMatchObject({
      base: 'BTC',
      bids: [
        [89_469.4, 1.204],
        [89_469, 0.35],
        [89_401.2, 4],
      ],
      asks: [
        [89_469.5, 0.882],
        [89_470.3, 2.115],
        [89_600, 3.3],
      ],
    });
    // The venue reads `connected` once its price feeds deliver; funding may still be on its first request,
    // so wait for what is asserted: every feed connected.
    const feedsConnected = () =>
      (link('aster')?.feeds ?? []).length === 4 &&
      link('aster')?.feeds?.every((f) => f.status === 'connected');
    await waitFor(() => feedsConnected() === true, 'every aster feed connected');
    expect(link('aster')?.status).toBe('connected');
    expect(link('aster')?.feeds?.map((f) => [f.feed, f.via, f.status])).toEqual([
      ['spot-tickers', 'ws', 'connected'],
      ['perp-tickers', 'ws', 'connected'],
      ['books', 'ws', 'connected'],
      ['funding', 'rest', 'connected'],
    ]);
    expect(ws.received.some((r) => r.path === '/sstream.asterdex.com/stream')).toBe(true);
    expect(ws.received.some((r) => r.path === '/fstream.asterdex.com/stream')).toBe(true);
  });

  streamFailureCases({
    venue: 'aster',
    routes: ASTER_ROUTES,
    script: asterScript,
    feed: 'spot-tickers',
    streamed: (q) => q.market === 'spot' && q.last === 89_508,
    polled: (q) => q.market === 'spot' && q.last === 89_498.59,
    pathPart: 'sstream.asterdex.com',
    malformed: [
      '{"stream":"btcusdt@ticker","data":{"e":"24hrTicker","s":"BTC',
      { stream: 'btcusdt@ticker', data: { e: '24hrTicker', E: 1, s: 'BTCUSDT', c: 'n/a', q: {} } },
      ['not', 'a', 'frame'],
    ],
  });
});

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
import {
  failing,
  FIXTURE_NOW as NOW,
  nextWait,
  of,
  RATE_LIMITED,
  restRound,
  SERVER_ERROR,
  venueFixtures,
} from '../../test-support/venue-kit.ts';

/**
 * Gate (ccxt `gate`, our `gateio`) through its real v4 wire formats: REST on api.gateio.ws (`/api/v4/spot/…`,
 * `/api/v4/futures/{settle}/…`, `/api/v4/margin/currency_pairs`), spot tickers streaming from
 * api.gateio.ws/ws/v4/ (`spot.tickers`, one object per push) and USDT perpetuals from
 * fx-ws.gateio.ws/v4/ws/usdt (`futures.tickers`, a list per push).
 */

const fx = venueFixtures('ccxt/fixtures/gate');

const GATE_ROUTES: FixtureRoutes = {
  '/api/v4/spot/currencies': fx.json('currencies.json'),
  '/api/v4/spot/currency_pairs': fx.json('currency-pairs.json'),
  '/api/v4/margin/currency_pairs': fx.json('margin-currency-pairs.json'),
  '/api/v4/futures/usdt/contracts': fx.json('contracts-usdt.json'),
  '/api/v4/futures/btc/contracts': fx.json('contracts-btc.json'),
  '/api/v4/spot/tickers': fx.json('spot-tickers.json'),
  '/api/v4/futures/usdt/tickers': fx.json('futures-tickers-usdt.json'),
};

type Push = { channel: string; result: Record<string, unknown> | Record<string, unknown>[] };
const pushes = [...fx.load<Push[]>('ws-spot-tickers.json'), ...fx.load<Push[]>('ws-futures-tickers.json')];
const pairOf = (p: Push) => {
  const row = Array.isArray(p.result) ? p.result[0] : p.result;
  return String(row?.currency_pair ?? row?.contract ?? '');
};

/** Gate's socket: `*.ping` → `*.pong`; a subscribe acknowledged with `status: success`, then its pushes. */
const gateScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as {
    time?: number;
    id?: number;
    channel?: string;
    event?: string;
    payload?: string[];
  };
  const channel = request.channel ?? '';
  if (channel.endsWith('.ping')) {
    ctx.reply({
      time: request.time ?? 0,
      channel: channel.replace('.ping', '.pong'),
      event: '',
      result: null,
    });
    return;
  }
  if (request.event !== 'subscribe') return;
  ctx.reply({
    time: request.time ?? 0,
    id: request.id ?? null,
    channel,
    event: 'subscribe',
    result: { status: 'success' },
  });
  for (const pair of request.payload ?? []) {
    const push = pushes.find((p) => p.channel === channel && pairOf(p) === pair);
    if (!push) continue;
    ctx.reply(push as unknown as Frame);
    ctx.every(100, () => ({ ...push, time_ms: Date.now() }) as unknown as Frame);
  }
};

describe('Gate on recorded REST answers', () => {
  afterEach(stopAll);

  it('reads USDT spot and perpetuals, funding with Gate’s funding_interval, wallets per chain', async () => {
    const r = await restRound('gateio', GATE_ROUTES);
    // ETH/BTC is not a quote we track; the untradable pair is skipped.
    expect(r.keys).toEqual(['perp BTC/USDT', 'perp ETH/USDT', 'spot BTC/USDT', 'spot ETH/USDT']);
    expect(r.quote('spot BTC/USDT')).toMatchObject({
      t: NOW,
      venue: 'gateio',
      last: 89_501.2,
      bid: 89_501.2,
      ask: 89_501.3,
      volume24h: 458_765_432.1234,
    });
    // Gate publishes the 24 h change, not the open: ccxt derives it (last / (1 + change)).
    expect(r.quote('spot BTC/USDT')?.open24h).toBeCloseTo(89_501.2 / (1 - 0.0101), 2);
    expect(r.quote('perp BTC/USDT')).toMatchObject({ last: 89_468.1, bid: 89_468.1, ask: 89_468.2 });
    // `volume_24h` counts contracts (98,765,432); `volume_24h_quote` is the USDT turnover.
    expect(r.quote('perp BTC/USDT')?.volume24h).toBe(883_456_789.12);
    expect(r.funding.map((f) => [f.base, f.rate, f.intervalHours, f.nextFundingTime, f.markPrice])).toEqual([
      ['BTC', 0.0001, 8, 1_763_712_000_000, 89_470.3],
      ['ETH', -0.000_031, 4, 1_763_712_000_000, 2944.2],
    ]);
    // Gate's currency list (read raw by the wallet feed) has each chain's switches under Gate's own chain
    // names, but no fees or confirmations.
    expect(r.wallets.map((w) => [w.asset, w.network, w.deposit, w.withdraw])).toEqual([
      ['BTC', 'BTC', true, true],
      ['USDT', 'ETH', true, true],
      ['USDT', 'TRX', true, false],
      ['ETH', 'ETH', true, true],
    ]);
    expect(r.venueLink).toMatchObject({ status: 'connected', lastError: null });
  });

  restFailureCase({
    venue: 'gateio',
    routes: GATE_ROUTES,
    path: '/api/v4/futures/usdt/tickers',
    feed: 'perp-tickers',
    host: 'api.gateio.ws',
  });
  it('reports 429 and 5xx on the raw wallet feed in plain words, keeps prices flowing, then recovers', async () => {
    const route = failing(GATE_ROUTES, '/api/v4/spot/currencies');
    const round = await restRound('gateio', route.routes);
    const feed = (name: string) => round.venueLink?.feeds?.find((f) => f.feed === name);
    expect(feed('wallets')?.status).toBe('connected');
    const interval = nextWait(round, 'gateio', 'wallets');
    route.set(RATE_LIMITED);
    await round.again();
    expect(feed('wallets')).toMatchObject({
      status: 'down',
      lastError: 'HTTP 429 (rate limited) from api.gateio.ws',
    });
    expect(nextWait(round, 'gateio', 'wallets')).toBeGreaterThanOrEqual(interval);
    expect(feed('spot-tickers')?.status).toBe('connected');
    route.set(SERVER_ERROR);
    await round.again();
    expect(feed('wallets')).toMatchObject({
      status: 'down',
      lastError: 'HTTP 503 (venue server error) from api.gateio.ws',
    });
    route.set(null);
    await round.again();
    expect(feed('wallets')).toMatchObject({ status: 'connected', lastError: null });
  });
});

describe('Gate streams', () => {
  let ws: FixtureWsServer | null = null;
  afterEach(async () => {
    await stopAll();
    await ws?.close();
    ws = null;
  });

  it('streams spot tickers from spot.tickers and perpetuals from futures.tickers', async () => {
    ws = await serveWs(gateScript);
    const { events } = await startLive(['gateio'], { gateio: { wsUrl: ws.url } }, fixtureFetch(GATE_ROUTES));
    await waitFor(
      () =>
        of(events, 'quote').some((q) => q.market === 'spot' && q.last === 89_510.5) &&
        of(events, 'quote').some((q) => q.market === 'perp' && q.last === 89_477.4),
      'streamed spot and perp quotes',
    );
    expect(of(events, 'quote').find((q) => q.market === 'spot' && q.last === 89_510.5)).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      bid: 89_510.5,
      ask: 89_510.6,
      volume24h: 458_800_000.5,
    });
    expect(of(events, 'quote').find((q) => q.market === 'perp' && q.last === 89_477.4)).toMatchObject({
      base: 'BTC',
      volume24h: 883_460_000.5,
    });
    expect(ws.received.some((r) => r.path === '/api.gateio.ws/ws/v4/')).toBe(true);
    expect(ws.received.some((r) => r.path === '/fx-ws.gateio.ws/v4/ws/usdt')).toBe(true);
  });

  streamFailureCases({
    venue: 'gateio',
    routes: GATE_ROUTES,
    script: gateScript,
    feed: 'spot-tickers',
    streamed: (q) => q.market === 'spot' && q.last === 89_510.5,
    polled: (q) => q.market === 'spot' && q.last === 89_501.2,
    pathPart: 'api.gateio.ws',
    malformed: [
      '{"time":1,"channel":"spot.tickers","event":"update","result":{"currency_pair":"BTC',
      {
        time: 1,
        channel: 'spot.tickers',
        event: 'update',
        result: { currency_pair: 'BTC_USDT', last: 'n/a' },
      },
      ['not', 'a', 'frame'],
    ],
  });
});

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
 * MEXC through its real wire formats: spot on api.mexc.com (`/api/v3/exchangeInfo`, `/api/v3/ticker/24hr`),
 * perpetuals on contract.mexc.com (`/api/v1/contract/detail`, `/ticker`, `/funding_rate/{symbol}` with its
 * `collectCycle` in hours) and the perpetual ticker stream from contract.mexc.com/edge (`sub.tickers` →
 * `push.tickers`, every contract in one push). ccxt 4.5.84 streams no MEXC spot tickers: spot is polled.
 */

const fx = venueFixtures('ccxt/fixtures/mexc');

const MEXC_ROUTES: FixtureRoutes = {
  '/api/v3/exchangeInfo': fx.json('exchange-info.json'),
  '/api/v1/contract/detail': fx.json('contract-detail.json'),
  '/api/v3/ticker/24hr': fx.json('ticker-24hr.json'),
  '/api/v1/contract/ticker': fx.json('contract-ticker.json'),
  '/api/v1/contract/funding_rate/BTC_USDT': fx.json('funding-rate-btc.json'),
  '/api/v1/contract/funding_rate/ETH_USDT': fx.json('funding-rate-eth.json'),
};

const push = fx.load<{ channel: string; data: Record<string, unknown>[]; ts: number }>(
  'ws-push-tickers.json',
);

/** MEXC's contract socket: `ping` → `pong`; `sub.tickers` acknowledged, then every contract pushed. */
const mexcScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { method?: string };
  if (request.method === 'ping') {
    ctx.reply({ channel: 'pong', data: Date.now() });
    return;
  }
  if (request.method !== 'sub.tickers') return;
  ctx.reply({ channel: 'rs.sub.tickers', data: 'success', ts: Date.now() });
  ctx.reply(push as unknown as Frame);
  ctx.every(100, () => ({ ...push, ts: Date.now() }) as unknown as Frame);
};

describe('MEXC on recorded REST answers', () => {
  afterEach(stopAll);

  it('reads spot (USDT and USDC) and perpetuals, and funding with its collect cycle', async () => {
    const r = await restRound('mexc', MEXC_ROUTES);
    // The halted spot pair (status 2) and the delisted contract (state 4) are left out.
    expect(r.keys).toEqual([
      'perp BTC/USDT',
      'perp ETH/USDT',
      'spot BTC/USDC',
      'spot BTC/USDT',
      'spot ETH/USDT',
    ]);
    expect(r.quote('spot BTC/USDT')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'mexc',
      market: 'spot',
      base: 'BTC',
      quote: 'USDT',
      last: 89_502.37,
      bid: 89_502.36,
      ask: 89_502.37,
      volume24h: 412_345_678.91,
      open24h: 90_411.2,
    });
    // The contract ticker gives the 24 h change, not the open: ccxt derives it (last − change).
    expect(r.quote('perp BTC/USDT')).toMatchObject({
      last: 89_471.2,
      bid: 89_471.1,
      ask: 89_471.2,
      volume24h: 11_045_678_901.23,
      open24h: 90_383.5,
    });
    expect(r.funding.map((f) => [f.base, f.rate, f.intervalHours, f.nextFundingTime])).toEqual([
      ['BTC', 0.0001, 8, 1_763_712_000_000],
      ['ETH', -0.000_02, 4, 1_763_712_000_000],
    ]);
    // Deposit/withdraw status needs a key on MEXC; none is configured here.
    expect(r.venueLink?.capabilities?.wallets).toMatchObject({
      via: 'none',
      needsKey: { configured: false },
    });
    expect(r.venueLink).toMatchObject({ status: 'connected', lastError: null });
  });

  restFailureCase({
    venue: 'mexc',
    routes: MEXC_ROUTES,
    path: '/api/v3/ticker/24hr',
    feed: 'spot-tickers',
    host: 'api.mexc.com',
  });
});

describe('MEXC perpetual stream', () => {
  let ws: FixtureWsServer | null = null;
  afterEach(async () => {
    await stopAll();
    await ws?.close();
    ws = null;
  });

  it('streams every perpetual from one push.tickers subscription', async () => {
    ws = await serveWs(mexcScript);
    const { events } = await startLive(['mexc'], { mexc: { wsUrl: ws.url } }, fixtureFetch(MEXC_ROUTES));
    await waitFor(
      () => of(events, 'quote').some((q) => q.market === 'perp' && q.base === 'ETH' && q.last === 2944.9),
      'streamed perp quotes',
    );
    expect(of(events, 'quote').find((q) => q.market === 'perp' && q.last === 89_480.9)).toMatchObject({
      venue: 'mexc',
      base: 'BTC',
      quote: 'USDT',
      volume24h: 11_046_000_000.5,
    });
    const subscribes = ws.received.filter((r) => r.message.includes('sub.tickers'));
    expect(subscribes.map((r) => r.path)).toEqual(['/contract.mexc.com/edge']);
  });

  streamFailureCases({
    venue: 'mexc',
    routes: MEXC_ROUTES,
    script: mexcScript,
    feed: 'perp-tickers',
    streamed: (q) => q.market === 'perp' && q.last === 89_480.9,
    polled: (q) => q.market === 'perp' && q.last === 89_471.2,
    malformed: [
      '{"channel":"push.tickers","data":[{"symbol":"BTC_USDT","lastPrice":8948',
      { channel: 'push.tickers', data: 'not a list', ts: 1 },
      ['not', 'a', 'frame'],
    ],
  });
});

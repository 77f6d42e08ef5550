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
 * Lighter through its real wire formats: REST on mainnet.zklighter.elliot.ai (`/api/v1/orderBookDetails`
 * with every perpetual's 24 h figures, `/api/v1/assetDetails`, `/api/v1/funding-rates` listing other venues'
 * rates too) and every perpetual's stats streaming from its `/stream` socket (`market_stats/all`).
 */

const fx = venueFixtures('ccxt/fixtures/lighter');

const LIGHTER_ROUTES: FixtureRoutes = {
  '/api/v1/assetDetails': fx.json('asset-details.json'),
  '/api/v1/orderBookDetails': fx.json('order-book-details.json'),
  '/api/v1/funding-rates': fx.json('funding-rates.json'),
};

const stats = fx.load<Record<string, unknown>>('ws-market-stats-all.json');

/** Lighter's socket: `connected` on open is not needed by ccxt; each subscribe answered with the stats. */
const lighterScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { type?: string; channel?: string };
  if (request.type === 'ping') {
    ctx.reply({ type: 'pong' });
    return;
  }
  if (request.type !== 'subscribe' || request.channel !== 'market_stats/all') return;
  ctx.reply({
    channel: 'market_stats:all',
    type: 'subscribed/market_stats',
    market_stats: stats.market_stats,
  });
  ctx.every(100, () => stats as Frame);
};

describe('Lighter on recorded REST answers', () => {
  afterEach(stopAll);

  it('reads USDC perpetuals (spot and inactive markets left out) and hourly funding of Lighter only', async () => {
    const r = await restRound('lighter', LIGHTER_ROUTES);
    expect(r.keys).toEqual(['perp BTC/USDC', 'perp ETH/USDC']);
    expect(r.quote('perp BTC/USDC')).toMatchObject({
      t: NOW,
      venue: 'lighter',
      last: 89_468.7,
      volume24h: 2_794_561_234.5,
    });
    // The funding list carries other venues' rates as well: only Lighter's are Lighter's. Its API gives no
    // interval; Lighter's docs settle funding every hour.
    expect(r.funding.map((f) => [f.base, f.rate, f.intervalHours])).toEqual([
      ['ETH', -0.000_012_5, 1],
      ['BTC', 0.000_009_6, 1],
    ]);
    expect(r.venueLink).toMatchObject({ status: 'connected', lastError: null });
  });

  restFailureCase({
    venue: 'lighter',
    routes: LIGHTER_ROUTES,
    path: '/api/v1/orderBookDetails',
    feed: 'perp-tickers',
    host: 'mainnet.zklighter.elliot.ai',
  });
});

describe('Lighter stream', () => {
  let ws: FixtureWsServer | null = null;
  afterEach(async () => {
    await stopAll();
    await ws?.close();
    ws = null;
  });

  it('streams every perpetual from market_stats/all', async () => {
    ws = await serveWs(lighterScript);
    const { events } = await startLive(
      ['lighter'],
      { lighter: { wsUrl: ws.url } },
      fixtureFetch(LIGHTER_ROUTES),
    );
    await waitFor(
      () =>
        of(events, 'quote').some((q) => q.base === 'BTC' && q.last === 89_473.4) &&
        of(events, 'quote').some((q) => q.base === 'ETH' && q.last === 2945.23),
      'streamed quotes',
    );
    expect(of(events, 'quote').find((q) => q.last === 89_473.4)).toMatchObject({
      venue: 'lighter',
      market: 'perp',
      quote: 'USDC',
      volume24h: 2_795_000_000.25,
    });
    expect(ws.received.some((r) => r.path === '/mainnet.zklighter.elliot.ai/stream')).toBe(true);
  });

  streamFailureCases({
    venue: 'lighter',
    routes: LIGHTER_ROUTES,
    script: lighterScript,
    feed: 'perp-tickers',
    streamed: (q) => q.base === 'BTC' && q.last === 89_473.4,
    polled: (q) => q.base === 'BTC' && q.last === 89_468.7,
    malformed: [
      '{"channel":"market_stats:all","market_stats":{"1":{"market_id":1,"last_trade_price":"8947',
      { channel: 'market_stats:all', market_stats: 'none', type: 'update/market_stats' },
      ['not', 'a', 'frame'],
    ],
  });
});

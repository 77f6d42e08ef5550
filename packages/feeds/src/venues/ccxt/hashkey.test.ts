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
import { by, FIXTURE_NOW as NOW, of, restRound, venueFixtures } from '../../test-support/venue-kit.ts';

/**
 * HashKey Global through its real wire formats: one exchange info on api-glb.hashkey.com (`symbols`,
 * `contracts` and `coins` with every chain's switches and fee), one 24 h ticker list for spot and perpetuals
 * (`/quote/v1/ticker/24hr`, short keys), and order books streaming from stream-glb.hashkey.com/quote/ws/v1
 * (`{ symbol, topic: "depth", event: "sub" }` → full `depth` snapshots). ccxt 4.5.84 has no multi-market
 * HashKey ticker stream, so tickers are polled.
 */

const fx = venueFixtures('ccxt/fixtures/hashkey');

const HASHKEY_ROUTES: FixtureRoutes = {
  '/api/v1/exchangeInfo': fx.json('exchange-info.json'),
  '/quote/v1/ticker/24hr': fx.json('ticker-24hr.json'),
  '/quote/v1/depth': by('symbol', {
    BTCUSDT: fx.json('depth-btcusdt.json'),
    'BTCUSDT-PERPETUAL': fx.json('depth-btcusdt-perpetual.json'),
  }),
};

type Depth = { symbol: string; data: { t: number }[] };
const depths = fx.load<Depth[]>('ws-depth.json');

/** HashKey's public socket: each `sub` of a depth topic answered with that book's snapshots, every 100 ms. */
const hashkeyScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { symbol?: string; topic?: string; event?: string };
  if (request.event !== 'sub' || request.topic !== 'depth') return;
  const frame = depths.find((d) => d.symbol === request.symbol);
  if (!frame) return;
  ctx.reply(frame as unknown as Frame);
  ctx.every(100, () => ({ ...frame, sendTime: Date.now() }) as unknown as Frame);
};

describe('HashKey on recorded REST answers', () => {
  afterEach(stopAll);

  it('reads USDT spot and perpetuals from one ticker list, and wallets per chain with fees', async () => {
    const r = await restRound('hashkey', HASHKEY_ROUTES);
    // BTC/USD is not a quote we track.
    expect(r.keys).toEqual(['perp BTC/USDT', 'perp ETH/USDT', 'spot BTC/USDT', 'spot ETH/USDT']);
    expect(r.quote('spot BTC/USDT')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'hashkey',
      market: 'spot',
      base: 'BTC',
      quote: 'USDT',
      last: 89_503.1,
      bid: 89_503,
      ask: 89_503.2,
      volume24h: 27_965_432.11,
      open24h: 90_402.5,
    });
    expect(r.quote('perp BTC/USDT')).toMatchObject({ last: 89_476.3, bid: 89_476.2, ask: 89_476.4 });
    // Futures `v` counts contracts (1,523,456 × 0.001 BTC); `qv` is the USDT turnover.
    expect(r.quote('perp BTC/USDT')?.volume24h).toBe(136_312_345.6);
    expect(r.wallets.map((w) => [w.asset, w.network, w.deposit, w.withdraw, w.withdrawFee])).toEqual([
      ['BTC', 'Bitcoin', true, true, 0.0001],
      ['USDT', 'ETH', true, true, 5],
      ['USDT', 'Tron', true, false, 1],
    ]);
    // HashKey publishes funding rates without their interval: none is guessed.
    expect(r.funding).toEqual([]);
    expect(r.venueLink?.capabilities?.funding).toEqual({
      via: 'none',
      note: 'HashKey publishes funding rates without their interval',
    });
    expect(r.venueLink).toMatchObject({ status: 'connected', lastError: null });
  });

  restFailureCase({
    venue: 'hashkey',
    routes: HASHKEY_ROUTES,
    path: '/quote/v1/ticker/24hr',
    feed: 'spot-tickers',
    host: 'api-glb.hashkey.com',
  });
});

describe('HashKey book stream', () => {
  let ws: FixtureWsServer | null = null;
  afterEach(async () => {
    await stopAll();
    await ws?.close();
    ws = null;
  });

  it('streams ±2 % books of the most traded spot and perpetual markets', async () => {
    ws = await serveWs(hashkeyScript);
    const { events } = await startLive(
      ['hashkey'],
      { hashkey: { wsUrl: ws.url } },
      fixtureFetch(HASHKEY_ROUTES),
    );
    await waitFor(
      () =>
        of(events, 'book').some((b) => b.market === 'spot') &&
        of(events, 'book').some((b) => b.market === 'perp'),
      'books of both types',
    );
    // 86,000 and 93,000 lie beyond ±2 % of the mid and are cut.
    expect(of(events, 'book').find((b) => b.market === 'spot')).toMatchObject({
      venue: 'hashkey',
      base: 'BTC',
      quote: 'USDT',
      bids: [
        [89_506.5, 0.210_34],
        [89_490, 1.05],
      ],
      asks: [
        [89_508.1, 0.045_12],
        [89_530, 0.8],
      ],
    });
    expect(of(events, 'book').find((b) => b.market === 'perp')).toMatchObject({ base: 'BTC', quote: 'USDT' });
    expect(ws.received.every((r) => r.path === '/stream-glb.hashkey.com/quote/ws/v1')).toBe(true);
  });

  streamFailureCases({
    venue: 'hashkey',
    routes: HASHKEY_ROUTES,
    script: hashkeyScript,
    feed: 'books',
    streamed: (b) => b.market === 'spot' && b.bids[0]?.[0] === 89_506.5,
    polled: (b) => b.market === 'spot' && b.bids[0]?.[0] === 89_503,
    malformed: [
      '{"symbol":"BTCUSDT","topic":"depth","data":[{"b":[["89',
      { symbol: 'BTCUSDT', topic: 'depth', data: 'none' },
      ['not', 'a', 'frame'],
    ],
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureResponse, type FixtureRoutes, fixtureFetch } from '../../live/fixtures/fixture-http.ts';
import {
  type FixtureWsServer,
  type Frame,
  serveWs,
  type WsScript,
  waitFor,
} from '../../test-support/fixture-ws.ts';
import { FAST_SETTINGS, startLive, stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase, streamFailureCases } from '../../test-support/venue-failures.ts';
import { byBody, FIXTURE_NOW as NOW, of, restRound, venueFixtures } from '../../test-support/venue-kit.ts';

/**
 * Hyperliquid through its real wire formats: every REST question is a POST to api.hyperliquid.xyz/info
 * naming its `type` (metaAndAssetCtxs for perpetuals, spotMetaAndAssetCtxs for spot, l2Book for a book),
 * and books stream from wss://api.hyperliquid.xyz/ws (`{ method: "subscribe", subscription }` answered by a
 * subscriptionResponse, then `l2Book` pushes).
 */

const fx = venueFixtures('ccxt/fixtures/hyperliquid');
const info = (answers: Record<string, FixtureResponse>) => byBody('type', answers);

const HYPERLIQUID_ROUTES: FixtureRoutes = {
  '/info': info({
    spotMeta: fx.json('spot-meta.json'),
    metaAndAssetCtxs: fx.json('meta-and-asset-ctxs.json'),
    spotMetaAndAssetCtxs: fx.json('spot-meta-and-asset-ctxs.json'),
    l2Book: fx.json('l2-book-btc.json'),
  }),
};

const wsBook = fx.load<{ channel: string; data: Record<string, unknown> }>('ws-l2-book-btc.json');

/** Hyperliquid's socket: ping → pong; each subscription acknowledged; BTC's book pushed every 100 ms. */
const hyperliquidScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { method?: string; subscription?: { type?: string; coin?: string } };
  if (request.method === 'ping') {
    ctx.reply({ channel: 'pong' });
    return;
  }
  if (request.method !== 'subscribe' || !request.subscription) return;
  ctx.reply({ channel: 'subscriptionResponse', data: request as Record<string, unknown> });
  if (request.subscription.type === 'l2Book' && request.subscription.coin === 'BTC') {
    ctx.reply(wsBook as unknown as Frame);
    ctx.every(100, () => ({ ...wsBook, data: { ...wsBook.data, time: Date.now() } }) as unknown as Frame);
  }
};

describe('Hyperliquid on recorded REST answers', () => {
  afterEach(stopAll);

  it('reads perpetual and spot contexts as quotes, and hourly funding with the mark price', async () => {
    const r = await restRound('hyperliquid', HYPERLIQUID_ROUTES);
    // The delisted perpetual has no mid and no impact prices: nothing to quote.
    expect(r.keys).toEqual(['perp BTC/USDC', 'perp ETH/USDC', 'spot HFUN/USDC', 'spot PURR/USDC']);
    // Bid and ask are Hyperliquid's impact prices; the last price is the mid (it publishes no last trade).
    // Its previous-day price is not taken for the 24 h open.
    expect(r.quote('perp BTC/USDC')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'hyperliquid',
      market: 'perp',
      base: 'BTC',
      quote: 'USDC',
      last: 89_480.5,
      bid: 89_479,
      ask: 89_482,
      volume24h: 3_456_789_012.3456,
    });
    // A spot pair named by index (`@1`) gets its base from the token list.
    expect(r.quote('spot HFUN/USDC')).toMatchObject({ last: 21.8805, volume24h: 45_678.9 });
    expect(r.funding.map((f) => [f.base, f.rate, f.intervalHours, f.markPrice])).toEqual([
      ['BTC', 0.000_012_5, 1, 89_481],
      ['ETH', -0.000_003_1, 1, 2944.3],
    ]);
    expect(r.venueLink?.capabilities?.wallets?.via).toBe('none');
    expect(r.venueLink).toMatchObject({ status: 'connected', lastError: null });
  });

  restFailureCase({
    venue: 'hyperliquid',
    routes: HYPERLIQUID_ROUTES,
    path: '/info',
    feed: 'perp-tickers',
    host: 'api.hyperliquid.xyz',
    // Its polls floor at 2.5 s (rate limit): a back-off ceiling above that lets the wait double.
    options: {
      settings: { ...FAST_SETTINGS, backoff: { baseMs: 40, maxMs: 60_000, jitter: 0.5 } },
    },
  });
});

describe('Hyperliquid book stream', () => {
  let ws: FixtureWsServer | null = null;
  afterEach(async () => {
    await stopAll();
    await ws?.close();
    ws = null;
  });

  it('streams the most traded perpetual’s ±2 % book from l2Book pushes', async () => {
    ws = await serveWs(hyperliquidScript);
    const { events } = await startLive(
      ['hyperliquid'],
      { hyperliquid: { wsUrl: ws.url } },
      fixtureFetch(HYPERLIQUID_ROUTES),
    );
    await waitFor(() => of(events, 'book').some((b) => b.market === 'perp'), 'a streamed perp book');
    // 86,000 is more than 2 % below the mid and is cut.
    expect(of(events, 'book').find((b) => b.market === 'perp')).toMatchObject({
      venue: 'hyperliquid',
      base: 'BTC',
      quote: 'USDC',
      bids: [
        [89_490, 1.1],
        [89_489, 0.75],
      ],
      asks: [
        [89_491, 0.9],
        [89_492, 2.2],
      ],
    });
    expect(
      ws.received.some((r) => r.path === '/api.hyperliquid.xyz/ws' && r.message.includes('"l2Book"')),
    ).toBe(true);
  });

  streamFailureCases({
    venue: 'hyperliquid',
    routes: HYPERLIQUID_ROUTES,
    script: hyperliquidScript,
    feed: 'books',
    streamed: (b) => b.market === 'perp' && b.bids[0]?.[0] === 89_490,
    polled: (b) => b.market === 'perp' && b.bids[0]?.[0] === 89_480,
    malformed: [
      '{"channel":"l2Book","data":{"coin":"BTC","levels":[[{"px":"89',
      { channel: 'l2Book', data: { coin: 'BTC', time: 1, levels: 'none' } },
      ['not', 'a', 'frame'],
    ],
  });
});

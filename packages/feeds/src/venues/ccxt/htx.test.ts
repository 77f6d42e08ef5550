import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureRoutes, fixtureFetch } from '../../live/fixtures/fixture-http.ts';
import {
  type FixtureWsServer,
  type ServeOptions,
  serveWs,
  type WsScript,
  waitFor,
} from '../../test-support/fixture-ws.ts';
import { startLive, stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase, streamFailureCases } from '../../test-support/venue-failures.ts';
import { by, FIXTURE_NOW as NOW, of, restRound, venueFixtures } from '../../test-support/venue-kit.ts';

/**
 * HTX (ccxt `htx`, our `huobi`) through its real wire formats: spot on api.huobi.pro (`/v1/common/symbols`,
 * `/market/tickers`, `/v2/reference/currencies` with every chain's switches, confirmations and fee), USDT-
 * margined swaps on api.hbdm.vn (`swap_contract_info`, `batch_merged` tickers, v5 `market/funding_rate`).
 */

const fx = venueFixtures('ccxt/fixtures/htx');

const HTX_ROUTES: FixtureRoutes = {
  '/v2/reference/currencies': fx.json('currencies.json'),
  '/v1/common/symbols': fx.json('spot-symbols.json'),
  '/linear-swap-api/v1/swap_contract_info': fx.json('linear-contract-info.json'),
  '/market/tickers': fx.json('market-tickers.json'),
  '/linear-swap-ex/market/detail/batch_merged': fx.json('linear-batch-merged.json'),
  '/linear-swap-ex/market/depth': by('contract_code', { 'BTC-USDT': fx.json('linear-depth-btc.json') }),
  '/market/depth': by('symbol', { btcusdt: fx.json('spot-depth-btc.json') }),
  '/v5/market/funding_rate': by('contract_code', {
    'BTC-USDT': fx.json('funding-btc.json'),
    'ETH-USDT': fx.json('funding-eth.json'),
  }),
};

describe('HTX on recorded REST answers', () => {
  afterEach(stopAll);

  it('reads USDT spot and swaps (no futures, offline or HT pairs), funding per contract, wallets per chain', async () => {
    const r = await restRound('huobi', HTX_ROUTES);
    expect(r.keys).toEqual(['perp BTC/USDT', 'perp ETH/USDT', 'spot BTC/USDT', 'spot ETH/USDT']);
    expect(r.quote('spot BTC/USDT')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'huobi',
      market: 'spot',
      base: 'BTC',
      quote: 'USDT',
      last: 89_499.99,
      bid: 89_499.98,
      ask: 89_500,
      volume24h: 389_765_432.123,
      open24h: 90_412.35,
    });
    expect(r.quote('perp BTC/USDT')).toMatchObject({
      last: 89_470.1,
      bid: 89_470,
      ask: 89_470.1,
      open24h: 90_380.5,
      // batch_merged: `vol` counts contracts (61,234,567), `trade_turnover` is the USDT turnover.
      volume24h: 4_598_765_432.1,
    });
    // The interval is the distance between HTX's current and next funding times: 8 h for BTC, 4 h for ETH.
    expect(r.funding.map((f) => [f.base, f.rate, f.intervalHours, f.nextFundingTime])).toEqual([
      ['BTC', 0.0001, 8, 1_763_712_000_000],
      ['ETH', -0.000_025, 4, 1_763_712_000_000],
    ]);
    expect(
      r.wallets.map((w) => [w.asset, w.network, w.deposit, w.withdraw, w.confirmations, w.withdrawFee]),
    ).toEqual([
      ['BTC', 'BTC', true, true, 2, 0.0004],
      ['USDT', 'TRX', true, false, 20, 1],
      ['USDT', 'ETH', true, true, 64, 3.5],
      ['ETH', 'ETH', true, true, 64, 0.0012],
    ]);
    expect(r.venueLink).toMatchObject({ status: 'connected', lastError: null });
  });

  restFailureCase({
    venue: 'huobi',
    routes: HTX_ROUTES,
    path: '/market/tickers',
    feed: 'spot-tickers',
    host: 'api.huobi.pro',
  });
  restFailureCase({
    venue: 'huobi',
    routes: HTX_ROUTES,
    path: '/linear-swap-ex/market/detail/batch_merged',
    feed: 'perp-tickers',
    host: 'api.hbdm.vn',
  });
});

/**
 * HTX's USDT-swap socket (api.hbdm.vn/linear-swap-ws): every frame gzipped; `sub` of an incremental depth
 * channel acknowledged, then a `snapshot` and `update`s whose versions follow on; `{ ping }` from the
 * server is answered with `{ pong }`.
 */
const htxScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { sub?: string; id?: string; pong?: number };
  if (request.sub === undefined) return;
  ctx.reply({ id: request.id ?? null, status: 'ok', subbed: request.sub, ts: Date.now() });
  if (request.sub !== 'market.BTC-USDT.depth.size_150.high_freq') return;
  let version = 1_000;
  const frame = (event: 'snapshot' | 'update') => ({
    ch: request.sub,
    tick: {
      asks: [
        [89_470.4, 812],
        [89_475, 300],
        [93_000, 50],
      ],
      bids: [
        [89_470.3, 1530],
        [89_466, 420],
        [86_000, 70],
      ],
      ch: request.sub,
      event,
      id: 1_763_700_001,
      mrid: 98_765_432_200 + version,
      ts: Date.now(),
      version: version++,
    },
    ts: Date.now(),
  });
  ctx.reply(frame('snapshot'));
  // Each update re-states the same levels with the next version: the book stays as it was.
  ctx.every(100, () => frame('update'));
};
const gzipped: ServeOptions = { encodeText: (text) => gzipSync(Buffer.from(text)) };

describe('HTX book stream', () => {
  let ws: FixtureWsServer | null = null;
  afterEach(async () => {
    await stopAll();
    await ws?.close();
    ws = null;
  });

  it('streams the USDT swap book from gzipped incremental depth frames', async () => {
    ws = await serveWs(htxScript, gzipped);
    const { events } = await startLive(['huobi'], { huobi: { wsUrl: ws.url } }, fixtureFetch(HTX_ROUTES));
    await waitFor(() => of(events, 'book').some((b) => b.market === 'perp'), 'a streamed perp book');
    // 86,000 and 93,000 lie beyond ±2 % of the mid and are cut.
    expect(of(events, 'book').find((b) => b.market === 'perp')).toMatchObject({
      venue: 'huobi',
      base: 'BTC',
      quote: 'USDT',
      bids: [
        [89_470.3, 1530],
        [89_466, 420],
      ],
      asks: [
        [89_470.4, 812],
        [89_475, 300],
      ],
    });
    expect(ws.received.some((r) => r.path === '/api.hbdm.vn/linear-swap-ws')).toBe(true);
  });

  streamFailureCases({
    venue: 'huobi',
    routes: HTX_ROUTES,
    script: htxScript,
    serve: gzipped,
    feed: 'books',
    pathPart: 'linear-swap-ws',
    streamed: (b) => b.market === 'perp' && b.bids[0]?.[0] === 89_470.3,
    polled: (b) => b.market === 'perp' && b.bids[0]?.[0] === 89_465,
    malformed: [
      '{"ch":"market.BTC-USDT.depth.size_150.high_freq","tick":{"asks":[[894',
      { ch: 'market.BTC-USDT.depth.size_150.high_freq', tick: 'none', ts: 1 },
      ['not', 'a', 'frame'],
    ],
  });
});

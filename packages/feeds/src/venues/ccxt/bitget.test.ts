import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureRoutes, fixtureFetch, json } from '../../live/fixtures/fixture-http.ts';
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
 * Bitget through its v2 wire formats: spot and mix (perpetual) REST on api.bitget.com, one request per
 * contract family (productType), and the public socket at ws.bitget.com/v2/ws/public with `ticker` and
 * incremental `books` channels (CRC32 checksums over the top 25 levels).
 */

const fx = venueFixtures('ccxt/fixtures/bitget');
const empty = fx.json('contracts-empty.json');

const BITGET_ROUTES: FixtureRoutes = {
  '/api/v2/spot/public/coins': fx.json('coins.json'),
  '/api/v2/spot/public/symbols': fx.json('spot-symbols.json'),
  '/api/v2/margin/currencies': fx.json('margin-currencies.json'),
  '/api/v2/mix/market/contracts': by('productType', {
    'USDT-FUTURES': fx.json('contracts-usdt-futures.json'),
    'USDC-FUTURES': fx.json('contracts-usdc-futures.json'),
    'COIN-FUTURES': fx.json('contracts-coin-futures.json'),
    'SUSDT-FUTURES': empty,
    'SUSDC-FUTURES': empty,
    'SCOIN-FUTURES': empty,
  }),
  '/api/v2/spot/market/tickers': fx.json('spot-tickers.json'),
  '/api/v2/mix/market/tickers': by('productType', {
    'USDT-FUTURES': fx.json('mix-tickers-usdt-futures.json'),
    'USDC-FUTURES': fx.json('mix-tickers-usdc-futures.json'),
  }),
  '/api/v2/mix/market/current-fund-rate': by('productType', {
    'USDT-FUTURES': fx.json('current-fund-rate-usdt-futures.json'),
    'USDC-FUTURES': fx.json('current-fund-rate-usdc-futures.json'),
  }),
  '/api/v2/spot/market/vip-fee-rate': json('../../fees/bitget/fixtures/spot-vip-fee-rate.json'),
  '/api/v2/mix/market/vip-fee-rate': json('../../fees/bitget/fixtures/mix-vip-fee-rate.json'),
};

type Arg = { instType: string; channel: string; instId: string };
type Push = { action: string; arg: Arg };
const tickers = fx.load<Push[]>('ws-ticker.json');
const books = fx.load<Push[]>('ws-books.json');
const sameArg = (a: Arg, b: Arg) =>
  a.instType === b.instType && a.channel === b.channel && a.instId === b.instId;

/** Bitget's public socket: `ping` → `pong`, each subscribed arg acknowledged, then its pushes. */
const bitgetScript: WsScript = (message, ctx) => {
  if (message === 'ping') {
    ctx.reply('pong');
    return;
  }
  const request = JSON.parse(message) as { op?: string; args?: Arg[] };
  if (request.op === 'unsubscribe') {
    for (const arg of request.args ?? []) ctx.reply({ event: 'unsubscribe', arg });
    return;
  }
  if (request.op !== 'subscribe') return;
  for (const arg of request.args ?? []) {
    ctx.reply({ event: 'subscribe', arg });
    const pushes = [...tickers, ...books].filter((p) => sameArg(p.arg, arg));
    for (const push of pushes) ctx.reply(push as unknown as Frame);
    // Keep the channel alive: the latest push again (an update re-applied leaves the book, and its
    // checksum, as it was).
    const last = pushes.at(-1);
    if (last) ctx.every(100, () => last as unknown as Frame);
  }
};

describe('Bitget on recorded REST answers', () => {
  afterEach(stopAll);

  it('reads spot and both perpetual families, funding with its interval, and wallets per chain', async () => {
    const r = await restRound('bitget', BITGET_ROUTES);
    // ETH/BTC is not quoted in USDT/USDC; LUNC/USDT is offline; the coin-margined BTCUSD is inverse.
    expect(r.keys).toEqual([
      'perp BTC/USDC',
      'perp BTC/USDT',
      'perp ETH/USDT',
      'spot BTC/USDC',
      'spot BTC/USDT',
      'spot ETH/USDT',
    ]);
    expect(r.quote('spot BTC/USDT')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'bitget',
      market: 'spot',
      base: 'BTC',
      quote: 'USDT',
      last: 89_502.47,
      bid: 89_502.46,
      ask: 89_502.47,
      volume24h: 1_187_346_201.5733,
      open24h: 90_402.11,
    });
    expect(r.quote('perp BTC/USDT')).toMatchObject({
      last: 89_478.3,
      bid: 89_478.3,
      ask: 89_478.4,
      volume24h: 9_071_283_519.2231,
      open24h: 90_374,
    });
    expect(r.quote('perp BTC/USDC')).toMatchObject({ last: 89_480.1, bid: 89_479.9, ask: 89_480.2 });
    expect(r.funding.map((f) => [f.base, f.quote, f.rate, f.intervalHours, f.nextFundingTime])).toEqual([
      ['BTC', 'USDT', 0.000_061, 8, 1_763_712_000_000],
      ['ETH', 'USDT', -0.000_025, 4, 1_763_712_000_000],
      ['BTC', 'USDC', 0.000_05, 8, 1_763_712_000_000],
    ]);
    expect(
      r.wallets.map((w) => [w.asset, w.network, w.deposit, w.withdraw, w.confirmations, w.withdrawFee]),
    ).toEqual([
      ['BTC', 'BTC', true, true, 1, 0.000_05],
      ['BTC', 'BEP20', false, true, 15, 0.000_007_8],
      ['USDT', 'ERC20', true, true, 12, 1.5],
      ['USDT', 'TRC20', true, false, 1, 1],
    ]);
    expect(r.venueLink).toMatchObject({ status: 'connected', lastError: null });
  });

  it('is degraded, not down, when one perpetual family fails', async () => {
    const r = await restRound('bitget', {
      ...BITGET_ROUTES,
      '/api/v2/mix/market/tickers': by('productType', {
        'USDT-FUTURES': fx.json('mix-tickers-usdt-futures.json'),
        'USDC-FUTURES': { status: 503, body: 'upstream unavailable', contentType: 'text/plain' },
      }),
    });
    expect(r.keys).toContain('perp BTC/USDT');
    expect(r.keys).not.toContain('perp BTC/USDC');
    expect(r.venueLink?.feeds?.find((f) => f.feed === 'perp-tickers')).toMatchObject({
      status: 'degraded',
      lastError: 'part of the markets failed: HTTP 503 (venue server error) from api.bitget.com',
    });
  });

  restFailureCase({
    venue: 'bitget',
    routes: BITGET_ROUTES,
    path: '/api/v2/spot/market/tickers',
    feed: 'spot-tickers',
    host: 'api.bitget.com',
  });
});

describe('Bitget streams', () => {
  let ws: FixtureWsServer | null = null;
  afterEach(async () => {
    await stopAll();
    await ws?.close();
    ws = null;
  });

  it('streams tickers per contract family and checksummed books cut to ±2 %', async () => {
    ws = await serveWs(bitgetScript);
    const { events, link } = await startLive(
      ['bitget'],
      { bitget: { wsUrl: ws.url } },
      fixtureFetch(BITGET_ROUTES),
    );
    await waitFor(
      () =>
        of(events, 'quote').some((q) => q.market === 'spot' && q.last === 89_510.02) &&
        of(events, 'quote').some((q) => q.market === 'perp' && q.quote === 'USDC' && q.last === 89_486.3),
      'streamed spot and USDC perpetual quotes',
    );
    expect(of(events, 'quote').find((q) => q.market === 'perp' && q.last === 89_484.9)).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      bid: 89_484.8,
      ask: 89_484.9,
      volume24h: 9_071_989_930.1,
    });
    // USDT- and USDC-margined perpetuals are different instTypes: never in one subscribe message.
    const subscribed = ws.received
      .filter((r) => r.message !== 'ping')
      .map((r) => (JSON.parse(r.message) as { args: Arg[] }).args);
    expect(subscribed.every((args) => new Set(args.map((a) => a.instType)).size === 1)).toBe(true);
    expect(subscribed.flat().some((a) => a.instType === 'USDC-FUTURES' && a.instId === 'BTCPERP')).toBe(true);

    // The books after the recorded update: 89,509.50 removed, 89,510.00 added, 89,511.00 resized.
    await waitFor(
      () =>
        of(events, 'book').some((b) => b.market === 'spot' && b.asks[1]?.[1] === 2) &&
        of(events, 'book').some((b) => b.market === 'perp' && b.asks[1]?.[1] === 3.1),
      'spot and perp books with their updates applied',
    );
    expect(of(events, 'book').findLast((b) => b.market === 'spot')).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      bids: [
        [89_510.01, 0.9312],
        [89_510, 0.4],
        [89_400, 2.1],
      ],
      asks: [
        [89_510.02, 0.0411],
        [89_511, 2],
        [89_650, 0.8],
      ],
    });
    expect(of(events, 'book').findLast((b) => b.market === 'perp')).toMatchObject({
      bids: [
        [89_484.8, 3.0411],
        [89_484, 1.2],
        [89_300, 6.5],
      ],
      asks: [
        [89_484.9, 0.6632],
        [89_486.5, 3.1],
        [89_700, 4],
      ],
    });
    await waitFor(() => link('bitget')?.status === 'connected', 'bitget connected');
    expect(link('bitget')?.feeds?.find((f) => f.feed === 'books')).toMatchObject({ via: 'ws', restarts: 0 });
    expect(ws.received.every((r) => r.path === '/ws.bitget.com/v2/ws/public')).toBe(true);
  });

  it('never publishes a book that fails its checksum, and rebuilds it from a fresh subscription', async () => {
    let corrupted = false;
    ws = await serveWs((message, ctx) => {
      const request = message === 'ping' ? null : (JSON.parse(message) as { op?: string; args?: Arg[] });
      const book = request?.args?.find((a) => a.channel === 'books' && a.instType === 'SPOT');
      if (book && !corrupted) {
        corrupted = true;
        ctx.reply({ event: 'subscribe', arg: book });
        const [snapshot, update] = books.filter((p) => sameArg(p.arg, book)) as unknown as Record<
          string,
          unknown
        >[];
        ctx.reply(snapshot as Frame);
        // An update whose checksum is of a book this copy does not hold (a message was missed): the
        // 89,511 ask resized to 7.77 while the venue's book says otherwise.
        const data = (update?.data as Record<string, unknown>[] | undefined)?.[0];
        ctx.reply({ ...update, data: [{ ...data, asks: [['89511.00', '7.7700']] }] });
        return;
      }
      bitgetScript(message, ctx);
    });
    const { events, link } = await startLive(
      ['bitget'],
      { bitget: { wsUrl: ws.url } },
      fixtureFetch(BITGET_ROUTES),
    );
    await waitFor(() => corrupted, 'the corrupted update sent');
    await waitFor(
      () => of(events, 'book').some((b) => b.market === 'spot' && b.asks[1]?.[1] === 2),
      'the spot book rebuilt with the update applied',
    );
    // The book that failed its checksum was never published; the channel was left and joined again.
    expect(of(events, 'book').some((b) => b.asks.some(([, size]) => size === 7.77))).toBe(false);
    const spotBooks = ws.received.filter((r) => r.message.includes('"books"') && r.message.includes('SPOT'));
    expect(spotBooks.map((r) => (JSON.parse(r.message) as { op: string }).op).slice(0, 3)).toEqual([
      'subscribe',
      'unsubscribe',
      'subscribe',
    ]);
    expect(link('bitget')?.feeds?.find((f) => f.feed === 'books')?.status).toBe('connected');
  });

  streamFailureCases({
    venue: 'bitget',
    routes: BITGET_ROUTES,
    script: bitgetScript,
    feed: 'spot-tickers',
    streamed: (q) => q.market === 'spot' && q.last === 89_510.02,
    polled: (q) => q.market === 'spot' && q.last === 89_502.47,
    malformed: [
      '{"action":"snapshot","arg":{"instType":"SPOT","channel":"ticker","instId":"BTCUSDT"},"data":[{"instId":"BTC',
      {
        action: 'snapshot',
        arg: { instType: 'SPOT', channel: 'ticker', instId: 'BTCUSDT' },
        data: 'garbled',
      },
      {
        action: 'snapshot',
        arg: { instType: 'SPOT', channel: 'ticker', instId: 'BTCUSDT' },
        data: [{ lastPr: 'x' }],
      },
    ],
  });
});

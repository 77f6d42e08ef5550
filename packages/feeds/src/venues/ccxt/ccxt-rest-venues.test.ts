import { afterEach, describe, expect, it } from 'vitest';
import type { FixtureRoutes } from '../../live/fixtures/fixture-http.ts';
import type { WsScript } from '../../test-support/fixture-ws.ts';
import { stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase, streamFailureCases } from '../../test-support/venue-failures.ts';
import { by, FIXTURE_NOW as NOW, restRound as poll, venueFixtures } from '../../test-support/venue-kit.ts';

/**
 * The ccxt venues beyond Binance, each proven on its own recorded REST answers (market lists, tickers,
 * funding, currencies in the venue's wire format): one polling round in, normalized events out.
 */

const own = (venue: string, name: string) => venueFixtures(`ccxt/fixtures/${venue}`).json(name);

afterEach(stopAll);

const BYBIT_ROUTES: FixtureRoutes = {
  '/v5/market/instruments-info': (url) =>
    url.searchParams.get('category') === 'spot'
      ? own('bybit', 'instruments-spot.json')
      : url.searchParams.get('status') === 'PreLaunch'
        ? own('bybit', 'instruments-linear-prelaunch.json')
        : own('bybit', 'instruments-linear.json'),
  '/v5/market/tickers': by('category', {
    spot: own('bybit', 'tickers-spot.json'),
    linear: own('bybit', 'tickers-linear.json'),
  }),
};

const OKX_ROUTES: FixtureRoutes = {
  '/api/v5/public/instruments': by('instType', {
    SPOT: own('okx', 'instruments-spot.json'),
    SWAP: own('okx', 'instruments-swap.json'),
  }),
  '/api/v5/market/tickers': by('instType', {
    SPOT: own('okx', 'tickers-spot.json'),
    SWAP: own('okx', 'tickers-swap.json'),
  }),
};

const COINONE_ROUTES: FixtureRoutes = {
  '/public/v2/currencies': own('coinone', 'currencies.json'),
  '/public/v2/ticker_new/KRW': own('coinone', 'ticker-new-krw.json'),
};

const BACKPACK_ROUTES: FixtureRoutes = {
  '/api/v1/assets': own('backpack', 'assets.json'),
  '/api/v1/markets': own('backpack', 'markets.json'),
  '/api/v1/tickers': own('backpack', 'tickers.json'),
  '/api/v1/markPrices': by('symbol', {
    BTC_USDC_PERP: own('backpack', 'mark-prices-btc.json'),
    ETH_USDC_PERP: own('backpack', 'mark-prices-eth.json'),
  }),
};

describe('ccxt venues on recorded REST answers', () => {
  it('Bybit: spot and linear tickers, funding with each market’s own interval', async () => {
    const r = await poll('bybit', BYBIT_ROUTES);
    expect(r.keys).toEqual(['perp BTC/USDT', 'perp ETH/USDT', 'spot BTC/USDT']);
    expect(r.quote('spot BTC/USDT')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'bybit',
      market: 'spot',
      base: 'BTC',
      quote: 'USDT',
      last: 89_510.2,
      bid: 89_510.1,
      ask: 89_510.2,
      volume24h: 912_345_678.9123,
      open24h: 90_400,
    });
    expect(r.quote('perp BTC/USDT')).toMatchObject({ last: 89_480.5, bid: 89_480.4, ask: 89_480.5 });
    // Linear: `volume24h` is base (90,754.321 BTC), `turnover24h` the USDT turnover.
    expect(r.quote('perp BTC/USDT')?.volume24h).toBe(8_123_456_789.1234);
    expect(r.funding.map((f) => [f.base, f.rate, f.intervalHours, f.nextFundingTime])).toEqual([
      ['BTC', 0.0001, 8, 1_763_712_000_000],
      ['ETH', -0.000_02, 4, 1_763_704_800_000],
    ]);
    expect(r.venueLink).toMatchObject({ status: 'connected', lastError: null });
  });

  it('OKX: USDT/USDC spot and linear swaps; euro pairs and inverse swaps left out', async () => {
    const r = await poll('okx', OKX_ROUTES);
    expect(r.keys).toEqual(['perp BTC/USDT', 'spot BTC/USDT', 'spot ETH/USDC']);
    expect(r.quote('spot BTC/USDT')).toMatchObject({
      last: 89_505.3,
      bid: 89_505.2,
      ask: 89_505.3,
      volume24h: 732_456_789.12,
      open24h: 90_410.1,
    });
    expect(r.quote('perp BTC/USDT')).toMatchObject({ last: 89_475.1, bid: 89_475, ask: 89_475.1 });
    // OKX counts swap volume in contracts (vol24h 12,345,678 × 0.01 BTC) and in base (volCcy24h 123,456.78
    // BTC): the quote turnover is the base amount × last, not the contract count × last (100× too much).
    expect(r.quote('perp BTC/USDT')?.volume24h).toBeCloseTo(123_456.78 * 89_475.1, 2);
  });

  it('Coinone: KRW tickers with the best bid and ask, and one wallet per asset', async () => {
    const r = await poll('coinone', COINONE_ROUTES);
    expect(r.keys).toEqual(['spot BTC/KRW', 'spot USDT/KRW']);
    expect(r.quote('spot BTC/KRW')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'coinone',
      market: 'spot',
      base: 'BTC',
      quote: 'KRW',
      last: 131_830_000,
      bid: 131_820_000,
      ask: 131_830_000,
      volume24h: 45_123_456_789,
      open24h: 132_400_000,
    });
    // KRW is fiat: no wallet. USDT deposits are open, withdrawals suspended.
    expect(r.wallets).toEqual([
      {
        t: NOW,
        type: 'wallet',
        venue: 'coinone',
        asset: 'BTC',
        network: 'BTC',
        deposit: true,
        withdraw: true,
        confirmations: 2,
        withdrawFee: 0.0015,
        withdrawMin: 0.0001,
      },
      {
        t: NOW,
        type: 'wallet',
        venue: 'coinone',
        asset: 'USDT',
        network: 'USDT',
        deposit: true,
        withdraw: false,
        confirmations: 20,
        withdrawFee: 1,
        withdrawMin: 10,
      },
    ]);
  });

  it('Backpack: USDC spot and perpetuals, funding with each market’s own interval', async () => {
    const r = await poll('backpack', BACKPACK_ROUTES);
    expect(r.keys).toEqual(['perp BTC/USDC', 'perp ETH/USDC', 'spot BTC/USDC']);
    expect(r.quote('spot BTC/USDC')).toMatchObject({
      last: 89_512.4,
      volume24h: 41_234_567.89,
      open24h: 90_420.5,
    });
    expect(r.quote('perp BTC/USDC')).toMatchObject({ last: 89_490, volume24h: 212_345_678.9 });
    // Each perpetual's interval is the one Backpack's market list gives it (1 h for BTC, 8 h for ETH).
    expect(r.funding.map((f) => [f.base, f.rate, f.intervalHours, f.nextFundingTime, f.markPrice])).toEqual([
      ['BTC', 0.000_012_5, 1, 1_763_701_200_000, 89_492.35],
      ['ETH', -0.000_04, 8, 1_763_712_000_000, 2944.72],
    ]);
  });
});

describe('ccxt venues: HTTP 429 and 5xx', () => {
  describe('Bybit', () => {
    restFailureCase({
      venue: 'bybit',
      routes: BYBIT_ROUTES,
      path: '/v5/market/tickers',
      feed: 'spot-tickers',
      host: 'api.bybit.com',
    });
  });
  describe('OKX', () => {
    restFailureCase({
      venue: 'okx',
      routes: OKX_ROUTES,
      path: '/api/v5/market/tickers',
      feed: 'perp-tickers',
      host: 'www.okx.com',
    });
  });
  describe('Coinone', () => {
    restFailureCase({
      venue: 'coinone',
      routes: COINONE_ROUTES,
      path: '/public/v2/ticker_new/KRW',
      feed: 'spot-tickers',
      host: 'api.coinone.co.kr',
    });
  });
  describe('Backpack', () => {
    restFailureCase({
      venue: 'backpack',
      routes: BACKPACK_ROUTES,
      path: '/api/v1/tickers',
      feed: 'perp-tickers',
      host: 'api.backpack.exchange',
    });
  });
});

/** OKX's public socket: `ping` → `pong`; each subscribed arg acknowledged, then its ticker pushes. */
const okxSpotPush = (last: string) => ({
  arg: { channel: 'tickers', instId: 'BTC-USDT' },
  data: [
    {
      instType: 'SPOT',
      instId: 'BTC-USDT',
      last,
      lastSz: '0.002',
      askPx: '89512.8',
      askSz: '1.1',
      bidPx: '89512.7',
      bidSz: '0.9',
      open24h: '90410.1',
      high24h: '91250',
      low24h: '88760',
      volCcy24h: '732470000.5',
      vol24h: '8123.61',
      ts: String(Date.now()),
      sodUtc0: '89800',
      sodUtc8: '90100',
    },
  ],
});
const okxScript: WsScript = (message, ctx) => {
  if (message === 'ping') {
    ctx.reply('pong');
    return;
  }
  const request = JSON.parse(message) as { op?: string; args?: { channel: string; instId: string }[] };
  if (request.op !== 'subscribe') return;
  for (const arg of request.args ?? []) {
    ctx.reply({ event: 'subscribe', arg, connId: 'a4d3ae55' });
    if (arg.channel === 'tickers' && arg.instId === 'BTC-USDT') {
      ctx.reply(okxSpotPush('89512.7'));
      ctx.every(100, () => okxSpotPush('89512.7'));
    }
  }
};

describe('OKX stream failures', () => {
  streamFailureCases({
    venue: 'okx',
    routes: OKX_ROUTES,
    script: okxScript,
    feed: 'spot-tickers',
    streamed: (q) => q.market === 'spot' && q.base === 'BTC' && q.last === 89_512.7,
    polled: (q) => q.market === 'spot' && q.base === 'BTC' && q.last === 89_505.3,
    malformed: [
      '{"arg":{"channel":"tickers","instId":"BTC-USDT"},"data":[{"instId":"BTC-US',
      { arg: { channel: 'tickers', instId: 'BTC-USDT' }, data: 'none' },
      ['not', 'a', 'frame'],
    ],
  });
});

/** Coinone's socket: one SUBSCRIBE per market (`TICKER`, its topic), answered with `DATA` pushes. */
const coinonePush = (last: string) => ({
  response_type: 'DATA',
  channel: 'TICKER',
  data: {
    quote_currency: 'KRW',
    target_currency: 'BTC',
    timestamp: Date.now(),
    quote_volume: '45130000000.5',
    target_volume: '342.1',
    high: '133148300',
    low: '130511700',
    first: '132400000',
    last,
    volume_power: '100',
    ask_best_price: '131890000',
    ask_best_qty: '0.1961',
    bid_best_price: '131880000',
    bid_best_qty: '0.0125',
    id: '1763700001000001',
    yesterday_high: '134000000',
    yesterday_low: '131000000',
    yesterday_first: '133000000',
    yesterday_last: '132400000',
    yesterday_quote_volume: '51000000000',
    yesterday_target_volume: '385.2',
  },
});
const coinoneScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as {
    request_type?: string;
    channel?: string;
    topic?: { quote_currency?: string; target_currency?: string };
  };
  if (request.request_type === 'PING') {
    ctx.reply({ response_type: 'PONG' });
    return;
  }
  if (request.request_type !== 'SUBSCRIBE' || request.channel !== 'TICKER') return;
  ctx.reply({ response_type: 'SUBSCRIBED', channel: 'TICKER', data: request.topic ?? {} });
  if (request.topic?.target_currency !== 'BTC') return;
  ctx.reply(coinonePush('131880000'));
  ctx.every(100, () => coinonePush('131880000'));
};

describe('Coinone stream failures', () => {
  streamFailureCases({
    venue: 'coinone',
    routes: COINONE_ROUTES,
    script: coinoneScript,
    feed: 'spot-tickers',
    streamed: (q) => q.base === 'BTC' && q.last === 131_880_000,
    polled: (q) => q.base === 'BTC' && q.last === 131_830_000,
    malformed: [
      '{"response_type":"DATA","channel":"TICKER","data":{"target_currency":"BT',
      { response_type: 'DATA', channel: 'TICKER', data: 'none' },
      ['not', 'a', 'frame'],
    ],
  });
});

/** Backpack's socket: `{ method: "SUBSCRIBE", params: ["ticker.<symbol>", …] }`, then `{ stream, data }` pushes. */
const backpackPush = (symbol: string, close: string) => ({
  stream: `ticker.${symbol}`,
  data: {
    E: String(Date.now() * 1000),
    V: '41240000.5',
    c: close,
    e: 'ticker',
    h: '91200.0',
    l: '88800.1',
    n: 120401,
    o: '90420.5',
    s: symbol,
    v: '460.2',
  },
});
const backpackScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { method?: string; params?: string[] };
  if (request.method !== 'SUBSCRIBE') return;
  if (!(request.params ?? []).includes('ticker.BTC_USDC')) return;
  ctx.reply(backpackPush('BTC_USDC', '89530.1'));
  ctx.every(100, () => backpackPush('BTC_USDC', '89530.1'));
};

describe('Backpack stream failures', () => {
  streamFailureCases({
    venue: 'backpack',
    routes: BACKPACK_ROUTES,
    script: backpackScript,
    feed: 'spot-tickers',
    streamed: (q) => q.market === 'spot' && q.last === 89_530.1,
    polled: (q) => q.market === 'spot' && q.last === 89_512.4,
    malformed: [
      '{"stream":"ticker.BTC_USDC","data":{"e":"ticker","s":"BTC_',
      { stream: 'ticker.BTC_USDC', data: { e: 'ticker', s: 'BTC_USDC', c: 'n/a' } },
      ['not', 'a', 'frame'],
    ],
  });
});

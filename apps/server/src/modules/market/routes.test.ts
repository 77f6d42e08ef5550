import type { BookEvent, FundingEvent, WalletEvent } from '@spreadscope/core';
import type { Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { Simulator } from '@spreadscope/feeds';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  forex,
  quote,
  seedMarket,
  startTestServer,
  T0,
  type TestServer,
} from '../../test-support/test-server.ts';

let server: TestServer;
let database: Database;
beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  server = await startTestServer({ database });
});
afterEach(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });
const front = (path: string, headers: Record<string, string> = {}) => get(`/api/v1/front${path}`, headers);

const funding = (
  t: number,
  venue: string,
  base: string,
  rate: number,
  hours: number,
  next?: number,
): FundingEvent => ({
  t,
  type: 'funding',
  venue,
  base,
  quote: 'USDT',
  rate,
  intervalHours: hours,
  ...(next === undefined ? {} : { nextFundingTime: next }),
});
const wallet = (t: number, venue: string, deposit: boolean, withdraw: boolean): WalletEvent => ({
  t,
  type: 'wallet',
  venue,
  asset: 'BTC',
  network: 'BTC',
  deposit,
  withdraw,
  confirmations: 2,
  blockTimeSec: 600,
  withdrawFee: 0.0002,
});

/** seedMarket plus perpetuals with funding, a book and wallets. */
function richMarket(t = T0): void {
  seedMarket(server.source, t);
  const book: BookEvent = {
    t: t + 20,
    type: 'book',
    venue: 'binance',
    market: 'spot',
    base: 'BTC',
    quote: 'USDT',
    bids: [[99_999, 2]],
    asks: [[100_001, 2]],
  };
  server.source.push(
    quote(t + 10, 'binance', 'BTC', 'USDT', 100_100, {
      market: 'perp',
      bid: 100_090,
      ask: 100_110,
      volume24h: 9e9,
    }),
    quote(t + 11, 'bybit', 'BTC', 'USDT', 100_300, {
      market: 'perp',
      bid: 100_290,
      ask: 100_310,
      volume24h: 4e9,
    }),
    funding(t + 12, 'binance', 'BTC', 0.0001, 8, t + 3_600_000),
    funding(t + 13, 'bybit', 'BTC', 0.0002, 1, t + 600_000),
    book,
    wallet(t + 21, 'binance', true, true),
    wallet(t + 22, 'upbit', true, true),
  );
}

describe('arbitrage tables', () => {
  it('serve every ordered pair with the spec §3 fields, ranked by the gap after fees', async () => {
    richMarket();
    const res = await front('/arbitrage/spot-spot?currency=USD&search=BTC&limit=50');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.kind).toBe('spot-spot');
    // BTC spot: Upbit, Bithumb, Binance, OKX → 4 × 3 ordered pairs.
    expect(body.total).toBe(12);
    const nets = body.data.map(
      (r: { fees: { netGapPercent: number | null } }) => r.fees.netGapPercent ?? -Infinity,
    );
    expect(nets).toEqual([...nets].sort((a: number, b: number) => b - a));
    const toUpbit = body.data.find((r: { id: string }) => r.id === 'binance-upbit-BTC');
    expect(toUpbit.gapPercent).toBeCloseTo(2.5, 8); // ₩143.5M / 1,400 over $100,000
    expect(toUpbit.transfer).toMatchObject({ needed: true, transferable: true, state: 'trading_available' });
    expect(toUpbit.transfer.networks[0]).toMatchObject({ network: 'BTC', transferTimeSec: 1_200 });
    expect(toUpbit.estimate.buyFeePercent).toBe(0.1);
    expect(toUpbit.gapAgo).toHaveProperty('24h');
    // Only Binance spot has a book here: rows say why depth and max entry are missing.
    expect(toUpbit.depth).toEqual({ entry: null, exit: null, unavailable: 'no_book' });
    expect(toUpbit).toMatchObject({ maxEntry: null, maxEntryUnavailable: 'no_book' });
  });

  it('serve funding across perpetuals', async () => {
    richMarket();
    const body = (await front('/arbitrage/perp-perp')).json();
    const row = body.data.find((r: { id: string }) => r.id === 'binance.perp-bybit.perp-BTC');
    expect(row.funding.gapPercent).toBeCloseTo((0.0001 - 0.0002) * 8 * 100, 10);
    const spotPerp = (await front('/arbitrage/spot-perp?source=binance&target=binance')).json();
    expect(spotPerp.data.map((r: { id: string }) => r.id)).toEqual(['binance-binance.perp-BTC']);
  });

  it('reject bad parameters in the caller’s language, naming them', async () => {
    const bad = await front('/arbitrage/spot-spot?feeMode=free', { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_parameter', param: 'feeMode' });
    expect((await front('/arbitrage/spot-spot?sort=luck')).json().param).toBe('sort');
    expect((await front('/arbitrage/spot-spot?minDuration=2h')).json().param).toBe('minDuration');
    expect((await front('/arbitrage/spot-spot?amount=-5')).json().param).toBe('amount');
    expect((await front('/arbitrage/spot-spot?limit=501')).statusCode).toBe(400);
    expect((await front('/arbitrage/spot-futures')).statusCode).toBe(404);
  });

  it('keep DEX venues behind the plan: a visitor asking for them is told to sign in', async () => {
    const res = await front('/arbitrage/perp-perp?dex=true', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthenticated', message: 'Please sign in to continue.' });
    expect((await front('/arbitrage/perp-perp?dex=false')).statusCode).toBe(200);
  });
});

describe('network choice (all / faster / cheaper)', () => {
  /** ETH from Binance to Upbit: Ethereum (slow, dear), Arbitrum (fastest), Optimism (cheapest), Base (closed). */
  function ethRoutes(t = T0): void {
    const net = (
      venue: string,
      network: string,
      deposit: boolean,
      extra: { confirmations: number; blockTimeSec: number; withdrawFee: number },
    ): WalletEvent => ({
      t: t + 30,
      type: 'wallet',
      venue,
      asset: 'ETH',
      network,
      deposit,
      withdraw: true,
      ...extra,
    });
    server.source.push(
      forex(t, 1_400),
      quote(t + 1, 'binance', 'ETH', 'USDT', 3_000, { bid: 2_999, ask: 3_001, volume24h: 1e9 }),
      quote(t + 2, 'upbit', 'ETH', 'KRW', 4_326_000, { bid: 4_325_000, ask: 4_327_000, volume24h: 1e11 }),
      net('binance', 'ETH', true, { confirmations: 12, blockTimeSec: 12, withdrawFee: 0.0015 }),
      net('binance', 'ARB', true, { confirmations: 20, blockTimeSec: 0.25, withdrawFee: 0.0004 }),
      net('binance', 'OP', true, { confirmations: 20, blockTimeSec: 2, withdrawFee: 0.0001 }),
      net('binance', 'BASE', true, { confirmations: 20, blockTimeSec: 2, withdrawFee: 0.00005 }),
      net('upbit', 'ETH', true, { confirmations: 12, blockTimeSec: 12, withdrawFee: 0.01 }),
      net('upbit', 'ARB', true, { confirmations: 20, blockTimeSec: 0.25, withdrawFee: 0.001 }),
      net('upbit', 'OP', true, { confirmations: 20, blockTimeSec: 2, withdrawFee: 0.001 }),
      net('upbit', 'BASE', false, { confirmations: 20, blockTimeSec: 2, withdrawFee: 0.001 }),
    );
  }
  const route = async (query: string) => {
    const body = (
      await front(`/arbitrage/spot-spot?source=binance&target=upbit&search=ETH&currency=USD&${query}`)
    ).json();
    return body.data[0] as {
      transfer: { networks: { network: string; transferTimeSec: number; withdrawFee: number }[] };
      fees: { withdrawalFeePercent: number | null };
    };
  };

  it('lists every open route fastest first, or only the fastest, or only the cheapest to withdraw', async () => {
    ethRoutes();
    const all = await route('networkChoice=all');
    // Base is closed for deposits at Upbit: not a route.
    expect(all.transfer.networks.map((n) => [n.network, n.transferTimeSec])).toEqual([
      ['ARB', 5],
      ['OP', 40],
      ['ETH', 144],
    ]);
    expect((await route('networkChoice=faster')).transfer.networks.map((n) => n.network)).toEqual(['ARB']);
    expect((await route('networkChoice=cheaper')).transfer.networks.map((n) => n.network)).toEqual(['OP']);
    // The default is all.
    expect((await route('')).transfer.networks).toHaveLength(3);
  });

  it('charges the chosen network’s withdrawal fee in withdrawal fee mode', async () => {
    ethRoutes();
    // Fee in ETH × Binance's last price, as a percent of the $10,000 default notional.
    const percent = (fee: number) => ((fee * 3_000) / 10_000) * 100;
    const faster = await route('feeMode=withdrawal&networkChoice=faster');
    expect(faster.fees.withdrawalFeePercent).toBeCloseTo(percent(0.0004), 10);
    const cheaper = await route('feeMode=withdrawal&networkChoice=cheaper');
    expect(cheaper.fees.withdrawalFeePercent).toBeCloseTo(percent(0.0001), 10);
    // "all" pays the cheapest of the open routes.
    const all = await route('feeMode=withdrawal');
    expect(all.fees.withdrawalFeePercent).toBeCloseTo(percent(0.0001), 10);
  });

  it('offers several networks on the simulator’s routes, and the choices narrow them', async () => {
    const simulator = new Simulator({ seed: 5, startTime: T0, tokenLimit: 30 });
    server.source.push(...simulator.advanceTo(T0 + 5_000));
    const rows = async (choice: string) =>
      (
        await front(
          `/arbitrage/spot-spot?search=ETH&transferable=true&currency=USD&limit=500&interval=30s&networkChoice=${choice}`,
        )
      ).json().data as {
        id: string;
        transfer: { networks: { network: string; transferTimeSec: number }[] };
      }[];
    const all = await rows('all');
    const wide = all.filter((r) => r.transfer.networks.length > 1);
    expect(wide.length).toBeGreaterThan(0);
    const faster = new Map((await rows('faster')).map((r) => [r.id, r.transfer.networks]));
    const cheaper = new Map((await rows('cheaper')).map((r) => [r.id, r.transfer.networks]));
    for (const row of wide) {
      const times = row.transfer.networks.map((n) => n.transferTimeSec);
      expect(faster.get(row.id)?.map((n) => n.transferTimeSec)).toEqual([Math.min(...times)]);
      expect(cheaper.get(row.id)).toHaveLength(1);
    }
  });
});

describe('premium extras', () => {
  it('serves the global premium and the new fields on the kimchi rows', async () => {
    richMarket();
    const global = (await front('/premium?scope=global&search=BTC&currency=USD')).json();
    expect(global.data.map((r: { id: string }) => r.id).sort()).toEqual([
      'binance-okx-BTC',
      'okx-binance-BTC',
    ]);
    const kimchi = (await front('/premium?source=upbit&target=binance&search=BTC')).json();
    expect(kimchi.data[0]).toMatchObject({ scope: 'kimchi', premiumType: 'spot-spot', trade: 'buyTarget' });
    expect(kimchi.data[0].entryGapPercent).toBeCloseTo((143_500_000 / (99_999 * 1_400) - 1) * 100, 8);
  });

  it('lists venues and tokens, and finds tokens fuzzily', async () => {
    richMarket();
    const exchanges = (await front('/premium/exchanges')).json();
    expect(exchanges.sources.map((e: { exchange: string }) => e.exchange)).toEqual(['upbit', 'bithumb']);
    expect(exchanges.targets.map((e: { exchange: string }) => e.exchange)).toEqual([
      'binance',
      'bybit',
      'okx',
    ]);
    const symbols = (await front('/premium/symbols')).json();
    expect(symbols.data.map((s: { base: string }) => s.base)).toEqual(['BTC', 'ETH']);
    expect(symbols).toMatchObject({ page: 1, limit: 1_000, total: 2 });
    // A page at a time when asked.
    const second = (await front('/premium/symbols?limit=1&page=2')).json();
    expect(second).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(second.data.map((s: { base: string }) => s.base)).toEqual(['ETH']);
    expect((await front('/premium/symbols?limit=5001')).statusCode).toBe(400);
    const search = (await front('/premium/search?q=bt')).json();
    expect(search.data[0].base).toBe('BTC');
    expect((await front('/premium/search?q=')).statusCode).toBe(400);
    // Korean and English names find the token too (spec §9: fuzzy on symbol and name).
    const korean = (await front(`/premium/search?q=${encodeURIComponent('이더리움')}`)).json();
    expect(korean.data[0].base).toBe('ETH');
  });

  it('filters the tables by a Korean or English token name, and by nothing it cannot match', async () => {
    seedMarket(server.source, T0);
    const bases = async (query: string) =>
      (await front(`/premium?search=${encodeURIComponent(query)}`))
        .json()
        .data.map((row: { base: string }) => row.base);
    expect(new Set(await bases('비트코인'))).toEqual(new Set(['BTC']));
    expect(new Set(await bases('ethereum'))).toEqual(new Set(['ETH']));
    expect(await bases('없는코인')).toEqual([]);
  });

  it('answers the detail page: header, overview, wallets; bad and unknown symbols are told apart', async () => {
    richMarket();
    const header = (await front('/premium/detail/header?symbol=upbit-btc')).json();
    expect(header.market).toMatchObject({ exchange: 'upbit', quote: 'KRW', price: 143_500_000 });
    expect(header.reference.exchange).toBe('binance'); // the busiest overseas USDT market
    expect(header.premiumPercent).toBeCloseTo(2.5, 8);
    const overview = (await front('/premium/detail/overview?symbol=upbit-krw-btc&currency=USD')).json();
    const binance = overview.data.find((m: { symbol: string }) => m.symbol === 'binance-usdt-btc');
    expect(binance.premiumPercent).toBeCloseTo(2.5, 8);
    const invalid = await front('/premium/detail/header?symbol=Upbit_BTC', { 'accept-language': 'en' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: 'invalid_symbol', param: 'symbol' });
    const unknown = await front('/premium/detail/header?symbol=upbit-doge');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('upbit-doge');
    const wallets = (await front('/premium/detail/wallet-status?symbol=upbit-btc')).json();
    expect(wallets.data.map((w: { exchange: string }) => w.exchange)).toEqual(['upbit', 'binance']);
  });

  it('serves the premium index with its weighting, price stats and networks', async () => {
    richMarket();
    const index = (await front('/kimchi-premium-index')).json();
    expect(index.weighting).toContain('24 h KRW volume');
    const btc = index.constituents.find((c: { base: string }) => c.base === 'BTC');
    // Korean BTC: Upbit only carries volume (Bithumb reports none) → ₩143.5M over $100,250 median.
    expect(btc.premiumPercent).toBeCloseTo((143_500_000 / (100_250 * 1_400) - 1) * 100, 8);
    expect(index.value).toBeCloseTo(btc.premiumPercent, 8);
    const stats = (await front('/price-stats?exchange=binance&currency=USD')).json();
    expect(stats.data.map((s: { symbol: string }) => s.symbol)).toContain('binance-usdt-btc');
    const networks = (await front('/networks?asset=btc&exchange=upbit')).json();
    expect(networks.data).toEqual([
      expect.objectContaining({
        exchange: 'upbit',
        network: 'BTC',
        transferTimeSec: 1_200,
        withdrawFee: 0.0002,
      }),
    ]);
    expect(networks).toMatchObject({ page: 1, total: 1 });
    const all = (await front('/networks')).json();
    expect(all.total).toBe(2);
    const paged = (await front('/networks?limit=1&page=2')).json();
    expect(paged).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(paged.data).toEqual([all.data[1]]);
    expect((await front('/networks?page=0')).statusCode).toBe(400);
  });
});

describe('funding', () => {
  it('serves latest, ranking, overview, a token and the heatmap', async () => {
    richMarket();
    const latest = (await front('/funding-rate/latest')).json();
    expect(latest.data.map((v: { symbol: string }) => v.symbol)).toEqual([
      'bybit-usdt-btc',
      'binance-usdt-btc',
    ]);
    expect(latest.data[0].annualizedPercent).toBeCloseTo(175.2, 8); // 0.02 %/h
    // The rates the funding screens convert USDT amounts to KRW with.
    expect(latest.rates).toMatchObject({ usdKrw: 1_400, usdtKrw: 1_435 });
    const ranking = (await front('/funding-rates/ranking?direction=negative&limit=1')).json();
    expect(ranking.data).toEqual([expect.objectContaining({ rank: 1, symbol: 'binance-usdt-btc' })]);
    const overview = (await front('/funding-rates/overview/v2')).json();
    expect(overview.data[0].spreadAnnualizedPercent).toBeCloseTo(175.2 - 10.95, 8);
    const token = (await front('/funding-rates/overviewtoken?base=btc')).json();
    expect(token.data).toHaveLength(2);
    expect(token.rates).toMatchObject({ usdKrw: 1_400, usdtKrw: 1_435 });
    const missing = await front('/funding-rates/overviewtoken?base=NOPE', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Token not supported: no market quotes NOPE.');
    const symbols = (await front('/funding-rate/symbols')).json();
    expect(symbols).toMatchObject({ page: 1, limit: 1_000, total: 2 });
    const one = (await front('/funding-rate/symbols?limit=1')).json();
    expect(one.data).toEqual([symbols.data[0]]);
    const heatmap = (await front('/funding-rates/heatmap')).json();
    expect(heatmap.hours).toHaveLength(24);
    expect(heatmap.data[0].baseToken).toBe('BTC');
    expect((await front('/funding-rates/intervals')).json().data).toEqual([
      { intervalHours: 1, markets: 1 },
      { intervalHours: 8, markets: 1 },
    ]);
  });

  it('keeps settled fundings for the history', async () => {
    richMarket();
    // Bybit's funding time passes: the 0.02 % that stood is settled.
    server.source.push(funding(T0 + 600_500, 'bybit', 'BTC', 0.0003, 1, T0 + 4_200_000));
    await server.runtime.flush(true);
    const res = await front('/funding-rate?exchange=bybit&base=BTC&range=1d');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { date: T0 + 600_000, fundingRate: 0.02, intervalHours: 1, markPrice: null },
    ]);
    const v2 = (await front('/funding-rates/history/v2?base=BTC&range=7d')).json();
    expect(v2.series.map((s: { exchange: string }) => s.exchange)).toEqual(['binance', 'bybit']);
    expect((await front('/funding-rate?exchange=bybit&base=BTC&range=2d')).json().param).toBe('range');
  });
});

describe('charts from the minute rollups', () => {
  it('builds price and premium candles and records the index each minute', async () => {
    richMarket(T0);
    server.source.push(
      forex(T0 + 60_000, 1_400),
      quote(T0 + 60_001, 'binance', 'BTC', 'USDT', 100_000),
      // A spike to 5 % inside the minute, back to 3 % by its close.
      quote(T0 + 60_002, 'upbit', 'BTC', 'KRW', 147_000_000, { volume24h: 3.1e11 }),
      quote(T0 + 60_003, 'upbit', 'BTC', 'KRW', 144_200_000, { volume24h: 3.1e11 }),
      quote(T0 + 60_004, 'okx', 'BTC', 'USDT', 100_500),
    );
    server.source.clock = T0 + 120_000;
    await server.runtime.flush(false);
    const candles = (
      await front(`/cex/candle?exchange=upbit&base=btc&interval=1m&to=${T0 + 120_000}`)
    ).json();
    expect(candles.quote).toBe('KRW');
    expect(candles.data.map((c: { t: number; c: number }) => [c.t, c.c])).toEqual([
      [T0, 143_500_000],
      [T0 + 60_000, 144_200_000],
    ]);
    const gap = (
      await front(`/premium/candle?source=upbit&target=binance&base=BTC&interval=1h&to=${T0 + 120_000}`)
    ).json();
    expect(gap.data).toHaveLength(1);
    expect(gap.data[0].o).toBeCloseTo(2.5, 8);
    expect(gap.data[0].c).toBeCloseTo(3, 8);
    // 1-minute candles keep the minute's own swing, not just its close.
    const minutes = (
      await front(`/premium/candle?source=upbit&target=binance&base=BTC&interval=1m&to=${T0 + 120_000}`)
    ).json();
    const spiked = minutes.data.find((c: { t: number }) => c.t === T0 + 60_000);
    expect(spiked.h).toBeCloseTo(5, 8);
    expect(spiked.c).toBeCloseTo(3, 8);
    expect(spiked.o).toBeCloseTo(2.5, 8);
    const v2 = (
      await front(
        `/premium/history/v2?source=binance&target=binance&targetMarket=perp&base=BTC&from=${T0}&to=${T0 + 60_000}`,
      )
    ).json();
    expect(v2.data[0].gapPercent).toBeCloseTo((100_000 / 100_100 - 1) * 100, 8);
    const index = (await front('/kimchi-premium-index/history?range=1d')).json();
    expect(index.stepMs).toBe(300_000);
    expect(index.data.length).toBeGreaterThan(0);
    expect(index.data.at(-1).btcPriceKrw).toBe(144_200_000);
  });

  it('lists what it can chart', async () => {
    richMarket();
    expect(
      (await front('/cex/candle/intervals')).json().intervals.map((i: { interval: string }) => i.interval),
    ).toEqual(['1m', '5m', '15m', '30m', '1h', '4h', '1d']);
    const symbols = (await front('/cex/candle/symbols?exchange=binance')).json().data;
    expect(symbols.map((s: { id: string }) => s.id).sort()).toEqual([
      'binance-usdt-btc',
      'binance-usdt-btc.perp',
      'binance-usdt-eth',
    ]);
    expect((await front('/cex/candle?exchange=upbit&base=BTC&interval=2m')).json().param).toBe('interval');
    const reversed = await front('/cex/candle?exchange=upbit&base=BTC&from=10&to=5');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().param).toBe('from');
  });
});

describe('OpenAPI', () => {
  it('documents every market path', async () => {
    const paths = Object.keys((await get('/api/docs/json')).json().paths);
    for (const path of [
      '/premium',
      '/premium/exchanges',
      '/premium/symbols',
      '/premium/search',
      '/premium/candle',
      '/premium/detail/header',
      '/premium/detail/overview',
      '/premium/detail/wallet-status',
      '/premium/history/v2',
      '/premium/history/tokens/v2',
      '/arbitrage/spot-spot',
      '/arbitrage/spot-perp',
      '/arbitrage/perp-perp',
      '/funding-rate',
      '/funding-rate/latest',
      '/funding-rate/symbols',
      '/funding-rates/ranking',
      '/funding-rates/search',
      '/funding-rates/history/v2',
      '/funding-rates/overview/v2',
      '/funding-rates/exchanges',
      '/funding-rates/intervals',
      '/funding-rates/overviewtoken',
      '/funding-rates/heatmap',
      '/kimchi-premium-index',
      '/kimchi-premium-index/history',
      '/price-stats',
      '/networks',
      '/cex/candle',
    ])
      expect(paths).toContain(`/api/v1/front${path}`);
  });
});

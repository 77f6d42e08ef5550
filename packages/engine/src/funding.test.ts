import { quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';
import { funding } from './test-events.ts';

const H = 3_600_000;
const T0 = Math.floor(1_763_700_000_000 / H) * H; // on the hour

describe('funding settlements and rollups', () => {
  it('records the last rate before a funding time as settled once the next period starts', () => {
    const engine = new MarketEngine();
    engine.apply(
      funding(T0 + 1_000, 'binance', 'BTC', 0.0001, 8, { nextFundingTime: T0 + 8 * H, markPrice: 100_000 }),
    );
    engine.apply(
      funding(T0 + 7 * H, 'binance', 'BTC', 0.00012, 8, { nextFundingTime: T0 + 8 * H, markPrice: 101_000 }),
    );
    expect(engine.funding.drain().settlements).toEqual([]);
    engine.apply(funding(T0 + 8 * H + 5_000, 'binance', 'BTC', 0.0003, 8, { nextFundingTime: T0 + 16 * H }));
    expect(engine.funding.drain().settlements).toEqual([
      {
        venue: 'binance',
        base: 'BTC',
        quote: 'USDT',
        fundingTime: T0 + 8 * H,
        rate: 0.00012,
        intervalHours: 8,
        markPrice: 101_000,
      },
    ]);
  });

  it('rolls each perpetual up to its last funding of every minute', () => {
    const engine = new MarketEngine();
    engine.apply(funding(T0 + 1_000, 'bybit', 'ETH', 0.0001, 8, { nextFundingTime: T0 + 8 * H }));
    engine.apply(funding(T0 + 30_000, 'bybit', 'ETH', 0.0002, 8, { nextFundingTime: T0 + 8 * H }));
    engine.apply(funding(T0 + 61_000, 'bybit', 'ETH', 0.0004, 8, { nextFundingTime: T0 + 8 * H }));
    engine.closeBefore(T0 + 120_000);
    expect(engine.funding.drain().minutes.map((m) => [m.minute, m.rate])).toEqual([
      [T0, 0.0002],
      [T0 + 60_000, 0.0004],
    ]);
  });
});

describe('funding views', () => {
  function market(): MarketEngine {
    const engine = new MarketEngine();
    const now = T0 + 10 * H;
    engine.apply(funding(now - 1_000, 'binance', 'BTC', 0.0001, 8, { nextFundingTime: T0 + 16 * H }));
    engine.apply(funding(now - 1_000, 'bybit', 'BTC', 0.00005, 1, { nextFundingTime: T0 + 11 * H }));
    engine.apply(funding(now - 1_000, 'okx', 'ETH', -0.0003, 8, { nextFundingTime: T0 + 16 * H }));
    engine.apply(funding(now - 300_000, 'bitget', 'ETH', 0.002, 8)); // 5 minutes old: stale
    engine.apply(funding(now - 1_000, 'hyperliquid', 'BTC', 0.0002, 1)); // a DEX
    engine.apply(quote(now - 1_000, 'binance', 'BTC', 'USDT', 100_000, { market: 'perp', volume24h: 9e9 }));
    engine.apply(quote(now - 1_000, 'okx', 'ETH', 'USDT', 3_000, { market: 'perp', volume24h: 1e9 }));
    return engine;
  }
  const now = T0 + 10 * H;
  const latest = (over: object = {}) =>
    market().fundingViews.latest({ sort: 'annualized', order: 'desc', page: 1, limit: 20, ...over }, now);

  it('lists the latest rate of each perpetual, annualized, stale ones last', () => {
    const page = latest();
    expect(page.data.map((v) => v.symbol)).toEqual([
      'bybit-usdt-btc', // 0.005 %/h → 43.8 %
      'binance-usdt-btc', // 0.01 %/8 h → 10.95 %
      'okx-usdt-eth', // −32.85 %
      'bitget-usdt-eth', // 219 % but stale
    ]);
    expect(page.data[0]?.annualizedPercent).toBeCloseTo(43.8, 10);
    expect(page.data[0]?.fundingRatePercent).toBeCloseTo(0.005, 12);
    expect(page.data[3]?.stale).toBe(true);
    expect(latest({ dex: true }).total).toBe(5);
    expect(latest({ interval: '1h' }).data.map((v) => v.exchange)).toEqual(['bybit']);
  });

  it('ranks the most negative funding and never a stale one', () => {
    const ranking = market().fundingViews.ranking({ direction: 'negative', limit: 3 }, now);
    expect(ranking.data.map((v) => [v.rank, v.symbol])).toEqual([
      [1, 'okx-usdt-eth'],
      [2, 'binance-usdt-btc'],
      [3, 'bybit-usdt-btc'],
    ]);
  });

  it('puts each token across venues with the annualized spread', () => {
    const overview = market().fundingViews.overview(
      { sort: 'spread', order: 'desc', page: 1, limit: 10 },
      now,
    );
    expect(overview.exchanges).toEqual(['binance', 'bybit', 'okx', 'bitget']);
    const btc = overview.data.find((r) => r.baseToken === 'BTC');
    expect(Object.keys(btc?.rates ?? {})).toEqual(['binance', 'bybit']);
    expect(btc?.spreadAnnualizedPercent).toBeCloseTo(43.8 - 10.95, 10);
    // ETH's only fresh venue is OKX: no spread to speak of.
    expect(overview.data.find((r) => r.baseToken === 'ETH')?.spreadAnnualizedPercent).toBe(0);
  });

  it('averages each hour of the last day for the heatmap', () => {
    const engine = new MarketEngine();
    engine.apply(funding(T0 + 10 * 60_000, 'binance', 'BTC', 0.0001, 8));
    engine.apply(funding(T0 + 20 * 60_000, 'binance', 'BTC', 0.0003, 8));
    engine.apply(funding(T0 + H + 5 * 60_000, 'binance', 'BTC', -0.0001, 8));
    const map = engine.fundingViews.heatmap({ dex: false, limit: 10 }, T0 + H + 30 * 60_000);
    expect(map.hours).toHaveLength(24);
    expect(map.hours.at(-1)).toBe(T0 + H);
    const cells = map.data[0]?.cells ?? [];
    expect(cells.at(-2)).toBeCloseTo(21.9, 10); // mean of 10.95 % and 32.85 %
    expect(cells.at(-1)).toBeCloseTo(-10.95, 10);
    expect(cells.slice(0, 22).every((c) => c === null)).toBe(true);
  });

  it('refills the heatmap from persisted hours after a restart, merged with live ones', () => {
    const engine = new MarketEngine();
    const hour = Math.floor(T0 / H);
    // Persisted before the restart: binance two hours ago (3 minutes summing 32.85 %) and in the current
    // hour (2 minutes at 10.95 %); OKX, which has not quoted since the restart, an hour ago.
    engine.restoreFundingHeat([
      { venue: 'binance', base: 'BTC', quote: 'USDT', hour: hour - 2, annualizedSum: 32.85, count: 3 },
      { venue: 'okx', base: 'BTC', quote: 'USDT', hour: hour - 1, annualizedSum: 21.9, count: 1 },
    ]);
    engine.apply(funding(T0 + 10 * 60_000, 'binance', 'BTC', 0.0003, 8)); // 32.85 %
    engine.restoreFundingHeat([
      { venue: 'binance', base: 'BTC', quote: 'USDT', hour, annualizedSum: 21.9, count: 2 },
    ]);
    const before = engine.fundingViews.heatmap({ dex: false, limit: 10 }, T0 + 30 * 60_000).data[0]?.cells;
    expect(before?.at(-3)).toBeCloseTo(10.95, 10);
    // OKX's hour waits for its market: not shown yet.
    expect(before?.at(-2)).toBeNull();
    // This hour: two restored minutes at 10.95 % and one live update at 32.85 %.
    expect(before?.at(-1)).toBeCloseTo((21.9 + 32.85) / 3, 10);
    engine.apply(funding(T0 + 31 * 60_000, 'okx', 'BTC', 0.0001, 8));
    const after = engine.fundingViews.heatmap({ dex: false, limit: 10 }, T0 + 32 * 60_000).data[0]?.cells;
    expect(after?.at(-2)).toBeCloseTo(21.9, 10);
    // Hours older than the heatmap's day are not kept.
    engine.restoreFundingHeat([
      { venue: 'binance', base: 'BTC', quote: 'USDT', hour: hour - 30, annualizedSum: 99, count: 1 },
    ]);
    expect(engine.fundingViews.heatmap({ dex: false, limit: 10 }, T0 + 32 * 60_000).data[0]?.cells).toEqual(
      after,
    );
  });
});

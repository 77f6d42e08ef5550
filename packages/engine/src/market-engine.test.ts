import { forex, quote } from '@spreadscope/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';
import type { PremiumFilter } from './spread-types.ts';
import { premiumFilter } from './test-events.ts';

const T0 = 1_763_700_000_000;
const filter = (over: Partial<PremiumFilter> = {}): PremiumFilter =>
  premiumFilter({ interval: 'realtime', limit: 100, ...over });

function goldenEngine(): MarketEngine {
  const engine = new MarketEngine();
  engine.apply(forex(T0, 1_400));
  engine.apply(
    quote(T0 + 100, 'binance', 'BTC', 'USDT', 100_000, { bid: 99_999, ask: 100_001, volume24h: 2.5e9 }),
  );
  engine.apply(quote(T0 + 200, 'upbit', 'BTC', 'KRW', 143_500_000, { bid: 143_450_000, ask: 143_500_000 }));
  engine.apply(quote(T0 + 300, 'upbit', 'USDT', 'KRW', 1_435));
  engine.apply(quote(T0 + 400, 'bithumb', 'BTC', 'KRW', 139_300_000));
  engine.apply(quote(T0 + 500, 'okx', 'BTC', 'USDT', 100_500));
  engine.apply(quote(T0 + 600, 'upbit', 'ETH', 'KRW', 5_000_000, { open24h: 4_000_000 }));
  engine.apply(quote(T0 + 700, 'binance', 'ETH', 'USDT', 3_500));
  return engine;
}

describe('Kimchi premium rows (golden, hand-computed)', () => {
  it('pairs every Korean KRW market with every overseas USDT market of the same token', () => {
    const page = goldenEngine().premium(filter(), T0 + 1_000);
    expect(page.data.map((r) => r.id).sort()).toEqual([
      'bithumb-binance-BTC',
      'bithumb-okx-BTC',
      'upbit-binance-BTC',
      'upbit-binance-ETH',
      'upbit-okx-BTC',
    ]);
    expect(page.total).toBe(5);
  });

  it('computes the premium by USD/KRW forex', () => {
    const rows = goldenEngine().premium(filter(), T0 + 1_000).data;
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    // 143.5M / (100,000 x 1,400) - 1 = +2.5 %
    expect(byId['upbit-binance-BTC']?.gapPercent).toBeCloseTo(2.5, 10);
    // 139.3M / 140M - 1 = -0.5 % (역프)
    expect(byId['bithumb-binance-BTC']?.gapPercent).toBeCloseTo(-0.5, 10);
    // 5,000,000 / (3,500 x 1,400) - 1 = +2.0408 %
    expect(byId['upbit-binance-ETH']?.gapPercent).toBeCloseTo((5_000_000 / 4_900_000 - 1) * 100, 10);
    // Ranked by gap, highest first.
    expect(rows.map((r) => r.id)).toEqual([
      'upbit-binance-BTC',
      'upbit-binance-ETH',
      'upbit-okx-BTC',
      'bithumb-binance-BTC',
      'bithumb-okx-BTC',
    ]);
  });

  it('computes the premium by Upbit USDT/KRW', () => {
    const row = goldenEngine()
      .premium(filter({ conversionBase: 'USDT' }), T0 + 1_000)
      .data.find((r) => r.id === 'upbit-binance-BTC');
    expect(row?.conversionRate).toBe(1_435);
    expect(row?.gapPercent).toBeCloseTo(0, 10);
  });

  it('shows both prices in the requested currency, with the rate used', () => {
    const engine = goldenEngine();
    const krw = engine.premium(filter({ search: 'btc', target: 'binance', source: 'upbit' }), T0 + 1_000)
      .data[0];
    expect(krw?.source.price).toBe(143_500_000);
    expect(krw?.target.price).toBe(140_000_000);
    expect(krw?.priceDiff).toBe(3_500_000);
    expect(krw?.target.volume24h).toBe(2.5e9 * 1_400);
    const usd = engine.premium(
      filter({ currency: 'USD', source: 'upbit', target: 'binance', search: 'BTC' }),
      T0 + 1_000,
    ).data[0];
    expect(usd?.source.price).toBeCloseTo(102_500, 8);
    expect(usd?.target.price).toBe(100_000);
    expect(usd?.source.bid).toBeCloseTo(143_450_000 / 1_400, 6); // rows carry 12 significant digits
    expect(usd?.conversionRate).toBe(1_400);
    expect(usd?.source.nativePrice).toBe(143_500_000);
  });

  it('reports the 24 h change from the open', () => {
    const row = goldenEngine().premium(filter({ search: 'ETH' }), T0 + 1_000).data[0];
    expect(row?.source.change24hPercent).toBeCloseTo(25, 10);
    expect(row?.target.change24hPercent).toBeNull();
  });

  it('recomputes as quotes arrive and when the rate moves', () => {
    const engine = goldenEngine();
    engine.apply(quote(T0 + 2_000, 'binance', 'BTC', 'USDT', 102_500));
    const gap = () =>
      engine.premium(filter({ source: 'upbit', target: 'binance', search: 'BTC' }), T0 + 2_500).data[0]
        ?.gapPercent;
    expect(gap()).toBeCloseTo(0, 10);
    engine.apply(forex(T0 + 2_100, 1_350));
    expect(gap()).toBeCloseTo((143_500_000 / (102_500 * 1_350) - 1) * 100, 10);
  });

  it('filters by source, target, search and minimum premium, and pages', () => {
    const engine = goldenEngine();
    const now = T0 + 1_000;
    expect(engine.premium(filter({ source: 'bithumb' }), now).total).toBe(2);
    expect(engine.premium(filter({ target: 'okx' }), now).total).toBe(2);
    expect(engine.premium(filter({ search: 'et' }), now).data.map((r) => r.base)).toEqual(['ETH']);
    expect(engine.premium(filter({ minPremium: 2 }), now).data.map((r) => r.id)).toEqual([
      'upbit-binance-BTC',
      'upbit-binance-ETH',
    ]);
    const page2 = engine.premium(filter({ limit: 2, page: 2 }), now);
    expect(page2.total).toBe(5);
    expect(page2.data.map((r) => r.id)).toEqual(['upbit-okx-BTC', 'bithumb-binance-BTC']);
    expect(engine.premium(filter({ limit: 2, page: 3 }), now).data.map((r) => r.id)).toEqual([
      'bithumb-okx-BTC',
    ]);
    expect(engine.premium(filter({ limit: 2, page: 4 }), now).data).toEqual([]);
    expect(engine.premium(filter({ sort: 'base', order: 'asc' }), now).data.at(-1)?.base).toBe('ETH');
  });

  it('shows no rows before a conversion rate is known', () => {
    const engine = new MarketEngine();
    engine.apply(quote(T0, 'binance', 'BTC', 'USDT', 100_000));
    engine.apply(quote(T0, 'upbit', 'BTC', 'KRW', 143_500_000));
    expect(engine.premium(filter(), T0).total).toBe(0);
    expect(engine.premium(filter(), T0).rates.usdKrw).toBeNull();
  });

  it('ignores venues outside the registry and markets the premium does not use', () => {
    const engine = goldenEngine();
    engine.apply(quote(T0 + 800, 'nasdaq', 'BTC', 'USD', 100_000));
    engine.apply(quote(T0 + 800, 'binance', 'BTC', 'USDC', 100_000));
    engine.apply(quote(T0 + 800, 'binance', 'BTC', 'USDT', 100_000, { market: 'perp' }));
    expect(engine.premium(filter(), T0 + 1_000).total).toBe(5);
    expect(engine.state.ignoredEvents).toBe(1);
  });
});

describe('stale quotes', () => {
  it('are marked and never rank above fresh rows', () => {
    const engine = goldenEngine();
    // Only the Bithumb market keeps quoting; Upbit's BTC quote is now 5 s old.
    const now = T0 + 5_500;
    engine.apply(quote(now - 100, 'bithumb', 'BTC', 'KRW', 150_000_000));
    engine.apply(quote(now - 100, 'binance', 'BTC', 'USDT', 100_000));
    const rows = engine.premium(filter({ target: 'binance' }), now).data;
    expect(rows.map((r) => [r.id, r.stale])).toEqual([
      ['bithumb-binance-BTC', false],
      ['upbit-binance-BTC', true],
      ['upbit-binance-ETH', true],
    ]);
    const upbit = rows.find((r) => r.id === 'upbit-binance-BTC');
    expect(upbit?.source.stale).toBe(true);
    expect(upbit?.target.stale).toBe(false);
  });

  it('follow the freshness window of the update interval', () => {
    const engine = goldenEngine();
    const now = T0 + 5_000;
    expect(engine.premium(filter({ interval: 'realtime' }), now).data.every((r) => r.stale)).toBe(true);
    expect(engine.premium(filter({ interval: '3s' }), now).data.some((r) => r.stale)).toBe(false);
  });
});

describe('against a naive reference', () => {
  const venues = ['upbit', 'bithumb', 'binance', 'okx', 'bybit'] as const;
  const bases = ['BTC', 'ETH', 'XRP'] as const;
  const event = fc.oneof(
    fc.record({
      venue: fc.constantFrom(...venues),
      base: fc.constantFrom(...bases, 'USDT'),
      price: fc.double({ min: 0.01, max: 1e8, noNaN: true, noDefaultInfinity: true }),
    }),
    fc.record({ rate: fc.double({ min: 1_000, max: 2_000, noNaN: true, noDefaultInfinity: true }) }),
  );

  it('matches a from-scratch computation after any sequence of quotes and rates', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 60 }),
        fc.constantFrom('USD' as const, 'USDT' as const),
        (events, base) => {
          const engine = new MarketEngine();
          const last = new Map<string, number>();
          let usdKrw = Number.NaN;
          events.forEach((e, i) => {
            if ('rate' in e) {
              engine.apply(forex(T0 + i, e.rate));
              usdKrw = e.rate;
              return;
            }
            const korean = e.venue === 'upbit' || e.venue === 'bithumb';
            if (e.base === 'USDT' && !korean) return;
            engine.apply(quote(T0 + i, e.venue, e.base, korean ? 'KRW' : 'USDT', e.price));
            last.set(`${e.venue}|${e.base}`, e.price);
          });
          const usdtKrw = last.get('upbit|USDT') ?? Number.NaN;
          const rate = base === 'USD' ? usdKrw : usdtKrw;
          const expected = new Map<string, number>();
          for (const source of ['upbit', 'bithumb']) {
            for (const target of ['binance', 'okx', 'bybit']) {
              for (const b of bases) {
                const krw = last.get(`${source}|${b}`);
                const usdt = last.get(`${target}|${b}`);
                if (krw === undefined || usdt === undefined || !(rate > 0)) continue;
                expected.set(`${source}-${target}-${b}`, (krw / (usdt * rate) - 1) * 100);
              }
            }
          }
          const page = engine.premium(
            filter({ conversionBase: base, limit: 500, interval: '30s' }),
            T0 + 100,
          );
          expect(page.total).toBe(expected.size);
          for (const row of page.data) {
            // Equal up to floating-point noise relative to the size of the gap (prices span 0.01 … 1e8).
            const want = expected.get(row.id) ?? Number.NaN;
            expect(Math.abs(row.gapPercent - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
          }
          // Ranked on single-precision keys (RowMetrics): gaps closer than that may come in either order.
          const gaps = page.data.map((r) => Math.fround(r.gapPercent));
          expect(gaps).toEqual([...gaps].sort((a, b) => b - a));
        },
      ),
    );
  });
});

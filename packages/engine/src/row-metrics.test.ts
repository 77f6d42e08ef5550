import type { MarketEvent, MarketType, VenueId } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';
import { RowMetrics } from './row-metrics.ts';
import { calcOptions, SpreadCalc } from './spread-calc.ts';
import { funding, wallet } from './test-events.ts';

const T0 = 1_763_700_000_000;
const MARKETS: readonly { venue: VenueId; market: MarketType; quote: string }[] = [
  { venue: 'upbit', market: 'spot', quote: 'KRW' },
  { venue: 'bithumb', market: 'spot', quote: 'KRW' },
  { venue: 'binance', market: 'spot', quote: 'USDT' },
  { venue: 'binance', market: 'perp', quote: 'USDT' },
  { venue: 'okx', market: 'spot', quote: 'USDT' },
  { venue: 'okx', market: 'perp', quote: 'USDT' },
  { venue: 'bybit', market: 'spot', quote: 'USDC' },
  { venue: 'bybit', market: 'perp', quote: 'USDT' },
  { venue: 'hyperliquid', market: 'perp', quote: 'USDC' },
];
const BASES = ['BTC', 'ETH', 'XRP', 'SOL'];
const WALLET_VENUES: readonly VenueId[] = ['upbit', 'bithumb', 'binance', 'okx', 'bybit'];

/** Random tapes over 10 s: quotes with and without a touch, funding, forex, USDT/KRW and wallet status. */
const stepArb = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      market: fc.integer({ min: 0, max: MARKETS.length - 1 }),
      base: fc.constantFrom(...BASES),
      price: fc.integer({ min: 1_000, max: 9_000_000 }),
      spreadBp: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('funding' as const),
      market: fc.constantFrom(3, 5, 7, 8),
      base: fc.constantFrom(...BASES),
      rateBp: fc.integer({ min: -30, max: 30 }),
      hours: fc.constantFrom(1, 4, 8),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('forex' as const),
      rate: fc.integer({ min: 1_300, max: 1_500 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('usdt' as const),
      rate: fc.integer({ min: 1_300, max: 1_500 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wallet' as const),
      venue: fc.constantFrom(...WALLET_VENUES),
      base: fc.constantFrom(...BASES),
      open: fc.boolean(),
      fee: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
    }),
  },
);

function events(steps: readonly (typeof stepArb extends fc.Arbitrary<infer S> ? S : never)[]): MarketEvent[] {
  return steps.flatMap((step, i): MarketEvent[] => {
    const t = T0 + Math.floor((i * 10_000) / Math.max(1, steps.length));
    switch (step.kind) {
      case 'forex':
        return [forex(t, step.rate)];
      case 'usdt':
        return [quote(t, 'upbit', 'USDT', 'KRW', step.rate)];
      case 'funding': {
        const m = MARKETS[step.market];
        return m
          ? [{ ...funding(t, m.venue, step.base, step.rateBp / 10_000, step.hours), quote: m.quote }]
          : [];
      }
      case 'wallet':
        return [
          wallet(
            t,
            step.venue,
            step.base,
            step.base,
            { deposit: step.open, withdraw: true },
            {
              ...(step.fee === undefined ? {} : { withdrawFee: step.fee / 10_000 }),
            },
          ),
        ];
      default: {
        const m = MARKETS[step.market];
        if (!m) return [];
        const spread = step.spreadBp === undefined ? undefined : step.spreadBp / 10_000;
        return [
          quote(t, m.venue, step.base, m.quote, step.price, {
            market: m.market,
            ...(spread === undefined
              ? {}
              : { bid: step.price * (1 - spread), ask: step.price * (1 + spread) }),
          }),
        ];
      }
    }
  });
}

/** The pass stores single precision: SpreadCalc's double, rounded once. */
const same = (actual: number, expected: number, what: string) =>
  expect(actual, what).toBe(Math.fround(expected));

describe('RowMetrics: every derived number of every row in one pass', () => {
  it('equals what SpreadCalc gives row by row, rounded to single precision, for every setting', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { minLength: 20, maxLength: 200 }),
        fc.integer({ min: 0, max: 199 }),
        fc.constantFrom<'premium' | 'arbitrage'>('premium', 'arbitrage'),
        fc.constantFrom<'USD' | 'KRW'>('USD', 'KRW'),
        fc.constantFrom<'USD' | 'USDT'>('USD', 'USDT'),
        fc.constantFrom<'maker' | 'taker' | 'none' | 'withdrawal'>('maker', 'taker', 'none', 'withdrawal'),
        fc.constantFrom<'realtime' | '3s' | '30s'>('realtime', '3s', '30s'),
        fc.integer({ min: 0, max: 6_000 }),
        (steps, compactAt, convention, currency, conversionBase, feeMode, interval, later) => {
          const engine = new MarketEngine();
          events(steps).forEach((event, i) => {
            // Compaction moves rows and pairs: the pass must follow.
            if (i === compactAt) engine.compact();
            engine.apply(event);
          });
          const now = T0 + 10_000;
          const calc = new SpreadCalc(
            engine,
            calcOptions(convention, { currency, conversionBase, interval, feeMode }),
            now + later,
          );
          // The layout the pass relies on: pair p's rows are 2p and 2p + 1, whatever was appended or compacted.
          for (let p = 0; p < engine.combos.pairCount; p++) {
            expect(engine.combos.pairRows.array[2 * p]).toBe(2 * p);
            expect(engine.combos.pairRows.array[2 * p + 1]).toBe(2 * p + 1);
          }
          const all = new RowMetrics();
          all.computeAll(calc);
          const listed = new RowMetrics();
          listed.computeLists(calc, engine.combos.byMarketPair);
          expect(all.count).toBe(engine.combos.count);
          for (let c = 0; c < engine.combos.count; c++) {
            for (const m of [all, listed]) {
              same(m.gap[c] as number, calc.gap(c), `gap ${c}`);
              same(m.entry[c] as number, calc.entry(c), `entry ${c}`);
              same(m.exit[c] as number, calc.exit(c), `exit ${c}`);
              same(m.net[c] as number, calc.netGap(c), `net ${c}`);
              same(m.fundingGap[c] as number, calc.fundingGap(c), `funding gap ${c}`);
              same(m.netFunding[c] as number, calc.netFundingPerHour(c), `net funding ${c}`);
              expect(m.stale[c] === 1, `stale ${c}`).toBe(calc.stale(c));
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('RowMetrics over a market of many pairs', () => {
  it('equals SpreadCalc on every row across the pass’s chunks of pairs, compacted or not', () => {
    // 600 bases on the nine markets: 21,600 pairs, so the pass runs in several calls, with runs of pairs that
    // share a first market cut at call boundaries, and some markets stale, spot-only or without funding.
    let seed = 12_345;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const engine = new MarketEngine();
    engine.apply(forex(T0, 1_400));
    engine.apply(quote(T0, 'upbit', 'USDT', 'KRW', 1_410));
    for (let k = 0; k < 600; k++) {
      const base = `T${k}`;
      const usd = 0.01 + next() * 100;
      MARKETS.forEach((m, i) => {
        if (next() < 0.1) return;
        const t = T0 + (next() < 0.05 ? -60_000 : Math.floor(next() * 9_000));
        const last = (m.quote === 'KRW' ? usd * 1_400 : usd) * (0.98 + next() * 0.04);
        const spread = next() < 0.2 ? undefined : next() * 0.01;
        engine.apply(
          quote(t, m.venue, base, m.quote, last, {
            market: m.market,
            ...(spread === undefined ? {} : { bid: last * (1 - spread), ask: last * (1 + spread) }),
          }),
        );
        if (m.market === 'perp' && next() < 0.8) {
          engine.apply({
            ...funding(t, m.venue, base, (next() - 0.5) / 1_000, [1, 4, 8][i % 3] as number),
            quote: m.quote,
          });
        }
      });
    }
    expect(engine.combos.pairCount).toBeGreaterThan(3 * 4_096);
    for (const compacted of [false, true]) {
      if (compacted) engine.compact();
      for (const convention of ['premium', 'arbitrage'] as const) {
        for (const feeMode of ['taker', 'none'] as const) {
          const calc = new SpreadCalc(
            engine,
            calcOptions(convention, { currency: 'KRW', conversionBase: 'USD', interval: '30s', feeMode }),
            T0 + 10_000,
          );
          // Every row by computeAll; by computeRows, every row (runs longer than a call) and every third
          // (runs of one or two pairs, many to a call).
          const all = new RowMetrics();
          all.computeAll(calc);
          expect(all.count).toBe(engine.combos.count);
          const everyRow = Int32Array.from({ length: engine.combos.count }, (_, c) => c);
          const everyThird = everyRow.filter((c) => c % 3 === 0);
          const listed = new RowMetrics();
          listed.computeRows(calc, everyRow, everyRow.length);
          const sparse = new RowMetrics();
          sparse.computeRows(calc, everyThird, everyThird.length);
          // One assertion for the lot: hundreds of thousands of expect calls would take seconds.
          const wrong: string[] = [];
          const check = (m: RowMetrics, rows: Int32Array, what: string) => {
            const columns: [Float32Array, (c: number) => number, string][] = [
              [m.gap, (c) => calc.gap(c), 'gap'],
              [m.entry, (c) => calc.entry(c), 'entry'],
              [m.exit, (c) => calc.exit(c), 'exit'],
              [m.net, (c) => calc.netGap(c), 'net'],
              [m.fundingGap, (c) => calc.fundingGap(c), 'funding gap'],
              [m.netFunding, (c) => calc.netFundingPerHour(c), 'net funding'],
            ];
            for (const c of rows) {
              for (const [column, value, name] of columns) {
                if (!Object.is(column[c], Math.fround(value(c)))) wrong.push(`${what} ${name} ${c}`);
              }
              if ((m.stale[c] === 1) !== calc.stale(c)) wrong.push(`${what} stale ${c}`);
            }
          };
          check(all, everyRow, 'computeAll');
          check(listed, everyRow, 'computeRows');
          check(sparse, everyThird, 'computeRows, every third');
          expect(wrong.slice(0, 10), `${convention} ${feeMode}`).toEqual([]);
        }
      }
    }
  });
});

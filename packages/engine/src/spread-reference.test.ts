import { getVenue, type MarketEvent, type MarketType, type VenueId } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeRates } from './fee-schedule.ts';
import { MarketEngine } from './market-engine.ts';
import type { SpreadRowView, SpreadSortKey } from './spread-types.ts';
import { funding } from './test-events.ts';

/**
 * The tables against a deliberately naive reference: after any random tape, every row of every table must
 * equal what a from-scratch computation over plain maps of the last quotes gives, and the ranking must be the
 * reference's order. The reference knows nothing of combinations, typed arrays or native ratios.
 */

const T0 = 1_763_700_000_000;
const MARKETS: readonly { venue: VenueId; market: MarketType; quote: string }[] = [
  { venue: 'upbit', market: 'spot', quote: 'KRW' },
  { venue: 'bithumb', market: 'spot', quote: 'KRW' },
  { venue: 'binance', market: 'spot', quote: 'USDT' },
  { venue: 'binance', market: 'perp', quote: 'USDT' },
  { venue: 'okx', market: 'spot', quote: 'USDT' },
  { venue: 'okx', market: 'perp', quote: 'USDT' },
  { venue: 'bybit', market: 'spot', quote: 'USDC' },
  { venue: 'hyperliquid', market: 'perp', quote: 'USDC' },
];
const BASES = ['BTC', 'ETH'] as const;

type Step =
  | { kind: 'quote'; market: number; base: string; price: number; spread: number | undefined }
  | { kind: 'funding'; market: number; base: string; rate: number; hours: number }
  | { kind: 'forex'; rate: number }
  | { kind: 'usdt'; rate: number };

const eventArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      market: fc.integer({ min: 0, max: MARKETS.length - 1 }),
      base: fc.constantFrom(...BASES),
      price: fc.double({ min: 1, max: 1e6, noNaN: true, noDefaultInfinity: true }),
      spread: fc.option(fc.double({ min: 0, max: 0.02, noNaN: true }), { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('funding' as const),
      market: fc.constantFrom(3, 5, 7),
      base: fc.constantFrom(...BASES),
      rate: fc.double({ min: -0.003, max: 0.003, noNaN: true }),
      hours: fc.constantFrom(1, 4, 8),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('forex' as const),
      rate: fc.double({ min: 1_000, max: 2_000, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('usdt' as const),
      rate: fc.double({ min: 1_000, max: 2_000, noNaN: true }),
    }),
  },
);

interface Last {
  last: number;
  bid: number;
  ask: number;
  t: number;
}

interface Tape {
  events: MarketEvent[];
  last: Map<string, Last>;
  fundings: Map<string, { rate: number; hours: number }>;
  usdKrw: number;
  usdtKrw: number;
  now: number;
}

function playTape(steps: readonly Step[]): Tape {
  const tape: Tape = {
    events: [],
    last: new Map(),
    fundings: new Map(),
    usdKrw: Number.NaN,
    usdtKrw: Number.NaN,
    now: T0,
  };
  steps.forEach((step, i) => {
    const t = T0 + i * 250;
    tape.now = t + 100;
    if (step.kind === 'forex') {
      tape.events.push(forex(t, step.rate));
      tape.usdKrw = step.rate;
    } else if (step.kind === 'usdt') {
      tape.events.push(quote(t, 'upbit', 'USDT', 'KRW', step.rate));
      tape.usdtKrw = step.rate;
    } else if (step.kind === 'funding') {
      const m = MARKETS[step.market];
      if (!m) return;
      tape.events.push({ ...funding(t, m.venue, step.base, step.rate, step.hours), quote: m.quote });
      tape.fundings.set(`${m.venue}|${m.market}|${step.base}|${m.quote}`, {
        rate: step.rate,
        hours: step.hours,
      });
    } else {
      const m = MARKETS[step.market];
      if (!m) return;
      const bid = step.spread === undefined ? undefined : step.price * (1 - step.spread);
      const ask = step.spread === undefined ? undefined : step.price * (1 + step.spread);
      tape.events.push(quote(t, m.venue, step.base, m.quote, step.price, { market: m.market, bid, ask }));
      tape.last.set(`${m.venue}|${m.market}|${step.base}|${m.quote}`, {
        last: step.price,
        bid: bid ?? Number.NaN,
        ask: ask ?? Number.NaN,
        t,
      });
    }
  });
  return tape;
}

interface RefRow {
  id: string;
  stale: boolean;
  gap: number;
  entry: number;
  exit: number;
  net: number;
  fundingGap: number;
  netFunding: number;
}

const sideKey = (m: { venue: VenueId; market: MarketType; quote: string }) =>
  `${m.venue}${m.market === 'perp' ? '.perp' : ''}${m.quote === getVenue(m.venue).quotes[0] ? '' : `.${m.quote.toLowerCase()}`}`;

/** Every row of a table, computed from scratch. */
function reference(
  tape: Tape,
  options: {
    convention: 'premium' | 'arbitrage';
    sourceMarket: MarketType;
    targetMarket: MarketType;
    scope?: 'kimchi' | 'global';
    targetQuote?: string | undefined;
    sourceQuote?: string | undefined;
    bases?: readonly string[] | undefined;
    base: 'USD' | 'USDT';
    dex: boolean;
    feeMode: 'maker' | 'taker' | 'none';
  },
): RefRow[] {
  const rate = options.base === 'USD' ? tape.usdKrw : tape.usdtKrw;
  if (!(rate > 0)) return [];
  const rows: RefRow[] = [];
  const dollars = (m: (typeof MARKETS)[number], price: number) => (m.quote === 'KRW' ? price / rate : price);
  for (const base of BASES) {
    if (options.bases && !options.bases.includes(base)) continue;
    for (const a of MARKETS) {
      for (const b of MARKETS) {
        if (a === b || a.market !== options.sourceMarket || b.market !== options.targetMarket) continue;
        const korean = (m: (typeof MARKETS)[number]) => getVenue(m.venue).region === 'korea';
        if (options.scope === 'kimchi' && !(korean(a) && !korean(b))) continue;
        if (options.scope === 'global' && (korean(a) || korean(b))) continue;
        if (options.targetQuote && b.quote !== options.targetQuote) continue;
        if (options.sourceQuote && a.quote !== options.sourceQuote) continue;
        if (!options.dex && (getVenue(a.venue).kind !== 'cex' || getVenue(b.venue).kind !== 'cex')) continue;
        const qa = tape.last.get(`${a.venue}|${a.market}|${base}|${a.quote}`);
        const qb = tape.last.get(`${b.venue}|${b.market}|${base}|${b.quote}`);
        if (!qa || !qb) continue;
        const [pa, pb] = [dollars(a, qa.last), dollars(b, qb.last)];
        const [aBid, aAsk, bBid, bAsk] = [
          dollars(a, qa.bid),
          dollars(a, qa.ask),
          dollars(b, qb.bid),
          dollars(b, qb.ask),
        ];
        const fee = (m: (typeof MARKETS)[number]) =>
          options.feeMode === 'none' ? 0 : feeRates(m.venue, m.market)[options.feeMode];
        const premium = options.convention === 'premium';
        const pct = (x: number) => (x - 1) * 100;
        // Premium rows trade toward the premium; arbitrage rows buy the source.
        const buyTarget = premium && pa / pb >= 1;
        const touch = buyTarget ? aBid / bAsk : bBid / aAsk;
        const fa = tape.fundings.get(`${a.venue}|${a.market}|${base}|${a.quote}`);
        const fb = tape.fundings.get(`${b.venue}|${b.market}|${base}|${b.quote}`);
        const longRate = a.market === 'perp' ? (fa?.rate ?? Number.NaN) : 0;
        const longHours = a.market === 'perp' ? (fa?.hours ?? Number.NaN) : 1;
        const shortRate = b.market === 'perp' ? (fb?.rate ?? Number.NaN) : 0;
        const shortHours = b.market === 'perp' ? (fb?.hours ?? Number.NaN) : 1;
        rows.push({
          id: `${sideKey(a)}-${sideKey(b)}-${base}`,
          stale: qa.t < tape.now - 3_000 || qb.t < tape.now - 3_000,
          gap: premium ? pct(pa / pb) : pct(pb / pa),
          entry: premium ? pct(aAsk / bBid) : pct(bBid / aAsk),
          exit: premium ? pct(aBid / bAsk) : pct(bAsk / aBid),
          net: pct((1 - fee(a)) * (1 - fee(b)) * touch),
          fundingGap:
            a.market === 'perp' && b.market === 'perp'
              ? (longRate - shortRate) * (longHours / shortHours) * 100
              : Number.NaN,
          netFunding: shortRate / shortHours - longRate / longHours,
        });
      }
    }
  }
  return rows;
}

const KEY: Partial<Record<SpreadSortKey, (r: RefRow) => number>> = {
  gap: (r) => r.gap,
  entryGap: (r) => r.entry,
  exitGap: (r) => r.exit,
  netGap: (r) => r.net,
  fundingGap: (r) => r.fundingGap,
  netFunding: (r) => r.netFunding,
};

function rank(rows: RefRow[], sort: SpreadSortKey, order: 'asc' | 'desc'): RefRow[] {
  const key = KEY[sort] ?? ((r: RefRow) => r.gap);
  return [...rows].sort((x, y) => {
    if (x.stale !== y.stale) return x.stale ? 1 : -1;
    const [a, b] = [key(x), key(y)];
    if (Number.isNaN(a) !== Number.isNaN(b)) return Number.isNaN(a) ? 1 : -1;
    if (Number.isNaN(a)) return 0;
    return order === 'asc' ? a - b : b - a;
  });
}

/** Equal up to floating-point noise, relative to the size of the numbers. */
function near(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}

function close(actual: number | null, expected: number): void {
  if (Number.isNaN(expected)) expect(actual).toBeNull();
  else near(actual ?? Number.NaN, expected);
}

function compareTable(
  rows: SpreadRowView[],
  total: number,
  expected: RefRow[],
  sort: SpreadSortKey,
  order: 'asc' | 'desc',
) {
  expect(total).toBe(expected.length);
  const byId = new Map(expected.map((r) => [r.id, r]));
  for (const row of rows) {
    const ref = byId.get(row.id);
    expect(ref, row.id).toBeDefined();
    if (!ref) continue;
    expect(row.stale).toBe(ref.stale);
    close(row.gapPercent, ref.gap);
    close(row.entryGapPercent, ref.entry);
    close(row.exitGapPercent, ref.exit);
    close(row.fees.netGapPercent, ref.net);
    close(row.funding.gapPercent, ref.fundingGap);
    close(row.funding.netRate8hPercent, ref.netFunding * 800);
  }
  // Ranking: the engine's order of (stale, key) is the reference's.
  const key = KEY[sort] ?? ((r: RefRow) => r.gap);
  const ranked = rank(expected, sort, order);
  const got = rows.map((r) => byId.get(r.id)).filter((r): r is RefRow => r !== undefined);
  expect(got.map((r) => r.stale)).toEqual(ranked.map((r) => r.stale));
  // Tables rank on single-precision keys (RowMetrics): rows closer than that may trade places.
  got.forEach((r, i) => {
    const want = ranked[i];
    if (!want) return;
    const [a, b] = [key(r), key(want)];
    if (Number.isNaN(b)) expect(a).toBeNaN();
    else expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(b)));
  });
}

const settings = fc.record({
  sort: fc.constantFrom<SpreadSortKey>('gap', 'entryGap', 'exitGap', 'netGap', 'fundingGap', 'netFunding'),
  order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
  base: fc.constantFrom<'USD' | 'USDT'>('USD', 'USDT'),
  currency: fc.constantFrom<'USD' | 'KRW'>('USD', 'KRW'),
  dex: fc.boolean(),
  feeMode: fc.constantFrom<'maker' | 'taker' | 'none'>('maker', 'taker', 'none'),
  /** The owned-tokens filter: a set of tokens, one of them never quoted. */
  bases: fc.option(fc.subarray(['BTC', 'ETH', 'XRP'], { minLength: 1 }), { nil: undefined }),
  /** Quote filters of the legs (arbitrage: both; premium: the source). */
  sourceQuote: fc.option(fc.constantFrom('KRW', 'USDT', 'USDC'), { nil: undefined }),
  targetQuote: fc.option(fc.constantFrom('KRW', 'USDT', 'USDC'), { nil: undefined }),
  /** Where in the tape the engine compacts its layout (≥ tape length: never): results must not change. */
  compactAt: fc.integer({ min: 0, max: 100 }),
});

function replay(tape: Tape, compactAt: number): MarketEngine {
  const engine = new MarketEngine();
  tape.events.forEach((event, i) => {
    if (i === compactAt) engine.compact();
    engine.apply(event);
  });
  return engine;
}

describe('tables against a naive reference over random tapes', () => {
  it('arbitrage: spot-spot, spot-perp and perp-perp', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 80 }), settings, (steps, s) => {
        const tape = playTape(steps);
        const engine = replay(tape, s.compactAt);
        for (const [kind, sourceMarket, targetMarket] of [
          ['spot-spot', 'spot', 'spot'],
          ['spot-perp', 'spot', 'perp'],
          ['perp-perp', 'perp', 'perp'],
        ] as const) {
          const page = engine.arbitrage(
            kind,
            {
              currency: s.currency,
              conversionBase: s.base,
              interval: 'realtime',
              sort: s.sort,
              order: s.order,
              page: 1,
              limit: 500,
              dex: s.dex,
              feeMode: s.feeMode,
              bases: s.bases,
              sourceQuote: s.sourceQuote,
              targetQuote: s.targetQuote,
            },
            tape.now,
          );
          const expected = reference(tape, {
            convention: 'arbitrage',
            sourceMarket,
            targetMarket,
            base: s.base,
            dex: s.dex,
            feeMode: s.feeMode,
            bases: s.bases,
            sourceQuote: s.sourceQuote,
            targetQuote: s.targetQuote,
          });
          compareTable(page.data, page.total, expected, s.sort, s.order);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('premium: kimchi and global, every premium type', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 80 }),
        settings,
        fc.constantFrom<'kimchi' | 'global'>('kimchi', 'global'),
        fc.constantFrom('spot-spot', 'spot-perp', 'perp-spot', 'perp-perp'),
        fc.constantFrom<'USDT' | 'USDC' | 'any'>('USDT', 'USDC', 'any'),
        (steps, s, scope, premiumType, targetQuote) => {
          const tape = playTape(steps);
          const engine = replay(tape, s.compactAt);
          const page = engine.premium(
            {
              currency: s.currency,
              conversionBase: s.base,
              interval: 'realtime',
              sort: s.sort,
              order: s.order,
              page: 1,
              limit: 500,
              dex: s.dex,
              feeMode: s.feeMode,
              scope,
              premiumType,
              targetQuote,
              bases: s.bases,
              sourceQuote: s.sourceQuote,
            },
            tape.now,
          );
          const [sourceMarket, targetMarket] = premiumType.split('-') as [MarketType, MarketType];
          const expected = reference(tape, {
            convention: 'premium',
            sourceMarket,
            targetMarket,
            scope,
            targetQuote: targetQuote === 'any' ? undefined : targetQuote,
            sourceQuote: s.sourceQuote,
            bases: s.bases,
            base: s.base,
            dex: s.dex,
            feeMode: s.feeMode,
          });
          compareTable(page.data, page.total, expected, s.sort, s.order);
        },
      ),
      { numRuns: 150 },
    );
  });
});

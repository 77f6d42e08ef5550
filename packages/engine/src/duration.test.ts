import { type MarketEvent, minuteStart } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';
import type { PremiumFilter } from './spread-types.ts';
import { premiumFilter } from './test-events.ts';

/**
 * Premium duration (spec §9): how long the gap has stayed within ±20 % of its current value. Golden tapes
 * with a fresh spike, and a property test against a naive reference that keeps every price it saw.
 */

const M0 = 1_763_700_000_000 - (1_763_700_000_000 % 60_000);
const MIN = 60_000;
const RATE = 1_400;

const filter = (over: Partial<PremiumFilter> = {}): PremiumFilter =>
  premiumFilter({ search: 'BTC', ...over });

/** Upbit BTC at `premium` percent over Binance's 100,000 USDT, at time t. */
function at(t: number, premium: number): MarketEvent[] {
  return [
    forex(t, RATE),
    quote(t + 1, 'binance', 'BTC', 'USDT', 100_000),
    quote(t + 2, 'upbit', 'BTC', 'KRW', 100_000 * RATE * (1 + premium / 100)),
  ];
}

/** Replays events as the runtime does: minutes close at each boundary before the events of the next. */
function replay(events: readonly MarketEvent[]): MarketEngine {
  const engine = new MarketEngine();
  let minute = -1;
  for (const event of events) {
    const m = minuteStart(event.t);
    if (m !== minute) {
      engine.closeBefore(m);
      minute = m;
    }
    engine.apply(event);
  }
  return engine;
}

/** 2 % every 10 s for minutes 0–19, then whatever `tail` adds. */
function steady(tail: MarketEvent[] = []): MarketEvent[] {
  const events: MarketEvent[] = [];
  for (let t = M0; t < M0 + 20 * MIN; t += 10_000) events.push(...at(t, 2));
  return [...events, ...tail];
}

describe('premium duration against the current gap (golden)', () => {
  it('a steady gap runs back over every minute that stayed in its band', () => {
    const now = M0 + 20 * MIN + 30_000;
    const engine = replay(steady(at(M0 + 20 * MIN + 5_000, 2.1)));
    const [row] = engine.premium(filter(), now).data;
    expect(row?.gapPercent).toBeCloseTo(2.1, 6);
    expect(row?.durationSince).toBe(M0);
    expect(engine.premium(filter({ minDuration: '15m' }), now).total).toBe(1);
  });

  it('a spike seconds old has a duration under a minute, and no minimum duration lets it through', () => {
    // Minute 20: 2 % at :05, then the spike to 10 % at :40. Asked at :45.
    const engine = replay(steady([...at(M0 + 20 * MIN + 5_000, 2), ...at(M0 + 20 * MIN + 40_000, 10)]));
    const now = M0 + 20 * MIN + 45_000;
    const [row] = engine.premium(filter(), now).data;
    expect(row?.gapPercent).toBeCloseTo(10, 6);
    // The run began inside the minute in progress: counted from its start, not from minute 0.
    expect(row?.durationSince).toBe(M0 + 20 * MIN);
    expect(engine.premium(filter({ minDuration: '5m' }), now).total).toBe(0);
  });

  it('a spike that began in the last closed minute runs from there only', () => {
    // Minute 20 goes 2 % → 10 % at :30 and stays; minute 21 holds 10 %.
    const tail = [
      ...at(M0 + 20 * MIN + 5_000, 2),
      ...at(M0 + 20 * MIN + 30_000, 10),
      ...at(M0 + 21 * MIN + 5_000, 10),
      ...at(M0 + 21 * MIN + 35_000, 10.5),
    ];
    const engine = replay(steady(tail));
    const now = M0 + 21 * MIN + 40_000;
    const [row] = engine.premium(filter(), now).data;
    // Minute 20 closed at 10 % (in the band of 10.5 %), minute 19 at 2 % (out of it).
    expect(row?.durationSince).toBe(M0 + 20 * MIN);
    expect(engine.premium(filter({ minDuration: '5m' }), now).total).toBe(0);
    // Before the spike, the same table passed the 15-minute filter.
    const before = replay(steady(at(M0 + 20 * MIN + 5_000, 2)));
    expect(before.premium(filter({ minDuration: '15m' }), M0 + 20 * MIN + 10_000).total).toBe(1);
  });

  it('a dip back out of the band during the minute in progress ends the run', () => {
    // 2 % for 20 minutes; in minute 20 it dips to 1 % and is back at 2 % when asked.
    const engine = replay(steady([...at(M0 + 20 * MIN + 5_000, 1), ...at(M0 + 20 * MIN + 10_000, 2)]));
    const now = M0 + 20 * MIN + 20_000;
    expect(engine.premium(filter(), now).data[0]?.durationSince).toBe(M0 + 20 * MIN);
  });
});

interface Seen {
  t: number;
  upbit: number;
  binance: number;
  rate: number;
}

/**
 * The naive duration: every state the tape went through, in order. Reference = the gap now; the minute in
 * progress is in the band when every state it went through (and the one it opened with) is, at today's rate;
 * before it, the state at each minute's end is, at that minute's rate.
 */
function naiveDuration(states: readonly Seen[], now: number): number {
  const gap = (s: Seen, rate: number) => ((s.upbit * (1 / s.binance)) / rate - 1) * 100;
  const last = states.at(-1);
  if (!last) return Number.NaN;
  const reference = gap(last, last.rate);
  if (!Number.isFinite(reference)) return Number.NaN;
  const inBand = (g: number) => Math.abs(g - reference) <= 0.2 * Math.abs(reference);
  const current = minuteStart(now);
  const asOf = (end: number) => states.filter((s) => s.t < end).at(-1);
  // The minute in progress: its opening state and every state since, at the current rate.
  const opening = asOf(current);
  const during = states.filter((s) => s.t >= current);
  for (const s of [...(opening ? [opening] : []), ...during]) {
    const g = gap(s, last.rate);
    if (Number.isFinite(g) && !inBand(g)) return now - current;
  }
  let earliest = current;
  for (let m = current - MIN; m >= M0 - MIN; m -= MIN) {
    const s = asOf(m + MIN);
    if (!s) break;
    const g = gap(
      { ...s, upbit: Math.fround(s.upbit), binance: Math.fround(s.binance) },
      Math.fround(s.rate),
    );
    if (!Number.isFinite(g) || !inBand(g)) break;
    earliest = m;
  }
  return now - earliest;
}

describe('premium duration against a naive reference', () => {
  it('matches over random tapes of a gap that drifts, jumps and comes back', () => {
    const step = fc.record({
      dt: fc.integer({ min: 1_000, max: 20_000 }),
      leg: fc.constantFrom('upbit', 'binance', 'forex'),
      move: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: -40, max: 40 }).map((bp) => bp / 10_000) },
        { weight: 2, arbitrary: fc.integer({ min: -800, max: 800 }).map((bp) => bp / 10_000) },
      ),
      /** A blip: the move is undone this many ms later (a spike that comes straight back). */
      back: fc.option(fc.integer({ min: 500, max: 8_000 }), { nil: undefined, freq: 2 }),
    });
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 10, maxLength: 150, size: 'max' }),
        fc.integer({ min: 0, max: 59_000 }),
        (steps, wait) => {
          const events: MarketEvent[] = [];
          const states: Seen[] = [];
          let s: Seen = { t: M0, upbit: 100_000 * RATE * 1.03, binance: 100_000, rate: RATE };
          events.push(forex(M0, s.rate), quote(M0, 'binance', 'BTC', 'USDT', s.binance));
          events.push(quote(M0, 'upbit', 'BTC', 'KRW', s.upbit));
          states.push(s);
          let t = M0;
          for (const x of steps) {
            t += x.dt;
            if (x.leg === 'forex') {
              s = { ...s, t, rate: s.rate * (1 + x.move / 4) };
              events.push(forex(t, s.rate));
            } else if (x.leg === 'upbit') {
              s = { ...s, t, upbit: s.upbit * (1 + x.move) };
              events.push(quote(t, 'upbit', 'BTC', 'KRW', s.upbit));
            } else {
              s = { ...s, t, binance: s.binance * (1 + x.move) };
              events.push(quote(t, 'binance', 'BTC', 'USDT', s.binance));
            }
            states.push(s);
          }
          const now = t + wait;
          const engine = replay(events);
          engine.closeBefore(minuteStart(now));
          const [row] = engine.premium(filter(), now).data;
          expect(now - (row?.durationSince ?? Number.NaN)).toBe(naiveDuration(states, now));
        },
      ),
      { numRuns: 300 },
    );
  });
});

import type { MarketEvent } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';
import type { PremiumFilter } from './spread-types.ts';
import { premiumFilter } from './test-events.ts';

const T = 1_800_000_000_000;
const filter = (over: Partial<PremiumFilter> = {}): PremiumFilter =>
  premiumFilter({ limit: 500, targetQuote: 'any', ...over });

/** Quotes of `tokens` on `venues`, each token at its own premium. */
function quotes(t: number, tokens: readonly string[], venues: readonly [string, string][]): MarketEvent[] {
  const events: MarketEvent[] = [forex(t, 1_400)];
  tokens.forEach((base, i) => {
    venues.forEach(([venue, quoteCcy], v) => {
      const usd = 10 + i;
      const price = quoteCcy === 'KRW' ? usd * 1_400 * (1 + (i + v) / 100) : usd * (1 + v / 1_000);
      events.push(quote(t + 1 + v, venue, base, quoteCcy, price));
    });
  });
  return events;
}

/** Every token's own table (`bases`) holds exactly its rows of the whole table. */
function expectNarrowTablesMatch(engine: MarketEngine, tokens: readonly string[], now: number): void {
  const whole = engine.premium(filter(), now).data;
  expect(whole.length).toBeGreaterThanOrEqual(tokens.length);
  for (const base of tokens) {
    const own = engine.premium(filter({ bases: [base] }), now).data;
    expect(own.length).toBeGreaterThan(0);
    expect(own).toEqual(whole.filter((row) => row.base === base));
  }
}

describe('narrow tables (a few tokens) read the token index', () => {
  const first = Array.from({ length: 12 }, (_, i) => `TK${i}`);
  const later = ['NEWA', 'NEWB'];

  it('give the rows the whole table has for their tokens, before and after markets are added and compacted', () => {
    const engine = new MarketEngine();
    for (const event of quotes(T, first, [
      ['upbit', 'KRW'],
      ['binance', 'USDT'],
    ]))
      engine.apply(event);
    engine.compact();
    expectNarrowTablesMatch(engine, first, T + 1_000);
    // New venues and tokens append rows after the compacted ones: a token's rows now interleave with others.
    for (const event of quotes(
      T + 2_000,
      [...first, ...later],
      [
        ['upbit', 'KRW'],
        ['binance', 'USDT'],
        ['bithumb', 'KRW'],
        ['okx', 'USDT'],
      ],
    ))
      engine.apply(event);
    expectNarrowTablesMatch(engine, [...first, ...later], T + 3_000);
    engine.compact();
    expectNarrowTablesMatch(engine, [...first, ...later], T + 3_000);
    // A search naming several tokens reads the index too.
    const whole = engine.premium(filter(), T + 3_000).data;
    expect(engine.premium(filter({ search: 'NEW' }), T + 3_000).data).toEqual(
      whole.filter((row) => row.base.includes('NEW')),
    );
  });
});

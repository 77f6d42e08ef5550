import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MarketFlagsTracker, parseMarketFlags } from './market-flags.ts';

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('Korean market lists: caution flags and token updates', () => {
  it("reads Upbit's market_event: warning (유의) and caution reasons (주의)", () => {
    const markets = parseMarketFlags(load('upbit-market-all-details.json'));
    expect(markets).toHaveLength(4);
    expect(markets.find((m) => m.base === 'SNT')).toEqual({
      base: 'SNT',
      quote: 'KRW',
      level: 'warning',
      reasons: [],
    });
    expect(markets.find((m) => m.base === 'AIT')).toEqual({
      base: 'AIT',
      quote: 'KRW',
      level: 'caution',
      reasons: ['price_fluctuations', 'trading_volume_soaring', 'global_price_differences'],
    });
  });

  it("reads Bithumb's market_warning (and Upbit's older field) as a warning", () => {
    const markets = parseMarketFlags(load('bithumb-market-all-details.json'));
    expect(markets.filter((m) => m.level !== 'none').map((m) => m.base)).toEqual(['TFUEL']);
  });

  it('emits flagged markets first, then only changes: listings, delistings, cleared flags', () => {
    const tracker = new MarketFlagsTracker('bithumb');
    const first = tracker.update(parseMarketFlags(load('bithumb-market-all-details.json')), 1);
    expect(first.map((e) => [e.type, 'base' in e ? e.base : ''])).toEqual([['caution', 'TFUEL']]);
    expect(tracker.update(parseMarketFlags(load('bithumb-market-all-details.json')), 2)).toEqual([]);
    const next = load('bithumb-market-all-details.json').filter(
      (m: { market: string }) => m.market !== 'KRW-NRN',
    );
    next.push({ market: 'KRW-ZAMA', korean_name: '자마', english_name: 'Zama', market_warning: 'NONE' });
    next[1].market_warning = 'NONE';
    const events = tracker.update(parseMarketFlags(next), 3);
    expect(events).toEqual([
      { t: 3, type: 'caution', venue: 'bithumb', base: 'TFUEL', quote: 'KRW', level: 'none', reasons: [] },
      {
        t: 3,
        type: 'token_update',
        venue: 'bithumb',
        market: 'spot',
        base: 'ZAMA',
        quote: 'KRW',
        update: 'listed',
      },
      {
        t: 3,
        type: 'token_update',
        venue: 'bithumb',
        market: 'spot',
        base: 'NRN',
        quote: 'KRW',
        update: 'delisted',
      },
    ]);
  });

  it('refuses what is not a market list', () => {
    expect(() => parseMarketFlags({ error: { name: 'too_many_requests' } })).toThrow(/not a list/);
    expect(() => parseMarketFlags([])).toThrow(/no markets/);
  });
});

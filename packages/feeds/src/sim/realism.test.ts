import { type BookEvent, HOUR_MS, KOREAN_VENUES, type MarketEvent } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { Simulator } from './simulator.ts';
import { TOKEN_UNIVERSE } from './token-universe.ts';

/**
 * What a trader would check before believing the simulator: how much each book holds within ±2 % of the touch
 * (per venue tier and token tier), and where the Kimchi premium of the majors sits. Statistical, over a seed.
 */

const START = Date.UTC(2025, 10, 21, 3, 0, 0);
const TIER = new Map(TOKEN_UNIVERSE.map((t) => [t.symbol, t.tier]));
const KOREAN = new Set<string>(KOREAN_VENUES.map((v) => v.id));

/** Dollars each side of a book holds within 2 % of its touch. */
function depth(book: BookEvent, usdKrw: number): { bid: number; ask: number } {
  const usd = (price: number) => (book.quote === 'KRW' ? price / usdKrw : price);
  const bestBid = book.bids[0]?.[0] ?? 0;
  const bestAsk = book.asks[0]?.[0] ?? 0;
  let bid = 0;
  let ask = 0;
  for (const [price, size] of book.bids) if (price >= bestBid * 0.98) bid += usd(price) * size;
  for (const [price, size] of book.asks) if (price <= bestAsk * 1.02) ask += usd(price) * size;
  return { bid, ask };
}

function lastBooks(events: readonly MarketEvent[]): { books: Map<string, BookEvent>; usdKrw: number } {
  const books = new Map<string, BookEvent>();
  let usdKrw = Number.NaN;
  for (const e of events) {
    if (e.type === 'forex') usdKrw = e.rate;
    else if (e.type === 'book') books.set(`${e.venue} ${e.market} ${e.base}/${e.quote}`, e);
  }
  return { books, usdKrw };
}

describe('simulated ±2 % depth', () => {
  const { books, usdKrw } = lastBooks(new Simulator({ seed: 3, startTime: START }).advanceTo(START + 6_000));
  const sides = (key: string) => {
    const book = books.get(key);
    if (!book) throw new Error(`no book for ${key}`);
    const { bid, ask } = depth(book, usdKrw);
    return Math.min(bid, ask);
  };

  it('holds millions of dollars on the major venues’ majors', () => {
    expect(sides('binance spot BTC/USDT')).toBeGreaterThan(10e6);
    expect(sides('bybit perp BTC/USDT')).toBeGreaterThan(10e6);
    expect(sides('upbit spot BTC/KRW')).toBeGreaterThan(2e6);
    expect(sides('upbit spot ETH/KRW')).toBeGreaterThan(1e6);
    expect(sides('binance spot BTC/USDT')).toBeLessThan(200e6);
  });

  it('holds at least tens of thousands of dollars on a small venue’s small token, never a few dollars', () => {
    const small = [...books.entries()].filter(
      ([key, book]) => KOREAN.has(book.venue) && (TIER.get(book.base) ?? 1) >= 3 && !key.includes('USDT/'),
    );
    expect(small.length).toBeGreaterThan(50);
    const depths = small.map(([, book]) => depth(book, usdKrw)).map((d) => Math.min(d.bid, d.ask));
    depths.sort((a, b) => a - b);
    // The thinnest decile still holds several thousand dollars a side; the median tens of thousands.
    expect(depths[Math.floor(depths.length * 0.1)]).toBeGreaterThan(5_000);
    expect(depths[Math.floor(depths.length / 2)]).toBeGreaterThan(10_000);
    expect(depths[Math.floor(depths.length / 2)]).toBeLessThan(2e6);
  });

  it('orders depth by venue tier for the same token', () => {
    expect(sides('binance spot BTC/USDT')).toBeGreaterThan(sides('upbit spot BTC/KRW'));
    expect(sides('upbit spot BTC/KRW')).toBeGreaterThan(sides('korbit spot BTC/KRW'));
  });
});

describe('simulated Kimchi premium', () => {
  it('keeps the majors near the market’s premium: no +10 % BNB', () => {
    const majors = TOKEN_UNIVERSE.filter((t) => t.tier === 1).map((t) => t.symbol);
    const sim = new Simulator({
      seed: 8,
      startTime: START,
      venues: ['upbit', 'binance'],
      tokenLimit: 60,
      books: false,
    });
    const upbit = new Map<string, number>();
    const binance = new Map<string, number>();
    let forex = 0;
    let worst = 0;
    let samples = 0;
    let nextSample = START + 2 * 60_000;
    for (const batch of sim.batches(1.5 * HOUR_MS)) {
      for (const e of batch) {
        if (e.type === 'forex') forex = e.rate;
        else if (e.type === 'quote' && e.venue === 'upbit' && e.quote === 'KRW') upbit.set(e.base, e.last);
        else if (e.type === 'quote' && e.venue === 'binance' && e.market === 'spot' && e.quote === 'USDT')
          binance.set(e.base, e.last);
      }
      if (sim.time < nextSample) continue;
      nextSample += 5 * 60_000;
      const premium = (base: string) => {
        const krw = upbit.get(base);
        const usdt = binance.get(base);
        return krw && usdt ? krw / (usdt * forex) - 1 : null;
      };
      const all = [...upbit.keys()].flatMap((b) => premium(b) ?? []).sort((a, b) => a - b);
      const median = all[Math.floor(all.length / 2)] ?? 0;
      // The market's premium drifts inside −1 … +5 %.
      expect(median).toBeGreaterThan(-0.015);
      expect(median).toBeLessThan(0.055);
      for (const base of majors) {
        const p = premium(base);
        if (p !== null) worst = Math.max(worst, Math.abs(p - median));
      }
      samples++;
    }
    expect(samples).toBeGreaterThan(15);
    expect(worst).toBeLessThan(0.035);
  }, 60_000);
});

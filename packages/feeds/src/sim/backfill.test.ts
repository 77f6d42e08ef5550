import { MINUTE_MS, type QuoteEvent } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { SimulatedHistory } from './backfill.ts';
import { Simulator } from './simulator.ts';

const END = Date.UTC(2026, 10, 20, 9, 30, 0);
const TOKENS = 60;

function history(seed = 3, minutes = 1_440) {
  return new SimulatedHistory({ seed, end: END, minutes, tokenLimit: TOKENS });
}

function indexOf(h: SimulatedHistory, venue: string, market: string, base: string, quote: string): number {
  const i = h.instruments.findIndex(
    (s) => s.venue === venue && s.market === market && s.base === base && s.quote === quote,
  );
  if (i < 0) throw new Error(`no ${venue} ${market} ${base}/${quote}`);
  return i;
}

/** The first quote of each market when the live run starts at END with the same seed and token count. */
function firstQuotes(seed: number): Map<string, QuoteEvent> {
  const sim = new Simulator({ seed, startTime: END, tokenLimit: TOKENS });
  const first = new Map<string, QuoteEvent>();
  for (const event of sim.advanceTo(END + 3_000)) {
    if (event.type !== 'quote') continue;
    const key = `${event.venue}|${event.market}|${event.base}|${event.quote}`;
    if (!first.has(key)) first.set(key, event);
  }
  return first;
}

describe('a simulated day of history', () => {
  it('ends where the live run starts: every market closes its last minute within the spread of its first live quote', () => {
    const h = history();
    const first = firstQuotes(3);
    let compared = 0;
    h.instruments.forEach((spec, i) => {
      const quote = first.get(`${spec.venue}|${spec.market}|${spec.base}|${spec.quote}`);
      if (!quote) return;
      const day = h.marketDay(i);
      const lastClose = day.close[h.minutes - 1] as number;
      const liveMid = ((quote.bid ?? quote.last) + (quote.ask ?? quote.last)) / 2;
      // The first live quote is at most a couple of seconds in: within the spread plus a few ticks of noise.
      expect(Math.abs(lastClose / liveMid - 1)).toBeLessThan(spec.spread + 0.004);
      compared++;
    });
    expect(compared).toBeGreaterThan(500);
    expect(h.minuteAt(h.minutes - 1) + MINUTE_MS).toBe(END);
  });

  it('comes out the same for a market whatever is generated before it (a resumed back-fill writes the same rows)', () => {
    const a = history();
    const b = history();
    const i = indexOf(a, 'binance', 'spot', 'LINK', 'USDT');
    b.marketDay(indexOf(b, 'upbit', 'spot', 'BTC', 'KRW'));
    expect(Array.from(b.marketDay(i).close)).toEqual(Array.from(a.marketDay(i).close));
    expect(Array.from(b.marketDay(i).volume)).toEqual(Array.from(a.marketDay(i).volume));
  });

  it('moves a mid-cap like a mid-cap and a major like a major, with real candles and volumes', () => {
    const h = history();
    for (const [base, maxRange] of [
      ['BTC', 1.15],
      ['LINK', 1.4],
    ] as const) {
      for (const [venue, quote] of [
        ['upbit', 'KRW'],
        ['binance', 'USDT'],
      ] as const) {
        const day = h.marketDay(indexOf(h, venue, 'spot', base, quote));
        const closes = Array.from(day.close);
        expect(closes).toHaveLength(1_440);
        const range = Math.max(...closes) / Math.min(...closes);
        expect(range).toBeGreaterThan(1.002);
        expect(range).toBeLessThan(maxRange);
        for (let m = 0; m < 1_440; m++) {
          expect(day.high[m]).toBeGreaterThanOrEqual(Math.max(day.open[m] as number, day.close[m] as number));
          expect(day.low[m]).toBeLessThanOrEqual(Math.min(day.open[m] as number, day.close[m] as number));
          expect(day.volume[m]).toBeGreaterThan(0);
          if (m > 0) expect(day.open[m]).toBe(day.close[m - 1]);
          // No minute moves like a crash: the largest one-minute move of a liquid market stays small.
          expect(Math.abs((day.close[m] as number) / (day.open[m] as number) - 1)).toBeLessThan(0.03);
        }
        // A day's volume in dollars near the market's typical 24 h volume (within its slow drift).
        const spec = h.spec(indexOf(h, venue, 'spot', base, quote));
        const usd = closes.reduce(
          (sum, close, m) => sum + close * (day.volume[m] as number) * (quote === 'KRW' ? 1 / 1430 : 1),
          0,
        );
        expect(usd / spec.volumeUsd).toBeGreaterThan(0.4);
        expect(usd / spec.volumeUsd).toBeLessThan(2.5);
      }
    }
  });

  it("keeps Upbit's Kimchi premium in the simulator's range all day", () => {
    const h = history();
    const upbit = h.marketDay(indexOf(h, 'upbit', 'spot', 'BTC', 'KRW'));
    const binance = h.marketDay(indexOf(h, 'binance', 'spot', 'BTC', 'USDT'));
    const forex = h.forex();
    expect(forex).toHaveLength(1_440);
    for (let m = 0; m < 1_440; m++) {
      const rate = forex[m]?.close as number;
      expect(rate).toBeGreaterThanOrEqual(1_380);
      expect(rate).toBeLessThanOrEqual(1_480);
      const premium = (upbit.close[m] as number) / ((binance.close[m] as number) * rate) - 1;
      expect(premium).toBeGreaterThan(-0.02);
      expect(premium).toBeLessThan(0.07);
    }
  });

  it('funds perpetuals near their rates, settling on the UTC grid of their interval', () => {
    const h = history();
    const i = indexOf(h, 'binance', 'perp', 'BTC', 'USDT');
    const { minutes, settlements } = h.funding(h.marketDay(i));
    expect(minutes).toHaveLength(1_440);
    for (const row of minutes) {
      expect(Math.abs(row.rate)).toBeLessThan(0.003);
      expect(row.nextFundingTime).toBeGreaterThan(row.minute);
      expect(row.nextFundingTime % (row.intervalHours * 3_600_000)).toBe(0);
    }
    // A day of an 8-hourly perpetual settles three times.
    expect(settlements.length).toBe(24 / (minutes[0]?.intervalHours ?? 8));
    expect(h.funding(h.marketDay(indexOf(h, 'binance', 'spot', 'BTC', 'USDT'))).minutes).toEqual([]);
    // One minute in five, as the back-fill stores them: the same rows, and every settlement still.
    const fifth = h.funding(h.marketDay(i), 5);
    expect(fifth.minutes).toEqual(minutes.filter((_, m) => m % 5 === 4));
    expect(fifth.settlements).toEqual(settlements);
  });

  it("gives the Kimchi pairs gap minutes inside both legs' own wicks", () => {
    const h = history(3, 240);
    const token = h.order.find((t) => t.symbol === 'ETH');
    const days = (token?.instruments ?? []).map((i) => h.marketDay(i));
    const gaps = h.gaps(days);
    expect(gaps.length).toBeGreaterThan(240);
    for (const g of gaps) {
      expect(g.first.quote).toBe('KRW');
      expect(g.second.quote).toBe('USDT');
      expect(g.high).toBeGreaterThanOrEqual(Math.max(g.open, g.close));
      expect(g.low).toBeLessThanOrEqual(Math.min(g.open, g.close));
      expect(g.close).toBeGreaterThan(1_300);
      expect(g.close).toBeLessThan(1_600);
    }
  });

  it('orders tokens most traded first, USDT/KRW before all', () => {
    const h = history();
    expect(h.order[0]?.symbol).toBe('USDT');
    expect(h.order[1]?.symbol).toBe('BTC');
    for (let i = 2; i < h.order.length; i++)
      expect(h.order[i]?.volumeUsd).toBeLessThanOrEqual(h.order[i - 1]?.volumeUsd ?? 0);
    expect(h.order.reduce((n, t) => n + t.instruments.length, 0)).toBe(h.instruments.length);
  });
});

describe('the day and the 24 h change', () => {
  it("starts the day at the price the live run's first quotes report 24 h change from", () => {
    const h = history();
    const sim = new Simulator({ seed: 3, startTime: END, tokenLimit: TOKENS });
    const firstOpen = new Map<string, number>();
    for (const event of sim.advanceTo(END + 3_000)) {
      if (event.type !== 'quote' || event.open24h === undefined) continue;
      const key = `${event.venue}|${event.market}|${event.base}|${event.quote}`;
      if (!firstOpen.has(key)) firstOpen.set(key, event.open24h);
    }
    // Overseas markets (the run's Korean open24h is that change on today's rate and premium, which moved).
    for (const [venue, base, quote] of [
      ['binance', 'BTC', 'USDT'],
      ['binance', 'LINK', 'USDT'],
      ['bybit', 'ETH', 'USDT'],
    ] as const) {
      const day = h.marketDay(indexOf(h, venue, 'spot', base, quote));
      const open24h = firstOpen.get(`${venue}|spot|${base}|${quote}`) as number;
      // The first back-filled minute opens at that price, give or take the market's own deviation.
      expect(Math.abs((day.open[0] as number) / open24h - 1)).toBeLessThan(0.005);
    }
  });
});

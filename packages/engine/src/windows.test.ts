import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';
import type { PremiumFilter } from './spread-types.ts';
import { premiumFilter } from './test-events.ts';

const M0 = 1_763_700_000_000 - (1_763_700_000_000 % 60_000);
const MIN = 60_000;

const filter = (over: Partial<PremiumFilter> = {}): PremiumFilter =>
  premiumFilter({ search: 'BTC', ...over });

/** Premium of Upbit over Binance by minute: 1 % for minutes 0–9, 3 % for 10–19, 2 % for 20–25, then 2.2 %. */
function premiumAt(minute: number): number {
  return minute < 10 ? 1 : minute < 20 ? 3 : minute < 26 ? 2 : 2.2;
}

function engineThrough(lastMinute: number, rateAt: (minute: number) => number = () => 1_400): MarketEngine {
  const engine = new MarketEngine();
  for (let i = 0; i <= lastMinute; i++) {
    const t = M0 + i * MIN + 1_000;
    engine.apply(forex(t, rateAt(i)));
    engine.apply(quote(t + 1, 'binance', 'BTC', 'USDT', 100_000));
    // Upbit skips minute 25: the close of minute 24 carries over.
    if (i !== 25) {
      engine.apply(quote(t + 2, 'upbit', 'BTC', 'KRW', 100_000 * rateAt(i) * (1 + premiumAt(i) / 100)));
    }
  }
  return engine;
}

describe('look-back windows', () => {
  it('reads each window as of the last minute close at or before now − window', () => {
    const now = M0 + 30 * MIN + 30_000;
    const [row] = engineThrough(30).premium(filter(), now).data;
    // 5 m: now − 5 m falls in minute 25, so the close of minute 24; 15 m → minute 14; 30 m → before the first.
    expect(row?.gapAgo['5m']).toBeCloseTo(2, 4);
    expect(row?.gapAgo['15m']).toBeCloseTo(3, 4);
    expect(row?.gapAgo['30m']).toBeNull();
    expect(row?.gapAgo['24h']).toBeNull();
  });

  it('carries a quiet minute forward', () => {
    const engine = engineThrough(27);
    // Minute 25 had no Upbit quote: its close is minute 24's, at 2 %.
    const at = engine.premium(filter(), M0 + 31 * MIN).data[0];
    expect(at?.gapAgo['5m']).toBeCloseTo(2, 4); // minute 25
  });

  it('uses the conversion rate of that minute, not today’s', () => {
    const rate = (minute: number) => (minute < 10 ? 1_400 : 1_500);
    const engine = engineThrough(20, rate);
    const [row] = engine.premium(filter(), M0 + 20 * MIN + 30_000).data;
    expect(row?.gapAgo['15m']).toBeCloseTo(1, 4); // minute 4, at 1,400
    expect(row?.gapPercent).toBeCloseTo(2, 8);
  });
});

describe('premium duration (spec §9: within ±20 % of its value)', () => {
  it('runs back from the last closed minute while every close stays in the band', () => {
    const now = M0 + 30 * MIN + 30_000;
    const [row] = engineThrough(30).premium(filter(), now).data;
    // Last closed minute 29 at 2.2 %: minutes 20–29 lie within 1.76–2.64 %, minute 19 (3 %) does not.
    expect(row?.durationSince).toBe(M0 + 20 * MIN);
  });

  it('stops where the engine’s memory starts', () => {
    const now = M0 + 8 * MIN + 5_000;
    const [row] = engineThrough(8).premium(filter(), now).data;
    expect(row?.durationSince).toBe(M0);
  });

  it('filters by a minimum duration', () => {
    const engine = engineThrough(30);
    const now = M0 + 30 * MIN + 30_000;
    expect(engine.premium(filter({ minDuration: '5m' }), now).total).toBe(1);
    expect(engine.premium(filter({ minDuration: '15m' }), now).total).toBe(0);
  });
});

describe('price statistics', () => {
  it('changes over each window and the 24 h range from the minute closes', () => {
    const engine = engineThrough(30);
    const now = M0 + 30 * MIN + 30_000;
    const stats = engine.views.priceStats(
      { exchange: 'upbit', search: 'BTC', currency: 'KRW', sort: 'volume', order: 'desc', page: 1, limit: 5 },
      now,
    );
    const [upbit] = stats.data;
    const last = 140_000_000 * 1.022;
    expect(upbit?.price).toBeCloseTo(last, 2);
    expect(upbit?.changePercent['15m']).toBeCloseTo((1.022 / 1.03 - 1) * 100, 4);
    expect(upbit?.high24h).toBeCloseTo(140_000_000 * 1.03, -2);
    expect(upbit?.low24h).toBeCloseTo(140_000_000 * 1.01, -2);
    // No 24 h open reported and no memory of 24 h ago: unknown, not zero.
    expect(upbit?.changePercent['24h']).toBeNull();
  });
});

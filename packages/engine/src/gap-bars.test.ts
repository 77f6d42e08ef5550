import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';

const M0 = 1_763_700_000_000 - (1_763_700_000_000 % 60_000);
const MIN = 60_000;

describe('minute bars of the Kimchi pairs’ gap', () => {
  it('follows the ratio quote by quote: open where the minute began, its extremes, its close', () => {
    const engine = new MarketEngine();
    engine.apply(forex(M0, 1_400));
    // Minute 0: Upbit ₩140M, Binance $100,000 → ratio 1,400 KRW per USDT.
    engine.apply(quote(M0 + 1_000, 'binance', 'BTC', 'USDT', 100_000));
    engine.apply(quote(M0 + 2_000, 'upbit', 'BTC', 'KRW', 140_000_000));
    engine.apply(quote(M0 + 3_000, 'okx', 'BTC', 'USDT', 100_100));
    // Minute 1: Upbit jumps to ₩143.5M, Binance rises to $101,000, Upbit settles at ₩141.4M.
    engine.apply(quote(M0 + MIN + 1_000, 'upbit', 'BTC', 'KRW', 143_500_000));
    engine.apply(quote(M0 + MIN + 2_000, 'binance', 'BTC', 'USDT', 101_000));
    engine.apply(quote(M0 + MIN + 3_000, 'upbit', 'BTC', 'KRW', 141_400_000));
    engine.closeBefore(M0 + 2 * MIN);
    const bars = engine.drainGapBars();
    // Only the Korean KRW spot market against an overseas USDT spot market is kept (not Binance vs OKX).
    const keys = new Set(bars.map((b) => `${b.first.venue}/${b.second.venue}`));
    expect([...keys].sort()).toEqual(['okx/upbit', 'upbit/binance']);
    const upbitBinance = bars.filter((b) => b.first.venue === 'upbit' && b.second.venue === 'binance');
    const minute1 = upbitBinance.find((b) => b.minute === M0 + MIN);
    expect(minute1?.open).toBeCloseTo(1_400, 9);
    expect(minute1?.high).toBeCloseTo(1_435, 9);
    expect(minute1?.low).toBeCloseTo(1_400, 9);
    expect(minute1?.close).toBeCloseTo(141_400_000 / 101_000, 9);
    expect(engine.drainGapBars()).toEqual([]);
  });

  it('closes a quiet pair’s minute at the boundary, and not twice', () => {
    const engine = new MarketEngine();
    engine.apply(quote(M0 + 1_000, 'binance', 'BTC', 'USDT', 100_000));
    engine.apply(quote(M0 + 2_000, 'upbit', 'BTC', 'KRW', 140_000_000));
    engine.closeBefore(M0 + MIN);
    expect(engine.drainGapBars().map((b) => b.minute)).toEqual([M0]);
    engine.closeBefore(M0 + 2 * MIN);
    expect(engine.drainGapBars()).toEqual([]);
  });
});

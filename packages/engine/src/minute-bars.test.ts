import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';

const M = 1_763_700_000_000 - (1_763_700_000_000 % 60_000);

describe('minute bars', () => {
  it('rolls quotes into open/high/low/close per market and closes a bar when the next minute starts', () => {
    const engine = new MarketEngine();
    engine.apply(quote(M + 1_000, 'upbit', 'BTC', 'KRW', 100, { volume24h: 5 }));
    engine.apply(quote(M + 2_000, 'upbit', 'BTC', 'KRW', 120));
    engine.apply(quote(M + 3_000, 'upbit', 'BTC', 'KRW', 90, { volume24h: 7 }));
    engine.apply(quote(M + 59_999, 'upbit', 'BTC', 'KRW', 110));
    expect(engine.bars.drain().bars).toEqual([]);
    engine.apply(quote(M + 60_000, 'upbit', 'BTC', 'KRW', 111));
    expect(engine.bars.drain().bars).toEqual([
      {
        venue: 'upbit',
        market: 'spot',
        base: 'BTC',
        quote: 'KRW',
        minute: M,
        open: 100,
        high: 120,
        low: 90,
        close: 110,
        volume24h: 7,
      },
    ]);
  });

  it('sums the volume traded within the minute where the source reports its trades', () => {
    const engine = new MarketEngine();
    engine.apply(quote(M + 1_000, 'upbit', 'BTC', 'KRW', 100, { traded: 0.5 }));
    engine.apply(quote(M + 2_000, 'upbit', 'BTC', 'KRW', 101));
    engine.apply(quote(M + 3_000, 'upbit', 'BTC', 'KRW', 102, { traded: 0.25 }));
    engine.apply(quote(M + 61_000, 'upbit', 'BTC', 'KRW', 103, { traded: 9 }));
    engine.apply(quote(M + 1_000, 'okx', 'BTC', 'USDT', 70_000));
    engine.bars.closeBefore(M + 60_000);
    const bars = engine.bars.drain().bars;
    expect(bars.find((b) => b.venue === 'upbit')?.volume).toBe(0.75);
    // A venue that reports only its rolling 24 h volume has no minute volume.
    expect(bars.find((b) => b.venue === 'okx')).not.toHaveProperty('volume');
  });

  it('closes quiet markets at the minute boundary, and each bar only once', () => {
    const engine = new MarketEngine();
    engine.apply(quote(M + 5_000, 'binance', 'ETH', 'USDT', 3_000));
    engine.apply(forex(M + 6_000, 1_400));
    engine.apply(forex(M + 7_000, 1_402));
    engine.bars.closeBefore(M + 60_000);
    const { bars, forex: rates } = engine.bars.drain();
    expect(bars.map((b) => [b.base, b.minute, b.close, b.volume24h])).toEqual([['ETH', M, 3_000, null]]);
    expect(rates).toEqual([
      { pair: 'USD/KRW', minute: M, open: 1_400, high: 1_402, low: 1_400, close: 1_402 },
    ]);
    engine.bars.closeBefore(M + 120_000);
    expect(engine.bars.drain()).toEqual({ bars: [], forex: [] });
  });

  it('does not reopen a closed minute for a late quote', () => {
    const engine = new MarketEngine();
    engine.apply(quote(M + 61_000, 'upbit', 'XRP', 'KRW', 800));
    engine.apply(quote(M + 1_000, 'upbit', 'XRP', 'KRW', 1));
    engine.bars.closeBefore(M + 120_000);
    expect(engine.bars.drain().bars.map((b) => [b.minute, b.low])).toEqual([[M + 60_000, 800]]);
  });
});

describe('bars in progress', () => {
  it('hands over the open bars that moved since the last call, and leaves them open', () => {
    const engine = new MarketEngine();
    engine.apply(quote(M + 1_000, 'upbit', 'BTC', 'KRW', 100));
    engine.apply(quote(M + 2_000, 'upbit', 'BTC', 'KRW', 120));
    engine.apply(quote(M + 3_000, 'binance', 'BTC', 'USDT', 70));
    engine.apply(forex(M + 4_000, 1_400));
    const first = engine.bars.inProgress();
    expect(first.bars.map((b) => [b.venue, b.minute, b.open, b.high, b.close])).toEqual([
      ['upbit', M, 100, 120, 120],
      ['binance', M, 70, 70, 70],
    ]);
    expect(first.forex).toEqual([
      { pair: 'USD/KRW', minute: M, open: 1_400, high: 1_400, low: 1_400, close: 1_400 },
    ]);
    expect(engine.bars.drain()).toEqual({ bars: [], forex: [] });

    // Only what moved since: Binance was quiet.
    engine.apply(quote(M + 50_000, 'upbit', 'BTC', 'KRW', 90));
    const second = engine.bars.inProgress();
    expect(second.bars.map((b) => [b.venue, b.low, b.close])).toEqual([['upbit', 90, 90]]);
    expect(second.forex).toEqual([]);

    // The checkpointed bars still close in full.
    engine.apply(quote(M + 59_000, 'upbit', 'BTC', 'KRW', 95));
    engine.bars.closeBefore(M + 60_000);
    expect(engine.bars.drain().bars.map((b) => [b.venue, b.open, b.high, b.low, b.close])).toEqual([
      ['upbit', 100, 120, 90, 95],
      ['binance', 70, 70, 70, 70],
    ]);
    expect(engine.bars.inProgress()).toEqual({ bars: [], forex: [] });
  });
});

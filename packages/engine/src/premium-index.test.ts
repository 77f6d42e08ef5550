import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';

const T0 = 1_763_700_000_000 - (1_763_700_000_000 % 60_000);

function market(): MarketEngine {
  const engine = new MarketEngine();
  for (const event of [
    forex(T0, 1_400),
    quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_435),
    quote(T0 + 2, 'upbit', 'BTC', 'KRW', 143_500_000, { volume24h: 1e11 }),
    quote(T0 + 3, 'bithumb', 'BTC', 'KRW', 143_000_000, { volume24h: 1e11 }),
    quote(T0 + 4, 'binance', 'BTC', 'USDT', 100_000),
    quote(T0 + 5, 'okx', 'BTC', 'USDT', 100_100),
    quote(T0 + 6, 'bybit', 'BTC', 'USDT', 99_900),
    quote(T0 + 7, 'upbit', 'ETH', 'KRW', 5_000_000, { volume24h: 3e11 }),
    quote(T0 + 8, 'binance', 'ETH', 'USDT', 3_500),
    quote(T0 + 9, 'upbit', 'XRP', 'KRW', 3_000, { volume24h: 5e11 }), // no overseas quote
    quote(T0 + 10, 'hyperliquid', 'ETH', 'USDT', 1, { market: 'spot' }), // a DEX is not a reference
  ])
    engine.apply(event);
  return engine;
}

describe('Kimchi premium index', () => {
  it('weights each basket token by its Korean volume; a token without an overseas price drops out', () => {
    const index = market().premiumIndex('USD', T0 + 1_000);
    // BTC: Korean 143.25M (equal volumes), overseas median 100,000.
    const btc = (143_250_000 / 140_000_000 - 1) * 100;
    const eth = (5_000_000 / 4_900_000 - 1) * 100;
    expect(index.value).toBeCloseTo((btc * 2e11 + eth * 3e11) / 5e11, 10);
    const byBase = Object.fromEntries(index.constituents.map((c) => [c.base, c]));
    expect(byBase.BTC).toMatchObject({ koreanPriceKrw: 143_250_000, overseasPriceUsd: 100_000, weight: 0.4 });
    expect(byBase.ETH?.weight).toBeCloseTo(0.6, 12);
    expect(byBase.XRP).toMatchObject({ premiumPercent: null, weight: 0, volume24hKrw: 5e11 });
    expect(index.bitcoin.premiumPercent).toBeCloseTo(btc, 10);
  });

  it('reads the same basket through Upbit USDT/KRW', () => {
    const index = market().premiumIndex('USDT', T0 + 1_000);
    expect(index.conversionRate).toBe(1_435);
    expect(index.bitcoin.premiumPercent).toBeCloseTo((143_250_000 / (100_000 * 1_435) - 1) * 100, 10);
  });

  it('leaves out quotes older than 60 s', () => {
    const engine = market();
    engine.apply(quote(T0 + 61_000, 'upbit', 'ETH', 'KRW', 5_000_000, { volume24h: 3e11 }));
    engine.apply(quote(T0 + 61_000, 'binance', 'ETH', 'USDT', 3_500));
    const index = engine.premiumIndex('USD', T0 + 62_000);
    expect(index.value).toBeCloseTo((5_000_000 / 4_900_000 - 1) * 100, 10);
  });

  it('is computed per closed minute from the minute closes for the history', () => {
    const engine = market();
    engine.apply(quote(T0 + 60_500, 'binance', 'BTC', 'USDT', 101_000));
    engine.closeBefore(T0 + 120_000);
    const atFirstMinute = engine.premiumIndexAt('USD', T0);
    expect(atFirstMinute.bitcoin.priceUsd).toBe(100_000);
    expect(engine.premiumIndexAt('USD', T0 + 60_000).bitcoin.priceUsd).toBe(100_100); // median of 101,000 / 100,100 / 99,900
  });
});

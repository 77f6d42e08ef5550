import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceilToTick, floorToTick, krwTick, roundToTick, significantTick } from './price-ticks.ts';

describe('krwTick (Upbit KRW order-price units since 31 Jul 2025)', () => {
  it.each([
    [150_000_000, 1000],
    [1_000_000, 1000],
    [999_999, 500],
    [500_000, 500],
    [250_000, 100],
    [75_000, 50],
    [20_000, 10],
    [7_500, 5],
    [3_000, 1],
    [500, 1],
    [50, 0.1],
    [5, 0.01],
    [0.5, 0.001],
    [0.05, 0.0001],
    [0.005, 0.00001],
    [0.0005, 0.000001],
    [0.00005, 0.0000001],
    [0.000005, 0.00000001],
  ])('%f KRW trades in steps of %f', (price, step) => {
    expect(krwTick(price, 'XRP').step).toBe(step);
  });

  it('uses 0.5 KRW steps for USDT/KRW and USDC/KRW between 1,000 and 10,000', () => {
    expect(krwTick(1_452.3, 'USDT').step).toBe(0.5);
    expect(krwTick(1_452.3, 'USDC').step).toBe(0.5);
    expect(krwTick(1_452.3, 'ETC').step).toBe(1);
  });
});

describe('rounding to a tick', () => {
  const prices = fc.double({ min: 1e-7, max: 5e8, noNaN: true, noDefaultInfinity: true });

  it('lands on the grid, as the shortest decimal, never further than one step away', () => {
    fc.assert(
      fc.property(prices, fc.constantFrom('BTC', 'USDT'), (price, base) => {
        const tick = krwTick(price, base);
        for (const snapped of [roundToTick(price, tick), floorToTick(price, tick), ceilToTick(price, tick)]) {
          const units = (snapped * 10 ** tick.decimals) / Math.round(tick.step * 10 ** tick.decimals);
          expect(Math.abs(units - Math.round(units))).toBeLessThan(1e-6);
          expect(Math.abs(snapped - price)).toBeLessThanOrEqual(tick.step * (1 + 1e-9));
          // No float noise like 0.30000000000000004 in the tape.
          expect(String(snapped).length).toBeLessThanOrEqual(String(tick.step).length + 12);
        }
        expect(floorToTick(price, tick)).toBeLessThanOrEqual(price * (1 + 1e-12));
        expect(ceilToTick(price, tick)).toBeGreaterThanOrEqual(price * (1 - 1e-12));
      }),
    );
  });

  it('keeps six significant digits on overseas prices', () => {
    expect(roundToTick(97_123.456, significantTick(97_123.456))).toBe(97_123.5);
    expect(roundToTick(0.000012345678, significantTick(0.000012345678))).toBe(0.0000123457);
    expect(roundToTick(2.71234567, significantTick(2.71234567))).toBe(2.71235);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversionRate } from './money.ts';
import { gapPercent, kimchiPremiumPercent, toDisplayCurrency } from './premium-math.ts';

// Real markets: from sub-cent tokens to BTC priced in won.
const price = fc.double({ min: 1e-4, max: 1e9, noNaN: true, noDefaultInfinity: true });
// Two prices of one token differ by far less than the span of all prices.
const ratio = fc.double({ min: 0.5, max: 2, noNaN: true, noDefaultInfinity: true });
const rate = fc.double({ min: 500, max: 3000, noNaN: true, noDefaultInfinity: true });

describe('premium math', () => {
  it('computes the Kimchi premium of a hand-worked example', () => {
    // 143,500,000 KRW on Upbit vs 100,000 USDT on Binance at 1,400 KRW/USD: fair KRW price 140,000,000.
    expect(kimchiPremiumPercent(143_500_000, 100_000, 1_400)).toBeCloseTo(2.5, 12);
    // The same prices converted by USDT/KRW 1,435 show no premium at all.
    expect(kimchiPremiumPercent(143_500_000, 100_000, 1_435)).toBeCloseTo(0, 12);
    // ... and by USDT/KRW 1,450 a reverse premium (역프).
    expect(kimchiPremiumPercent(143_500_000, 100_000, 1_450)).toBeLessThan(0);
  });

  it('picks the rate of the conversion base', () => {
    const rates = { usdKrw: 1_400, usdtKrw: 1_435 };
    expect(conversionRate('USD', rates)).toBe(1_400);
    expect(conversionRate('USDT', rates)).toBe(1_435);
    expect(conversionRate('USDT', { usdKrw: 1_400, usdtKrw: Number.NaN })).toBeNaN();
  });

  it('never reports a gap for a missing or non-positive price', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(gapPercent(bad, 100)).toBeNaN();
      expect(gapPercent(100, bad)).toBeNaN();
      expect(kimchiPremiumPercent(100, 1, bad)).toBeNaN();
    }
  });

  it('is zero exactly when the two prices agree', () => {
    fc.assert(
      fc.property(price, (p) => {
        expect(gapPercent(p, p)).toBe(0);
      }),
    );
  });

  it('is scale-free: converting both prices by one factor leaves the gap unchanged', () => {
    fc.assert(
      fc.property(price, ratio, rate, (a, q, k) => {
        const b = a * q;
        expect(gapPercent(a * k, b * k)).toBeCloseTo(gapPercent(a, b), 6);
      }),
    );
  });

  it('inverts: the gap of b over a undoes the gap of a over b', () => {
    fc.assert(
      fc.property(price, ratio, (a, q) => {
        const b = a * q;
        const there = 1 + gapPercent(a, b) / 100;
        const back = 1 + gapPercent(b, a) / 100;
        expect(there * back).toBeCloseTo(1, 9);
      }),
    );
  });

  it('agrees with the gap between the two prices shown in either display currency', () => {
    fc.assert(
      fc.property(price, ratio, rate, fc.constantFrom('USD', 'KRW' as const), (usdt, q, r, currency) => {
        const krw = usdt * r * q;
        const shownSource = toDisplayCurrency(krw, 'KRW', currency, r);
        const shownTarget = toDisplayCurrency(usdt, 'DOLLAR', currency, r);
        const premium = kimchiPremiumPercent(krw, usdt, r);
        expect(gapPercent(shownSource, shownTarget)).toBeCloseTo(premium, 6);
      }),
    );
  });

  it('round-trips display conversions', () => {
    fc.assert(
      fc.property(price, rate, (krw, r) => {
        const usd = toDisplayCurrency(krw, 'KRW', 'USD', r);
        expect(toDisplayCurrency(usd, 'DOLLAR', 'KRW', r)).toBeCloseTo(krw, 6);
        expect(toDisplayCurrency(krw, 'KRW', 'KRW', r)).toBe(krw);
      }),
    );
  });

  it('rises with the KRW price and falls with the rate', () => {
    fc.assert(
      fc.property(price, ratio, rate, (usdt, q, r) => {
        const krw = usdt * r * q;
        expect(kimchiPremiumPercent(krw * 1.01, usdt, r)).toBeGreaterThan(kimchiPremiumPercent(krw, usdt, r));
        expect(kimchiPremiumPercent(krw, usdt, r * 1.01)).toBeLessThan(kimchiPremiumPercent(krw, usdt, r));
      }),
    );
  });
});

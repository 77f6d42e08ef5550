import { describe, expect, it } from 'vitest';
import { headlinePremium, invertPercent } from './detail-premium.ts';

const upbit = { exchange: 'upbit', market: 'spot', quote: 'KRW' } as const;
const bithumb = { exchange: 'bithumb', market: 'spot', quote: 'KRW' } as const;
const mexc = { exchange: 'mexc', market: 'spot', quote: 'USDT' } as const;
const okx = { exchange: 'okx', market: 'perp', quote: 'USDT' } as const;

describe('detail headline premium', () => {
  it('keeps a Korean market over its overseas reference as it is: that is the Kimchi premium', () => {
    expect(headlinePremium(upbit, mexc, 4.9)).toEqual({
      kind: 'kimchi',
      over: upbit,
      under: mexc,
      value: 4.9,
    });
  });

  it('turns an overseas market over a Korean reference around, so the sign is the Kimchi premium', () => {
    // KRW 105 vs 100 abroad: +5 % Kimchi premium; the API answers the overseas market over KRW, 100/105 − 1.
    const apiValue = (100 / 105 - 1) * 100;
    const headline = headlinePremium(mexc, bithumb, apiValue);
    expect(headline.kind).toBe('kimchi');
    expect(headline.over).toBe(bithumb);
    expect(headline.under).toBe(mexc);
    expect(headline.value).toBeCloseTo(5, 10);
  });

  it('reads two overseas markets as the page market over its reference', () => {
    expect(headlinePremium(mexc, okx, -0.3)).toEqual({ kind: 'gap', over: mexc, under: okx, value: -0.3 });
    expect(headlinePremium(upbit, bithumb, 0.2).kind).toBe('gap');
  });

  it('keeps a missing premium missing', () => {
    expect(headlinePremium(mexc, upbit, null).value).toBeNull();
  });

  it('inverts a percent exactly', () => {
    expect(invertPercent(invertPercent(3.7))).toBeCloseTo(3.7, 12);
    expect(invertPercent(0)).toBe(0);
  });
});

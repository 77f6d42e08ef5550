import { describe, expect, it } from 'vitest';
import { formatCompactIn, formatPriceIn, inCurrency, krwPerUnit } from './stable-conversion.ts';

const rates = { usdKrw: 1_400, usdtKrw: 1_450 };

describe('dollar quotes in the user currency', () => {
  it('converts USDT at the USDT market and USDC at forex, falling back on the other', () => {
    expect(krwPerUnit('USDT', rates)).toBe(1_450);
    expect(krwPerUnit('USDC', rates)).toBe(1_400);
    expect(krwPerUnit('USDT', { usdKrw: 1_400, usdtKrw: null })).toBe(1_400);
    expect(krwPerUnit('USDC', { usdKrw: null, usdtKrw: 1_450 })).toBe(1_450);
    expect(krwPerUnit('USDT', { usdKrw: null, usdtKrw: null })).toBeNull();
  });

  it('shows dollar stablecoins as dollars in USD and as won in KRW', () => {
    expect(inCurrency(2, 'USDT', 'USD', rates)).toBe(2);
    expect(inCurrency(2, 'USDT', 'KRW', rates)).toBe(2_900);
    expect(inCurrency(2_800, 'KRW', 'USD', rates)).toBe(2);
  });

  it('never prints a dollar amount with a won sign', () => {
    // Volume 2.78M USDT read in KRW is about 4 billion won, not "$278만".
    const text = formatCompactIn(2_780_000, 'USDT', 'KRW', rates, 'ko');
    expect(text).not.toContain('$');
    expect(text).toContain('₩');
    expect(formatPriceIn(101_749, 'USDT', 'KRW', rates, 'ko')).toBe('₩147,536,050');
  });

  it('shows a missing amount, or one it cannot convert yet, as missing', () => {
    expect(formatPriceIn(null, 'USDT', 'KRW', rates, 'en')).toBe(
      formatPriceIn(Number.NaN, 'USDT', 'KRW', rates, 'en'),
    );
    expect(formatPriceIn(5, 'USDT', 'KRW', null, 'en')).toBe(formatPriceIn(null, 'USDT', 'KRW', null, 'en'));
  });
});

import { describe, expect, it } from 'vitest';
import { formatNativePrice, formatSignedPrice, orNaN, tone } from './number-display.ts';

describe('number display', () => {
  it('reads the tone of a change', () => {
    expect(tone(1.2)).toBe('up');
    expect(tone(-0.01)).toBe('down');
    expect(tone(0)).toBe('flat');
    expect(tone(null)).toBe('flat');
    expect(tone(Number.NaN)).toBe('flat');
  });

  it('signs differences and keeps core formatting', () => {
    expect(formatSignedPrice(1250, 'KRW', 'ko')).toBe('+₩1,250');
    expect(formatSignedPrice(-0.42, 'USD', 'en')).toBe('-$0.42');
    expect(formatSignedPrice(null, 'USD', 'en')).toBe('—');
  });

  it('writes native prices in their quote', () => {
    expect(formatNativePrice(143_500_000, 'KRW', 'ko')).toBe('₩143,500,000');
    expect(formatNativePrice(0.14261, 'USDT', 'en')).toBe('0.1426 USDT');
    expect(formatNativePrice(97_123.456, 'USDT', 'en')).toBe('97,123.46 USDT');
  });

  it('maps missing wire numbers to NaN', () => {
    expect(orNaN(null)).toBeNaN();
    expect(orNaN(3)).toBe(3);
  });
});

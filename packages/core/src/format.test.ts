import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  durationParts,
  formatClock,
  formatCompact,
  formatPercent,
  formatPrice,
  InvalidNumberInputError,
  MISSING,
  toNumber,
} from './format.ts';

describe('formatPrice (UI.md)', () => {
  it('shows whole won with separators at or above ₩100', () => {
    expect(formatPrice(143_500_000, 'KRW', 'ko')).toBe('₩143,500,000');
    expect(formatPrice(1_234.56, 'KRW', 'en')).toBe('₩1,235');
    expect(formatPrice(100, 'KRW', 'ko')).toBe('₩100');
  });

  it('keeps significant digits for won prices under ₩100', () => {
    expect(formatPrice(52.37, 'KRW', 'ko')).toBe('₩52.37');
    expect(formatPrice(0.012345, 'KRW', 'ko')).toBe('₩0.01235');
  });

  it('shows cents at or above $1 and significant digits below', () => {
    expect(formatPrice(100_000, 'USD', 'en')).toBe('$100,000.00');
    expect(formatPrice(1.5, 'USD', 'en')).toBe('$1.50');
    expect(formatPrice(0.0004567, 'USD', 'en')).toBe('$0.0004567');
  });

  it('marks missing values instead of printing NaN', () => {
    expect(formatPrice(Number.NaN, 'USD', 'en')).toBe(MISSING);
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatPrice(-2_500, 'KRW', 'ko')).toBe('-₩2,500');
  });
});

describe('formatPercent', () => {
  it('always carries two decimals and a sign', () => {
    expect(formatPercent(3.149)).toBe('+3.15%');
    expect(formatPercent(-0.4249)).toBe('-0.42%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-0.001)).toBe('0.00%');
  });

  it('formats any finite number as a signed two-decimal percent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (value) => {
        expect(formatPercent(value)).toMatch(/^[+-]?\d+\.\d{2}%$/);
      }),
    );
  });
});

describe('formatCompact', () => {
  it('reads large won amounts in 만/억/조 in Korean and K/M/B in English', () => {
    expect(formatCompact(310_000_000, 'KRW', 'ko')).toBe('₩3.1억');
    expect(formatCompact(310_000_000_000, 'KRW', 'ko')).toBe('₩3,100억');
    expect(formatCompact(2_500_000_000_000, 'KRW', 'ko')).toBe('₩2.5조');
    expect(formatCompact(310_000_000, 'KRW', 'en')).toBe('₩310M');
    expect(formatCompact(2_500_000_000, 'USD', 'en')).toBe('$2.5B');
    expect(formatCompact(950, 'USD', 'en')).toBe('$950');
  });
});

describe('durationParts and formatClock', () => {
  it('splits a duration into whole units, and has none for a negative or unknown one', () => {
    expect(durationParts((4 * 60 + 12) * 60_000 + 999)).toEqual({
      days: 0,
      hours: 4,
      minutes: 12,
      seconds: 0,
    });
    expect(durationParts(50 * 3_600_000 + 185_000)).toEqual({ days: 2, hours: 2, minutes: 3, seconds: 5 });
    expect(durationParts(-1)).toBeNull();
    expect(durationParts(Number.NaN)).toBeNull();
  });

  it('shows Seoul time with the zone named', () => {
    // 2025-11-21T03:00:00Z is noon in Seoul.
    expect(formatClock(Date.UTC(2025, 10, 21, 3, 0, 0), 'en')).toBe('12:00:00 KST');
    expect(formatClock(Date.UTC(2025, 10, 21, 3, 0, 0), 'en', 'UTC')).toBe('03:00:00 UTC');
  });
});

describe('toNumber', () => {
  it('accepts numbers and numeric text', () => {
    expect(toNumber(42)).toBe(42);
    expect(toNumber(' 1,234.5 ')).toBe(1234.5);
    expect(toNumber('-3e2')).toBe(-300);
  });

  it.each(['abc', '', '1.2.3', '12abc', null, undefined, Number.NaN, {}])('rejects %j', (input) => {
    expect(() => toNumber(input)).toThrow(InvalidNumberInputError);
    expect(() => toNumber(input)).toThrow('Invalid number input');
  });
});

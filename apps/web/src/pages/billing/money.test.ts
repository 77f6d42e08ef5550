import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('formats integer minor units per currency without floating point', () => {
    expect(formatMoney(2900, 'USD', 'en')).toBe('$29.00');
    expect(formatMoney(5, 'USD', 'en')).toBe('$0.05');
    expect(formatMoney(-1234, 'USD', 'en')).toBe('-$12.34');
    expect(formatMoney(29000, 'KRW', 'ko')).toBe('₩29,000');
    // A float would print 0.30000000000000004 somewhere; integer digits cannot.
    expect(formatMoney(30, 'USD', 'en')).toBe('$0.30');
  });
});

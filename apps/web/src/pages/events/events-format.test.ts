import { describe, expect, it } from 'vitest';
import { formatKst } from './events-format.ts';

describe('formatKst', () => {
  it('shows Korean time with the zone named, across the date line', () => {
    expect(formatKst(Date.UTC(2025, 10, 21, 16, 30), 'ko')).toBe('11-22 01:30 KST');
    expect(formatKst(Date.UTC(2025, 11, 31, 15, 0), 'en', true)).toBe('2026-01-01 00:00 KST');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tidyNumber, tidyRow } from './tidy-numbers.ts';

describe('tidyNumber', () => {
  it('drops float noise and prints short', () => {
    expect(JSON.stringify(tidyNumber(10.950888440000028))).toBe('10.95088844');
    expect(JSON.stringify(tidyNumber(2.844023817022534))).toBe('2.84402381702');
    expect(JSON.stringify(tidyNumber(0.000012345678901234))).toBe('0.0000123456789012');
  });

  it('leaves integers (times, counts, whole prices) and non-finite values alone', () => {
    for (const x of [0, 1_800_000_000_000, -42, 135_221_764, Number.NaN, Number.POSITIVE_INFINITY])
      expect(tidyNumber(x)).toBe(x);
  });

  it('keeps 12 significant digits of any magnitude, and tidying again changes nothing', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (x) => {
        const tidy = tidyNumber(x);
        if (x !== 0) expect(Math.abs(tidy - x) / Math.abs(x)).toBeLessThanOrEqual(5e-12);
        expect(tidyNumber(tidy)).toBe(tidy);
      }),
    );
  });

  it('tidies every number of a row, nested objects and arrays included', () => {
    const row = { a: 1.0000000000001, b: { c: [{ d: 0.30000000000000004 }] }, e: 'x', f: null };
    expect(tidyRow(row)).toEqual({ a: 1, b: { c: [{ d: 0.3 }] }, e: 'x', f: null });
  });
});

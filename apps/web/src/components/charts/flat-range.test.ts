import { describe, expect, it } from 'vitest';
import { padFlatRange } from './flat-range.ts';

describe('padFlatRange', () => {
  it('widens a flat price so the axis labels differ in whole won', () => {
    const { minValue, maxValue } = padFlatRange(150_766_000, 150_766_000);
    expect(maxValue - minValue).toBeCloseTo(301_532, 0);
    expect((minValue + maxValue) / 2).toBe(150_766_000);
  });

  it('widens a flat premium to a tenth of a point', () => {
    const { minValue, maxValue } = padFlatRange(1.1, 1.1);
    expect(maxValue - minValue).toBeCloseTo(0.1, 10);
  });

  it('leaves a range that moves alone', () => {
    expect(padFlatRange(140_000_000, 150_000_000)).toEqual({ minValue: 140_000_000, maxValue: 150_000_000 });
    expect(padFlatRange(-0.5, 2.3)).toEqual({ minValue: -0.5, maxValue: 2.3 });
  });
});

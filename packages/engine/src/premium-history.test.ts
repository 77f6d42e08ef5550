import { describe, expect, it } from 'vitest';
import { computePairHistory, computePremiumHistory } from './premium-history.ts';

describe('premium history', () => {
  it('joins the three series as of each minute and skips minutes before all are known', () => {
    const points = computePremiumHistory(
      [
        { minute: 0, close: 141_400_000 },
        { minute: 120_000, close: 144_200_000 },
      ],
      [
        { minute: 60_000, close: 100_000 },
        { minute: 180_000, close: 103_000 },
      ],
      [{ minute: 0, close: 1_400 }],
      'KRW',
    );
    expect(points.map((p) => p.t)).toEqual([60_000, 120_000, 180_000]);
    expect(points.map((p) => Number(p.gapPercent.toFixed(6)))).toEqual([1, 3, 0]);
    expect(points[0]).toMatchObject({
      sourcePrice: 141_400_000,
      targetPrice: 140_000_000,
      conversionRate: 1_400,
    });
  });

  it('converts both prices to dollars with the same rate', () => {
    const [point] = computePremiumHistory(
      [{ minute: 0, close: 143_500_000 }],
      [{ minute: 0, close: 100_000 }],
      [{ minute: 0, close: 1_400 }],
      'USD',
    );
    expect(point?.sourcePrice).toBeCloseTo(102_500, 8);
    expect(point?.targetPrice).toBe(100_000);
    expect(point?.gapPercent).toBeCloseTo(2.5, 10);
  });

  it('is empty without a rate', () => {
    expect(computePremiumHistory([{ minute: 0, close: 1 }], [{ minute: 0, close: 1 }], [], 'KRW')).toEqual(
      [],
    );
  });
});

describe('pair history', () => {
  it('joins any two markets, converting whichever leg is in KRW', () => {
    const [point] = computePairHistory(
      [{ minute: 0, close: 101_000 }],
      [{ minute: 0, close: 143_500_000 }],
      [{ minute: 0, close: 1_400 }],
      { source: 'DOLLAR', target: 'KRW' },
      'USD',
    );
    expect(point?.targetPrice).toBeCloseTo(102_500, 8);
    expect(point?.gapPercent).toBeCloseTo((101_000 / 102_500 - 1) * 100, 10);
  });

  it('needs no conversion between two dollar markets but still names the rate', () => {
    const points = computePairHistory(
      [{ minute: 0, close: 101 }],
      [{ minute: 0, close: 100 }],
      [{ minute: 60_000, close: 1_400 }],
      { source: 'DOLLAR', target: 'DOLLAR' },
      'USD',
    );
    expect(points.map((p) => [p.t, p.gapPercent])).toEqual([[60_000, expect.closeTo(1, 10)]]);
  });
});

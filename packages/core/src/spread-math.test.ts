import { describe, expect, it } from 'vitest';
import {
  annualizedFundingPercent,
  fundingGapPercent,
  netFundingPerHour,
  tradeReturn,
  transferTimeSec,
  withinDurationTolerance,
} from './spread-math.ts';

describe('funding arithmetic', () => {
  it('annualizes a rate per interval: 0.01 % every 8 h is 10.95 % a year', () => {
    expect(annualizedFundingPercent(0.0001, 8)).toBeCloseTo(10.95, 10);
    expect(annualizedFundingPercent(0.0001, 1)).toBeCloseTo(87.6, 10);
    expect(annualizedFundingPercent(-0.0002, 4)).toBeCloseTo(-43.8, 10);
    expect(annualizedFundingPercent(0.0001, 0)).toBeNaN();
    expect(annualizedFundingPercent(Number.NaN, 8)).toBeNaN();
  });

  it('computes the funding gap exactly as spec §9 writes it', () => {
    // (0.03 % − 0.01 %) × 8 / 1 = 0.16 %
    expect(fundingGapPercent(0.0003, 8, 0.0001, 1)).toBeCloseTo(0.16, 12);
    expect(fundingGapPercent(0.0001, 4, 0.0003, 8)).toBeCloseTo(-0.01, 12);
    expect(fundingGapPercent(0.0001, 8, Number.NaN, 8)).toBeNaN();
  });

  it('nets what a long/short pair receives per hour', () => {
    // Short receives 0.04 %/8 h, long pays 0.01 %/1 h: 0.005 % − 0.01 % per hour.
    expect(netFundingPerHour(0.0001, 1, 0.0004, 8)).toBeCloseTo(0.00005 - 0.0001, 15);
    // Spot long: nothing paid.
    expect(netFundingPerHour(0, 1, 0.0001, 8)).toBeCloseTo(0.0000125, 15);
  });
});

describe('transfer and trade arithmetic', () => {
  it('takes transfer time as block time × confirmations', () => {
    expect(transferTimeSec(600, 2)).toBe(1_200);
    expect(transferTimeSec(0.4, 1)).toBeCloseTo(0.4, 12);
    expect(transferTimeSec(Number.NaN, 1)).toBeNaN();
  });

  it('charges each leg its fee on what it yields', () => {
    // Buy at 100, sell at 103, 0.1 % each side: 0.999² × 1.03 − 1.
    expect(tradeReturn(100, 103, 0.001, 0.001)).toBeCloseTo(0.999 * 0.999 * 1.03 - 1, 15);
    expect(tradeReturn(100, 100, 0, 0)).toBe(0);
    expect(tradeReturn(0, 100, 0, 0)).toBeNaN();
  });

  it('keeps a premium "the same" within ±20 % of the reference, on either sign', () => {
    expect(withinDurationTolerance(2.4, 2)).toBe(true);
    expect(withinDurationTolerance(2.41, 2)).toBe(false);
    expect(withinDurationTolerance(-1.2, -1)).toBe(true);
    expect(withinDurationTolerance(-0.79, -1)).toBe(false);
    expect(withinDurationTolerance(0, 0)).toBe(true);
  });
});

import { FEE_SCHEDULES } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { feeRates } from './fee-schedule.ts';

describe('fee schedules', () => {
  it('the VIP tables the fees screen shows start at the base tier the premium and arbitrage maths charge', () => {
    for (const schedule of FEE_SCHEDULES) {
      const base = schedule.tiers[0];
      const rates = feeRates(schedule.venue, schedule.market);
      expect([schedule.venue, schedule.market, rates.maker * 100, rates.taker * 100].map(String)).toEqual(
        [schedule.venue, schedule.market, base?.makerPercent, base?.takerPercent].map(String),
      );
    }
  });
});

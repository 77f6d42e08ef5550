import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './backoff.ts';

const policy = { baseMs: 1_000, maxMs: 30_000, jitter: 0.5 };

describe('backoffDelayMs', () => {
  it('doubles per failure in a row up to the cap', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelayMs(n, policy, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('waits nothing before the first failure', () => {
    expect(backoffDelayMs(0, policy, () => 0.3)).toBe(0);
  });

  it('spreads reconnects over the jitter band, never beyond the step', () => {
    expect(backoffDelayMs(3, policy, () => 0.999_999)).toBe(2_000);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(3_000);
    const seen = new Set<number>();
    let seed = 1;
    const lcg = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = 0; i < 200; i++) {
      const delay = backoffDelayMs(4, policy, lcg);
      expect(delay).toBeGreaterThanOrEqual(4_000);
      expect(delay).toBeLessThanOrEqual(8_000);
      seen.add(delay);
    }
    expect(seen.size).toBeGreaterThan(100);
  });

  it('stays finite after a very long outage', () => {
    expect(backoffDelayMs(10_000, policy, () => 0)).toBe(30_000);
  });
});

import { describe, expect, it } from 'vitest';
import { HOLDER_TIER_RANK, holderTier } from './holder-tier.ts';

describe('holder tiers (spec §3)', () => {
  it('puts a deposit over ₩100M among whales, ₩10M–100M among fish, below among shrimp', () => {
    expect(holderTier(100_000_001)).toBe('whale');
    expect(holderTier(100_000_000)).toBe('fish');
    expect(holderTier(10_000_000)).toBe('fish');
    expect(holderTier(9_999_999)).toBe('shrimp');
    expect(holderTier(0)).toBe('shrimp');
  });

  it('calls a deposit that cannot be valued unknown, and ranks tiers as the spec numbers them', () => {
    expect(holderTier(null)).toBe('unknown');
    expect(holderTier(Number.NaN)).toBe('unknown');
    expect(
      Object.entries(HOLDER_TIER_RANK)
        .sort((a, b) => b[1] - a[1])
        .map(([t]) => t),
    ).toEqual(['whale', 'fish', 'shrimp', 'unknown']);
  });
});

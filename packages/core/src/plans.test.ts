import { describe, expect, it } from 'vitest';
import { ENTITLEMENTS, hasFeature, limitOf, minimumPlanFor, PLANS, ROLES } from './plans.ts';

describe('plan entitlements (spec §6, §9)', () => {
  it('lets visitors read public CEX data and nothing personal', () => {
    expect(hasFeature('visitor', 'cexData')).toBe(true);
    for (const feature of ['favorites', 'alerts', 'listingArbitrage', 'dexData', 'api'] as const) {
      expect(hasFeature('visitor', feature)).toBe(false);
    }
    expect(limitOf('visitor', 'pins')).toBe(0);
  });

  it('gives Free 2 pins, 1 alert, 20 owned tokens, CEX data, no DEX data and no API', () => {
    expect(limitOf('free', 'pins')).toBe(2);
    expect(limitOf('free', 'alerts')).toBe(1);
    expect(limitOf('free', 'ownedTokens')).toBe(20);
    expect(hasFeature('free', 'cexData')).toBe(true);
    expect(hasFeature('free', 'dexData')).toBe(false);
    expect(hasFeature('free', 'api')).toBe(false);
    expect(limitOf('free', 'apiKeys')).toBe(0);
  });

  it('adds listing arbitrage and 10 alerts with Starter, DEX data with Pro, the API with Pro+', () => {
    expect(hasFeature('starter', 'listingArbitrage')).toBe(true);
    expect(limitOf('starter', 'alerts')).toBe(10);
    expect(limitOf('starter', 'pins')).toBe(10);
    expect(hasFeature('starter', 'dexData')).toBe(false);
    expect(hasFeature('pro', 'dexData')).toBe(true);
    expect(hasFeature('pro', 'api')).toBe(false);
    expect(hasFeature('pro_plus', 'api')).toBe(true);
    expect(limitOf('pro_plus', 'apiKeys')).toBeGreaterThan(0);
  });

  it('never takes away on the upgrade path what a cheaper plan has', () => {
    const path = ['free', 'starter', 'pro', 'pro_plus'] as const;
    for (let i = 1; i < path.length; i++) {
      const lower = ENTITLEMENTS[path[i - 1] ?? 'free'];
      const higher = ENTITLEMENTS[path[i] ?? 'free'];
      for (const [feature, on] of Object.entries(lower.features)) {
        if (on) expect(higher.features[feature as keyof typeof higher.features], feature).toBe(true);
      }
      for (const [limit, max] of Object.entries(lower.limits)) {
        expect(higher.limits[limit as keyof typeof higher.limits]).toBeGreaterThanOrEqual(max);
      }
    }
  });

  it('reads Partner as everything Pro+ has and Developer as the metered free API plan', () => {
    expect(ENTITLEMENTS.partner.features).toEqual(ENTITLEMENTS.pro_plus.features);
    expect(hasFeature('developer', 'api')).toBe(true);
    expect(hasFeature('developer', 'dexData')).toBe(false);
    expect(ENTITLEMENTS.developer.apiCreditsPerMonth).toBe(1_000);
    expect(ENTITLEMENTS.developer.paid).toBe(false);
    expect(limitOf('developer', 'pins')).toBe(2);
  });

  it('names the cheapest plan that unlocks a feature', () => {
    expect(minimumPlanFor('listingArbitrage')).toBe('starter');
    expect(minimumPlanFor('dexData')).toBe('pro');
    expect(minimumPlanFor('api')).toBe('pro_plus');
    expect(minimumPlanFor('favorites')).toBe('free');
  });

  it('covers every role', () => {
    expect(Object.keys(ENTITLEMENTS).sort()).toEqual([...ROLES].sort());
    expect(ROLES).toEqual(['visitor', ...PLANS]);
  });
});

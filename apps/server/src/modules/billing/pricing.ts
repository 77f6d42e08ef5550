import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BillingProvider } from '@spreadscope/contracts';
import { type PricingConfig, type PricingResponse, pricingConfigSchema } from '@spreadscope/contracts';
import {
  DAY_MS,
  ENTITLEMENTS,
  FEATURES,
  isPurchasablePlan,
  LIMIT_NAMES,
  PLANS,
  type Plan,
  type PurchasablePlan,
  percentOff,
  YEARLY_SAVES_UP_TO_PERCENT,
  yearlySavingPercent,
} from '@spreadscope/core';

/**
 * The operator's price list: one JSON file (PRICING_FILE, default config/pricing.json of the install), read
 * once at start and validated, so a typo stops the server with the field named instead of selling at 0.
 */
export function loadPricing(file?: string): PricingConfig {
  const path = file ?? defaultPricingFile();
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`PRICING_FILE ${path}: ${(error as Error).message}`);
  }
  const parsed = pricingConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`PRICING_FILE ${path}: ${detail}`);
  }
  return parsed.data;
}

/** config/pricing.json found walking up from this module (src under tsx, dist when bundled). */
export function defaultPricingFile(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'config', 'pricing.json');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return join(process.cwd(), 'config', 'pricing.json');
}

export function priceOf(pricing: PricingConfig, plan: PurchasablePlan, interval: 'month' | 'year'): number {
  return pricing.plans[plan][interval];
}

/** Whether the early-bird offer runs at `now` (its `until` is a KST calendar day, inclusive). */
export function earlyBirdRuns(pricing: PricingConfig, now: number): boolean {
  const offer = pricing.earlyBird;
  if (!offer) return false;
  if (!offer.until) return true;
  const endKst = Date.parse(`${offer.until}T00:00:00+09:00`) + DAY_MS;
  return now < endKst;
}

/** The plan a Stripe price id sells, from the price list. */
export function planOfStripePrice(
  pricing: PricingConfig,
  priceId: string,
): { plan: PurchasablePlan; interval: 'month' | 'year' } | null {
  for (const plan of Object.keys(pricing.plans) as PurchasablePlan[]) {
    const ids = pricing.plans[plan].stripePrice;
    if (ids?.month === priceId) return { plan, interval: 'month' };
    if (ids?.year === priceId) return { plan, interval: 'year' };
  }
  return null;
}

/**
 * What the pricing page shows: cards from the price list and the comparison table generated from the same
 * entitlement table the server enforces (packages/core plans.ts), so the page cannot promise what the server
 * refuses.
 */
export function pricingView(pricing: PricingConfig, provider: BillingProvider, now: number): PricingResponse {
  const early = earlyBirdRuns(pricing, now) ? pricing.earlyBird : null;
  const plans = PLANS.map((plan: Plan) => {
    if (!isPurchasablePlan(plan)) return { plan, price: null, earlyBird: null, purchasable: false };
    const { month, year } = pricing.plans[plan];
    return {
      plan,
      price: { month, year, yearlySavingPercent: yearlySavingPercent(month, year) },
      earlyBird: early
        ? { month: percentOff(month, early.percent), year: percentOff(year, early.percent) }
        : null,
      purchasable: true,
    };
  });
  const shown = PLANS;
  const comparison = [
    ...FEATURES.map((name) => ({
      kind: 'feature' as const,
      name,
      values: Object.fromEntries(shown.map((p) => [p, ENTITLEMENTS[p].features[name]])),
    })),
    ...LIMIT_NAMES.map((name) => ({
      kind: 'limit' as const,
      name,
      values: Object.fromEntries(shown.map((p) => [p, ENTITLEMENTS[p].limits[name]])),
    })),
  ];
  return {
    currency: pricing.currency,
    provider,
    trialDays: pricing.trialDays,
    earlyBird: early ? { percent: early.percent, until: early.until ?? null } : null,
    yearlySavesUpToPercent: YEARLY_SAVES_UP_TO_PERCENT,
    referralFreeMonths: pricing.referralFreeMonths,
    plans,
    comparison,
  };
}

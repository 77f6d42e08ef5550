import { LIMITS } from './constants.ts';

/**
 * Plans and what each one may do (spec §4, §6, §9), in one table. The server enforces it on every gated call
 * and the web app reads the same table to show "Login to see", "Sign up" or an upgrade prompt.
 */
export const PLANS = ['free', 'starter', 'pro', 'pro_plus', 'partner', 'developer'] as const;
export type Plan = (typeof PLANS)[number];

/** A caller without a session or API key is a visitor; everyone else has a plan. */
export const ROLES = ['visitor', ...PLANS] as const;
export type Role = (typeof ROLES)[number];

/** Names as the pricing page shows them; the same in Korean and English. */
export const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  pro_plus: 'Pro+',
  partner: 'Partner',
  developer: 'Developer',
};

export const FEATURES = [
  /** CEX premium, arbitrage and funding tables (public market data). */
  'cexData',
  /** Pins (favourites) and owned tokens kept on the account; needs sign-in. */
  'favorites',
  /** The alert bot. */
  'alerts',
  /** The listing-arbitrage pages (during pre-launch an invite code is needed as well). */
  'listingArbitrage',
  /** DEX pools, trades, liquidity and DEX candles. */
  'dexData',
  /** The paid API (REST and WebSocket) with API keys. */
  'api',
] as const;
export type Feature = (typeof FEATURES)[number];

export const LIMIT_NAMES = ['pins', 'alerts', 'ownedTokens', 'apiKeys'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

export interface Entitlements {
  readonly features: Readonly<Record<Feature, boolean>>;
  readonly limits: Readonly<Record<LimitName, number>>;
  /**
   * Monthly API credits the plan includes; null where the plan's API use is not metered by a monthly
   * allowance. Metering itself arrives with the public API; the allowance is decided here.
   */
  readonly apiCreditsPerMonth: number | null;
  /** Counts as a paid plan for "paid subscribers only" rules (alerts up to 10, listing arbitrage). */
  readonly paid: boolean;
}

/** Active API keys one account may hold on plans that include the API. */
export const API_KEYS_PER_ACCOUNT = 10;
/** Spec §9: the free API plan includes 1,000 credits a month. */
export const FREE_API_CREDITS_PER_MONTH = 1_000;

const NONE: Record<LimitName, number> = { pins: 0, alerts: 0, ownedTokens: 0, apiKeys: 0 };
const FREE_LIMITS = {
  pins: LIMITS.pinsFree,
  alerts: LIMITS.alertsFree,
  ownedTokens: LIMITS.ownedTokens,
  apiKeys: 0,
};
const PAID_LIMITS = {
  pins: LIMITS.pins,
  alerts: LIMITS.alertsPaid,
  ownedTokens: LIMITS.ownedTokens,
  apiKeys: 0,
};

function features(enabled: readonly Feature[]): Record<Feature, boolean> {
  return Object.fromEntries(FEATURES.map((f) => [f, enabled.includes(f)])) as Record<Feature, boolean>;
}

const SIGNED_IN = ['cexData', 'favorites', 'alerts'] as const satisfies readonly Feature[];

/**
 * The table. Partner and Developer are not specified beyond their existence (spec §6); our reading:
 * - Partner (exchanges, KOLs and VIP partners we work with): everything Pro+ has, unmetered API, so a
 *   partner can show and build on the whole product.
 * - Developer: the free API plan of spec §9 — Free's screens plus API access metered at 1,000 credits a
 *   month, for people who build on the data rather than trade from the screens. It is not a paid plan.
 */
export const ENTITLEMENTS: Readonly<Record<Role, Entitlements>> = {
  visitor: { features: features(['cexData']), limits: NONE, apiCreditsPerMonth: 0, paid: false },
  free: { features: features(SIGNED_IN), limits: FREE_LIMITS, apiCreditsPerMonth: 0, paid: false },
  starter: {
    features: features([...SIGNED_IN, 'listingArbitrage']),
    limits: PAID_LIMITS,
    apiCreditsPerMonth: 0,
    paid: true,
  },
  pro: {
    features: features([...SIGNED_IN, 'listingArbitrage', 'dexData']),
    limits: PAID_LIMITS,
    apiCreditsPerMonth: 0,
    paid: true,
  },
  pro_plus: {
    features: features([...SIGNED_IN, 'listingArbitrage', 'dexData', 'api']),
    limits: { ...PAID_LIMITS, apiKeys: API_KEYS_PER_ACCOUNT },
    apiCreditsPerMonth: null,
    paid: true,
  },
  partner: {
    features: features([...SIGNED_IN, 'listingArbitrage', 'dexData', 'api']),
    limits: { ...PAID_LIMITS, apiKeys: API_KEYS_PER_ACCOUNT },
    apiCreditsPerMonth: null,
    paid: true,
  },
  developer: {
    features: features([...SIGNED_IN, 'api']),
    limits: { ...FREE_LIMITS, apiKeys: API_KEYS_PER_ACCOUNT },
    apiCreditsPerMonth: FREE_API_CREDITS_PER_MONTH,
    paid: false,
  },
};

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

export function entitlementsOf(role: Role): Entitlements {
  return ENTITLEMENTS[role];
}

export function hasFeature(role: Role, feature: Feature): boolean {
  return ENTITLEMENTS[role].features[feature];
}

export function limitOf(role: Role, limit: LimitName): number {
  return ENTITLEMENTS[role].limits[limit];
}

/** The upgrade path shown to users, cheapest first; Partner and Developer are arranged, not bought. */
export const UPGRADE_PATH: readonly Plan[] = ['free', 'starter', 'pro', 'pro_plus'];

/** The cheapest plan on the upgrade path that includes a feature (for "available from Pro" prompts). */
export function minimumPlanFor(feature: Feature): Plan {
  return UPGRADE_PATH.find((plan) => hasFeature(plan, feature)) ?? 'pro_plus';
}

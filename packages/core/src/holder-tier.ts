/**
 * Holder tiers of deposits into a listing venue's wallets (spec §3 Holder tiers): whale over ₩100M, fish
 * ₩10M–100M, shrimp under ₩10M, unknown when the deposit cannot be valued (no price for the token yet).
 */

export const HOLDER_TIERS = ['whale', 'fish', 'shrimp', 'unknown'] as const;
export type HolderTier = (typeof HOLDER_TIERS)[number];

/** Spec §3: Unknown 0, Shrimp 10, Fish 20, Whale 30 — the order tiers sort by. */
export const HOLDER_TIER_RANK: Readonly<Record<HolderTier, number>> = {
  unknown: 0,
  shrimp: 10,
  fish: 20,
  whale: 30,
};

export const WHALE_OVER_KRW = 100_000_000;
export const FISH_FROM_KRW = 10_000_000;

/** The tier of a deposit (or a depositor's total) worth `krw`; null or a non-finite value is unknown. */
export function holderTier(krw: number | null): HolderTier {
  if (krw === null || !Number.isFinite(krw) || krw < 0) return 'unknown';
  if (krw > WHALE_OVER_KRW) return 'whale';
  if (krw >= FISH_FROM_KRW) return 'fish';
  return 'shrimp';
}

import type {
  ListingDeposit,
  ListingDepositAccumulated,
  ListingDepositRanking,
} from '@spreadscope/contracts';
import { HOLDER_TIER_RANK, type HolderTier, holderTier } from '@spreadscope/core';

/** A deposit before it is valued: what the chain (or the simulator) says. */
export type DepositRow = Omit<ListingDeposit, 'krw' | 'usd' | 'tier'>;

export interface DepositPrice {
  /** KRW per token: the new KRW market when it trades, else the cheapest overseas price at USDT/KRW. */
  readonly krw: number | null;
  readonly usdtKrw: number | null;
}

/** Values each deposit at the current price and gives it its tier (spec §3); newest first. */
export function valueDeposits(rows: readonly DepositRow[], price: DepositPrice): ListingDeposit[] {
  return rows
    .map((row) => {
      const krw = price.krw === null ? null : row.amount * price.krw;
      const usd = krw === null || !price.usdtKrw ? null : krw / price.usdtKrw;
      return { ...row, krw, usd, tier: holderTier(krw) };
    })
    .sort((a, b) => b.at - a.at || b.blockNumber - a.blockNumber);
}

type TierTotals = Record<HolderTier, number>;
const zero = (): TierTotals => ({ whale: 0, fish: 0, shrimp: 0, unknown: 0 });

/** Tokens and deposits per tier, and the whole. */
export function summarize(deposits: readonly ListingDeposit[]) {
  const amount = zero();
  const count = zero();
  let total = 0;
  let krw: number | null = 0;
  for (const d of deposits) {
    amount[d.tier] += d.amount;
    count[d.tier] += 1;
    total += d.amount;
    krw = d.krw === null || krw === null ? null : krw + d.krw;
  }
  return {
    total: { amount: total, krw: deposits.length ? krw : 0, count: deposits.length },
    byTier: { amount, count },
  };
}

export const INTERVAL_MS = { '1m': 60_000, '5m': 300_000, '15m': 900_000, '1h': 3_600_000 } as const;

/**
 * Tokens deposited so far by tier at the end of each interval, from the first deposit's interval to the
 * one holding `now` (spec: accumulated deposits over time by tier). At most 2,000 points: coarser
 * intervals are the answer for longer spans.
 */
export function accumulate(
  deposits: readonly ListingDeposit[],
  intervalMs: number,
  now: number,
): ListingDepositAccumulated['data'] {
  if (deposits.length === 0) return [];
  const sorted = [...deposits].sort((a, b) => a.at - b.at);
  const first = Math.floor((sorted[0] as ListingDeposit).at / intervalMs) * intervalMs;
  const last = Math.max(first, Math.floor(now / intervalMs) * intervalMs);
  const start = Math.max(first, last - 1_999 * intervalMs);
  const running = zero();
  const points: ListingDepositAccumulated['data'] = [];
  let i = 0;
  for (let t = start; t <= last; t += intervalMs) {
    while (i < sorted.length && (sorted[i] as ListingDeposit).at < t + intervalMs) {
      const d = sorted[i] as ListingDeposit;
      running[d.tier] += d.amount;
      i += 1;
    }
    points.push({ t, ...running });
  }
  return points;
}

/** Depositors by the total they sent, with the tier of that total. */
export function rank(deposits: readonly ListingDeposit[], limit: number): ListingDepositRanking['data'] {
  const by = new Map<string, { amount: number; krw: number | null; deposits: number; lastAt: number }>();
  for (const d of deposits) {
    const held = by.get(d.depositor) ?? { amount: 0, krw: 0, deposits: 0, lastAt: 0 };
    held.amount += d.amount;
    held.krw = held.krw === null || d.krw === null ? null : held.krw + d.krw;
    held.deposits += 1;
    held.lastAt = Math.max(held.lastAt, d.at);
    by.set(d.depositor, held);
  }
  return [...by]
    .map(([depositor, v]) => ({ depositor, ...v, tier: holderTier(v.krw) }))
    .sort((a, b) => b.amount - a.amount || HOLDER_TIER_RANK[b.tier] - HOLDER_TIER_RANK[a.tier])
    .slice(0, limit)
    .map((row, i) => ({ rank: i + 1, ...row }));
}

import type { Plan } from './plans.ts';

/**
 * What a paid-API call costs and how fast a key may call. Operators override the allowances and rates with
 * PUBLIC_API_CREDITS and PUBLIC_API_RATE_PER_MINUTE ("plan=number,plan=number"); the costs are ours.
 */

/** Credits per call; operations not listed cost 1. Heavier reads (many rows, history) cost more. */
export const API_CREDIT_COSTS: Readonly<Record<string, number>> = {
  '/premium': 2,
  '/funding-rate/history': 2,
  '/index-price': 2,
  '/cex/fees': 1,
  '/liquidation/symbol-history': 2,
  '/open-interest/history-aggregated': 2,
  '/arbitrage/spot-spot': 2,
  '/arbitrage/spot-perp': 2,
  '/arbitrage/perp-perp': 2,
};

export function apiCreditCost(path: string): number {
  return API_CREDIT_COSTS[path] ?? 1;
}

/** Calls per minute per key, by plan; a plan without the API never gets this far. */
export const API_RATE_PER_MINUTE: Readonly<Record<Plan, number>> = {
  free: 0,
  starter: 0,
  pro: 0,
  pro_plus: 1_200,
  partner: 12_000,
  developer: 120,
};

/** Reads "plan=number,plan=number" into overrides; a bad entry is an error naming it. */
export function parsePlanNumbers(text: string, what: string): Partial<Record<Plan, number>> {
  const out: Partial<Record<Plan, number>> = {};
  for (const part of text.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    const match = /^(free|starter|pro|pro_plus|partner|developer)=(\d{1,12})$/.exec(entry);
    if (!match) throw new Error(`${what}: "${entry}" is not plan=number (plans: free … developer)`);
    out[match[1] as Plan] = Number(match[2]);
  }
  return out;
}

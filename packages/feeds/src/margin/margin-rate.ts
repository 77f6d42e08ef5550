import type { BorrowEvent } from '@spreadscope/core';
import { borrowEventSchema } from '@spreadscope/core';

/** What a venue's parser hands back: a borrow event without its time and venue (the poll stamps those). */
export type BorrowCandidate = Omit<BorrowEvent, 't' | 'type' | 'venue'>;

export const HOURS_PER_DAY = 24;
export const HOURS_PER_YEAR = 8_760;

/** A venue's daily rate → the hourly rate events carry (venues accrue hourly: daily / 24). */
export function hourlyFromDaily(daily: number): number {
  return daily / HOURS_PER_DAY;
}

/** A venue's annual rate (APR, not compounded) → hourly. */
export function hourlyFromAnnual(annual: number): number {
  return annual / HOURS_PER_YEAR;
}

/** Upper-case ticker a venue sends in any case; null when it is no token symbol we store. */
export function assetOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const upper = value.trim().toUpperCase();
  return /^[A-Z0-9]{1,20}$/.test(upper) ? upper : null;
}

/**
 * Stamps candidates into validated events. A candidate that does not validate (a negative rate, a VIP label
 * of 200 characters) is dropped rather than failing the whole round: one odd row must not hide the rest.
 */
export function stampBorrows(
  venue: string,
  t: number,
  candidates: readonly BorrowCandidate[],
): BorrowEvent[] {
  const out: BorrowEvent[] = [];
  for (const candidate of candidates) {
    const parsed = borrowEventSchema.safeParse({ t, type: 'borrow', venue, ...candidate });
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** Thrown when a body is not the venue's shape at all (a proxy page, a changed API): the poll fails. */
export class UnexpectedShapeError extends Error {
  override readonly name = 'UnexpectedShapeError';
}

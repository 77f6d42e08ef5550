import { DAY_MS } from './constants.ts';
import type { Plan } from './plans.ts';

/**
 * Subscriptions, invoices and coupons as the product understands them (spec §3, §4, §9), whatever provider
 * takes the money. Pure: the billing module applies these rules to rows and provider events.
 */

/** Spec §4, in its order. `cancelRequested`: the user cancelled; the plan runs to the end of the period. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
  'cancelRequested',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Plans a customer buys themselves; Partner and Developer are arranged with the operator. */
export const PURCHASABLE_PLANS = ['starter', 'pro', 'pro_plus'] as const satisfies readonly Plan[];
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];

export function isPurchasablePlan(value: unknown): value is PurchasablePlan {
  return typeof value === 'string' && (PURCHASABLE_PLANS as readonly string[]).includes(value);
}

/** Spec §9. */
export const TRIAL_DAYS = 7;
export const YEARLY_SAVES_UP_TO_PERCENT = 22;
export const EARLY_BIRD_PERCENT = 50;
export const REFERRAL_LATEST_INVITEES = 10;
/**
 * Referral eligibility: accounts registered after 24 Feb 2025 (spec §5, §9), read in the product's time zone:
 * from 25 Feb 2025 00:00 KST on.
 */
export const REFERRAL_ELIGIBLE_FROM_MS = Date.UTC(2025, 1, 24, 15, 0, 0);

export function referralEligible(registeredAtMs: number): boolean {
  return registeredAtMs >= REFERRAL_ELIGIBLE_FROM_MS;
}

/**
 * Whether a subscription in this state still carries its plan. Trialing, active, a failed renewal still being
 * retried (past_due: the user sees a banner, not a lock-out) and a requested cancellation do; a cancelled one
 * does until the end of what was paid for (spec §4); the rest do not.
 */
export function grantsAccess(status: SubscriptionStatus, endsAtMs: number | null, nowMs: number): boolean {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'cancelRequested':
      return true;
    case 'canceled':
      return endsAtMs !== null && endsAtMs > nowMs;
    default:
      return false;
  }
}

/** Whether the user may renew (take back a cancellation) now. */
export function renewable(status: SubscriptionStatus, endsAtMs: number | null, nowMs: number): boolean {
  return (status === 'cancelRequested' || status === 'canceled') && endsAtMs !== null && endsAtMs > nowMs;
}

/** Spec §4/§5: seven reasons, several at once, `other` with free text. */
export const CANCEL_REASONS = [
  'too_expensive',
  'missing_features',
  'not_using',
  'switched_service',
  'technical_issues',
  'temporary_break',
  'other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_OTHER_MAX = 500;

/** Money that is billed: integer minor units (cents, won) with the currency; never a float. */
export interface Money {
  readonly amountMinor: number;
  readonly currency: string;
}

/** Minor-unit digits of the currencies an operator is likely to bill in (ISO 4217); 2 otherwise. */
const ZERO_DECIMAL = new Set(['KRW', 'JPY', 'VND', 'CLP', 'ISK', 'TWD', 'UGX', 'XAF', 'XOF']);
export function minorDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

export function assertMinorUnits(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not an integer amount of minor units: ${amount}`);
  return amount;
}

/** Percent off an amount, rounded down to a whole minor unit (in the customer's favour). */
export function percentOff(amountMinor: number, percent: number): number {
  return amountMinor - Math.floor((assertMinorUnits(amountMinor) * percent) / 100);
}

/** How much cheaper a year is than twelve months, in whole percent (rounded down). */
export function yearlySavingPercent(monthMinor: number, yearMinor: number): number {
  const twelve = monthMinor * 12;
  if (twelve <= 0) return 0;
  return Math.floor(((twelve - yearMinor) * 100) / twelve);
}

export interface SwitchPreview {
  /** The unused part of the current period's payment, deducted from the new charge. */
  readonly creditMinor: number;
  readonly yearlyMinor: number;
  /** What is charged now: the year less the credit, never below zero. */
  readonly chargeMinor: number;
  readonly currency: string;
  /** The yearly period starts now; the next bill comes a year later. */
  readonly nextBillingAtMs: number;
}

/**
 * The pre-invoice of a switch to yearly (spec §4): the amount already paid for the rest of the current period
 * is deducted, pro rata by time, rounded down to a minor unit.
 */
export function switchToYearlyPreview(input: {
  paidMinor: number;
  periodStartMs: number;
  periodEndMs: number;
  nowMs: number;
  yearlyMinor: number;
  currency: string;
}): SwitchPreview {
  const total = input.periodEndMs - input.periodStartMs;
  const left = Math.min(Math.max(input.periodEndMs - input.nowMs, 0), total);
  const creditMinor = total > 0 ? Math.floor((assertMinorUnits(input.paidMinor) * left) / total) : 0;
  return {
    creditMinor,
    yearlyMinor: input.yearlyMinor,
    chargeMinor: Math.max(0, input.yearlyMinor - creditMinor),
    currency: input.currency,
    nextBillingAtMs: addPeriod(input.nowMs, { unit: 'year', count: 1 }),
  };
}

/** A span of time a coupon gives free: days, months or a year (spec §3). */
export const COUPON_PERIOD_UNITS = ['day', 'month', 'year'] as const;
export type CouponPeriodUnit = (typeof COUPON_PERIOD_UNITS)[number];
export interface CouponPeriod {
  readonly unit: CouponPeriodUnit;
  readonly count: number;
}

export const COUPON_TYPES = ['referral', 'vip_partner'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** Adds days, calendar months or years in UTC; the 31st plus a month is the last day of the next month. */
export function addPeriod(
  fromMs: number,
  period: CouponPeriod | { unit: BillingInterval; count: number },
): number {
  if (period.unit === 'day') return fromMs + period.count * DAY_MS;
  const months = period.unit === 'year' ? period.count * 12 : period.count;
  const d = new Date(fromMs);
  const day = d.getUTCDate();
  const target = new Date(fromMs);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

export function intervalPeriod(interval: BillingInterval): { unit: BillingInterval; count: number } {
  return { unit: interval, count: 1 };
}

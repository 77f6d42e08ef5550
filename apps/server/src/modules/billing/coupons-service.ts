import { randomBytes, randomUUID } from 'node:crypto';
import type { CouponInfo } from '@spreadscope/contracts';
import {
  addPeriod,
  type CouponPeriod,
  type CouponType,
  PLAN_NAMES,
  type PurchasablePlan,
} from '@spreadscope/core';
import type { BillingRepository, CouponRecord, UserRecord } from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import type { BillingService } from './billing-service.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newPromotionCode(prefix: string): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const b of bytes) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return `${prefix}-${code}`;
}

export interface IssueCoupon {
  readonly userId: string;
  readonly type: CouponType;
  readonly plan: PurchasablePlan;
  readonly period: CouponPeriod;
  readonly promotionCode?: string | undefined;
  readonly expiresAt?: number | null | undefined;
  readonly sourceUserId?: string | null | undefined;
}

/**
 * Coupons (spec §3, §4): a free period on the subscription. Using one is irreversible, needs a running
 * subscription ("Please renew your subscription first." otherwise) and moves the next billing date to the end
 * of the free period, where billing resumes.
 */
export class CouponsService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly billing: BillingService,
    private readonly now: () => number,
  ) {}

  async list(user: UserRecord, type: 'all' | CouponType) {
    const now = this.now();
    const all = (await this.repo.couponsOf(user.id)).filter((c) => type === 'all' || c.type === type);
    return {
      available: all
        .filter((c) => c.usedAt === null && (c.expiresAt === null || c.expiresAt > now))
        .map(present),
      used: all.filter((c) => c.usedAt !== null).map(present),
    };
  }

  /** Issues a coupon; false when this referral already paid out to this user. */
  async issue(input: IssueCoupon): Promise<CouponRecord | null> {
    const record: CouponRecord = {
      id: randomUUID(),
      userId: input.userId,
      type: input.type,
      plan: input.plan,
      periodUnit: input.period.unit,
      periodCount: input.period.count,
      promotionCode: input.promotionCode ?? newPromotionCode(input.type === 'referral' ? 'REF' : 'VIP'),
      receivedAt: this.now(),
      expiresAt: input.expiresAt ?? null,
      usedAt: null,
      sourceUserId: input.sourceUserId ?? null,
    };
    return (await this.repo.insertCoupon(record)) ? record : null;
  }

  async use(user: UserRecord, id: string): Promise<{ coupon: CouponInfo; freeUntil: number }> {
    const coupon = await this.repo.couponById(id);
    if (!coupon || coupon.userId !== user.id) throw new ApiError(404, 'coupon_not_found', 'coupon.notFound');
    if (coupon.usedAt !== null) throw new ApiError(409, 'coupon_used', 'coupon.used');
    const now = this.now();
    if (coupon.expiresAt !== null && coupon.expiresAt <= now) {
      throw new ApiError(409, 'coupon_expired', 'coupon.expired');
    }
    const sub = await this.billing.subscriptionOf(user.id);
    if (!sub || !['trialing', 'active', 'past_due'].includes(sub.status)) {
      throw new ApiError(402, 'renew_first', 'billing.renewFirst');
    }
    if (coupon.type === 'vip_partner' && sub.plan !== coupon.plan) {
      throw new ApiError(409, 'coupon_wrong_plan', 'coupon.wrongPlan', { plan: PLAN_NAMES[coupon.plan] });
    }
    // Claimed first, atomically: two clicks (or two tabs) cannot both extend the subscription.
    if (!(await this.repo.markCouponUsed(coupon.id, now)))
      throw new ApiError(409, 'coupon_used', 'coupon.used');
    const period = { unit: coupon.periodUnit, count: coupon.periodCount };
    const stored = await this.billing.grantFree(user.id, (s) =>
      addPeriod(Math.max(s.currentPeriodEnd, now), period),
    );
    return {
      coupon: present({ ...coupon, usedAt: now }),
      freeUntil: stored.freeUntil ?? stored.currentPeriodEnd,
    };
  }
}

function present(c: CouponRecord): CouponInfo {
  return {
    id: c.id,
    type: c.type,
    plan: c.plan,
    period: { unit: c.periodUnit, count: c.periodCount },
    promotionCode: c.promotionCode,
    receivedAt: c.receivedAt,
    expiresAt: c.expiresAt,
    usedAt: c.usedAt,
    used: c.usedAt !== null,
  };
}

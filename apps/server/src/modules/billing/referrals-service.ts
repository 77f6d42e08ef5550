import type { ReferralsResponse } from '@spreadscope/contracts';
import { REFERRAL_LATEST_INVITEES, referralEligible } from '@spreadscope/core';
import type {
  BillingRepository,
  InvoiceRecord,
  SubscriptionRecord,
  UserRecord,
  UsersRepository,
} from '@spreadscope/db';
import type { CouponsService } from './coupons-service.ts';

/**
 * The referral programme (spec §2, §5, §9): when an invitee's first payment succeeds, inviter and invitee each
 * receive a referral coupon of the configured free months. Only accounts registered after 24 Feb 2025 take
 * part; one referral pays out once (the coupon's unique owner+source index), however often its webhook comes.
 */
export class ReferralsService {
  constructor(
    private readonly deps: {
      repo: BillingRepository;
      users: UsersRepository;
      coupons: CouponsService;
      freeMonths: number;
      publicUrl: () => string;
    },
  ) {}

  async mine(user: UserRecord): Promise<ReferralsResponse> {
    const { count, latest } = await this.deps.repo.invitees(user.id, REFERRAL_LATEST_INVITEES);
    const base = this.deps.publicUrl().replace(/\/+$/, '');
    return {
      code: user.referralCode,
      link: `${base}/signup?ref=${encodeURIComponent(user.referralCode)}`,
      eligible: referralEligible(user.createdAt),
      freeMonths: this.deps.freeMonths,
      count,
      latest: latest.map((l, i) => ({ number: count - i, name: l.name, signedUpAt: l.at })),
    };
  }

  /** Listens to paid invoices: the first one that charged a period rewards the referral. */
  async onPaidInvoice(invoice: InvoiceRecord, sub: SubscriptionRecord): Promise<void> {
    if (invoice.subtotalMinor <= 0 || sub.referralRewarded) return;
    const invitee = await this.deps.users.findById(sub.userId);
    if (!invitee?.referredBy || !referralEligible(invitee.createdAt)) return;
    const inviter = await this.deps.users.findById(invitee.referredBy);
    if (!inviter) return;
    const period = { unit: 'month' as const, count: this.deps.freeMonths };
    await this.deps.coupons.issue({
      userId: invitee.id,
      type: 'referral',
      plan: sub.plan,
      period,
      sourceUserId: inviter.id,
    });
    if (referralEligible(inviter.createdAt)) {
      const inviterSub = await this.deps.repo.subscriptionOf(inviter.id);
      await this.deps.coupons.issue({
        userId: inviter.id,
        type: 'referral',
        plan: inviterSub?.plan ?? sub.plan,
        period,
        sourceUserId: invitee.id,
      });
    }
    await this.deps.repo.saveSubscription({ ...sub, referralRewarded: true });
  }
}

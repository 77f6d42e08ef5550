import type {
  BillingProvider,
  InvoiceInfo,
  MySubscriptionResponse,
  PricingConfig,
  SubscriptionInfo,
  SwitchPreviewInfo,
} from '@spreadscope/contracts';
import {
  type BillingInterval,
  type CancelReason,
  grantsAccess,
  isPurchasablePlan,
  type PurchasablePlan,
  renewable,
} from '@spreadscope/core';
import type {
  BillingRepository,
  InvoiceRecord,
  SubscriptionRecord,
  UserRecord,
  UsersRepository,
} from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import type { Changed, PaymentProvider } from './payment-provider.ts';
import { pricingView } from './pricing.ts';

export interface BillingServiceDeps {
  readonly repo: BillingRepository;
  readonly users: UsersRepository;
  readonly provider: PaymentProvider;
  readonly pricing: PricingConfig;
  readonly publicUrl: () => string;
  readonly now: () => number;
  /** Called for every invoice stored as paid (the referral programme listens). */
  readonly onPaidInvoice?: (invoice: InvoiceRecord, sub: SubscriptionRecord) => Promise<void>;
}

const INVOICES_SHOWN = 24;
const RUNNING = new Set(['trialing', 'active', 'past_due']);

/**
 * Subscriptions whatever the provider: the flows of spec §4 (trial, switch to yearly with a pre-invoice,
 * cancel with reasons, renew), and the one rule that turns a subscription into a plan: `users.plan` follows
 * the status (grantsAccess), so every plan check in the product — one column read with the session — sees
 * it without asking billing.
 */
export class BillingService {
  constructor(private readonly deps: BillingServiceDeps) {}

  get providerName(): BillingProvider {
    return this.deps.provider.name;
  }

  pricing() {
    return pricingView(this.deps.pricing, this.deps.provider.name, this.deps.now());
  }

  async mine(user: UserRecord): Promise<MySubscriptionResponse> {
    const sub = await this.deps.repo.subscriptionOf(user.id);
    const invoices = await this.deps.repo.invoicesOf(user.id, INVOICES_SHOWN);
    const fresh = await this.deps.users.findById(user.id);
    return {
      provider: this.deps.provider.name,
      plan: fresh?.plan ?? user.plan,
      subscription: sub ? this.present(sub) : null,
      invoices: invoices.map(presentInvoice),
      portal: this.deps.provider.portal && sub?.customerId != null,
    };
  }

  async checkout(user: UserRecord, plan: string, interval: BillingInterval): Promise<{ url: string }> {
    if (!isPurchasablePlan(plan)) throw new ApiError(400, 'not_purchasable', 'billing.notPurchasable');
    const previous = await this.deps.repo.subscriptionOf(user.id);
    const now = this.deps.now();
    if (previous && grantsAccess(previous.status, previous.endsAt, now) && previous.status !== 'canceled') {
      throw new ApiError(409, 'already_subscribed', 'billing.alreadySubscribed');
    }
    // A cancelled subscription still paid for: the new one starts billing when that time runs out.
    const billingStartsAt =
      previous && previous.status === 'canceled' && renewable(previous.status, previous.endsAt, now)
        ? (previous.endsAt ?? undefined)
        : undefined;
    const base = this.deps.publicUrl().replace(/\/+$/, '');
    const lang = user.language === 'en' ? '/en' : '';
    const result = await this.call(() =>
      this.deps.provider.checkout({
        user,
        plan,
        interval,
        trialDays: previous ? 0 : this.deps.pricing.trialDays,
        billingStartsAt,
        previous,
        returnUrl: `${base}${lang}/my/subscription?checkout=done`,
        cancelUrl: `${base}${lang}/pricing`,
      }),
    );
    if (result.changed) await this.apply(result.changed);
    return { url: result.url };
  }

  async previewSwitch(user: UserRecord): Promise<SwitchPreviewInfo> {
    const sub = await this.switchable(user);
    const preview = await this.call(() => this.deps.provider.previewSwitch(sub));
    return {
      currency: preview.currency,
      credit: preview.creditMinor,
      yearly: preview.yearlyMinor,
      charge: preview.chargeMinor,
      nextBillingAt: preview.nextBillingAtMs,
      provider: this.deps.provider.name,
    };
  }

  async switchToYearly(user: UserRecord): Promise<SubscriptionInfo> {
    const sub = await this.switchable(user);
    const changed = await this.call(() => this.deps.provider.switchToYearly(sub));
    return this.present(await this.apply(changed));
  }

  async cancel(
    user: UserRecord,
    reasons: readonly CancelReason[],
    other?: string,
  ): Promise<SubscriptionInfo> {
    const sub = await this.deps.repo.subscriptionOf(user.id);
    if (!sub || !RUNNING.has(sub.status)) throw new ApiError(409, 'not_running', 'billing.cannotCancel');
    const changed = await this.call(() => this.deps.provider.cancel(sub));
    const withReasons: SubscriptionRecord = {
      ...changed.subscription,
      cancelReasons: [...new Set(reasons)],
      cancelOther: reasons.includes('other') ? (other ?? '').trim() : null,
    };
    return this.present(await this.apply({ ...changed, subscription: withReasons }));
  }

  async renew(user: UserRecord): Promise<{ url: string; subscription: SubscriptionInfo | null }> {
    const sub = await this.deps.repo.subscriptionOf(user.id);
    const now = this.deps.now();
    if (!sub || !renewable(sub.status, sub.endsAt, now)) {
      throw new ApiError(409, 'not_renewable', 'billing.notRenewable');
    }
    if (sub.status === 'canceled')
      return { ...(await this.checkout(user, sub.plan, sub.interval)), subscription: null };
    const changed = await this.call(() => this.deps.provider.renew(sub));
    const stored = await this.apply(changed);
    return {
      url: `${this.deps.publicUrl().replace(/\/+$/, '')}/my/subscription`,
      subscription: this.present(stored),
    };
  }

  async portalUrl(user: UserRecord): Promise<string> {
    const sub = await this.deps.repo.subscriptionOf(user.id);
    if (!this.deps.provider.portal || !sub?.customerId)
      throw new ApiError(409, 'no_portal', 'billing.noPortal');
    const back = `${this.deps.publicUrl().replace(/\/+$/, '')}/my/subscription`;
    return this.call(() => this.deps.provider.portalUrl(sub, back));
  }

  /** A coupon's free period: billing resumes after it. Needs a running subscription (spec §4). */
  async grantFree(userId: string, until: (sub: SubscriptionRecord) => number): Promise<SubscriptionRecord> {
    const sub = await this.deps.repo.subscriptionOf(userId);
    if (!sub || !RUNNING.has(sub.status)) throw new ApiError(402, 'renew_first', 'billing.renewFirst');
    const changed = await this.call(() => this.deps.provider.freeUntil(sub, until(sub)));
    return this.apply(changed);
  }

  async subscriptionOf(userId: string): Promise<SubscriptionRecord | null> {
    return this.deps.repo.subscriptionOf(userId);
  }

  /** The job runner's step: renewals and expiries of subscriptions whose period ended. */
  async runCycle(): Promise<number> {
    const now = this.deps.now();
    const due = await this.deps.repo.dueSubscriptions(now);
    let changes = 0;
    for (const sub of due) {
      // A Stripe subscription renews at Stripe; here only an ended cancellation expires.
      if (sub.provider !== this.deps.provider.name && sub.provider !== 'local') continue;
      for (const changed of await this.deps.provider.periodEnded(sub, now)) {
        await this.apply(changed);
        changes++;
      }
    }
    return changes;
  }

  /** Stores a provider's change and moves the user's plan with it. */
  async apply(changed: Changed): Promise<SubscriptionRecord> {
    const sub = changed.subscription;
    await this.deps.repo.saveSubscription(sub);
    await this.syncPlan(sub);
    if (changed.invoice) await this.saveInvoice(changed.invoice, sub);
    return sub;
  }

  async saveInvoice(invoice: InvoiceRecord, sub: SubscriptionRecord): Promise<void> {
    await this.deps.repo.saveInvoice(invoice);
    if (invoice.status === 'paid' && this.deps.onPaidInvoice) await this.deps.onPaidInvoice(invoice, sub);
  }

  async syncPlan(sub: SubscriptionRecord): Promise<void> {
    const plan = grantsAccess(sub.status, sub.endsAt, this.deps.now()) ? sub.plan : 'free';
    await this.deps.users.setPlan(sub.userId, plan);
  }

  present(sub: SubscriptionRecord): SubscriptionInfo {
    const now = this.deps.now();
    const renews = RUNNING.has(sub.status);
    return {
      provider: sub.provider,
      plan: sub.plan as PurchasablePlan,
      interval: sub.interval,
      status: sub.status,
      currency: sub.currency,
      amount: sub.amountMinor,
      trialEnd: sub.trialEnd,
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
      nextBillingAt: renews ? sub.currentPeriodEnd : null,
      endsAt: sub.endsAt,
      expiredAt: sub.expiredAt,
      freeUntil: sub.freeUntil !== null && sub.freeUntil > now ? sub.freeUntil : null,
      hasAccess: grantsAccess(sub.status, sub.endsAt, now),
      renewable: renewable(sub.status, sub.endsAt, now),
      canSwitchToYearly: sub.interval === 'month' && (sub.status === 'active' || sub.status === 'trialing'),
      paymentMethod: sub.paymentMethod,
      cancelReasons: [...sub.cancelReasons],
    };
  }

  private async switchable(user: UserRecord): Promise<SubscriptionRecord> {
    const sub = await this.deps.repo.subscriptionOf(user.id);
    if (sub?.interval !== 'month' || !(sub.status === 'active' || sub.status === 'trialing')) {
      throw new ApiError(409, 'cannot_switch', 'billing.cannotSwitch');
    }
    return sub;
  }

  /** Provider calls: our own refusals pass through, a provider that fails or does not answer is a 503. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ProviderError(error);
    }
  }
}

export class ProviderError extends ApiError {
  constructor(readonly reason: unknown) {
    super(503, 'provider_unavailable', 'billing.providerUnavailable');
  }
}

export function presentInvoice(r: InvoiceRecord): InvoiceInfo {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    currency: r.currency,
    subtotal: r.subtotalMinor,
    amountDue: r.amountDueMinor,
    amountPaid: r.amountPaidMinor,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    createdAt: r.createdAt,
    description: r.description,
    pdfUrl: r.pdfUrl,
    hostedUrl: r.hostedUrl,
  };
}

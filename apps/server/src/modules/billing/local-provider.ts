import { randomUUID } from 'node:crypto';
import {
  addPeriod,
  DAY_MS,
  intervalPeriod,
  PLAN_NAMES,
  percentOff,
  switchToYearlyPreview,
} from '@spreadscope/core';
import type { InvoiceRecord, SubscriptionRecord } from '@spreadscope/db';
import type { Changed, PaymentProvider, ProviderContext } from './payment-provider.ts';
import { earlyBirdRuns, priceOf } from './pricing.ts';

/** Renewals the cycle job catches up at most in one go (a server off for years). */
const MAX_CATCH_UP = 36;

/**
 * The embedded default and the choice of self-hosters who do not sell: every flow of the real provider —
 * trial, switch with a pre-invoice, cancel, renew, coupons, invoices — kept in the database, with invoices
 * that list the price and charge nothing. Renewals happen in the job runner (`billing.cycle`).
 */
export function createLocalProvider(context: ProviderContext): PaymentProvider {
  const { pricing, now } = context;

  const invoice = (
    sub: SubscriptionRecord,
    subtotal: number,
    periodStart: number,
    periodEnd: number,
    description: string,
  ): InvoiceRecord => ({
    id: `local_in_${randomUUID()}`,
    userId: sub.userId,
    provider: 'local',
    number: null,
    status: 'paid',
    currency: sub.currency,
    subtotalMinor: subtotal,
    amountDueMinor: 0,
    amountPaidMinor: 0,
    periodStart,
    periodEnd,
    description,
    pdfUrl: null,
    hostedUrl: null,
    createdAt: now(),
  });
  const label = (sub: SubscriptionRecord) => `${PLAN_NAMES[sub.plan]} (${sub.interval})`;

  return {
    name: 'local',
    portal: false,
    async checkout(input) {
      const at = now();
      const price = priceOf(pricing, input.plan, input.interval);
      const trialing = input.trialDays > 0 && input.billingStartsAt === undefined;
      const periodEnd =
        input.billingStartsAt ??
        (trialing ? at + input.trialDays * DAY_MS : addPeriod(at, intervalPeriod(input.interval)));
      const subscription: SubscriptionRecord = {
        userId: input.user.id,
        provider: 'local',
        customerId: null,
        providerSubscriptionId: null,
        plan: input.plan,
        interval: input.interval,
        status: trialing ? 'trialing' : 'active',
        currency: pricing.currency,
        amountMinor: price,
        trialEnd: trialing ? periodEnd : null,
        currentPeriodStart: at,
        currentPeriodEnd: periodEnd,
        endsAt: null,
        expiredAt: null,
        freeUntil: null,
        paymentMethod: null,
        cancelReasons: [],
        cancelOther: null,
        canceledAt: null,
        lastEventAt: at,
        referralRewarded: input.previous?.referralRewarded ?? false,
      };
      const first =
        trialing || input.billingStartsAt !== undefined
          ? undefined
          : invoice(
              subscription,
              earlyBirdRuns(pricing, at) && pricing.earlyBird
                ? percentOff(price, pricing.earlyBird.percent)
                : price,
              at,
              periodEnd,
              label(subscription),
            );
      return { url: input.returnUrl, changed: { subscription, invoice: first } };
    },
    async previewSwitch(sub) {
      const paid = sub.status === 'trialing' || (sub.freeUntil ?? 0) > now() ? 0 : sub.amountMinor;
      return switchToYearlyPreview({
        paidMinor: paid,
        periodStartMs: sub.currentPeriodStart,
        periodEndMs: sub.currentPeriodEnd,
        nowMs: now(),
        yearlyMinor: priceOf(pricing, sub.plan, 'year'),
        currency: sub.currency,
      });
    },
    async switchToYearly(sub) {
      const preview = await this.previewSwitch(sub);
      const at = now();
      const subscription: SubscriptionRecord = {
        ...sub,
        interval: 'year',
        status: 'active',
        amountMinor: preview.yearlyMinor,
        trialEnd: sub.status === 'trialing' ? at : sub.trialEnd,
        currentPeriodStart: at,
        currentPeriodEnd: preview.nextBillingAtMs,
        freeUntil: null,
        lastEventAt: at,
      };
      return {
        subscription,
        invoice: invoice(subscription, preview.chargeMinor, at, preview.nextBillingAtMs, label(subscription)),
      };
    },
    async cancel(sub) {
      const at = now();
      return {
        subscription: {
          ...sub,
          status: 'cancelRequested',
          endsAt: sub.currentPeriodEnd,
          canceledAt: at,
          lastEventAt: at,
        },
      };
    },
    async renew(sub) {
      const at = now();
      const trialing = sub.trialEnd !== null && sub.trialEnd > at;
      return {
        subscription: {
          ...sub,
          status: trialing ? 'trialing' : 'active',
          endsAt: null,
          canceledAt: null,
          lastEventAt: at,
        },
      };
    },
    async freeUntil(sub, until) {
      return {
        subscription: {
          ...sub,
          status: 'active',
          trialEnd: sub.status === 'trialing' ? now() : sub.trialEnd,
          currentPeriodEnd: until,
          freeUntil: until,
          lastEventAt: now(),
        },
      };
    },
    async portalUrl() {
      throw new Error('the local provider has no portal');
    },
    async periodEnded(sub, at) {
      if (sub.status === 'cancelRequested' || sub.status === 'canceled') {
        const end = sub.endsAt ?? sub.currentPeriodEnd;
        if (end > at) return [];
        return [{ subscription: { ...sub, status: 'expired', expiredAt: end, lastEventAt: at } }];
      }
      const changes: Changed[] = [];
      let current = sub;
      for (let i = 0; i < MAX_CATCH_UP && current.currentPeriodEnd <= at; i++) {
        const start = current.currentPeriodEnd;
        const end = addPeriod(start, intervalPeriod(current.interval));
        current = {
          ...current,
          status: 'active',
          currentPeriodStart: start,
          currentPeriodEnd: end,
          freeUntil: null,
          lastEventAt: at,
        };
        changes.push({
          subscription: current,
          invoice: { ...invoice(current, current.amountMinor, start, end, label(current)), createdAt: start },
        });
      }
      return changes;
    },
  };
}

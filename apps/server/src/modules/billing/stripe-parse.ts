import type { PricingConfig } from '@spreadscope/contracts';
import type { BillingInterval, PurchasablePlan, SubscriptionStatus } from '@spreadscope/core';
import type { InvoiceRecord, SubscriptionRecord } from '@spreadscope/db';
import { planOfStripePrice } from './pricing.ts';

/**
 * Stripe's wire objects (subscription, invoice, invoice preview) read into our records. Pure, and tolerant of
 * both API generations: periods on the subscription (before 2025-03-31.basil) or on its items (after), an
 * invoice's subscription at `subscription` or `parent.subscription_details.subscription`.
 */
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const int = (v: unknown): number => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);
const sec = (v: unknown): number | null => (typeof v === 'number' && v > 0 ? v * 1000 : null);
/** An expandable field: the id, whether Stripe sent the id or the object. */
export const idOf = (v: unknown): string | null => str(v) ?? str(obj(v).id);

const STRIPE_STATUSES: readonly string[] = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];

export interface ParsedSubscription {
  readonly id: string;
  readonly customerId: string | null;
  readonly userId: string | null;
  readonly itemId: string | null;
  readonly priceId: string | null;
  readonly record: Omit<
    SubscriptionRecord,
    'userId' | 'cancelReasons' | 'cancelOther' | 'referralRewarded' | 'freeUntil' | 'expiredAt'
  >;
}

export function parseStripeSubscription(
  raw: unknown,
  pricing: PricingConfig,
  now: number,
): ParsedSubscription {
  const s = obj(raw);
  const id = str(s.id);
  if (id === null || s.object !== 'subscription') throw new Error('not a Stripe subscription');
  const item = obj((obj(s.items).data as unknown[] | undefined)?.[0]);
  const price = obj(item.price);
  const priceId = str(price.id);
  const fromPrice = priceId ? planOfStripePrice(pricing, priceId) : null;
  const meta = obj(s.metadata);
  const plan = (fromPrice?.plan ?? str(meta.plan) ?? 'starter') as PurchasablePlan;
  const interval = (fromPrice?.interval ?? str(obj(price.recurring).interval) ?? 'month') as BillingInterval;
  const periodStart = sec(item.current_period_start) ?? sec(s.current_period_start) ?? now;
  const periodEnd = sec(item.current_period_end) ?? sec(s.current_period_end) ?? now;
  const stripeStatus = str(s.status) ?? 'incomplete';
  let status = (STRIPE_STATUSES.includes(stripeStatus) ? stripeStatus : 'incomplete') as SubscriptionStatus;
  const cancelAt = sec(s.cancel_at);
  const cancelling = s.cancel_at_period_end === true || cancelAt !== null;
  if (cancelling && (status === 'active' || status === 'trialing')) status = 'cancelRequested';
  // Cancelled at Stripe: access runs to the end of the period already paid (spec §4).
  const endsAt =
    status === 'cancelRequested' ? (cancelAt ?? periodEnd) : status === 'canceled' ? periodEnd : null;
  const pm = obj(s.default_payment_method);
  const card = obj(pm.card);
  const paymentMethod = str(card.brand) ? `${str(card.brand)} •••• ${str(card.last4) ?? ''}`.trim() : null;
  return {
    id,
    customerId: idOf(s.customer),
    userId: str(meta.userId),
    itemId: str(item.id),
    priceId,
    record: {
      provider: 'stripe',
      customerId: idOf(s.customer),
      providerSubscriptionId: id,
      plan,
      interval,
      status,
      currency: (str(s.currency) ?? str(price.currency) ?? pricing.currency).toUpperCase(),
      amountMinor: int(price.unit_amount),
      trialEnd: sec(s.trial_end),
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      endsAt,
      paymentMethod,
      canceledAt: sec(s.canceled_at),
      lastEventAt: now,
    },
  };
}

export function invoiceSubscriptionId(raw: unknown): string | null {
  const i = obj(raw);
  return idOf(i.subscription) ?? idOf(obj(obj(i.parent).subscription_details).subscription);
}

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;

export function parseStripeInvoice(raw: unknown, userId: string): InvoiceRecord {
  const i = obj(raw);
  const id = str(i.id);
  if (id === null || i.object !== 'invoice') throw new Error('not a Stripe invoice');
  const line = obj((obj(i.lines).data as unknown[] | undefined)?.[0]);
  const period = obj(line.period);
  const status = str(i.status) ?? 'open';
  return {
    id,
    userId,
    provider: 'stripe',
    number: str(i.number),
    status: (INVOICE_STATUSES as readonly string[]).includes(status)
      ? (status as InvoiceRecord['status'])
      : 'open',
    currency: (str(i.currency) ?? 'usd').toUpperCase(),
    subtotalMinor: int(i.subtotal),
    amountDueMinor: int(i.amount_due),
    amountPaidMinor: int(i.amount_paid),
    periodStart: sec(period.start) ?? sec(i.period_start) ?? 0,
    periodEnd: sec(period.end) ?? sec(i.period_end) ?? 0,
    description: str(line.description) ?? str(i.description) ?? '',
    pdfUrl: str(i.invoice_pdf),
    hostedUrl: str(i.hosted_invoice_url),
    createdAt: sec(i.created) ?? 0,
  };
}

/** The pre-invoice of a switch: credits are the negative (proration) lines, the charge is what is due now. */
export function parseSwitchPreview(raw: unknown, yearlyMinor: number, now: number) {
  const i = obj(raw);
  const lines = (obj(i.lines).data as unknown[] | undefined) ?? [];
  let credit = 0;
  let nextBillingAt: number | null = null;
  for (const l of lines.map(obj)) {
    const amount = int(l.amount);
    if (amount < 0) credit += -amount;
    else nextBillingAt = sec(obj(l.period).end) ?? nextBillingAt;
  }
  return {
    creditMinor: credit,
    yearlyMinor,
    chargeMinor: Math.max(0, int(i.amount_due)),
    currency: (str(i.currency) ?? 'usd').toUpperCase(),
    nextBillingAtMs: nextBillingAt ?? now + 365 * 86_400_000,
  };
}

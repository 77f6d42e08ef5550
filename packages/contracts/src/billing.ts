import {
  BILLING_INTERVALS,
  CANCEL_OTHER_MAX,
  CANCEL_REASONS,
  COUPON_PERIOD_UNITS,
  COUPON_TYPES,
  FEATURES,
  LIMIT_NAMES,
  PLANS,
  PURCHASABLE_PLANS,
  SUBSCRIPTION_STATUSES,
} from '@spreadscope/core';
import { z } from 'zod';
import { storableText } from './common.ts';

/**
 * Plans and money under /api/v1/billing (spec §2 pricing, subscription, coupons, referrals). Every amount is
 * an integer of the currency's minor units (cents, won) with the currency beside it; never a float.
 */
const minor = z.number().int().describe('integer minor units of `currency` (cents, won)');
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .describe('ISO 4217');
const epochMs = z.number().int().describe('epoch ms');

export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
export const purchasablePlanSchema = z.enum(PURCHASABLE_PLANS);
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const billingProviderSchema = z.enum(['local', 'stripe']);
export type BillingProvider = z.infer<typeof billingProviderSchema>;

const planPrice = z.object({
  month: minor.nonnegative(),
  year: minor.nonnegative(),
  /** Stripe price ids (price_…) of this plan, needed only when STRIPE_SECRET_KEY is set. */
  stripePrice: z.object({ month: z.string().min(1), year: z.string().min(1) }).optional(),
});

/** The operator's price list (PRICING_FILE, JSON): prices and currency are configuration, not code. */
export const pricingConfigSchema = z.object({
  currency,
  plans: z.object({ starter: planPrice, pro: planPrice, pro_plus: planPrice }),
  trialDays: z.number().min(0).max(90).int().default(7),
  earlyBird: z
    .object({
      percent: z.number().min(1).max(100).int(),
      /** Last day (inclusive, KST) new subscribers get it; omit for no end. */
      until: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      /** Stripe coupon id applied at Checkout while the offer runs. */
      stripeCoupon: z.string().min(1).optional(),
    })
    .nullable()
    .default(null),
  /** Free months each side of a referral receives when the invitee first pays (spec leaves it open). */
  referralFreeMonths: z.number().min(1).max(12).int().default(1),
});
export type PricingConfig = z.infer<typeof pricingConfigSchema>;

export const planCardSchema = z.object({
  plan: z.enum(PLANS),
  /** null: on request (Partner) or for builders (Developer), or free. */
  price: z.object({ month: minor, year: minor, yearlySavingPercent: z.number().int() }).nullable(),
  /** The first payment with the early-bird offer, when it runs. */
  earlyBird: z.object({ month: minor, year: minor }).nullable(),
  purchasable: z.boolean(),
});

export const comparisonRowSchema = z.object({
  /** A feature (true/false per plan) or a limit (a number per plan). */
  kind: z.enum(['feature', 'limit']),
  name: z.union([z.enum(FEATURES), z.enum(LIMIT_NAMES)]),
  values: z.record(z.string(), z.union([z.boolean(), z.number()])),
});

export const pricingResponseSchema = z.object({
  currency,
  provider: billingProviderSchema,
  trialDays: z.number().int(),
  earlyBird: z.object({ percent: z.number().int(), until: z.string().nullable() }).nullable(),
  yearlySavesUpToPercent: z.number().int(),
  referralFreeMonths: z.number().int(),
  plans: z.array(planCardSchema),
  /** Generated from the entitlement table the server enforces (packages/core plans.ts). */
  comparison: z.array(comparisonRowSchema),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']),
  currency,
  /** List price of the period before credits and coupons. */
  subtotal: minor,
  amountDue: minor,
  amountPaid: minor,
  periodStart: epochMs,
  periodEnd: epochMs,
  createdAt: epochMs,
  description: z.string(),
  pdfUrl: z.string().nullable(),
  hostedUrl: z.string().nullable(),
});
export type InvoiceInfo = z.infer<typeof invoiceSchema>;

export const subscriptionSchema = z.object({
  provider: billingProviderSchema,
  plan: purchasablePlanSchema,
  interval: billingIntervalSchema,
  status: subscriptionStatusSchema,
  currency,
  /** The price of one cycle. */
  amount: minor,
  trialEnd: epochMs.nullable(),
  currentPeriodStart: epochMs,
  /** End of the current period; the next billing date while the subscription renews. */
  currentPeriodEnd: epochMs,
  nextBillingAt: epochMs.nullable(),
  /** When access ends (cancelled, or requested to cancel). */
  endsAt: epochMs.nullable(),
  expiredAt: epochMs.nullable(),
  /** A coupon's free period: billing resumes after this. */
  freeUntil: epochMs.nullable(),
  hasAccess: z.boolean(),
  renewable: z.boolean(),
  canSwitchToYearly: z.boolean(),
  paymentMethod: z.string().nullable(),
  cancelReasons: z.array(z.enum(CANCEL_REASONS)),
});
export type SubscriptionInfo = z.infer<typeof subscriptionSchema>;

export const mySubscriptionResponseSchema = z.object({
  provider: billingProviderSchema,
  plan: z.enum(PLANS),
  subscription: subscriptionSchema.nullable(),
  invoices: z.array(invoiceSchema),
  /** Whether the payment provider's portal (payment methods) is available. */
  portal: z.boolean(),
});
export type MySubscriptionResponse = z.infer<typeof mySubscriptionResponseSchema>;

export const checkoutRequestSchema = z.object({
  plan: purchasablePlanSchema,
  interval: billingIntervalSchema,
});
/** Where the browser goes next: the provider's checkout page, or straight back (local provider). */
export const redirectResponseSchema = z.object({ url: z.string() });

export const switchPreviewSchema = z.object({
  currency,
  credit: minor,
  yearly: minor,
  charge: minor,
  nextBillingAt: epochMs,
  provider: billingProviderSchema,
});
export type SwitchPreviewInfo = z.infer<typeof switchPreviewSchema>;

export const cancelRequestSchema = z
  .object({
    reasons: z.array(z.enum(CANCEL_REASONS)).min(1).max(CANCEL_REASONS.length),
    other: storableText(CANCEL_OTHER_MAX).optional(),
  })
  .refine((v) => !v.reasons.includes('other') || (v.other ?? '').trim().length > 0, {
    message: 'describe the other reason',
    path: ['other'],
  });

export const couponSchema = z.object({
  id: z.string(),
  type: z.enum(COUPON_TYPES),
  plan: purchasablePlanSchema,
  period: z.object({ unit: z.enum(COUPON_PERIOD_UNITS), count: z.number().int().positive() }),
  promotionCode: z.string(),
  receivedAt: epochMs,
  expiresAt: epochMs.nullable(),
  usedAt: epochMs.nullable(),
  used: z.boolean(),
});
export type CouponInfo = z.infer<typeof couponSchema>;

export const couponListQuerySchema = z.object({
  type: z.enum(['all', ...COUPON_TYPES]).default('all'),
});
export const couponListSchema = z.object({
  available: z.array(couponSchema),
  used: z.array(couponSchema),
});
export const couponParamsSchema = z.object({ id: storableText(64) });
export const couponUseResponseSchema = z.object({
  coupon: couponSchema,
  /** Billing resumes after this. */
  freeUntil: epochMs,
});

export const referralsResponseSchema = z.object({
  code: z.string(),
  link: z.string(),
  eligible: z.boolean(),
  freeMonths: z.number().int(),
  count: z.number().int(),
  latest: z.array(z.object({ number: z.number().int(), name: z.string(), signedUpAt: epochMs })),
});
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>;

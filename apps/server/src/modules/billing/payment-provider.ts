import type { BillingProvider, PricingConfig } from '@spreadscope/contracts';
import type { BillingInterval, PurchasablePlan, SwitchPreview } from '@spreadscope/core';
import type { InvoiceRecord, SubscriptionRecord, UserRecord } from '@spreadscope/db';

/**
 * What the billing service needs from whoever takes the money. `local` (local-provider.ts) runs every flow in
 * the database and charges nothing; `stripe` (stripe-provider.ts) asks Stripe, whose webhooks then confirm.
 * Methods that change a subscription return the state to store at once, so the page shows it before any
 * webhook arrives.
 */
export interface CheckoutInput {
  readonly user: UserRecord;
  readonly plan: PurchasablePlan;
  readonly interval: BillingInterval;
  /** 0 when the user already had a subscription (one trial per account). */
  readonly trialDays: number;
  /** Billing starts then instead (a renewal of a cancelled subscription runs out its paid time first). */
  readonly billingStartsAt?: number | undefined;
  readonly previous: SubscriptionRecord | null;
  /** Where the browser lands afterwards. */
  readonly returnUrl: string;
  readonly cancelUrl: string;
}

export interface Changed {
  readonly subscription: SubscriptionRecord;
  readonly invoice?: InvoiceRecord | undefined;
}

export interface PaymentProvider {
  readonly name: BillingProvider;
  readonly portal: boolean;
  checkout(input: CheckoutInput): Promise<{ url: string; changed?: Changed }>;
  previewSwitch(sub: SubscriptionRecord): Promise<SwitchPreview>;
  switchToYearly(sub: SubscriptionRecord): Promise<Changed>;
  /** Cancels at the end of the period (cancelRequested). */
  cancel(sub: SubscriptionRecord): Promise<Changed>;
  /** Takes back a requested cancellation. */
  renew(sub: SubscriptionRecord): Promise<Changed>;
  /** A coupon: nothing is billed until `freeUntil`, then billing resumes. */
  freeUntil(sub: SubscriptionRecord, freeUntil: number): Promise<Changed>;
  portalUrl(sub: SubscriptionRecord, returnUrl: string): Promise<string>;
  /**
   * The periodic step of the job runner for this provider's subscriptions whose period ended: renewals and
   * their invoices (local), expiry after a cancellation (both).
   */
  periodEnded(sub: SubscriptionRecord, now: number): Promise<Changed[]>;
}

export interface ProviderContext {
  readonly pricing: PricingConfig;
  readonly now: () => number;
}

import type { PricingConfig } from '@spreadscope/contracts';
import { MINUTE_MS } from '@spreadscope/core';
import {
  type BillingRepository,
  createBillingRepository,
  type Database,
  type UsersRepository,
} from '@spreadscope/db';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { BillingService } from './billing-service.ts';
import { CouponsService } from './coupons-service.ts';
import { createLocalProvider } from './local-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { ReferralsService } from './referrals-service.ts';
import type { BillingModule } from './routes.ts';
import { registerStripeEventJob } from './stripe-events.ts';
import { createStripeProvider, type StripeProvider, type StripeSettings } from './stripe-provider.ts';

export const BILLING_CYCLE_JOB = 'billing.cycle';

export interface BillingOptions {
  readonly database: Pick<Database, 'db'>;
  readonly users: UsersRepository;
  readonly pricing: PricingConfig;
  readonly publicUrl: () => string;
  readonly now?: () => number;
  /** Payments through Stripe; without, the local provider. */
  readonly stripe?: StripeSettings | undefined;
}

export interface Billing extends BillingModule {
  readonly provider: PaymentProvider;
  /** Set when payments go through Stripe: the webhook route verifies with it. */
  readonly stripe: StripeProvider | null;
  readonly repo: BillingRepository;
  readonly now: () => number;
}

/** Billing wired once: the composition root, the admin CLI and tests build it this way. */
export function createBilling(options: BillingOptions): Billing {
  const now = options.now ?? Date.now;
  const repo = createBillingRepository(options.database);
  const context = { pricing: options.pricing, now };
  const stripe = options.stripe ? createStripeProvider({ ...context, repo, settings: options.stripe }) : null;
  const provider: PaymentProvider = stripe ?? createLocalProvider(context);
  let referrals: ReferralsService | null = null;
  const billing = new BillingService({
    repo,
    users: options.users,
    provider,
    pricing: options.pricing,
    publicUrl: options.publicUrl,
    now,
    onPaidInvoice: (invoice, sub) => referrals?.onPaidInvoice(invoice, sub) ?? Promise.resolve(),
  });
  const coupons = new CouponsService(repo, billing, now);
  referrals = new ReferralsService({
    repo,
    users: options.users,
    coupons,
    freeMonths: options.pricing.referralFreeMonths,
    publicUrl: options.publicUrl,
  });
  return { billing, coupons, referrals, provider, stripe, repo, now };
}

/**
 * Billing's jobs: every minute, subscriptions whose period ended move on (local renewals with their invoices,
 * expiry after a cancellation, for every provider) and the user's plan follows.
 */
export function registerBillingJobs(
  queue: JobQueue,
  billing: Billing,
  log: { info(msg: string): void },
): void {
  queue.handle(BILLING_CYCLE_JOB, async () => {
    const changed = await billing.billing.runCycle();
    if (changed > 0) log.info(`billing: ${changed} subscription periods moved on`);
  });
  queue.every({ kind: BILLING_CYCLE_JOB, everyMs: MINUTE_MS, maxAttempts: 3 });
  if (billing.stripe) {
    registerStripeEventJob(queue, {
      provider: billing.stripe,
      billing: billing.billing,
      repo: billing.repo,
      now: billing.now,
    });
  }
}

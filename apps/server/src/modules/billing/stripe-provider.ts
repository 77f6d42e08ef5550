import type { PricingConfig } from '@spreadscope/contracts';
import type { BillingInterval, PurchasablePlan } from '@spreadscope/core';
import type { BillingRepository, SubscriptionRecord } from '@spreadscope/db';
import Stripe from 'stripe';
import type { Changed, PaymentProvider, ProviderContext } from './payment-provider.ts';
import { earlyBirdRuns, priceOf } from './pricing.ts';
import {
  invoiceSubscriptionId,
  parseStripeInvoice,
  parseStripeSubscription,
  parseSwitchPreview,
} from './stripe-parse.ts';

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** STRIPE_API_URL: the SDK's host, port and protocol come from it. */
  readonly apiUrl: string;
}

/** The SDK pointed at STRIPE_API_URL (Stripe itself, a proxy or a test fake). */
export function stripeClient(settings: StripeSettings): Stripe {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

export interface StripeProvider extends PaymentProvider {
  readonly stripe: Stripe;
  readonly webhookSecret: string;
  /**
   * The subscription as Stripe holds it now, merged with what only we keep (reasons, coupon period,
   * referral flag). Events only say "something changed": the state is read fresh, so events arriving late
   * or twice cannot roll the row back.
   */
  syncSubscription(id: string): Promise<Changed | null>;
  syncInvoice(id: string): Promise<Changed | null>;
}

function priceId(pricing: PricingConfig, plan: PurchasablePlan, interval: BillingInterval): string {
  const id = pricing.plans[plan].stripePrice?.[interval];
  if (!id) throw new Error(`PRICING_FILE has no stripePrice.${interval} for ${plan}`);
  return id;
}

export function createStripeProvider(
  context: ProviderContext & { settings: StripeSettings; repo: BillingRepository },
): StripeProvider {
  const { pricing, now, repo, settings } = context;
  const stripe = stripeClient(settings);

  const merge = async (raw: unknown): Promise<SubscriptionRecord | null> => {
    const parsed = parseStripeSubscription(raw, pricing, now());
    const previous =
      (await repo.subscriptionByProviderId(parsed.id)) ??
      (parsed.userId ? await repo.subscriptionOf(parsed.userId) : null) ??
      (parsed.customerId
        ? await repo.subscriptionOf((await repo.userIdByCustomer(parsed.customerId)) ?? '')
        : null);
    const userId = previous?.userId ?? parsed.userId;
    if (userId === null) return null;
    const freeUntil = previous?.freeUntil ?? null;
    return {
      ...parsed.record,
      userId,
      // Stripe shows a coupon's free time as a trial; ours stays a coupon period.
      status:
        freeUntil !== null && freeUntil > now() && parsed.record.status === 'trialing'
          ? 'active'
          : parsed.record.status,
      freeUntil,
      expiredAt: previous?.expiredAt ?? null,
      cancelReasons: previous?.cancelReasons ?? [],
      cancelOther: previous?.cancelOther ?? null,
      referralRewarded: previous?.referralRewarded ?? false,
      paymentMethod: parsed.record.paymentMethod ?? previous?.paymentMethod ?? null,
    };
  };
  const changedFrom = async (raw: unknown): Promise<Changed> => {
    const subscription = await merge(raw);
    if (!subscription) throw new Error('Stripe subscription without a known user');
    return { subscription };
  };
  const itemOf = async (sub: SubscriptionRecord) => {
    const raw = await stripe.subscriptions.retrieve(sub.providerSubscriptionId ?? '');
    const item = raw.items.data[0];
    if (!item) throw new Error('Stripe subscription without an item');
    return item.id;
  };

  return {
    name: 'stripe',
    portal: true,
    stripe,
    webhookSecret: settings.webhookSecret,
    async checkout(input) {
      const customer =
        input.previous?.customerId ??
        (await stripe.customers.create({ email: input.user.email, metadata: { userId: input.user.id } })).id;
      const early = earlyBirdRuns(pricing, now()) ? pricing.earlyBird : null;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: input.user.id,
        line_items: [{ price: priceId(pricing, input.plan, input.interval), quantity: 1 }],
        subscription_data: {
          metadata: { userId: input.user.id, plan: input.plan },
          ...(input.billingStartsAt !== undefined
            ? { trial_end: Math.floor(input.billingStartsAt / 1000) }
            : input.trialDays > 0
              ? { trial_period_days: input.trialDays }
              : {}),
        },
        ...(early?.stripeCoupon ? { discounts: [{ coupon: early.stripeCoupon }] } : {}),
        metadata: { userId: input.user.id },
        success_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe Checkout returned no URL');
      return { url: session.url };
    },
    async previewSwitch(sub) {
      const item = await itemOf(sub);
      const yearly = priceOf(pricing, sub.plan, 'year');
      const preview = await stripe.invoices.createPreview({
        customer: sub.customerId ?? undefined,
        subscription: sub.providerSubscriptionId ?? undefined,
        subscription_details: {
          items: [{ id: item, price: priceId(pricing, sub.plan, 'year') }],
          proration_behavior: 'always_invoice',
          billing_cycle_anchor: { type: 'now' },
        },
      });
      return parseSwitchPreview(preview, yearly, now());
    },
    async switchToYearly(sub) {
      const item = await itemOf(sub);
      const raw = await stripe.subscriptions.update(sub.providerSubscriptionId ?? '', {
        items: [{ id: item, price: priceId(pricing, sub.plan, 'year') }],
        proration_behavior: 'always_invoice',
        billing_cycle_anchor: { type: 'now' },
        trial_end: 'now',
      });
      return changedFrom(raw);
    },
    async cancel(sub) {
      return changedFrom(
        await stripe.subscriptions.update(sub.providerSubscriptionId ?? '', { cancel_at_period_end: true }),
      );
    },
    async renew(sub) {
      return changedFrom(
        await stripe.subscriptions.update(sub.providerSubscriptionId ?? '', { cancel_at_period_end: false }),
      );
    },
    async freeUntil(sub, until) {
      const raw = await stripe.subscriptions.update(sub.providerSubscriptionId ?? '', {
        trial_end: Math.floor(until / 1000),
        proration_behavior: 'none',
      });
      const changed = await changedFrom(raw);
      return { subscription: { ...changed.subscription, status: 'active', freeUntil: until } };
    },
    async portalUrl(sub, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: sub.customerId ?? '',
        return_url: returnUrl,
      });
      return session.url;
    },
    async periodEnded(sub, at) {
      // Stripe renews and retries on its side and tells us by webhook; only access after a cancellation ends here.
      const end = sub.endsAt ?? sub.currentPeriodEnd;
      if ((sub.status === 'canceled' || sub.status === 'cancelRequested') && end <= at) {
        return [{ subscription: { ...sub, status: 'expired', expiredAt: end, lastEventAt: at } }];
      }
      return [];
    },
    async syncSubscription(id) {
      const raw = await stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] });
      const subscription = await merge(raw);
      return subscription ? { subscription } : null;
    },
    async syncInvoice(id) {
      const raw = await stripe.invoices.retrieve(id);
      const subId = invoiceSubscriptionId(raw);
      if (!subId) return null;
      const synced = await this.syncSubscription(subId);
      if (!synced) return null;
      return {
        subscription: synced.subscription,
        invoice: parseStripeInvoice(raw, synced.subscription.userId),
      };
    },
  };
}

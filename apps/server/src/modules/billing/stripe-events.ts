import type { BillingRepository } from '@spreadscope/db';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { BillingService } from './billing-service.ts';
import { idOf, invoiceSubscriptionId } from './stripe-parse.ts';
import type { StripeProvider } from './stripe-provider.ts';

export const STRIPE_EVENT_JOB = 'billing.stripe-event';

export interface StripeEventJob {
  readonly id: string;
  readonly type: string;
  /** Epoch seconds, Stripe's. */
  readonly created: number;
  readonly objectType: string;
  readonly objectId: string;
  readonly object: unknown;
}

/**
 * Applies one verified Stripe event, in the job runner. The event names what changed; the state comes from
 * Stripe as it is now (see StripeProvider.syncSubscription), which makes replays, duplicates and events out of
 * order harmless. The event id is recorded last, so a handler that failed half-way runs again in full.
 */
export function registerStripeEventJob(
  queue: JobQueue,
  deps: { provider: StripeProvider; billing: BillingService; repo: BillingRepository; now: () => number },
): void {
  queue.handle<StripeEventJob>(STRIPE_EVENT_JOB, async (event) => {
    await applyStripeEvent(event, deps);
    await deps.repo.recordEvent('stripe', event.id, event.type, deps.now());
  });
}

export async function applyStripeEvent(
  event: StripeEventJob,
  deps: { provider: StripeProvider; billing: BillingService },
): Promise<void> {
  const object = event.object as Record<string, unknown>;
  let subscriptionId: string | null = null;
  switch (event.objectType) {
    case 'subscription':
      subscriptionId = event.objectId;
      break;
    case 'checkout.session':
      subscriptionId = idOf(object.subscription);
      break;
    case 'invoice': {
      const changed = await deps.provider.syncInvoice(event.objectId);
      if (changed) {
        await deps.billing.apply({ subscription: changed.subscription });
        if (changed.invoice) await deps.billing.saveInvoice(changed.invoice, changed.subscription);
      }
      return;
    }
    default:
      subscriptionId = invoiceSubscriptionId(object);
  }
  if (!subscriptionId) return;
  const changed = await deps.provider.syncSubscription(subscriptionId);
  if (changed) await deps.billing.apply(changed);
}

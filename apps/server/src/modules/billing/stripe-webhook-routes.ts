import { errorResponseSchema } from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Billing } from './billing-module.ts';
import { STRIPE_EVENT_JOB, type StripeEventJob } from './stripe-events.ts';

/** Stripe's default tolerance: a signature older than 5 minutes is a replay. */
const SIGNATURE_TOLERANCE_S = 300;

/**
 * POST /api/v1/billing/webhooks/stripe. The signature is checked on the raw bytes (re-serialized JSON would
 * not match), a forged or stale one is a 400 and changes nothing. A verified event is handed to the job
 * runner under its event id, so a replay finds the same job and Stripe gets its 200 fast.
 */
export function stripeWebhookRoutes(billing: Billing, jobs: JobQueue): FastifyPluginAsyncZod {
  return async (app) => {
    const stripe = billing.stripe;
    if (!stripe) return;
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(
      '/billing/webhooks/stripe',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['billing'],
          summary: 'Stripe webhook (signed; Stripe-Signature header)',
          response: {
            200: z.object({ received: z.boolean(), duplicate: z.boolean() }),
            400: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const raw = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) {
          throw new ApiError(400, 'bad_signature', 'billing.badSignature');
        }
        let event: {
          id: string;
          type: string;
          created: number;
          data: { object: { id?: string; object?: string } };
        };
        try {
          event = stripe.stripe.webhooks.constructEvent(
            raw,
            signature,
            stripe.webhookSecret,
            SIGNATURE_TOLERANCE_S,
          ) as never;
        } catch {
          throw new ApiError(400, 'bad_signature', 'billing.badSignature');
        }
        const payload: StripeEventJob = {
          id: event.id,
          type: event.type,
          created: event.created,
          objectType: event.data.object.object ?? '',
          objectId: event.data.object.id ?? '',
          object: event.data.object,
        };
        const enqueued = await jobs.enqueue(STRIPE_EVENT_JOB, payload, {
          key: `stripe-event:${event.id}`,
          maxAttempts: 8,
        });
        return { received: true, duplicate: !enqueued.created };
      },
    );
  };
}

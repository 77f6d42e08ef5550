import {
  cancelRequestSchema,
  checkoutRequestSchema,
  couponListQuerySchema,
  couponListSchema,
  couponParamsSchema,
  couponUseResponseSchema,
  errorResponseSchema,
  mySubscriptionResponseSchema,
  pricingResponseSchema,
  redirectResponseSchema,
  referralsResponseSchema,
  subscriptionSchema,
  switchPreviewSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSessionUser, sessionUserOf } from '../../http/guards.ts';
import type { BillingService } from './billing-service.ts';
import type { CouponsService } from './coupons-service.ts';
import type { ReferralsService } from './referrals-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

export interface BillingModule {
  readonly billing: BillingService;
  readonly coupons: CouponsService;
  readonly referrals: ReferralsService;
}

/** /api/v1/billing/*: pricing (public) and the signed-in user's subscription, coupons and referrals. */
export function billingRoutes(module: BillingModule): FastifyPluginAsyncZod {
  const { billing, coupons, referrals } = module;
  return async (app) => {
    const tags = ['billing'];
    const user = async (request: Parameters<typeof sessionUserOf>[0]) => (await sessionUserOf(request)).user;

    app.get(
      '/billing/pricing',
      {
        schema: {
          tags,
          summary: 'Plans, prices (integer minor units) and the comparison table the server enforces',
          response: { 200: pricingResponseSchema },
        },
      },
      async () => billing.pricing(),
    );

    const signedIn: FastifyPluginAsyncZod = async (scope) => {
      scope.addHook('preValidation', requireSessionUser);
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });

      scope.get(
        '/billing/subscription',
        {
          schema: {
            tags,
            summary: 'My plan, subscription and invoices',
            response: { 200: mySubscriptionResponseSchema, ...errors },
          },
        },
        async (request) => billing.mine(await user(request)),
      );
      scope.post(
        '/billing/checkout',
        {
          schema: {
            tags,
            summary: `Start a subscription (a trial for a first one); go to the returned URL`,
            body: checkoutRequestSchema,
            response: { 200: redirectResponseSchema, ...errors },
          },
        },
        async (request) => billing.checkout(await user(request), request.body.plan, request.body.interval),
      );
      scope.get(
        '/billing/subscription/switch-preview',
        {
          schema: {
            tags,
            summary: 'Pre-invoice of a switch to yearly',
            response: { 200: switchPreviewSchema, ...errors },
          },
        },
        async (request) => billing.previewSwitch(await user(request)),
      );
      scope.post(
        '/billing/subscription/switch',
        {
          schema: {
            tags,
            summary: 'Switch to yearly (after the pre-invoice)',
            response: { 200: subscriptionSchema, ...errors },
          },
        },
        async (request) => billing.switchToYearly(await user(request)),
      );
      scope.post(
        '/billing/subscription/cancel',
        {
          schema: {
            tags,
            summary: 'Cancel at the end of the period, with reasons',
            body: cancelRequestSchema,
            response: { 200: subscriptionSchema, ...errors },
          },
        },
        async (request) => billing.cancel(await user(request), request.body.reasons, request.body.other),
      );
      scope.post(
        '/billing/subscription/renew',
        {
          schema: {
            tags,
            summary: 'Take back a cancellation before the end date',
            response: {
              200: z.object({ url: z.string(), subscription: subscriptionSchema.nullable() }),
              ...errors,
            },
          },
        },
        async (request) => billing.renew(await user(request)),
      );
      scope.post(
        '/billing/portal',
        {
          schema: {
            tags,
            summary: "The payment provider's portal (payment methods)",
            response: { 200: redirectResponseSchema, ...errors },
          },
        },
        async (request) => ({ url: await billing.portalUrl(await user(request)) }),
      );
      scope.get(
        '/billing/coupons',
        {
          schema: {
            tags,
            summary: 'My coupons, available and used',
            querystring: couponListQuerySchema,
            response: { 200: couponListSchema, ...errors },
          },
        },
        async (request) => coupons.list(await user(request), request.query.type),
      );
      scope.post(
        '/billing/coupons/:id/use',
        {
          schema: {
            tags,
            summary: 'Use a coupon (irreversible; needs a running subscription)',
            params: couponParamsSchema,
            response: { 200: couponUseResponseSchema, ...errors },
          },
        },
        async (request) => coupons.use(await user(request), request.params.id),
      );
      scope.get(
        '/billing/referrals',
        {
          schema: {
            tags,
            summary: 'My referral link, code and latest invitees',
            response: { 200: referralsResponseSchema, ...errors },
          },
        },
        async (request) => referrals.mine(await user(request)),
      );
    };
    await app.register(signedIn);
  };
}

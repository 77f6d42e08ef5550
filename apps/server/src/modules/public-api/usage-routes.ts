import { apiUsageResponseSchema, errorResponseSchema } from '@spreadscope/contracts';
import type { ApiUsageRepository } from '@spreadscope/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSessionUser, sessionUserOf } from '../../http/guards.ts';
import type { ApiMeter, MeterLimits } from './api-meter.ts';

/** /api/v1/account/api-usage: credits spent this month (the live counter) and calls per day and endpoint. */
export function apiUsageRoutes(deps: {
  usage: ApiUsageRepository;
  meter: ApiMeter;
  limits: MeterLimits;
  now: () => number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/api-usage',
      {
        preHandler: requireSessionUser,
        schema: {
          tags: ['api-keys'],
          summary: 'Paid API use of the signed-in account this month',
          response: { 200: apiUsageResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => {
        const { user } = await sessionUserOf(request);
        // What this process counted since its last write is in the live counter; the rows lag by seconds.
        await deps.meter.flush();
        const now = new Date(deps.now());
        const month = now.toISOString().slice(0, 7);
        const renews = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
        return {
          month,
          plan: user.plan,
          creditsUsed: await deps.meter.creditsUsed(user.id),
          creditsAllowance: deps.limits.creditsPerMonth(user.plan),
          ratePerMinute: deps.limits.ratePerMinute(user.plan),
          renewsOn: renews.toISOString().slice(0, 10),
          days: await deps.usage.daysSince(user.id, `${month}-01`),
        };
      },
    );
  };
}

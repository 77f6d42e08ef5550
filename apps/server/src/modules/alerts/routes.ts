import {
  alertBacktestResponseSchema,
  alertBulkRequestSchema,
  alertBulkResponseSchema,
  alertHistoryQuerySchema,
  alertHistoryResponseSchema,
  alertIdParamsSchema,
  alertInputSchema,
  alertListQuerySchema,
  alertListSchema,
  alertPatchSchema,
  alertSchema,
  errorResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSessionUser, sessionUserOf } from '../../http/guards.ts';
import type { AlertsService } from './alerts-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * /api/v1/alerts: the alert bot of the signed-in user. Visitors get 401 (the screens ask them to sign in), a
 * rule of the form broken gets 400 naming the field with the spec's words, one alert past the plan's limit
 * gets 403.
 */
export function alertsRoutes(alerts: AlertsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['alerts'];
    app.addHook('preValidation', requireSessionUser);
    const user = async (request: Parameters<typeof sessionUserOf>[0]) => (await sessionUserOf(request)).user;

    app.get(
      '/alerts',
      {
        schema: {
          tags,
          summary: 'Your alerts, with the plan limit (Free 1, paid plans 10)',
          querystring: alertListQuerySchema,
          response: { 200: alertListSchema, ...errors },
        },
      },
      async (request) => alerts.list(await user(request), request.query),
    );

    app.post(
      '/alerts',
      {
        schema: {
          tags,
          summary: 'Create an alert (spec §5 rules; 403 past the plan limit)',
          body: alertInputSchema,
          response: { 201: alertSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await alerts.create(await user(request), request.body)),
    );

    app.post(
      '/alerts/bulk',
      {
        schema: {
          tags,
          summary: 'Pause all, restart all inactive, or delete all inactive alerts',
          body: alertBulkRequestSchema,
          response: { 200: alertBulkResponseSchema, ...errors },
        },
      },
      async (request) => alerts.bulk(await user(request), request.body.action),
    );

    app.post(
      '/alerts/backtest',
      {
        schema: {
          tags,
          summary:
            'How often a rule would have fired in the last 24 h, 7 d and 30 d, from the minute history',
          body: alertInputSchema,
          response: { 200: alertBacktestResponseSchema, ...errors },
        },
      },
      async (request) => alerts.backtest(await user(request), request.body),
    );

    app.get(
      '/alerts/history',
      {
        schema: {
          tags,
          summary: 'Fired alerts, newest first, each with its delivery attempts',
          querystring: alertHistoryQuerySchema,
          response: { 200: alertHistoryResponseSchema, ...errors },
        },
      },
      async (request) => alerts.history(await user(request), request.query),
    );

    app.delete(
      '/alerts/history',
      {
        schema: {
          tags,
          summary: 'Delete your alert history (404 when there is none)',
          response: { 200: z.object({ deleted: z.number().int() }), ...errors },
        },
      },
      async (request) => alerts.deleteHistory(await user(request)),
    );

    app.get(
      '/alerts/:id',
      {
        schema: {
          tags,
          summary: 'One alert',
          params: alertIdParamsSchema,
          response: { 200: alertSchema, ...errors },
        },
      },
      async (request) => alerts.get(await user(request), request.params.id),
    );

    app.patch(
      '/alerts/:id',
      {
        schema: {
          tags,
          summary: 'Change an alert (pause or restart with {active}); the result must pass the same rules',
          params: alertIdParamsSchema,
          body: alertPatchSchema,
          response: { 200: alertSchema, ...errors },
        },
      },
      async (request) => alerts.update(await user(request), request.params.id, request.body),
    );

    app.delete(
      '/alerts/:id',
      {
        schema: {
          tags,
          summary: 'Delete an alert',
          params: alertIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await alerts.delete(await user(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}

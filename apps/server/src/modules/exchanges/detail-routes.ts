import {
  errorResponseSchema,
  exchangeInfoResponseSchema,
  exchangeMarketsQuerySchema,
  exchangeMarketsResponseSchema,
  exchangeOverviewResponseSchema,
  exchangeParamsSchema,
  exchangesOverviewResponseSchema,
  tokenMetricsQuerySchema,
  tokenMetricsResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cached-reply.ts';
import { knownExchange } from '../wallets/routes.ts';
import type { ExchangeDetailService } from './exchange-detail-service.ts';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema } as const;

/**
 * The exchanges pages' calls: overview of every venue, one venue's info, overview, markets and token metrics.
 * Fees and notices of a venue come from their own modules (trading-fees, announcements).
 */
export function exchangeDetailRoutes(detail: ExchangeDetailService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/exchanges/overview',
      {
        schema: {
          tags: ['exchanges'],
          summary:
            'Every venue: kind, markets and tokens quoted, 24 h volume in USD, link state, wallet health counts',
          response: { 200: exchangesOverviewResponseSchema },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => detail.overview()),
    );

    app.get(
      '/exchanges/markets',
      {
        schema: {
          tags: ['exchanges'],
          summary: 'Markets quoted now, largest 24 h volume first, optionally of one venue and market type',
          querystring: exchangeMarketsQuerySchema,
          response: { 200: exchangeMarketsResponseSchema, ...errors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => detail.markets(request.query)),
    );

    app.get(
      '/exchanges/:exchange/info',
      {
        schema: {
          tags: ['exchanges'],
          summary: 'A venue’s facts: name, kind, region, market types, quotes, site',
          params: exchangeParamsSchema,
          response: { 200: exchangeInfoResponseSchema, ...errors },
        },
      },
      async (request) => detail.info(knownExchange(request.params.exchange)),
    );

    app.get(
      '/exchanges/:exchange/overview',
      {
        schema: {
          tags: ['exchanges'],
          summary: 'A venue’s numbers now: markets, tokens, 24 h volume, link state, wallet health counts',
          params: exchangeParamsSchema,
          response: { 200: exchangeOverviewResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const exchange = knownExchange(request.params.exchange);
        return sendCached(request, reply, exchange, () => detail.exchangeOverview(exchange));
      },
    );

    app.get(
      '/exchanges/:exchange/token-metrics',
      {
        schema: {
          tags: ['exchanges'],
          summary: 'A venue’s tokens by 24 h volume (USD), with their share of the venue',
          params: exchangeParamsSchema,
          querystring: tokenMetricsQuerySchema,
          response: { 200: tokenMetricsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const exchange = knownExchange(request.params.exchange);
        return sendCached(request, reply, exchange, () => detail.tokenMetrics(exchange, request.query.limit));
      },
    );
  };
}

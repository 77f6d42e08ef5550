import {
  errorResponseSchema,
  listingDepositAccumulatedQuerySchema,
  listingDepositAccumulatedResponseSchema,
  listingDepositQuerySchema,
  listingDepositRankingQuerySchema,
  listingDepositRankingResponseSchema,
  listingDepositRatioQuerySchema,
  listingDepositRatioResponseSchema,
  listingDepositResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ListingDepositService } from './listing-deposit-service.ts';

const tags = ['listing'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Spec §7 `listing/deposit`, `/accumulated`, `/ranking`, `/ratio`: behind the listing gate like the rest. */
export function depositRoutes(
  service: ListingDepositService,
  gate: readonly ((request: FastifyRequest) => Promise<void>)[],
): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = [...gate];
    app.get(
      '/listing/deposit',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Deposits of the listed token into the listing venue’s wallets: depositor, tx, amount in token/KRW/USD, holder tier',
          querystring: listingDepositQuerySchema,
          response: { 200: listingDepositResponseSchema, ...errors },
        },
      },
      async (request) => service.deposits(request.query.key, request.query.limit),
    );
    app.get(
      '/listing/deposit/accumulated',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Tokens deposited so far by holder tier, per interval',
          querystring: listingDepositAccumulatedQuerySchema,
          response: { 200: listingDepositAccumulatedResponseSchema, ...errors },
        },
      },
      async (request) => service.accumulated(request.query.key, request.query.interval),
    );
    app.get(
      '/listing/deposit/ranking',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Depositors by the total they sent, with its tier',
          querystring: listingDepositRankingQuerySchema,
          response: { 200: listingDepositRankingResponseSchema, ...errors },
        },
      },
      async (request) => service.ranking(request.query.key, request.query.limit),
    );
    app.get(
      '/listing/deposit/ratio',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Tokens deposited since the notice over the circulating supply',
          querystring: listingDepositRatioQuerySchema,
          response: { 200: listingDepositRatioResponseSchema, ...errors },
        },
      },
      async (request) => service.ratio(request.query.key),
    );
  };
}

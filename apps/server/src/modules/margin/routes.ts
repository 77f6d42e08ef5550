import {
  exchangeListResponseSchema,
  marginAssetsResponseSchema,
  marginBorrowQuerySchema,
  marginBorrowResponseSchema,
  stringListResponseSchema,
  tradingFeeSymbolsQuerySchema,
  tradingFeesQuerySchema,
  tradingFeesResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cached-reply.ts';
import { marketErrors } from '../market/route-support.ts';
import type { MarginService } from './margin-service.ts';

const tags = ['margin'];

/** /margin-borrow (+ /assets) and /trading-fees (+ /exchanges, /symbols). */
export function marginRoutes(margin: MarginService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/margin-borrow',
      {
        schema: {
          tags,
          summary:
            'Margin borrow rates of one asset on every venue that lends it, per margin type and VIP level',
          querystring: marginBorrowQuerySchema,
          response: { 200: marginBorrowResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, `d${margin.version}`, () => margin.borrow(request.query)),
    );

    app.get(
      '/margin-borrow/assets',
      {
        schema: { tags, summary: 'Assets with a borrow rate', response: { 200: marginAssetsResponseSchema } },
      },
      async (request, reply) => sendCached(request, reply, `d${margin.version}`, () => margin.assets()),
    );

    app.get(
      '/trading-fees',
      {
        schema: {
          tags,
          summary:
            "Maker and taker fees per venue, market type and VIP level (the venues' published schedules; read live where the venue's API publishes them: Bitget)",
          querystring: tradingFeesQuerySchema,
          response: { 200: tradingFeesResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, `d${margin.version}`, () => margin.fees(request.query)),
    );

    app.get(
      '/trading-fees/exchanges',
      { schema: { tags, response: { 200: exchangeListResponseSchema } } },
      async () => margin.feeExchanges(),
    );

    app.get(
      '/trading-fees/symbols',
      {
        schema: {
          tags,
          querystring: tradingFeeSymbolsQuerySchema,
          response: { 200: stringListResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, '', () => margin.feeSymbols(request.query.exchange, request.query)),
    );
  };
}

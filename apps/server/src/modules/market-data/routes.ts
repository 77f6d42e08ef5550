import {
  exchangeListResponseSchema,
  forexQuerySchema,
  forexResponseSchema,
  forexSymbolsResponseSchema,
  marketExchangesQuerySchema,
  marketSymbolsQuerySchema,
  orderbookQuerySchema,
  orderbookResponseSchema,
  stringListResponseSchema,
  tickerQuerySchema,
  tickerResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cached-reply.ts';
import { marketErrors } from '../market/route-support.ts';
import type { MarketDataService } from './market-data-service.ts';

const tags = ['market data'];

/** /ticker, /orderbook (+ /exchanges, /symbols each) and /forex (+ /symbols): the engine's current state. */
export function marketDataRoutes(data: MarketDataService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ticker',
      {
        schema: {
          tags,
          summary: 'One market’s latest quote in short keys, converted to the requested currency',
          querystring: tickerQuerySchema,
          response: { 200: tickerResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => data.ticker(request.query)),
    );
    app.get(
      '/ticker/exchanges',
      {
        schema: {
          tags,
          querystring: marketExchangesQuerySchema,
          response: { 200: exchangeListResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, '', () => data.exchanges(request.query.market, false)),
    );
    app.get(
      '/ticker/symbols',
      {
        schema: {
          tags,
          querystring: marketSymbolsQuerySchema,
          response: { 200: stringListResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, '', () =>
          data.symbols(request.query.exchange, request.query.market, false, request.query),
        ),
    );
    app.get(
      '/orderbook',
      {
        schema: {
          tags,
          summary: 'One market’s order book (±2 % as kept for depth), best first',
          querystring: orderbookQuerySchema,
          response: { 200: orderbookResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => data.orderbook(request.query)),
    );
    app.get(
      '/orderbook/exchanges',
      {
        schema: {
          tags,
          querystring: marketExchangesQuerySchema,
          response: { 200: exchangeListResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, '', () => data.exchanges(request.query.market, true)),
    );
    app.get(
      '/orderbook/symbols',
      {
        schema: {
          tags,
          querystring: marketSymbolsQuerySchema,
          response: { 200: stringListResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, '', () =>
          data.symbols(request.query.exchange, request.query.market, true, request.query),
        ),
    );
    app.get(
      '/forex',
      {
        schema: {
          tags,
          summary: 'A fiat rate (USD-KRW from forex, USDT-KRW from Upbit)',
          querystring: forexQuerySchema,
          response: { 200: forexResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => data.forex(request.query.symbol)),
    );
    app.get(
      '/forex/symbols',
      { schema: { tags, response: { 200: forexSymbolsResponseSchema } } },
      async (request, reply) => sendCached(request, reply, '', () => data.forexSymbols()),
    );
  };
}

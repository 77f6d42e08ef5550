import {
  marketQuerySchema,
  marketResponseSchema,
  symbolCatalogQuerySchema,
  symbolCatalogResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cached-reply.ts';
import { marketErrors } from '../market/route-support.ts';
import type { SymbolCatalogService } from './symbol-catalog-service.ts';

const tags = ['market data'];

/** Spec §7 `/symbol` (the market registry) and `/market` (one market now). */
export function symbolRoutes(catalog: SymbolCatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/symbol',
      {
        schema: {
          tags,
          summary:
            'Every market followed (Candle-symbol entity: id, exchange, market, baseSymbol, quoteSymbol, apiSymbol), filtered and paged',
          querystring: symbolCatalogQuerySchema,
          response: { 200: symbolCatalogResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => catalog.symbols(request.query)),
    );
    app.get(
      '/market',
      {
        schema: {
          tags,
          summary: 'One market now: venue facts, price, bid/ask and spread, 24 h change and volume, funding',
          querystring: marketQuerySchema,
          response: { 200: marketResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => catalog.market(request.query)),
    );
  };
}

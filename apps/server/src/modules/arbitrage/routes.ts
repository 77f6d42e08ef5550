import { arbitrageQuerySchema, arbitrageResponseSchema } from '@spreadscope/contracts';
import { ARBITRAGE_KINDS } from '@spreadscope/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cached-reply.ts';
import { principalOf } from '../../http/principal.ts';
import { assertTableAccess } from '../market/entitlements.ts';
import type { GatedTables } from '../market/gated-rows.ts';
import { marketErrors } from '../market/route-support.ts';

const SUMMARY = {
  'spot-spot': 'Spot–spot arbitrage: buy one spot market, move the coin, sell another',
  'spot-perp': 'Spot–perpetual arbitrage: buy spot, short a perpetual (cash and carry, funding)',
  'perp-perp': 'Perpetual–perpetual arbitrage: long one perpetual, short another (price and funding gaps)',
} as const;

/** /arbitrage/spot-spot, /arbitrage/spot-perp, /arbitrage/perp-perp. */
export function arbitrageRoutes(tables: GatedTables): FastifyPluginAsyncZod {
  return async (app) => {
    for (const kind of ARBITRAGE_KINDS) {
      app.get(
        `/arbitrage/${kind}`,
        {
          preHandler: assertTableAccess,
          schema: {
            tags: ['arbitrage'],
            summary: SUMMARY[kind],
            description:
              'Every ordered pair of two markets of a token (source bought/long, target sold/short) with every field of spec §3; stale rows rank last.',
            querystring: arbitrageQuerySchema,
            response: { 200: arbitrageResponseSchema, ...marketErrors },
          },
        },
        async (request, reply) => {
          const { role } = await principalOf(request);
          const view = tables.viewOf(role, request.query.dex);
          return sendCached(request, reply, view, () => tables.arbitrage(kind, request.query, view));
        },
      );
    }
  };
}

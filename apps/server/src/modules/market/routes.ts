import {
  networksQuerySchema,
  networksResponseSchema,
  premiumDetailHeaderResponseSchema,
  premiumDetailOverviewResponseSchema,
  premiumDetailQuerySchema,
  premiumDetailWalletResponseSchema,
  premiumExchangesResponseSchema,
  premiumIndexQuerySchema,
  premiumIndexResponseSchema,
  premiumQuerySchema,
  premiumResponseSchema,
  premiumSearchQuerySchema,
  premiumSearchResponseSchema,
  premiumSymbolsQuerySchema,
  premiumSymbolsResponseSchema,
  priceStatsQuerySchema,
  priceStatsResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../../http/cached-reply.ts';
import { principalOf } from '../../http/principal.ts';
import { arbitrageRoutes } from '../arbitrage/routes.ts';
import { fundingRoutes } from '../funding/routes.ts';
import type { MarketApi } from './api.ts';
import { chartRoutes } from './chart-routes.ts';
import {
  assertMarketAccess,
  assertTableAccess,
  dropDexVenues,
  searchWithoutDexVenues,
  seesDexVenues,
} from './entitlements.ts';
import { listPage, marketErrors } from './route-support.ts';

/** The market part of the front API: premium, arbitrage, funding, charts, index, price stats, networks. */
export function marketRoutes(api: MarketApi): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(premiumRoutes(api));
    await app.register(chartRoutes(api));
    await app.register(arbitrageRoutes(api.tables));
    await app.register(fundingRoutes(api.funding));
  };
}

function premiumRoutes(api: MarketApi): FastifyPluginAsyncZod {
  const { market } = api;
  return async (app) => {
    app.get(
      '/premium',
      {
        preHandler: assertTableAccess,
        schema: {
          tags: ['premium'],
          summary:
            'Premium table: every pair of a Korean KRW market over an overseas market (kimchi) or of two overseas markets (global), every field of spec §3',
          querystring: premiumQuerySchema,
          response: { 200: premiumResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => {
        const { role } = await principalOf(request);
        const view = api.tables.viewOf(role, request.query.dex);
        return sendCached(request, reply, view, () => api.tables.premium(request.query, view));
      },
    );

    app.get(
      '/premium/exchanges',
      {
        schema: {
          tags: ['premium'],
          summary: 'Venues that can be the source (Korean) and the target (overseas) of a premium row',
          response: { 200: premiumExchangesResponseSchema },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => market.premiumExchanges()),
    );

    app.get(
      '/premium/symbols',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['premium'],
          summary: 'Tokens of the premium tables with the venues quoting them',
          querystring: premiumSymbolsQuerySchema,
          response: { 200: premiumSymbolsResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, '', () =>
          listPage(market.premiumSymbols(request.query.scope, request.query.dex).data, request.query),
        ),
    );

    app.get(
      '/premium/search',
      {
        schema: {
          tags: ['premium'],
          summary: 'Fuzzy token search (threshold 0.4)',
          querystring: premiumSearchQuerySchema,
          response: { 200: premiumSearchResponseSchema, ...marketErrors },
        },
      },
      async (request) => ({
        data: await searchWithoutDexVenues(
          request,
          market.searchTokens(request.query.q, request.query.limit).data,
        ),
      }),
    );

    app.get(
      '/premium/detail/header',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['premium'],
          summary: "Detail page header: the symbol's market and its premium over its counterpart",
          querystring: premiumDetailQuerySchema,
          response: { 200: premiumDetailHeaderResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => market.detail(request.query).header),
    );

    app.get(
      '/premium/detail/overview',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['premium'],
          summary: "Every market of the symbol's token, with the symbol's premium over each",
          querystring: premiumDetailQuerySchema,
          response: { 200: premiumDetailOverviewResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => market.detail(request.query).overview),
    );

    app.get(
      '/premium/detail/wallet-status',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['premium'],
          summary: "Deposit and withdrawal status of the symbol's token on every venue and network",
          querystring: z.object({ symbol: premiumDetailQuerySchema.shape.symbol }),
          response: { 200: premiumDetailWalletResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => {
        const dex = await seesDexVenues(request);
        return sendCached(request, reply, dex ? 'dex' : '', () => {
          const status = market.walletStatus(request.query.symbol);
          return { ...status, data: dropDexVenues(dex, status.data, (n) => n.exchange) };
        });
      },
    );

    app.get(
      '/kimchi-premium-index',
      {
        schema: {
          tags: ['premium'],
          summary:
            'Kimchi premium index: a Korean-volume-weighted basket of ten majors, with the Bitcoin trend',
          querystring: premiumIndexQuerySchema,
          response: { 200: premiumIndexResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, '', () => market.premiumIndex(request.query.conversionBase)),
    );

    app.get(
      '/price-stats',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['market'],
          summary: 'Per-market price statistics: changes over 5 m … 24 h, 24 h range, volume',
          querystring: priceStatsQuerySchema,
          response: { 200: priceStatsResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => market.priceStats(request.query)),
    );

    app.get(
      '/networks',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['market'],
          summary:
            'Deposit/withdrawal networks per venue and asset, with confirmations, block and transfer time',
          querystring: networksQuerySchema,
          response: { 200: networksResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => {
        const dex = await seesDexVenues(request);
        return sendCached(request, reply, dex ? 'dex' : '', () => {
          const networks = market.networks(request.query);
          const open = dropDexVenues(dex, networks.data, (n) => n.exchange);
          return { ...listPage(open, request.query), updatedAt: networks.updatedAt };
        });
      },
    );
  };
}

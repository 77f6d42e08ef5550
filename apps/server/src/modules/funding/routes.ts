import {
  fundingExchangesResponseSchema,
  fundingHeatmapQuerySchema,
  fundingHeatmapResponseSchema,
  fundingHistoryQuerySchema,
  fundingHistoryResponseSchema,
  fundingHistoryV2QuerySchema,
  fundingHistoryV2ResponseSchema,
  fundingIntervalsResponseSchema,
  fundingLatestQuerySchema,
  fundingLatestResponseSchema,
  fundingOverviewQuerySchema,
  fundingOverviewResponseSchema,
  fundingRankingQuerySchema,
  fundingRankingResponseSchema,
  fundingSearchQuerySchema,
  fundingSearchResponseSchema,
  fundingSymbolsQuerySchema,
  fundingSymbolsResponseSchema,
  fundingTokenQuerySchema,
  fundingTokenResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cached-reply.ts';
import {
  assertMarketAccess,
  dropDexVenues,
  searchWithoutDexVenues,
  seesDexVenues,
} from '../market/entitlements.ts';
import { historyErrors, listPage, marketErrors } from '../market/route-support.ts';
import type { FundingService } from './service.ts';

const tags = ['funding'];

/** /funding-rate (history of one market), /funding-rate/latest, /funding-rate/symbols and /funding-rates/*. */
export function fundingRoutes(funding: FundingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/funding-rate',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags,
          summary: 'Settled funding of one perpetual over 1 d, 7 d, 30 d or 1 y',
          querystring: fundingHistoryQuerySchema,
          response: { 200: fundingHistoryResponseSchema, ...historyErrors },
        },
      },
      async (request) => funding.history(request.query),
    );

    app.get(
      '/funding-rate/latest',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags,
          summary: 'Latest funding of every perpetual, annualized; stale ones last',
          querystring: fundingLatestQuerySchema,
          response: { 200: fundingLatestResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => funding.latest(request.query)),
    );

    app.get(
      '/funding-rate/symbols',
      {
        schema: {
          tags,
          summary: 'Perpetuals with funding, a page at a time',
          querystring: fundingSymbolsQuerySchema,
          response: { 200: fundingSymbolsResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => {
        const dex = await seesDexVenues(request);
        return sendCached(request, reply, dex ? 'dex' : '', () =>
          listPage(
            dropDexVenues(dex, funding.symbols().data, (s) => s.exchange),
            request.query,
          ),
        );
      },
    );

    app.get(
      '/funding-rates/ranking',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags,
          summary: 'Highest or lowest annualized funding (fresh only)',
          querystring: fundingRankingQuerySchema,
          response: { 200: fundingRankingResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => funding.ranking(request.query)),
    );

    app.get(
      '/funding-rates/search',
      {
        schema: {
          tags,
          querystring: fundingSearchQuerySchema,
          response: { 200: fundingSearchResponseSchema, ...marketErrors },
        },
      },
      async (request) => {
        const hits = funding.searchTokens(request.query.q, request.query.limit).data;
        return { data: await searchWithoutDexVenues(request, hits) };
      },
    );

    app.get(
      '/funding-rates/history/v2',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags,
          summary: "Settled funding of a token's perpetuals on every venue",
          querystring: fundingHistoryV2QuerySchema,
          response: { 200: fundingHistoryV2ResponseSchema, ...historyErrors },
        },
      },
      async (request) => funding.historyV2(request.query),
    );

    app.get(
      '/funding-rates/overview/v2',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags,
          summary: 'Tokens × venues: where funding stands, and the widest annualized gap per token',
          querystring: fundingOverviewQuerySchema,
          response: { 200: fundingOverviewResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => funding.overview(request.query)),
    );

    app.get(
      '/funding-rates/overviewtoken',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags,
          summary: "One token's funding on every venue",
          querystring: fundingTokenQuerySchema,
          response: { 200: fundingTokenResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, '', () => funding.token(request.query.base, request.query.dex)),
    );

    app.get(
      '/funding-rates/heatmap',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags,
          summary: 'Hourly mean annualized funding over the last 24 hours',
          querystring: fundingHeatmapQuerySchema,
          response: { 200: fundingHeatmapResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => funding.heatmap(request.query)),
    );

    app.get(
      '/funding-rates/exchanges',
      { schema: { tags, response: { 200: fundingExchangesResponseSchema } } },
      async (request, reply) => sendCached(request, reply, '', () => funding.exchanges()),
    );

    app.get(
      '/funding-rates/intervals',
      { schema: { tags, response: { 200: fundingIntervalsResponseSchema } } },
      async (request, reply) => sendCached(request, reply, '', () => funding.intervals()),
    );
  };
}

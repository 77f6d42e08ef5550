import {
  channelInfoResponseSchema,
  channelOverviewResponseSchema,
  channelParamsSchema,
  errorResponseSchema,
  messagesOverviewQuerySchema,
  messagesOverviewResponseSchema,
  risingQuerySchema,
  risingResponseSchema,
  searchSymbolsResponseSchema,
  searchTrendQuerySchema,
  searchTrendResponseSchema,
  telegramChannelSchema,
  telegramChannelsQuerySchema,
  telegramChannelsResponseSchema,
  telegramOverviewResponseSchema,
  telegramPostSchema,
  telegramPostsQuerySchema,
  telegramPostsResponseSchema,
  trendSearchQuerySchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TrendsService } from './trends-service.ts';

const tags = ['trends'];
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/** Spec §7: telegram/*, naver/*, naver-trend (+ /search), google/*. */
export function trendsRoutes(trends: TrendsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/telegram/channels',
      {
        schema: {
          tags,
          summary: 'Telegram channels read for trends, with their last-7-day activity and read status',
          querystring: telegramChannelsQuerySchema,
          response: { 200: telegramChannelsResponseSchema, ...errors },
        },
      },
      async (request) => trends.channels(request.query),
    );
    app.get(
      '/telegram/posts',
      {
        schema: {
          tags,
          summary: 'Telegram posts: channel, category, token, text search and paging filters, newest first',
          querystring: telegramPostsQuerySchema,
          response: { 200: telegramPostsResponseSchema, ...errors },
        },
      },
      async (request) => trends.posts(request.query),
    );
    app.get(
      '/telegram/channels/search',
      {
        schema: {
          tags,
          summary: 'Channels whose username or title match (the global search)',
          querystring: trendSearchQuerySchema,
          response: { 200: z.object({ data: z.array(telegramChannelSchema) }), ...errors },
        },
      },
      async (request) => ({ data: await trends.searchChannels(request.query.q, request.query.limit) }),
    );
    app.get(
      '/telegram/messages/search',
      {
        schema: {
          tags,
          summary: 'Posts whose text or mentioned tokens match (the global search)',
          querystring: trendSearchQuerySchema,
          response: { 200: z.object({ data: z.array(telegramPostSchema) }), ...errors },
        },
      },
      async (request) => ({ data: await trends.searchPosts(request.query.q, request.query.limit) }),
    );
    app.get(
      '/telegram/channels/overview',
      {
        schema: {
          tags,
          summary:
            'Totals over every channel (subscribers, messages, views, shares, reactions) and the mention ranking',
          response: { 200: telegramOverviewResponseSchema },
        },
      },
      async () => trends.overview(),
    );
    app.get(
      '/telegram/messages/overview',
      {
        schema: {
          tags,
          summary: 'Tokens by Telegram mentions over 1 h, 24 h or 7 d, and posts per hour',
          querystring: messagesOverviewQuerySchema,
          response: { 200: messagesOverviewResponseSchema, ...errors },
        },
      },
      async (request) => trends.messagesOverview(request.query.window, request.query.limit),
    );
    app.get(
      '/telegram/channels/:channel/info',
      {
        schema: {
          tags,
          params: channelParamsSchema,
          response: { 200: channelInfoResponseSchema, ...errors },
        },
      },
      async (request) => trends.channelInfo(request.params.channel),
    );
    app.get(
      '/telegram/channels/:channel/overview',
      {
        schema: {
          tags,
          summary: "A channel's posts per day, its most mentioned tokens and latest posts",
          params: channelParamsSchema,
          response: { 200: channelOverviewResponseSchema, ...errors },
        },
      },
      async (request) => trends.channelOverview(request.params.channel),
    );

    for (const engine of ['naver', 'google'] as const) {
      app.get(
        engine === 'naver' ? '/naver/symbols' : '/google/keywords',
        {
          schema: {
            tags,
            summary: `Tokens with a ${engine} search-interest series`,
            response: { 200: searchSymbolsResponseSchema },
          },
        },
        async () => trends.searchSymbols(engine),
      );
      app.get(
        `/${engine}/trend`,
        {
          schema: {
            tags,
            summary: `Daily ${engine} search interest of one token (0–100, DataLab scale)`,
            querystring: searchTrendQuerySchema,
            response: { 200: searchTrendResponseSchema, ...errors },
          },
        },
        async (request) => trends.searchTrend(engine, request.query.symbol, request.query.days),
      );
    }
    app.get(
      '/naver-trend',
      {
        schema: {
          tags,
          summary: 'Rising search interest: tokens by their last 3 days against the 14 before',
          querystring: risingQuerySchema,
          response: { 200: risingResponseSchema, ...errors },
        },
      },
      async (request) => trends.rising(request.query),
    );
    app.get(
      '/naver-trend/search',
      {
        schema: {
          tags,
          summary: 'The rising-interest rows of tokens matching the text (the global search)',
          querystring: trendSearchQuerySchema,
          response: { 200: risingResponseSchema, ...errors },
        },
      },
      async (request) =>
        trends.rising({ engine: 'naver', search: request.query.q, page: 1, limit: request.query.limit }),
    );
  };
}

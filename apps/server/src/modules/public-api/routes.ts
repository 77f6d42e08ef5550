import {
  PUBLIC_API_EXTENSIONS,
  PUBLIC_API_OPERATIONS,
  type PublicApiOperation,
} from '@spreadscope/contracts';
import { apiCreditCost } from '@spreadscope/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached, sendCachedSliced } from '../../http/cached-reply.ts';
import { ApiError } from '../../http/errors.ts';
import type { MarketApi } from '../market/api.ts';
import type { NoticesRoutesDeps } from '../notices/routes.ts';
import type { TrendsService } from '../trends/trends-service.ts';
import type { ApiMeter } from './api-meter.ts';
import { freshnessHook } from './freshness.ts';
import {
  fundingExchanges,
  fundingHistoryAnswer,
  fundingHistoryQuery,
  fundingLatestAnswer,
  fundingLatestQuery,
  fundingSymbols,
  fundingSymbolsQuery,
} from './funding-ops.ts';
import type { KeyGate, KeyHolder } from './key-gate.ts';
import { type ListingsView, listingsHistoricalAnswer, listingsHistoricalQuery } from './listing-ops.ts';
import {
  candleAnswer,
  candleQuery,
  exchangeMarketQuery,
  exchangesAnswer,
  feesAnswer,
  feesQuery,
  marketOnlyQuery,
  PUBLIC_CANDLE_INTERVALS,
  symbolsAnswer,
  tickerAnswer,
  tickerQuery,
  volumeAnswer,
  volumeQuery,
  walletAnswer,
  walletAssets,
  walletExchanges,
  walletQuery,
} from './market-ops.ts';
import {
  announcementsAnswer,
  announcementsQuery,
  tokenUpdatesAnswer,
  tokenUpdatesQuery,
} from './notice-ops.ts';
import { premiumAnswerSteps, premiumExchanges, premiumQuery } from './premium-ops.ts';
import { publicErrorHandler } from './public-errors.ts';
import { publicOpenApi } from './public-openapi.ts';
import { exchange } from './public-params.ts';
import {
  FOREX_SYMBOLS,
  forexAnswer,
  forexQuery,
  indexPriceAnswer,
  indexPriceQuery,
  marginBorrowAnswer,
  marginBorrowQuery,
} from './reference-ops.ts';
import { registerIntelOps } from './routes-intel.ts';
import {
  naverSymbolsAnswer,
  naverTrendAnswer,
  naverTrendQuery,
  telegramChannelsAnswer,
  telegramChannelsQuery,
  telegramMessagesAnswer,
  telegramMessagesQuery,
} from './trend-ops.ts';

export interface PublicApiDeps {
  readonly marketApi: MarketApi;
  /** Announcements and token updates (modules/notices); without them those operations are not served. */
  readonly notices?: NoticesRoutesDeps | undefined;
  readonly keys: KeyGate;
  readonly meter: ApiMeter;
  /** Telegram and Naver trends (modules/trends); without them those operations are not served. */
  readonly trends?: TrendsService | undefined;
  /** Listing events (modules/listing); without them `/listings/historical` is not served. */
  readonly listings?: ListingsView | undefined;
}

const OPERATIONS = new Map([...PUBLIC_API_OPERATIONS, ...PUBLIC_API_EXTENSIONS].map((op) => [op.path, op]));
const tags = ['public API'];

/**
 * The DataMaxi+-compatible API under /api/v1 (shared/formats/public-api.md). Keyed operations check the key,
 * its plan, the per-key rate and the month's credits before anything else runs and answer with X-RateLimit-*
 * headers; public operations ignore whatever key header arrives. Errors are `{error, data}`.
 */
export function publicApiRoutes(deps: PublicApiDeps): FastifyPluginAsyncZod {
  const { marketApi: api } = deps;
  const engine = () => api.market.engine;
  const now = () => api.market.now();

  // The key holder of each metered call, for operations whose answer depends on the plan.
  const holders = new WeakMap<FastifyRequest, KeyHolder>();
  return async (app) => {
    app.setErrorHandler(publicErrorHandler);
    app.addHook('onSend', freshnessHook(api));

    /** Route options of one registry operation: its schema, and for keyed ones the gate and the meter. */
    const route = (path: string, querystring?: z.ZodType) => {
      const op = OPERATIONS.get(path);
      if (!op) throw new Error(`${path} is not in the public API registry`);
      return {
        schema: {
          tags,
          summary: `${op.auth === 'key' ? '[API key] ' : ''}${path}`,
          ...(querystring ? { querystring } : {}),
          ...(op.auth === 'key' ? { security: [{ dtmxApiKey: [] }] } : {}),
        },
        // Keyed calls are limited per key (below), public ones per address by the app-wide limiter.
        ...(op.auth === 'key'
          ? {
              config: { rateLimit: false as const },
              onRequest: (request: FastifyRequest, reply: FastifyReply) => meter(op, request, reply),
            }
          : {}),
      };
    };

    const meter = async (op: PublicApiOperation, request: FastifyRequest, reply: FastifyReply) => {
      const holder = await deps.keys.require(request);
      holders.set(request, holder);
      try {
        const reading = await deps.meter.charge(holder, op.path, apiCreditCost(op.path));
        reply
          .header('x-ratelimit-limit', reading.limit)
          .header('x-ratelimit-remaining', reading.remaining)
          .header('x-ratelimit-reset', reading.resetSeconds)
          .header('x-credits-used', reading.credits.used);
        if (reading.credits.allowance !== null) reply.header('x-credits-limit', reading.credits.allowance);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 429) {
          reply.header('retry-after', error.params.seconds ?? 60);
        }
        throw error;
      }
    };

    // 2.1 candles
    app.get('/cex/candle', route('/cex/candle', candleQuery), async (request) =>
      candleAnswer(api, request.query as z.infer<typeof candleQuery>),
    );
    app.get('/cex/candle/exchanges', route('/cex/candle/exchanges', marketOnlyQuery), async (request) =>
      exchangesAnswer(engine(), (request.query as z.infer<typeof marketOnlyQuery>).market),
    );
    app.get('/cex/candle/intervals', route('/cex/candle/intervals'), async () => [
      ...PUBLIC_CANDLE_INTERVALS,
    ]);
    app.get('/cex/candle/symbols', route('/cex/candle/symbols', exchangeMarketQuery), async (request) =>
      symbolsAnswer(engine(), request.query as z.infer<typeof exchangeMarketQuery>),
    );

    // 2.2 ticker
    app.get('/ticker', route('/ticker', tickerQuery), async (request, reply) =>
      sendCached(request, reply, 'public', () =>
        tickerAnswer(engine(), request.query as z.infer<typeof tickerQuery>, now()),
      ),
    );
    app.get('/ticker/exchanges', route('/ticker/exchanges', marketOnlyQuery), async (request) =>
      exchangesAnswer(engine(), (request.query as z.infer<typeof marketOnlyQuery>).market),
    );
    const tickerSymbols = z.object({ exchange: exchange(), market: marketOnlyQuery.shape.market });
    app.get('/ticker/symbols', route('/ticker/symbols', tickerSymbols), async (request) =>
      symbolsAnswer(engine(), request.query as z.infer<typeof tickerSymbols>),
    );

    // 2.3 fees
    app.get('/cex/fees', route('/cex/fees', feesQuery), async (request) =>
      feesAnswer(engine(), request.query as z.infer<typeof feesQuery>),
    );
    app.get('/cex/fees/exchanges', route('/cex/fees/exchanges'), async () => exchangesAnswer(engine()));
    const exchangeOnly = z.object({ exchange: exchange() });
    app.get('/cex/fees/symbols', route('/cex/fees/symbols', exchangeOnly), async (request) =>
      symbolsAnswer(engine(), request.query as z.infer<typeof exchangeOnly>),
    );

    // 2.4 wallet status
    app.get('/wallet-status', route('/wallet-status', walletQuery), async (request) =>
      walletAnswer(engine(), request.query as z.infer<typeof walletQuery>),
    );
    app.get('/wallet-status/exchanges', route('/wallet-status/exchanges'), async () =>
      walletExchanges(engine()),
    );
    app.get('/wallet-status/assets', route('/wallet-status/assets', exchangeOnly), async (request) =>
      walletAssets(engine(), (request.query as z.infer<typeof exchangeOnly>).exchange),
    );

    // 2.7 symbol volume (the other symbol operations are in routes-intel.ts)
    app.get('/cex/symbol/volume', route('/cex/symbol/volume', volumeQuery), async (request) =>
      volumeAnswer(engine(), request.query as z.infer<typeof volumeQuery>, now()),
    );

    // 2.8 funding
    app.get('/funding-rate/history', route('/funding-rate/history', fundingHistoryQuery), async (request) =>
      fundingHistoryAnswer(api, request.query as z.infer<typeof fundingHistoryQuery>),
    );
    app.get('/funding-rate/latest', route('/funding-rate/latest', fundingLatestQuery), async (request) =>
      fundingLatestAnswer(engine(), request.query as z.infer<typeof fundingLatestQuery>, now()),
    );
    app.get('/funding-rate/exchanges', route('/funding-rate/exchanges'), async () =>
      fundingExchanges(engine()),
    );
    app.get('/funding-rate/symbols', route('/funding-rate/symbols', fundingSymbolsQuery), async (request) =>
      fundingSymbols(engine(), (request.query as z.infer<typeof fundingSymbolsQuery>).exchange),
    );

    // 2.9 premium
    app.get('/premium', route('/premium', premiumQuery), async (request, reply) =>
      sendCachedSliced(request, reply, 'public', () =>
        premiumAnswerSteps(engine(), request.query as z.infer<typeof premiumQuery>, now()),
      ),
    );
    app.get('/premium/exchanges', route('/premium/exchanges'), async () => premiumExchanges(engine()));

    // 2.10, 2.11 forex, index price
    app.get('/forex', route('/forex', forexQuery), async (request) =>
      forexAnswer(engine(), request.query as z.infer<typeof forexQuery>),
    );
    app.get('/forex/symbols', route('/forex/symbols'), async () => [...FOREX_SYMBOLS]);
    app.get('/index-price', route('/index-price', indexPriceQuery), async (request) =>
      indexPriceAnswer(api, request.query as z.infer<typeof indexPriceQuery>),
    );

    // 2.12 margin borrow
    app.get('/margin-borrow', route('/margin-borrow', marginBorrowQuery), async (request) =>
      marginBorrowAnswer(api, request.query as z.infer<typeof marginBorrowQuery>),
    );

    // 2.5, 2.6 announcements, token updates
    const { notices } = deps;
    if (notices) {
      app.get('/cex/announcements', route('/cex/announcements', announcementsQuery), async (request) =>
        announcementsAnswer(notices, request.query as z.infer<typeof announcementsQuery>),
      );
      app.get('/cex/token/updates', route('/cex/token/updates', tokenUpdatesQuery), async (request) =>
        tokenUpdatesAnswer(notices, request.query as z.infer<typeof tokenUpdatesQuery>),
      );
    }

    // 2.16, 2.17 Telegram, Naver trend
    const { trends } = deps;
    if (trends) {
      app.get('/telegram/channels', route('/telegram/channels', telegramChannelsQuery), async (request) =>
        telegramChannelsAnswer(trends, request.query as z.infer<typeof telegramChannelsQuery>),
      );
      app.get('/telegram/messages', route('/telegram/messages', telegramMessagesQuery), async (request) =>
        telegramMessagesAnswer(trends, request.query as z.infer<typeof telegramMessagesQuery>),
      );
      app.get('/naver-trend', route('/naver-trend', naverTrendQuery), async (request) =>
        naverTrendAnswer(trends, request.query as z.infer<typeof naverTrendQuery>),
      );
      app.get('/naver-trend/symbols', route('/naver-trend/symbols'), async () => naverSymbolsAnswer(trends));
    } else {
      for (const path of [
        '/telegram/channels',
        '/telegram/messages',
        '/naver-trend',
        '/naver-trend/symbols',
      ]) {
        app.get(path, route(path), async () => {
          throw new ApiError(404, 'not_served', 'publicApi.notServed', { path: `/api/v1${path}` });
        });
      }
    }

    // 2.15 listings
    const { listings } = deps;
    if (listings) {
      app.get('/listings/historical', route('/listings/historical', listingsHistoricalQuery), async () =>
        listingsHistoricalAnswer(listings),
      );
    } else {
      app.get('/listings/historical', route('/listings/historical'), async () => {
        throw new ApiError(404, 'not_served', 'publicApi.notServed', { path: '/api/v1/listings/historical' });
      });
    }

    registerIntelOps(app, route, { api, notices, holderOf: (request) => holders.get(request) });

    // The OpenAPI document of this API alone (the registry's operations), built from the routes' schemas.
    app.get('/openapi.json', { schema: { hide: true } }, async () => publicOpenApi(app.swagger()));

    // Operations whose data arrives with later work: the key is still checked, then a clear 404.
    for (const op of PUBLIC_API_OPERATIONS) {
      if (!op.pending) continue;
      app.get(op.path, route(op.path), async () => {
        throw new ApiError(404, 'not_served', 'publicApi.notServed', { path: `/api/v1${op.path}` });
      });
    }
  };
}

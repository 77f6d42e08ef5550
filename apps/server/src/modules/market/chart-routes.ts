import {
  type CexCandleQuery,
  type CexCandleResponse,
  candleExchangesResponseSchema,
  candleIntervalsResponseSchema,
  candleSymbolsQuerySchema,
  candleSymbolsResponseSchema,
  cexCandleQuerySchema,
  cexCandleResponseSchema,
  premiumCandleQuerySchema,
  premiumCandleResponseSchema,
  premiumHistoryQuerySchema,
  premiumHistoryResponseSchema,
  premiumHistoryTokensQuerySchema,
  premiumHistoryTokensResponseSchema,
  premiumHistoryV2QuerySchema,
  premiumHistoryV2ResponseSchema,
  premiumIndexHistoryQuerySchema,
  premiumIndexHistoryResponseSchema,
} from '@spreadscope/contracts';
import { CANDLE_INTERVAL_MS, CANDLE_INTERVALS, getVenue, VENUE_IDS } from '@spreadscope/core';
import { VenueRequestError } from '@spreadscope/feeds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketApi } from './api.ts';
import { assertMarketAccess, withoutDexVenues } from './entitlements.ts';
import { historyErrors, marketErrors, readHistory } from './route-support.ts';

/** History served from the 1-minute rollups: premium series, candles, the index over time. */
export function chartRoutes(api: MarketApi): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/premium/history',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['premium'],
          summary:
            'Minute history of one Kimchi premium pair (KRW spot over USDT spot; default the last 24 hours)',
          querystring: premiumHistoryQuerySchema,
          response: { 200: premiumHistoryResponseSchema, ...historyErrors },
        },
      },
      async (request) => readHistory(api, (h) => h.premiumHistory(request.query)),
    );

    app.get(
      '/premium/history/v2',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['premium'],
          summary:
            'Minute history of any pair: both markets named by venue, type and quote (at most 31 days)',
          querystring: premiumHistoryV2QuerySchema,
          response: { 200: premiumHistoryV2ResponseSchema, ...historyErrors },
        },
      },
      async (request) => readHistory(api, (h) => h.premiumHistoryV2(request.query)),
    );

    app.get(
      '/premium/history/tokens/v2',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['premium'],
          summary:
            'Premium of up to 20 tokens over one venue pair: 15-minute points for a day, hourly for a week',
          querystring: premiumHistoryTokensQuerySchema,
          response: { 200: premiumHistoryTokensResponseSchema, ...historyErrors },
        },
      },
      async (request) => readHistory(api, (h) => h.premiumHistoryTokens(request.query)),
    );

    app.get(
      '/premium/candle',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['premium'],
          summary: 'Candles of a premium (OHLC of the gap over each bucket of 1-minute closes)',
          querystring: premiumCandleQuerySchema,
          response: { 200: premiumCandleResponseSchema, ...historyErrors },
        },
      },
      async (request) => readHistory(api, (h) => h.premiumCandles(request.query)),
    );

    app.get(
      '/cex/candle',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['charts'],
          summary:
            'Price candles of one market, 1 m … 1 d, from the 1-minute rollups; the part of the range they do not cover is asked of the venue (live data)',
          querystring: cexCandleQuerySchema,
          response: { 200: cexCandleResponseSchema, ...historyErrors },
        },
      },
      async (request) =>
        withVenueCandles(
          api,
          request.query,
          await readHistory(api, (h) => h.cexCandles(request.query)),
          request.log,
        ),
    );

    app.get(
      '/cex/candle/intervals',
      { schema: { tags: ['charts'], response: { 200: candleIntervalsResponseSchema } } },
      async () => ({
        intervals: CANDLE_INTERVALS.map((interval) => ({ interval, ms: CANDLE_INTERVAL_MS[interval] })),
      }),
    );

    app.get(
      '/cex/candle/symbols',
      {
        preHandler: assertMarketAccess,
        schema: {
          tags: ['charts'],
          querystring: candleSymbolsQuerySchema,
          response: { 200: candleSymbolsResponseSchema, ...marketErrors },
        },
      },
      async (request) => ({
        data: await withoutDexVenues(
          request,
          api.market.engine.views.candleSymbols(request.query.exchange),
          (s) => s.exchange,
        ),
      }),
    );

    app.get(
      '/cex/candle/exchanges',
      { schema: { tags: ['charts'], response: { 200: candleExchangesResponseSchema } } },
      async () => {
        const counts = api.market.engine.state.venueInstruments;
        return {
          data: VENUE_IDS.flatMap((exchange, i) =>
            (counts[i] ?? 0) > 0
              ? [{ exchange, name: getVenue(exchange).name, markets: counts[i] ?? 0 }]
              : [],
          ),
        };
      },
    );

    app.get(
      '/kimchi-premium-index/history',
      {
        schema: {
          tags: ['premium'],
          summary: 'The Kimchi premium index and the Bitcoin trend over 1 d, 7 d, 30 d or 1 y',
          querystring: premiumIndexHistoryQuerySchema,
          response: { 200: premiumIndexHistoryResponseSchema, ...historyErrors },
        },
      },
      async (request) => readHistory(api, (h) => h.premiumIndexHistory(request.query)),
    );
  };
}

/**
 * On-demand candles (FEEDS): where the minute rollups start later than the range asked for (a market
 * charted before history was kept, a longer look back than the database holds), the missing front of the
 * range is fetched from the venue itself and put before the stored candles. A venue that does not offer
 * the candles, or fails, leaves the stored ones as they are.
 */
async function withVenueCandles(
  api: MarketApi,
  query: CexCandleQuery,
  stored: CexCandleResponse,
  log: { warn: (message: string) => void },
): Promise<CexCandleResponse> {
  if (!api.venueCandles || api.market.dataSource().mode !== 'live') return stored;
  const stepMs = CANDLE_INTERVAL_MS[query.interval];
  const to = query.to ?? api.market.now();
  // The same range the history read: `limit` candles back from `to` at most.
  const earliest = Math.floor((to - query.limit * stepMs) / stepMs) * stepMs;
  const from = Math.max(
    query.from === undefined ? earliest : Math.floor(query.from / stepMs) * stepMs,
    earliest,
  );
  const coveredFrom = stored.data[0]?.t ?? to;
  const missing = Math.min(query.limit - stored.data.length, Math.ceil((coveredFrom - from) / stepMs));
  if (missing <= 0) return stored;
  try {
    const fetched = await api.venueCandles(query.exchange, {
      market: stored.market,
      base: stored.base,
      quote: stored.quote,
      interval: query.interval,
      since: from,
      limit: missing,
    });
    const front = fetched
      .filter((c) => c.time >= from && c.time < coveredFrom && c.time < to)
      .map((c) => ({ t: c.time, o: c.open, h: c.high, l: c.low, c: c.close, v: c.volume }));
    return { ...stored, data: [...front, ...stored.data] };
  } catch (error) {
    if (!(error instanceof VenueRequestError)) {
      log.warn(`candles from ${query.exchange}: ${(error as Error).message}`);
    }
    return stored;
  }
}

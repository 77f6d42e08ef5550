import { ARBITRAGE_KINDS } from '@spreadscope/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sendCached } from '../../http/cached-reply.ts';
import type { MarketApi } from '../market/api.ts';
import type { NoticesRoutesDeps } from '../notices/routes.ts';
import {
  arbitrageTableAnswer,
  arbitrageTableQuery,
  executableSizeAnswer,
  executableSizeQuery,
} from './arbitrage-ops.ts';
import type { KeyHolder } from './key-gate.ts';
import {
  liquidationAnswer,
  liquidationFeedAnswer,
  liquidationFeedQuery,
  liquidationHeatmapAnswer,
  liquidationHeatmapQuery,
  liquidationHistoryAnswer,
  liquidationHistoryQuery,
  liquidationMapAnswer,
  liquidationMapQuery,
  liquidationQuery,
  liquidationStatsAnswer,
  liquidationStatsQuery,
} from './liquidation-ops.ts';
import {
  openInterestAnswer,
  openInterestHistoryAnswer,
  openInterestHistoryQuery,
  openInterestListAnswer,
  openInterestListQuery,
  openInterestOverviewAnswer,
  openInterestOverviewQuery,
  openInterestQuery,
  openInterestSummaryAnswer,
  openInterestSummaryQuery,
} from './open-interest-ops.ts';
import {
  symbolLiquidationAnswer,
  symbolLiquidationQuery,
  symbolOiAnswer,
  symbolOiQuery,
  symbolOiStatsAnswer,
  symbolOiStatsQuery,
} from './symbol-derivatives-ops.ts';
import {
  cautionsAnswer,
  cautionsQuery,
  delistingsAnswer,
  delistingsQuery,
  metadataAnswer,
  metadataQuery,
  tagsAnswer,
  tagsQuery,
} from './symbol-ops.ts';

/** Builds a registry operation's route options (routes.ts): its schema, and for keyed ones the gate and meter. */
export type RouteOf = (path: string, querystring?: z.ZodType) => Record<string, unknown>;

interface IntelDeps {
  readonly api: MarketApi;
  readonly notices: NoticesRoutesDeps | undefined;
  /** The key holder of a metered call (set by the meter before the handler runs). */
  readonly holderOf: (request: FastifyRequest) => KeyHolder | undefined;
}

/**
 * §2.7 symbol lists, §2.13 liquidations, §2.14 open interest, and the arbitrage extensions. Answers that read
 * only held state go through the answer cache, keyed by the desk's (or market's) version.
 */
export function registerIntelOps(app: FastifyInstance, route: RouteOf, deps: IntelDeps): void {
  const { api, notices } = deps;
  const desk = () => `d${api.derivatives.version}`;
  const q = <T extends z.ZodType>(request: FastifyRequest, _schema: T) => request.query as z.infer<T>;

  // 2.7 symbols
  app.get('/cex/symbol/metadata', route('/cex/symbol/metadata', metadataQuery), async (request) =>
    metadataAnswer(api, notices, q(request, metadataQuery)),
  );
  app.get('/cex/symbol/tags', route('/cex/symbol/tags', tagsQuery), async (request) =>
    tagsAnswer(api, notices, q(request, tagsQuery)),
  );
  app.get('/cex/symbol/cautions', route('/cex/symbol/cautions', cautionsQuery), async (request) =>
    cautionsAnswer(notices, q(request, cautionsQuery)),
  );
  app.get('/cex/symbol/delistings', route('/cex/symbol/delistings', delistingsQuery), async (request) =>
    delistingsAnswer(api, notices, q(request, delistingsQuery)),
  );
  app.get('/cex/symbol/oi', route('/cex/symbol/oi', symbolOiQuery), async (request, reply) =>
    sendCached(request, reply, desk(), () => symbolOiAnswer(api, q(request, symbolOiQuery))),
  );
  app.get('/cex/symbol/oi-stats', route('/cex/symbol/oi-stats', symbolOiStatsQuery), async (request, reply) =>
    sendCached(request, reply, desk(), () => symbolOiStatsAnswer(api, q(request, symbolOiStatsQuery))),
  );
  app.get(
    '/cex/symbol/liquidation',
    route('/cex/symbol/liquidation', symbolLiquidationQuery),
    async (request) => symbolLiquidationAnswer(api, q(request, symbolLiquidationQuery)),
  );

  // 2.13 liquidations
  const cached = <T extends z.ZodType>(path: string, schema: T, answer: (query: z.infer<T>) => unknown) =>
    app.get(path, route(path, schema), async (request, reply) =>
      sendCached(request, reply, desk(), () => answer(q(request, schema))),
    );
  cached('/liquidation', liquidationQuery, (query) => liquidationAnswer(api, query));
  cached('/liquidation/feed', liquidationFeedQuery, (query) => liquidationFeedAnswer(api, query));
  cached('/liquidation/heatmap', liquidationHeatmapQuery, (query) => liquidationHeatmapAnswer(api, query));
  cached('/liquidation/map', liquidationMapQuery, (query) => liquidationMapAnswer(api, query));
  cached('/liquidation/stats', liquidationStatsQuery, (query) => liquidationStatsAnswer(api, query));
  app.get(
    '/liquidation/symbol-history',
    route('/liquidation/symbol-history', liquidationHistoryQuery),
    async (request) => liquidationHistoryAnswer(api, q(request, liquidationHistoryQuery)),
  );

  // 2.14 open interest
  cached('/open-interest', openInterestQuery, (query) => openInterestAnswer(api, query));
  cached('/open-interest/list', openInterestListQuery, (query) => openInterestListAnswer(api, query));
  cached('/open-interest/overview', openInterestOverviewQuery, (query) =>
    openInterestOverviewAnswer(api, query),
  );
  cached('/open-interest/summary', openInterestSummaryQuery, (query) =>
    openInterestSummaryAnswer(api, query),
  );
  app.get(
    '/open-interest/history-aggregated',
    route('/open-interest/history-aggregated', openInterestHistoryQuery),
    async (request) => openInterestHistoryAnswer(api, q(request, openInterestHistoryQuery)),
  );

  // Beyond the contract: arbitrage tables and executable size, as the key's plan may see them.
  const role = (request: FastifyRequest) => deps.holderOf(request)?.plan ?? 'free';
  for (const kind of ARBITRAGE_KINDS) {
    const path = `/arbitrage/${kind}`;
    app.get(path, route(path, arbitrageTableQuery), async (request, reply) => {
      const query = q(request, arbitrageTableQuery);
      return sendCached(request, reply, `${role(request)}`, () =>
        arbitrageTableAnswer(api.tables, kind, role(request), query),
      );
    });
  }
  app.get(
    '/arbitrage/executable-size',
    route('/arbitrage/executable-size', executableSizeQuery),
    async (request, reply) =>
      sendCached(request, reply, `${role(request)}`, () =>
        executableSizeAnswer(api.tables, role(request), q(request, executableSizeQuery)),
      ),
  );
}

import { healthResponseSchema, pingResponseSchema, timeResponseSchema } from '@spreadscope/contracts';
import { DEFAULT_TIME_ZONE } from '@spreadscope/core';
import type { JobState } from '@spreadscope/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ClusterHealth,
  type Metric,
  processMetrics,
  prometheusText,
} from '../../cluster/cluster-health.ts';
import type { ExchangesService } from '../exchanges/service.ts';
import type { MarketService } from '../market/service.ts';

export interface SystemDeps {
  readonly market: MarketService;
  readonly exchanges: ExchangesService;
  readonly pingDatabase: () => Promise<boolean>;
  /** Jobs per state (queued, running, done, failed, dead), cluster-wide: they live in the database. */
  readonly jobCounts?: (() => Promise<Record<JobState, number>>) | undefined;
  readonly busKind: 'memory' | 'redis';
  readonly startedAt: number;
  /** Scaled-out roles: the process's place in the cluster (null for ROLE=all). */
  readonly cluster?: (() => ClusterHealth | null) | undefined;
  /** What /metrics exposes (default: the process's role and memory). */
  readonly metrics?: (() => Metric[]) | undefined;
}

export function frontSystemRoutes(deps: SystemDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/ping', { schema: { tags: ['system'], response: { 200: pingResponseSchema } } }, async () => ({
      pong: true as const,
      serverTime: Date.now(),
    }));
    app.get('/time', { schema: { tags: ['system'], response: { 200: timeResponseSchema } } }, async () => {
      const now = Date.now();
      return {
        serverTime: now,
        iso: new Date(now).toISOString(),
        timeZone: DEFAULT_TIME_ZONE,
        marketTime: deps.market.now(),
      };
    });
  };
}

export function healthRoutes(deps: SystemDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and readiness: 200 when the database answers, 503 otherwise',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const database = (await deps.pingDatabase().catch(() => false)) ? 'ok' : 'down';
        const jobs = database === 'ok' ? await deps.jobCounts?.().catch(() => undefined) : undefined;
        const venuesConnected = deps.exchanges.venuesConnected();
        const cluster = deps.cluster?.() ?? null;
        const status = database === 'ok' && venuesConnected > 0 && !cluster?.degraded ? 'ok' : 'degraded';
        return reply.code(database === 'ok' ? 200 : 503).send({
          status,
          uptimeSec: Math.round((Date.now() - deps.startedAt) / 1000),
          database,
          bus: deps.busKind,
          dataSource: deps.market.dataSource(),
          venuesConnected,
          ...(jobs && { jobs }),
          ...(cluster ? { cluster } : {}),
        });
      },
    );
    app.get(
      '/metrics',
      { schema: { tags: ['system'], summary: 'Prometheus metrics (text exposition format)', hide: true } },
      async (_request, reply) =>
        reply
          .type('text/plain; version=0.0.4; charset=utf-8')
          .send(prometheusText(deps.metrics?.() ?? processMetrics('all'))),
    );
  };
}

import type { Logger } from '@spreadscope/core';
import { createGatedSource, type MarketSource, type MarketSourceOptions } from '@spreadscope/feeds';
import { Redis } from 'ioredis';
import type { EngineSlot } from '../runtime/engine-slot.ts';
import type { MarketRuntime, MarketRuntimeOptions } from '../runtime/market-runtime.ts';
import { ApiRole } from './api-role.ts';
import { type ClusterHealth, type Metric, processMetrics } from './cluster-health.ts';
import { clusterKeys } from './cluster-keys.ts';
import { IngestRole } from './ingest-role.ts';

export type Role = 'all' | 'ingest' | 'api';

export interface MarketRoleConfig {
  readonly ROLE: Role;
  readonly REDIS_URL?: string | undefined;
  readonly CLUSTER_KEY_PREFIX: string;
  readonly INGEST_LOCK_TTL_MS: number;
  readonly EVENT_LOG_MAX_ENTRIES: number;
  /** Where the market source and its gate run (ROLE=all, ingest). Default: a worker thread. */
  readonly MARKET_THREAD?: 'worker' | 'main';
  readonly market: MarketSourceOptions;
}

export interface MarketRoleDeps {
  readonly engines: EngineSlot;
  /** The history writer / engine driver over a source, with the role's own options. */
  readonly runtime: (
    source: MarketSource,
    options: Pick<MarketRuntimeOptions, 'writeHistory' | 'flushTimer'>,
  ) => MarketRuntime;
  readonly logger: Logger;
  /** The process must end (an ingest that lost its lock). */
  readonly onFatal: (reason: string) => void;
}

/** How this process gets its market: venues (all, ingest) or the ingest's event log (api). */
export interface MarketRole {
  readonly role: Role;
  /** What the API reads: the clock, the source mode and the venue links. */
  readonly source: MarketSource;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** For /healthz (null for ROLE=all). */
  health(): ClusterHealth | null;
  /** For /metrics. */
  metrics(): Metric[];
}

function redisFor(url: string | undefined, role: Role): Redis {
  if (!url) throw new Error(`ROLE=${role} needs REDIS_URL`);
  // Reads of the log block; a command must not fail just because Redis took a moment to come back.
  return new Redis(url, { maxRetriesPerRequest: null });
}

export function createMarketRole(config: MarketRoleConfig, deps: MarketRoleDeps): MarketRole {
  const keys = clusterKeys(config.CLUSTER_KEY_PREFIX);
  if (config.ROLE === 'api') {
    const redis = redisFor(config.REDIS_URL, 'api');
    const api = new ApiRole({
      redis,
      keys,
      runtime: (source) => deps.runtime(source, { writeHistory: false, flushTimer: false }),
      onError: (message) => deps.logger.warn(message),
    });
    return {
      role: 'api',
      source: api.source,
      start: () => api.start(),
      stop: () => api.stop(),
      health: () => api.health(),
      metrics: () => [...processMetrics('api'), ...api.metrics()],
    };
  }
  // Every venue event passes the gate (validated, ordered per market) before it counts or reaches the log;
  // source and gate run on a worker thread, this one applies their batches (see feeds' worker/).
  const source = createGatedSource({
    ...config.market,
    logger: deps.logger,
    thread: config.MARKET_THREAD ?? 'worker',
  });
  if (config.ROLE === 'ingest') {
    const redis = redisFor(config.REDIS_URL, 'ingest');
    const ingest = new IngestRole({
      redis,
      redisUrl: config.REDIS_URL as string,
      keys,
      source,
      rejects: () => source.rejects(),
      engines: deps.engines,
      runtime: (tapped) => deps.runtime(tapped, {}),
      logger: deps.logger,
      lockTtlMs: config.INGEST_LOCK_TTL_MS,
      maxEntries: config.EVENT_LOG_MAX_ENTRIES,
      onFatal: deps.onFatal,
    });
    return {
      role: 'ingest',
      source,
      start: async () => ingest.start(),
      stop: async () => {
        await ingest.stop();
        await redis.quit().catch(() => undefined);
      },
      health: () => ingest.health(),
      metrics: () => [...processMetrics('ingest'), ...ingest.metrics()],
    };
  }
  const runtime = deps.runtime(source, {});
  return {
    role: 'all',
    source,
    start: () => runtime.start(),
    stop: () => runtime.stop(),
    health: () => null,
    metrics: () => processMetrics('all'),
  };
}

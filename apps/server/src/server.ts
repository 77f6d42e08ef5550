import { fileURLToPath } from 'node:url';
import {
  createHistoryRepository,
  createJobsRepository,
  createMarketHistoryRepository,
  openDatabase,
} from '@spreadscope/db';
import { DEFAULT_SIM_SEED, disabledVenueIds, type MarketSource } from '@spreadscope/feeds';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import type { Bus } from './bus/bus.ts';
import { createMemoryBus } from './bus/memory-bus.ts';
import { createRedisBus } from './bus/redis-bus.ts';
import { createMarketRole } from './cluster/market-role.ts';
import { type Config, redactUrl } from './config.ts';
import { startJobRunner } from './jobs/start-job-runner.ts';
import { createServerLogger } from './logging/logger.ts';
import {
  newAdminToken,
  publishAdminEndpoint,
  registerAdminEndpoint,
} from './modules/admin/admin-endpoint.ts';
import { runAdminInServer } from './modules/admin/run-in-server.ts';
import { accountsFromConfig } from './modules/auth/accounts-from-config.ts';
import { ExchangesService } from './modules/exchanges/service.ts';
import { createMarketApi } from './modules/market/api.ts';
import { EngineSlot } from './runtime/engine-slot.ts';
import { MarketRuntime } from './runtime/market-runtime.ts';
import { simBackfill } from './runtime/sim-backfill.ts';
import { wsLimitsFromConfig } from './ws/connection-limits.ts';
import { TopicHub } from './ws/topic-hub.ts';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly url: string;
  readonly source: MarketSource;
  stop(): Promise<void>;
}

/** Where the built web app is: next to the bundle in production, and the same path from src/ under tsx. */
export function defaultWebDist(): string {
  return fileURLToPath(new URL('../../web/dist/', import.meta.url));
}

/** The composition root: database, bus, market pipeline, HTTP and WebSocket, in start order. */
export async function startServer(
  config: Config,
  options: { onFatal?: (reason: string) => void } = {},
): Promise<RunningServer> {
  const startedAt = Date.now();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
  const history = createHistoryRepository(database);
  const marketHistory = createMarketHistoryRepository(database);

  let redis: Redis | undefined;
  let bus: Bus;
  // Scaled out, each process's WebSocket hub follows its own engine (fed by the log on API replicas), so the
  // market tick stays in the process; ROLE=all keeps today's bus.
  if (config.REDIS_URL && config.ROLE === 'all') {
    bus = await createRedisBus(config.REDIS_URL);
  } else {
    bus = createMemoryBus();
  }
  if (config.REDIS_URL) redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });

  // The runtime replaces the engine when the source switches mode; services hold a stand-in that follows.
  const engines = new EngineSlot();
  const engine = engines.engine;
  // One logger for the whole process (LOG_LEVEL, secrets redacted), Fastify included.
  const log = createServerLogger(config.LOG_LEVEL);
  // The runtime over the role's source; jobs read the mode of the data it holds.
  let runtime: MarketRuntime | null = null;
  // ROLE picks where the market comes from: venues (all, ingest; every event through the gate first) or the
  // ingest's event log (api, which writes no history and so back-fills none).
  const role = createMarketRole(config, {
    engines,
    logger: log,
    onFatal:
      options.onFatal ??
      ((reason) => {
        log.error(reason);
        process.exit(1);
      }),
    runtime: (runtimeSource, roleOptions) => {
      runtime = new MarketRuntime({
        source: runtimeSource,
        engines,
        bus,
        history,
        marketHistory,
        logger: log,
        ...(roleOptions.writeHistory === false
          ? {}
          : {
              prepareHistory: simBackfill({
                history,
                seed: config.market.seed ?? DEFAULT_SIM_SEED,
                disabledVenues: disabledVenueIds(config.market.venues),
                logger: log,
              }),
            }),
        ...roleOptions,
      });
      return runtime;
    },
  });
  const source = role.source;
  const marketApi = createMarketApi({
    engine,
    source,
    history,
    marketHistory,
    visitorGatedRows: config.VISITOR_GATED_ROWS,
  });
  const market = marketApi.market;
  const hub = new TopicHub(marketApi, bus, { limits: wsLimitsFromConfig(config) });
  const users = accountsFromConfig(config, database, log);
  const app = await buildApp({
    accounts: users.accounts,
    market,
    marketApi,
    exchanges: new ExchangesService(engine, source),
    hub,
    pingDatabase: () => database.ping(),
    jobCounts: () => createJobsRepository(database).counts(),
    busKind: bus.kind,
    startedAt,
    allowedOrigins: [...config.ALLOWED_ORIGINS, ...(config.PUBLIC_URL ? [config.PUBLIC_URL] : [])],
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    webDist: config.WEB_DIST ?? defaultWebDist(),
    logger: log,
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL,
    redis,
    cluster: () => role.health(),
    metrics: () => role.metrics(),
  });
  // The embedded database admits one process; the admin CLI then runs its commands through this one.
  const adminToken = database.kind === 'pglite' ? newAdminToken() : null;
  if (adminToken !== null) registerAdminEndpoint(app, adminToken, (argv) => runAdminInServer(argv, database));

  await role.start();
  // Jobs run where history is written (ROLE=all, ROLE=ingest); API replicas only read their counts.
  const jobs =
    config.ROLE === 'api'
      ? null
      : startJobRunner({
          database,
          history: {
            history,
            marketHistory,
            mode: () => (runtime as MarketRuntime | null)?.sourceMode ?? source.state().mode,
            now: () => source.now(),
            retentionMs: config.HISTORY_RETENTION_DAYS * 86_400_000,
            settlementRetentionMs: config.FUNDING_HISTORY_RETENTION_DAYS * 86_400_000,
            gapRetentionMs: config.GAP_HISTORY_RETENTION_DAYS * 86_400_000,
          },
          logger: log,
        });
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = Number(new URL(address).port);
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  users.setListenUrl(`http://localhost:${port}`);
  const withdrawAdmin =
    adminToken === null ? null : await publishAdminEndpoint(config.DATA_DIR, config.HOST, port, adminToken);
  const stopSessionSweep = users.accounts.startMaintenance();
  app.log.info(
    `mail: ${users.accounts.mailer.kind === 'smtp' ? `SMTP ${redactUrl(config.SMTP_URL ?? '')}` : `outbox ${config.DATA_DIR}/outbox (set SMTP_URL to send)`}; Google sign-in: ${users.accounts.google ? 'on' : 'off'}`,
  );
  app.log.info(
    `role: ${config.ROLE}; database: ${database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}/pglite` : `PostgreSQL ${redactUrl(config.DATABASE_URL ?? '')}`}; bus: ${bus.kind}; market source: ${config.ROLE === 'api' ? `the ingest's event log (${config.CLUSTER_KEY_PREFIX})` : config.market.spec}`,
  );

  let stopping: Promise<void> | null = null;
  return {
    app,
    url,
    source,
    stop() {
      stopping ??= (async () => {
        hub.close();
        stopSessionSweep();
        await withdrawAdmin?.();
        await app.close();
        users.close();
        await role.stop();
        await jobs?.stop();
        await bus.close();
        await redis?.quit().catch(() => undefined);
        await database.close();
      })();
      return stopping;
    },
  };
}

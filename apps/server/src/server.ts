import { fileURLToPath } from 'node:url';
import { createHistoryRepository, createMarketHistoryRepository, openDatabase } from '@spreadscope/db';
import type { MarketSource } from '@spreadscope/feeds';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import type { Bus } from './bus/bus.ts';
import { createMemoryBus } from './bus/memory-bus.ts';
import { createRedisBus } from './bus/redis-bus.ts';
import { createMarketRole } from './cluster/market-role.ts';
import { type Config, redactUrl } from './config.ts';
import { accountsFromConfig } from './modules/auth/accounts-from-config.ts';
import { ExchangesService } from './modules/exchanges/service.ts';
import { createMarketApi } from './modules/market/api.ts';
import { EngineSlot } from './runtime/engine-slot.ts';
import { MarketRuntime, type RuntimeLogger } from './runtime/market-runtime.ts';
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
  // Logging before the app exists goes through a small console shim; pino takes over once Fastify is built.
  const log = { info: console.log, warn: console.warn, error: console.error };
  let runtimeLog: RuntimeLogger = log;
  const roleLog: RuntimeLogger = {
    info: (m) => runtimeLog.info(m),
    warn: (m) => runtimeLog.warn(m),
    error: (m) => runtimeLog.error(m),
  };
  // ROLE picks where the market comes from: venues (all, ingest) or the ingest's event log (api).
  const role = createMarketRole(config, {
    engines,
    logger: roleLog,
    onFatal:
      options.onFatal ??
      ((reason) => {
        runtimeLog.error(reason);
        process.exit(1);
      }),
    runtime: (runtimeSource, roleOptions) =>
      new MarketRuntime({
        source: runtimeSource,
        engines,
        bus,
        history,
        marketHistory,
        retentionMs: config.HISTORY_RETENTION_DAYS * 86_400_000,
        settlementRetentionMs: config.FUNDING_HISTORY_RETENTION_DAYS * 86_400_000,
        gapRetentionMs: config.GAP_HISTORY_RETENTION_DAYS * 86_400_000,
        logger: roleLog,
        ...roleOptions,
      }),
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
  const hub = new TopicHub(marketApi, bus);
  const users = accountsFromConfig(config, database, log);
  const app = await buildApp({
    accounts: users.accounts,
    market,
    marketApi,
    exchanges: new ExchangesService(engine, source),
    hub,
    pingDatabase: () => database.ping(),
    busKind: bus.kind,
    startedAt,
    allowedOrigins: [...config.ALLOWED_ORIGINS, ...(config.PUBLIC_URL ? [config.PUBLIC_URL] : [])],
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    webDist: config.WEB_DIST ?? defaultWebDist(),
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    redis,
    cluster: () => role.health(),
    metrics: () => role.metrics(),
  });
  runtimeLog = { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) };

  await role.start();
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = Number(new URL(address).port);
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  users.setListenUrl(`http://localhost:${port}`);
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
        await app.close();
        users.close();
        await role.stop();
        await bus.close();
        await redis?.quit().catch(() => undefined);
        await database.close();
      })();
      return stopping;
    },
  };
}

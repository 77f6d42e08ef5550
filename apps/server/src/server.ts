import { fileURLToPath } from 'node:url';
import { DAY_MS, type DataSourceMode } from '@spreadscope/core';
import {
  createApiUsageRepository,
  createDepositRepository,
  createDerivativesRepository,
  createHistoryRepository,
  createJobsRepository,
  createListingRepository,
  createMarketHistoryRepository,
  createNoticesRepository,
  createWalletsRepository,
  openDatabase,
} from '@spreadscope/db';
import { DEFAULT_SIM_SEED, disabledVenueIds, type MarketSource } from '@spreadscope/feeds';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import type { Bus } from './bus/bus.ts';
import { BUS_TOPICS } from './bus/bus.ts';
import { createMemoryBus } from './bus/memory-bus.ts';
import { createRedisBus } from './bus/redis-bus.ts';
import { createMarketRole } from './cluster/market-role.ts';
import { type Config, redactUrl } from './config.ts';
import { BackgroundPacer } from './jobs/background-pacer.ts';
import { DatabaseJobQueue } from './jobs/database-job-queue.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { requestSimBackfill } from './jobs/sim-backfill-job.ts';
import { startJobRunner } from './jobs/start-job-runner.ts';
import { createServerLogger } from './logging/logger.ts';
import { logPgliteRestart } from './logging/pglite-restart-log.ts';
import {
  newAdminToken,
  publishAdminEndpoint,
  registerAdminEndpoint,
} from './modules/admin/admin-endpoint.ts';
import { runAdminInServer } from './modules/admin/run-in-server.ts';
import { createAlertsModule, listenForAlertEvents } from './modules/alerts/alerts-module.ts';
import type { Accounts } from './modules/auth/accounts.ts';
import { accountsFromConfig } from './modules/auth/accounts-from-config.ts';
import { createBilling, registerBillingJobs } from './modules/billing/billing-module.ts';
import { loadPricing } from './modules/billing/pricing.ts';
import { contactRecipient, createContactService } from './modules/contact/contact-module.ts';
import { derivativesBackfill } from './modules/derivatives/derivatives-backfill.ts';
import { DerivativesDesk } from './modules/derivatives/derivatives-desk.ts';
import { TappedSource } from './modules/derivatives/tap-source.ts';
import { createDexModule } from './modules/dex/dex-module.ts';
import { ExchangeDetailService } from './modules/exchanges/exchange-detail-service.ts';
import { ExchangesService } from './modules/exchanges/service.ts';
import { createListingCases } from './modules/listing/listing-cases-module.ts';
import { depositConfigFromFile, EMPTY_DEPOSIT_CONFIG } from './modules/listing/listing-deposit-config.ts';
import { registerListingDepositJobs } from './modules/listing/listing-deposit-jobs.ts';
import { ListingDepositService } from './modules/listing/listing-deposit-service.ts';
import { ListingPredictedService } from './modules/listing/listing-predicted.ts';
import { ListingService } from './modules/listing/listing-service.ts';
import { cardExtras } from './modules/listing/listing-supply.ts';
import { createMarketApi } from './modules/market/api.ts';
import { CalendarService } from './modules/notices/calendar-service.ts';
import { NoticesService } from './modules/notices/notices-service.ts';
import { createNotifyModule, type NotifyModule } from './modules/notify/notify-module.ts';
import { createPhoneService, smsProviderFromConfig } from './modules/phone/phone-module.ts';
import { smsProviderOf } from './modules/phone/sms-env.ts';
import { ApiMeter, meterLimits } from './modules/public-api/api-meter.ts';
import { KeyGate } from './modules/public-api/key-gate.ts';
import { PublicWsHub } from './modules/public-api/ws/public-ws-hub.ts';
import { siteInfoFrom } from './modules/site/site-info.ts';
import { trendRanksFrom } from './modules/trends/trends-adapters.ts';
import { createTrendsModule } from './modules/trends/trends-module.ts';
import { WalletsService } from './modules/wallets/wallets-service.ts';
import { EngineSlot } from './runtime/engine-slot.ts';
import { MarketRuntime } from './runtime/market-runtime.ts';
import { wsLimitsFromConfig } from './ws/connection-limits.ts';
import { TopicHub } from './ws/topic-hub.ts';

export interface RunningServer {
  readonly app: FastifyInstance;
  /** Users, sessions and API keys (what the admin CLI uses; tests prepare accounts with it). */
  readonly accounts: Accounts;
  readonly url: string;
  readonly source: MarketSource;
  stop(): Promise<void>;
}

/** Where the built web app is: next to the bundle in production, and the same path from src/ under tsx. */
export function defaultWebDist(): string {
  return fileURLToPath(new URL('../../web/dist/', import.meta.url));
}

/**
 * Starts the derivatives desk: reads the running mode's rates and liquidations back, re-reads them when the
 * source switches mode, and on a fresh simulated install back-fills a day of open interest and liquidations.
 */
function startDesk(
  desk: DerivativesDesk,
  source: MarketSource,
  config: Config,
  log: ReturnType<typeof createServerLogger>,
  historyReady: () => Promise<void>,
): () => Promise<void> {
  desk.start();
  let mode = source.state().mode;
  const backfill = derivativesBackfill({
    seed: config.market.seed ?? DEFAULT_SIM_SEED,
    disabledVenues: disabledVenueIds(config.market.venues),
    logger: log,
  });
  const prepare = (m: typeof mode) =>
    historyReady()
      .then(() => backfill(desk, m, source.now()))
      .catch((error: unknown) => log.warn(`derivatives: back-fill failed: ${(error as Error).message}`));
  let ready = desk.restore(mode, source.now()).then(() => prepare(mode));
  const unsubscribe = source.onStateChange((state) => {
    if (state.mode === mode) return;
    mode = state.mode;
    ready = ready.then(() => desk.reset(state.mode, source.now())).then(() => prepare(state.mode));
  });
  return async () => {
    unsubscribe();
    await ready;
    await desk.stop();
  };
}

/** The composition root: database, bus, market pipeline, HTTP and WebSocket, in start order. */
export async function startServer(
  config: Config,
  options: { onFatal?: (reason: string) => void } = {},
): Promise<RunningServer> {
  const startedAt = Date.now();
  // One logger for the whole process (LOG_LEVEL, secrets redacted), Fastify included.
  const log = createServerLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: `${config.DATA_DIR}/pglite`,
    onPgliteRestart: (event) => logPgliteRestart(log, event),
  });
  const history = createHistoryRepository(database);
  const marketHistory = createMarketHistoryRepository(database);
  const derivativesHistory = createDerivativesRepository(database);

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
  // The runtime over the role's source; jobs read the mode of the data it holds.
  let runtime: MarketRuntime | null = null;
  // Made once the hub exists (it pushes new notices); the runtime only calls it once the source runs.
  let notices: NoticesService;
  let listing: ListingService;
  // Borrow rates, open interest and liquidations: tapped from the runtime's events, written where history is
  // (API replicas hold them from the log but write nothing). Its rows follow the runtime's source mode.
  let deskMode: () => DataSourceMode = () => 'live';
  // Requests and pushes slow the back-fills down to a share of the loop while they last.
  const backgroundPacer = new BackgroundPacer();
  // The paid API's WebSocket pushes after each batch the engine takes in, not at the web tables' tick.
  const batchListeners = new Set<() => void>();
  const desk = new DerivativesDesk({
    repository: derivativesHistory.forMode(() => deskMode()),
    write: config.ROLE !== 'api',
    logger: log,
    pacer: backgroundPacer,
  });
  // The simulated day of a fresh install is a job: asked for once the job runner exists, stopped at shutdown.
  let resolveQueue: (queue: JobQueue) => void = () => undefined;
  const queueReady = new Promise<JobQueue>((resolve) => {
    resolveQueue = resolve;
  });
  const backfillStop = new AbortController();
  let served: () => void = () => undefined;
  const serving = new Promise<void>((resolve) => {
    served = resolve;
  });
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
      deskMode = () => runtimeSource.state().mode;
      runtime = new MarketRuntime({
        source: new TappedSource(runtimeSource, (event) => desk.apply(event)),
        engines,
        bus,
        history,
        marketHistory,
        logger: log,
        pacer: backgroundPacer,
        onBatch: () => {
          for (const listener of batchListeners) listener();
        },
        observe: (event, mode) => {
          notices.ingest(event, mode);
          listing.ingest(event, mode);
        },
        ...(roleOptions.writeHistory === false
          ? {}
          : {
              requestBackfill: async (mode, since) => {
                if (mode !== 'simulated' || config.SIM_BACKFILL_TOKENS === 0) return;
                const outcome = await requestSimBackfill(await queueReady, history, {
                  end: since,
                  seed: config.market.seed ?? DEFAULT_SIM_SEED,
                  minutes: 1_440,
                  tokens: config.SIM_BACKFILL_TOKENS,
                  tokenLimit: config.market.simTokens ?? null,
                  disabledVenues: [...disabledVenueIds(config.market.venues)],
                });
                if (outcome === 'enqueued') {
                  log.info(
                    'history: back-filling a simulated day in the background; charts fill as it lands',
                  );
                }
              },
            }),
        ...roleOptions,
      });
      return runtime;
    },
  });
  const source = role.source;
  // Notices follow the running source like history: simulated ones are never served as live.
  const noticesRepository = createNoticesRepository(database, {
    mode: () => (runtime as MarketRuntime | null)?.sourceMode ?? source.state().mode,
  });
  const marketApi = createMarketApi({
    engine,
    source,
    history,
    marketHistory,
    visitorGatedRows: config.VISITOR_GATED_ROWS,
    desk,
    derivativesHistory,
  });
  const market = marketApi.market;
  const hub = new TopicHub(marketApi, bus, { limits: wsLimitsFromConfig(config) });
  notices = new NoticesService({
    repository: noticesRepository,
    dataSource: () => market.dataSource(),
    push: hub,
    logger: log,
    write: config.ROLE !== 'api',
  });
  const listingRepository = createListingRepository(database, {
    mode: () => (runtime as MarketRuntime | null)?.sourceMode ?? source.state().mode,
  });
  listing = new ListingService({
    repository: listingRepository,
    engine,
    mode: () => listingRepository.mode,
    dataSource: () => market.dataSource(),
    now: () => source.now(),
    push: hub,
    logger: log,
    write: config.ROLE !== 'api',
    extras: cardExtras(desk, () => listingDeposits),
  });
  // Deposits of listed tokens into the Korean venues' wallets: read from chain nodes when live, drawn otherwise.
  const depositConfig = config.LISTING_DEPOSIT_FILE
    ? depositConfigFromFile(config.LISTING_DEPOSIT_FILE)
    : EMPTY_DEPOSIT_CONFIG;
  const depositRepository = createDepositRepository(database);
  const listingDeposits = new ListingDepositService({
    config: depositConfig,
    listing,
    mode: () => listingRepository.mode,
    dataSource: () => market.dataSource(),
    now: () => source.now(),
    seed: config.market.seed ?? DEFAULT_SIM_SEED,
    // Stored, so a restart resumes at the cursor and API replicas serve what the writer read.
    repository: depositRepository,
    write: config.ROLE !== 'api',
    // A hot-standby ingest (not holding the lock) leaves the chains to the active one.
    active: () => role.health()?.active !== false,
    logger: log,
    backfillBlocks: config.LISTING_DEPOSIT_BACKFILL_BLOCKS,
  });
  // Past listing cases: stored 24 h after trading start, so the history outlives restarts.
  const listingCases = createListingCases({
    database,
    listing,
    deposits: listingDeposits,
    depositConfig,
    history: history.forMode(() => listingRepository.mode),
    mode: () => listingRepository.mode,
    now: () => source.now(),
    logger: log,
    write: config.ROLE !== 'api',
    seed: config.market.seed ?? DEFAULT_SIM_SEED,
    disabledVenues: disabledVenueIds(config.market.venues),
  });
  // DEX pools' swaps and liquidity: indexed from chain nodes when live, drawn by the simulator otherwise.
  const dex = createDexModule({
    database,
    source,
    dataSource: () => market.dataSource(),
    amm: config.market.amm,
    venues: config.market.venues,
    index: config.DEX_INDEX,
    backfillBlocks: config.DEX_BACKFILL_BLOCKS,
    seed: config.market.seed ?? DEFAULT_SIM_SEED,
    write: config.ROLE !== 'api',
    logger: log,
    startAfter: serving,
  });
  const calendar = new CalendarService({ feedUrl: config.ECONOMIC_CALENDAR_URL, logger: log });
  calendar.start();
  const users = accountsFromConfig(config, database, log);
  const apiMeter = new ApiMeter(
    createApiUsageRepository(database),
    meterLimits({ credits: config.PUBLIC_API_CREDITS, rate: config.PUBLIC_API_RATE_PER_MINUTE }),
    { redis, log },
  );
  const publicWsHub = new PublicWsHub(
    () => engines.current,
    () => source.now(),
    bus,
    desk,
    {
      onPush: backgroundPacer.noteForeground,
      ticks: (listener) => {
        batchListeners.add(listener);
        return () => batchListeners.delete(listener);
      },
    },
  );
  const billing = createBilling({
    database,
    users: users.accounts.users,
    pricing: loadPricing(config.PRICING_FILE),
    publicUrl: () => users.accounts.publicUrl(),
    stripe:
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            apiUrl: config.STRIPE_API_URL,
          }
        : undefined,
  });
  // One queue: API routes enqueue (webhooks) and, where jobs run, the runner claims from the same table.
  const jobQueue = new DatabaseJobQueue({ repository: createJobsRepository(database), logger: log });
  let listenUrl = `http://localhost:${config.PORT}`;
  const notify: NotifyModule = await createNotifyModule({
    database,
    bus,
    mailer: users.accounts.mailer,
    logger: log,
    publicUrl: () => config.PUBLIC_URL ?? listenUrl,
    configuredPublicUrl: config.PUBLIC_URL,
    mailFrom: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    telegram: {
      token: config.TELEGRAM_BOT_TOKEN,
      apiUrl: config.TELEGRAM_API_URL,
      username: config.TELEGRAM_BOT_USERNAME,
    },
    sendLeaseMs: config.NOTIFY_SEND_LEASE_MS,
    // Delivery runs with the jobs; API replicas only write to the outbox.
    deliver: config.ROLE !== 'api',
  });
  const exchanges = new ExchangesService(engine, source);
  // Every role reads wallets from its engine; the history writer (all, ingest) also stores them.
  const wallets = new WalletsService({
    engine,
    source,
    repository: createWalletsRepository(database),
    write: config.ROLE !== 'api',
    logger: log,
  });
  // Rules are evaluated where the market and the jobs run (ROLE=all, ingest), once across the cluster; API
  // replicas only store and list them. Firings go to the notification outbox (modules/notify).
  const alerts = createAlertsModule({
    database,
    users: users.accounts.users,
    notifier: notify.notifier,
    marketHistory: () =>
      marketHistory.forMode((runtime as MarketRuntime | null)?.sourceMode ?? source.state().mode),
    engine: () => engines.current,
    now: () => source.now(),
    logger: log,
    evaluate: config.ROLE !== 'api',
    sourceMode: () => (runtime as MarketRuntime | null)?.sourceMode ?? source.state().mode,
  });
  // Telegram channels and search interest follow the market source like notices: simulated unless it is live.
  const trends = createTrendsModule({
    database,
    usdtBases: () => {
      const bases = new Set<string>();
      for (const instrument of engine.state.instruments) {
        if (instrument.quote === 'USDT') bases.add(instrument.base);
      }
      return [...bases];
    },
    mode: () => (runtime as MarketRuntime | null)?.sourceMode ?? source.state().mode,
    now: () => Date.now(),
    dataSource: () => market.dataSource(),
    seed: config.market.seed ?? DEFAULT_SIM_SEED,
    config,
    logger: log,
  });
  const app = await buildApp({
    onForeground: backgroundPacer.noteForeground,
    trends: trends.service,
    tokenTrends: trendRanksFrom(trends.service),
    socialSearch: () => trends.search,
    accounts: users.accounts,
    alerts: alerts.service,
    billing,
    jobs: jobQueue,
    market,
    marketApi,
    exchanges,
    wallets,
    exchangeDetail: new ExchangeDetailService(engine, source, exchanges, wallets),
    hub,
    notices: { notices, repository: noticesRepository, calendar, now: () => source.now() },
    listing: {
      service: listing,
      cases: listingCases,
      deposits: listingDeposits,
      predicted: new ListingPredictedService({
        engine,
        listings: () => listing.held(),
        trends: {
          mentions: () => trends.service.mentionRanking(),
          naverRising: async () =>
            (await trends.service.rising({ engine: 'naver', search: '', page: 1, limit: 10_000 })).data,
        },
        mode: () => listingRepository.mode,
        dataSource: () => market.dataSource(),
        now: () => source.now(),
      }),
      repository: listingRepository,
      inviteRequired: config.LISTING_INVITE_REQUIRED,
      now: () => source.now(),
    },
    dex: dex.service,
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
    publicApi: { keys: new KeyGate(users.accounts.apiKeys), meter: apiMeter, wsHub: publicWsHub },
    notify: notify.http,
    phone: createPhoneService({ database, sms: smsProviderFromConfig(config), log }),
    contact: createContactService({ database, mailer: users.accounts.mailer, config, log }),
    site: siteInfoFrom(config),
  });
  // The embedded database admits one process; the admin CLI then runs its commands through this one.
  const adminToken = database.kind === 'pglite' ? newAdminToken() : null;
  if (adminToken !== null) registerAdminEndpoint(app, adminToken, (argv) => runAdminInServer(argv, database));

  await role.start();
  // The back-fill waits for the ring refill and for the server to serve: PGlite runs one query at a time, and
  // its day of rows written before listening held a fresh start's first screen back by seconds.
  const stopDesk = startDesk(desk, source, config, log, async () => {
    await ((runtime as MarketRuntime | null)?.restored ?? Promise.resolve());
    await serving;
  });
  wallets.start();
  listing.start();
  publicWsHub.followListings(listing.noticed);
  listingDeposits.start();
  // Its first look stores the simulator's past cases: after the listen, like the other simulated back-fills.
  void serving.then(() => listingCases.start());
  await dex.start();
  await alerts.start();
  const stopAlertTicks = alerts.evaluator
    ? bus.subscribe(BUS_TOPICS.marketTick, () => alerts.evaluator?.onTick())
    : () => {};
  const stopAlertEvents = listenForAlertEvents(alerts, {
    wallets: wallets.changes,
    listing: listing.moments,
    engine: () => engines.current,
    now: () => source.now(),
  });
  // Jobs run where history is written (ROLE=all, ROLE=ingest); API replicas only read their counts.
  const jobs =
    config.ROLE === 'api'
      ? null
      : startJobRunner({
          database,
          history: {
            history,
            marketHistory,
            derivativesHistory,
            mode: () => (runtime as MarketRuntime | null)?.sourceMode ?? source.state().mode,
            now: () => source.now(),
            retentionMs: config.HISTORY_RETENTION_DAYS * 86_400_000,
            settlementRetentionMs: config.FUNDING_HISTORY_RETENTION_DAYS * 86_400_000,
            gapRetentionMs: config.GAP_HISTORY_RETENTION_DAYS * 86_400_000,
          },
          simBackfill: {
            history,
            marketHistory,
            signal: backfillStop.signal,
            serving,
            pacer: backgroundPacer,
            onLanded: (landed) => (runtime as MarketRuntime | null)?.applyBackfill('simulated', landed),
          },
          logger: log,
          queue: jobQueue,
          startAfter: serving,
          register: [
            (queue) => registerBillingJobs(queue, billing, log),
            (queue) => notify.registerJobs(queue),
            (queue) => trends.registerJobs(queue),
            (queue) =>
              registerListingDepositJobs(queue, {
                repository: depositRepository,
                retentionMs: config.LISTING_DEPOSIT_RETENTION_DAYS * DAY_MS,
                now: Date.now,
                logger: log,
              }),
          ],
        });
  if (jobs) {
    await notify.resume(jobs.queue);
    resolveQueue(jobs.queue);
  }
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = Number(new URL(address).port);
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  users.setListenUrl(`http://localhost:${port}`);
  listenUrl = `http://localhost:${port}`;
  const withdrawAdmin =
    adminToken === null ? null : await publishAdminEndpoint(config.DATA_DIR, config.HOST, port, adminToken);
  const stopSessionSweep = users.accounts.startMaintenance();
  app.log.info(
    `billing: ${billing.provider.name === 'stripe' ? `Stripe at ${config.STRIPE_API_URL}` : 'local provider (nothing is charged; set STRIPE_SECRET_KEY to sell)'}`,
  );
  app.log.info(
    `mail: ${users.accounts.mailer.kind === 'smtp' ? `SMTP ${redactUrl(config.SMTP_URL ?? '')}` : `outbox ${config.DATA_DIR}/outbox (set SMTP_URL to send)`}; Google sign-in: ${users.accounts.google ? 'on' : 'off'}`,
  );
  app.log.info(
    `contact form: ${contactRecipient(config) ? `inquiries mailed to ${contactRecipient(config)}` : 'inquiries stored only (set CONTACT_TO to mail them)'}; list them with npm run admin -- inquiries`,
  );
  app.log.info(
    `phone linking: ${smsProviderOf(config) === 'twilio' ? `Twilio at ${config.TWILIO_API_URL}` : 'simulated SMS (codes are shown on screen, nothing is sent; set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send)'}`,
  );
  app.log.info(
    `notifications: Telegram ${config.TELEGRAM_BOT_TOKEN ? `Bot API ${config.TELEGRAM_API_URL}` : `simulated, kept in ${config.DATA_DIR}/outbox/telegram.ndjson (set TELEGRAM_BOT_TOKEN to send)`}; toast over WebSocket and Web Push`,
  );
  app.log.info(
    `role: ${config.ROLE}; database: ${database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}/pglite` : `PostgreSQL ${redactUrl(config.DATABASE_URL ?? '')}`}; bus: ${bus.kind}; market source: ${config.ROLE === 'api' ? `the ingest's event log (${config.CLUSTER_KEY_PREFIX})` : config.market.spec}`,
  );

  served();
  let stopping: Promise<void> | null = null;
  return {
    app,
    accounts: users.accounts,
    url,
    source,
    stop() {
      stopping ??= (async () => {
        backfillStop.abort();
        served();
        hub.close();
        publicWsHub.close();
        calendar.stop();
        await notify.stop();
        stopSessionSweep();
        await withdrawAdmin?.();
        await app.close();
        await apiMeter.close();
        users.close();
        stopAlertTicks();
        stopAlertEvents();
        await role.stop();
        await notices.flushed();
        await listingCases.stop();
        await listing.stop();
        await listingDeposits.stop();
        await dex.stop();
        await stopDesk();
        await wallets.stop();
        await alerts.stop();
        await jobs?.stop();
        await bus.close();
        await redis?.quit().catch(() => undefined);
        await database.close();
      })();
      return stopping;
    },
  };
}

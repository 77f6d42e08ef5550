import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSourceMode } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
import {
  createApiUsageRepository,
  createDerivativesRepository,
  createHistoryRepository,
  createJobsRepository,
  createMarketHistoryRepository,
  createNoticesRepository,
  createWalletsRepository,
  type Database,
} from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import type { MarketEngine } from '@spreadscope/engine';
import type { AmmConfig } from '@spreadscope/feeds/dex';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../app.ts';
import { BUS_TOPICS, type Bus } from '../bus/bus.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { SyncJobQueue } from '../jobs/sync-job-queue.ts';
import {
  type AlertsModule,
  createAlertsModule,
  listenForAlertEvents,
} from '../modules/alerts/alerts-module.ts';
import { type Accounts, type AccountsOptions, createAccounts } from '../modules/auth/accounts.ts';
import {
  type Billing,
  type BillingOptions,
  createBilling,
  registerBillingJobs,
} from '../modules/billing/billing-module.ts';
import { loadPricing } from '../modules/billing/pricing.ts';
import { createContactService } from '../modules/contact/contact-module.ts';
import { DerivativesDesk } from '../modules/derivatives/derivatives-desk.ts';
import { TappedSource } from '../modules/derivatives/tap-source.ts';
import { createDexModule, type DexModule } from '../modules/dex/dex-module.ts';
import { ExchangeDetailService } from '../modules/exchanges/exchange-detail-service.ts';
import { ExchangesService } from '../modules/exchanges/service.ts';
import type { ListingCases } from '../modules/listing/listing-cases.ts';
import type { ListingDepositService } from '../modules/listing/listing-deposit-service.ts';
import type { ListingService } from '../modules/listing/listing-service.ts';
import { createMailer, type Mailer } from '../modules/mail/mailer.ts';
import { createMarketApi, type MarketApi } from '../modules/market/api.ts';
import { CalendarService } from '../modules/notices/calendar-service.ts';
import { NoticesService } from '../modules/notices/notices-service.ts';
import type { Notifier } from '../modules/notify/notifier.ts';
import type { NotifyHttp } from '../modules/notify/routes.ts';
import { createPhoneService } from '../modules/phone/phone-module.ts';
import type { PhoneRules } from '../modules/phone/phone-rules.ts';
import type { PhoneService } from '../modules/phone/phone-service.ts';
import { type SmsProvider, simulatedSms } from '../modules/phone/sms-provider.ts';
import { ApiMeter, meterLimits } from '../modules/public-api/api-meter.ts';
import { KeyGate } from '../modules/public-api/key-gate.ts';
import { PublicWsHub } from '../modules/public-api/ws/public-ws-hub.ts';
import { WalletsService } from '../modules/wallets/wallets-service.ts';
import { EngineSlot } from '../runtime/engine-slot.ts';
import { MarketRuntime } from '../runtime/market-runtime.ts';
import { TopicHub, type TopicHubOptions } from '../ws/topic-hub.ts';
import { ManualSource } from './manual-source.ts';
import { RecordingNotifier } from './recording-notifier.ts';
import { type TestListingOptions, testListing } from './test-listing.ts';

export { forex, quote };

export const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);

export interface TestServer {
  app: FastifyInstance;
  source: ManualSource;
  /** The engine of the running source (a fresh one after a source switch). */
  readonly engine: MarketEngine;
  engines: EngineSlot;
  runtime: MarketRuntime;
  hub: TopicHub;
  marketApi: MarketApi;
  /** Borrow rates, open interest and liquidations pushed through the source land here. */
  desk: DerivativesDesk;
  bus: Bus;
  database: Database;
  accounts: Accounts;
  /** The paid API's meter (flush() writes the counted usage). */
  apiMeter: ApiMeter;
  notices: NoticesService;
  /** Listing events born from the notices pushed through the source (modules/listing). */
  listing: ListingService;
  /** The deposit tracker over `options.listingDeposits` (default: no wallets, simulated deposits only). */
  listingDeposits: ListingDepositService;
  /** Past listing cases (recorded on `tick()`; the simulator's only with `options.listingSimSeed`). */
  listingCases: ListingCases;
  /** DEX pools, trades and liquidity (modules/dex): written only when `options.dex` asks for it. */
  dex: DexModule;
  calendar: CalendarService;
  billing: Billing;
  /** The queue billing's routes enqueue to (a synchronous one unless the test gives a queue). */
  jobs: JobQueue;
  wallets: WalletsService;
  /** The alert bot, evaluating on this server's ticks, handing firings to `notifier`. */
  alerts: AlertsModule;
  notifier: Notifier | null;
  /** Phone linking, over `options.sms` (default the simulated provider). */
  phone: PhoneService;
  close(): Promise<void>;
}

export interface TestServerOptions extends TestListingOptions {
  readonly database?: Database;
  readonly bus?: Bus;
  readonly hub?: TopicHubOptions;
  readonly rateLimitPerMinute?: number;
  readonly allowedOrigins?: string[];
  /** The market clock at start (default T0). */
  readonly clock?: number;
  /** The manual source's mode at start (default simulated); `source.setMode` switches it later. */
  readonly mode?: DataSourceMode;
  /**
   * Best rows of each premium/arbitrage table masked for visitors. Default 0 here, so suites about other
   * things read whole tables as visitors; the gated-rows suites turn it on.
   */
  readonly visitorGatedRows?: number;
  /** TRUST_PROXY (whose X-Forwarded-For names the client) and PUBLIC_URL as the server takes them (both unset by default). */
  readonly trustProxy?: boolean | string;
  readonly publicUrl?: string;
  /** Accounts wiring to override (mailer, clock, Google, session policy, auth rate limit). */
  readonly accounts?: Partial<Omit<AccountsOptions, 'database' | 'log'>>;
  /** Rate-limit counters in Redis (give the client a keyPrefix of its own), as with REDIS_URL. */
  readonly redis?: Redis;
  /** Paid-API allowances and rates per plan, as PUBLIC_API_CREDITS / PUBLIC_API_RATE_PER_MINUTE give them. */
  readonly publicApiLimits?: Parameters<typeof meterLimits>[0];
  /** The paid-API meter's clock (month and minute windows); real time by default. */
  readonly clockForMeter?: () => number;
  /** ECONOMIC_CALENDAR_URL, as the server takes it. */
  readonly calendarFeedUrl?: string;
  /** Billing wiring to override (price list, Stripe, clock); default the local provider and config/pricing.json. */
  readonly billing?: Partial<Omit<BillingOptions, 'database' | 'users'>>;
  /** The job queue routes enqueue to; default a synchronous one that runs each job as it is enqueued. */
  readonly jobs?: JobQueue;
  /** Where fired alerts go (default: a RecordingNotifier); null: none wired. */
  readonly notifier?: Notifier | null;
  /** The app's log: silent unless a test reads it. */
  readonly log?: { readonly level: string; readonly lines: string[] };
  /** Notification delivery (modules/notify), built over the server's database, bus and accounts. */
  /** Simulated DEX rows written every `simStepMs` (default: the DEX module only reads, and finds none). */
  readonly dex?: {
    readonly simStepMs?: number;
    /** Live mode: index these pools from these nodes (DEX_INDEX on). */
    readonly amm?: AmmConfig;
  };
  /** LISTING_INVITE_REQUIRED (default false). */
  readonly listingInviteRequired?: boolean;
  readonly notify?: (parts: { database: Database; bus: Bus; accounts: Accounts }) => Promise<NotifyHttp>;
  /** Phone linking: where codes go (a Twilio adapter pointed at a fake; default simulated), its limits, its log. */
  /** The contact form: where inquiries are mailed (default nowhere: stored only) and the per-hour limit. */
  readonly contact?: {
    readonly mailer?: Mailer;
    readonly to?: string;
    readonly perHour?: number;
    readonly log?: { warn(message: string): void };
  };
  readonly phone?: {
    readonly sms?: SmsProvider;
    readonly rules?: Partial<PhoneRules>;
    readonly log?: { warn(message: string): void };
  };
}

/** Base URL of links in mail sent by the test server. */
export const TEST_PUBLIC_URL = 'http://localhost:8080';

/** The real app over a manual source, an in-memory PGlite and a throwaway web build. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await openMemoryDatabase());
  const history = createHistoryRepository(database);
  const marketHistory = createMarketHistoryRepository(database);
  const source = new ManualSource(options.clock ?? T0, options.mode);
  const engines = new EngineSlot();
  const engine = engines.engine;
  const bus = options.bus ?? createMemoryBus();
  const derivativesHistory = createDerivativesRepository(database);
  const desk = new DerivativesDesk({
    repository: derivativesHistory.forMode(() => source.state().mode),
    write: true,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  const marketApi = createMarketApi({
    desk,
    derivativesHistory,
    engine,
    source,
    history,
    marketHistory,
    visitorGatedRows: options.visitorGatedRows ?? 0,
  });
  const market = marketApi.market;
  const hub = new TopicHub(marketApi, bus, options.hub);
  const silent = { info: () => {}, warn: () => {}, error: () => {} };
  let runtimeRef: MarketRuntime | null = null;
  const noticesRepository = createNoticesRepository(database, {
    mode: () => runtimeRef?.sourceMode ?? source.state().mode,
  });
  const notices = new NoticesService({
    repository: noticesRepository,
    dataSource: () => market.dataSource(),
    push: hub,
    logger: silent,
  });
  const listingModules = testListing(
    {
      database,
      engine,
      desk,
      history,
      push: hub,
      sourceMode: () => runtimeRef?.sourceMode ?? source.state().mode,
      dataSource: () => market.dataSource(),
      now: () => source.now(),
    },
    options,
  );
  const { listing, deposits: listingDeposits, cases: listingCases } = listingModules;
  const calendar = new CalendarService({ feedUrl: options.calendarFeedUrl, logger: silent });
  const dex = createDexModule({
    database,
    source,
    dataSource: () => market.dataSource(),
    index: options.dex?.amm !== undefined,
    amm: options.dex?.amm,
    backfillBlocks: 1_000,
    pollMs: 100,
    seed: 7,
    write: options.dex !== undefined,
    logger: silent,
    ...(options.dex?.simStepMs !== undefined ? { simStepMs: options.dex.simStepMs } : {}),
  });
  const webDist = mkdtempSync(join(tmpdir(), 'spreadscope-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><title>Spreadscope</title><div id="root"></div>',
  );
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app-test.js'), 'export {};\n');
  const accounts = createAccounts({
    database,
    mailer: createMailer({
      from: 'Spreadscope <no-reply@spreadscope.test>',
      outboxDir: mkdtempSync(join(tmpdir(), 'spreadscope-outbox-')),
      log: { warn: () => {} },
    }),
    publicUrl: () => TEST_PUBLIC_URL,
    sessionPolicy: { idleMs: 3 * 86_400_000, absoluteMs: 30 * 86_400_000 },
    authRateLimitPerMinute: 1_000,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    ...options.accounts,
  });
  const apiMeter = new ApiMeter(
    createApiUsageRepository(database),
    meterLimits(options.publicApiLimits ?? {}),
    {
      redis: options.redis,
      ...(options.clockForMeter ? { now: options.clockForMeter } : {}),
    },
  );
  // As in server.ts: the paid API's WebSocket pushes after each batch the engine takes in.
  const batchListeners = new Set<() => void>();
  const publicWsHub = new PublicWsHub(
    () => engines.current,
    () => source.now(),
    bus,
    desk,
    {
      ticks: (listener) => {
        batchListeners.add(listener);
        return () => batchListeners.delete(listener);
      },
    },
  );
  const billing = createBilling({
    database,
    users: accounts.users,
    pricing: loadPricing(),
    publicUrl: () => TEST_PUBLIC_URL,
    ...(options.accounts?.now ? { now: options.accounts.now } : {}),
    ...options.billing,
  });
  const jobs = options.jobs ?? new SyncJobQueue(options.accounts?.now);
  registerBillingJobs(jobs, billing, { info: () => {} });
  const exchanges = new ExchangesService(engine, source);
  const wallets = new WalletsService({
    engine,
    source,
    repository: createWalletsRepository(database),
    write: true,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    syncMs: 20,
  });
  const notifier = options.notifier === undefined ? new RecordingNotifier() : options.notifier;
  const alerts = createAlertsModule({
    database,
    users: accounts.users,
    notifier,
    marketHistory: () => marketHistory.forMode(source.state().mode),
    engine: () => engines.current,
    now: () => source.now(),
    ...(options.accounts?.now ? { clock: options.accounts.now } : {}),
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    evaluate: true,
    syncMs: 200,
    sourceMode: () => runtimeRef?.sourceMode ?? source.state().mode,
  });
  const phone = createPhoneService({
    database,
    sms: options.phone?.sms ?? simulatedSms(),
    log: options.phone?.log ?? { warn: () => {} },
    ...(options.phone?.rules ? { rules: options.phone.rules } : {}),
    ...(options.accounts?.now ? { now: options.accounts.now } : {}),
  });
  const app = await buildApp({
    publicApi: { keys: new KeyGate(accounts.apiKeys), meter: apiMeter, wsHub: publicWsHub },
    accounts,
    billing,
    jobs,
    alerts: alerts.service,
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
      predicted: listingModules.predicted,
      repository: listingModules.repository,
      inviteRequired: options.listingInviteRequired ?? false,
      now: () => source.now(),
    },
    dex: dex.service,
    pingDatabase: () => database.ping(),
    jobCounts: () => createJobsRepository(database).counts(),
    busKind: bus.kind,
    startedAt: Date.now(),
    allowedOrigins: options.allowedOrigins ?? [],
    rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
    webDist,
    logLevel: options.log?.level ?? 'silent',
    redis: options.redis,
    ...(options.log ? { logStream: { write: (line: string) => options.log?.lines.push(line) } } : {}),
    trustProxy: options.trustProxy ?? false,
    publicUrl: options.publicUrl,
    // Suites push quotes and read at once: every market move must show in the next answer.
    answerCache: { coalesceMs: 0 },
    notify: options.notify ? await options.notify({ database, bus, accounts }) : undefined,
    phone,
    contact: createContactService({
      database,
      mailer: options.contact?.mailer ?? accounts.mailer,
      config: { CONTACT_TO: options.contact?.to, CONTACT_RATE_LIMIT_PER_HOUR: options.contact?.perHour ?? 5 },
      log: options.contact?.log ?? { warn: () => {} },
    }),
  });
  const runtime = new MarketRuntime({
    source: new TappedSource(source, (event) => desk.apply(event)),
    engines,
    bus,
    history,
    marketHistory,
    logger: silent,
    tickMs: 20,
    onBatch: () => {
      for (const listener of batchListeners) listener();
    },
    observe: (event, mode) => {
      notices.ingest(event, mode);
      listing.ingest(event, mode);
    },
  });
  runtimeRef = runtime;
  await runtime.start();
  wallets.start();
  listing.start();
  publicWsHub.followListings(listing.noticed);
  listingDeposits.start();
  listingCases.start();
  await dex.start();
  await alerts.start();
  const stopAlertTicks = bus.subscribe(BUS_TOPICS.marketTick, () => alerts.evaluator?.onTick());
  const stopAlertEvents = listenForAlertEvents(alerts, {
    wallets: wallets.changes,
    listing: listing.moments,
    engine: () => engines.current,
    now: () => source.now(),
  });
  return {
    app,
    source,
    get engine() {
      return engines.current;
    },
    engines,
    runtime,
    hub,
    marketApi,
    desk,
    bus,
    database,
    accounts,
    apiMeter,
    notices,
    listing,
    listingDeposits,
    listingCases,
    dex,
    calendar,
    billing,
    jobs,
    wallets,
    alerts,
    notifier,
    phone,
    async close() {
      calendar.stop();
      hub.close();
      publicWsHub.close();
      stopAlertTicks();
      stopAlertEvents();
      await app.close();
      await apiMeter.close();
      await runtime.stop();
      await notices.flushed();
      await listingCases.stop();
      await listing.stop();
      await listingDeposits.stop();
      await dex.stop();
      await desk.stop();
      await wallets.stop();
      await alerts.stop();
      await bus.close();
      if (!options.database) await database.close();
    },
  };
}

/** A small market: BTC and ETH on Upbit and Bithumb against Binance and OKX, USD/KRW 1,400, USDT/KRW 1,435. */
export function seedMarket(source: ManualSource, t = T0): void {
  source.push(
    forex(t, 1_400),
    quote(t + 1, 'upbit', 'USDT', 'KRW', 1_435),
    quote(t + 2, 'binance', 'BTC', 'USDT', 100_000, { bid: 99_999, ask: 100_001, volume24h: 2.5e9 }),
    quote(t + 3, 'upbit', 'BTC', 'KRW', 143_500_000, {
      bid: 143_450_000,
      ask: 143_500_000,
      volume24h: 3.1e11,
    }),
    quote(t + 4, 'bithumb', 'BTC', 'KRW', 139_300_000),
    quote(t + 5, 'okx', 'BTC', 'USDT', 100_500),
    quote(t + 6, 'upbit', 'ETH', 'KRW', 5_000_000),
    quote(t + 7, 'binance', 'ETH', 'USDT', 3_500),
  );
}

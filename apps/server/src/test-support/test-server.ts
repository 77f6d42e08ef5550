import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSourceMode } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
import {
  createHistoryRepository,
  createJobsRepository,
  createMarketHistoryRepository,
  type Database,
  openDatabase,
} from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../app.ts';
import type { Bus } from '../bus/bus.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import { type Accounts, type AccountsOptions, createAccounts } from '../modules/auth/accounts.ts';
import { ExchangesService } from '../modules/exchanges/service.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { createMarketApi, type MarketApi } from '../modules/market/api.ts';
import { EngineSlot } from '../runtime/engine-slot.ts';
import { MarketRuntime } from '../runtime/market-runtime.ts';
import { TopicHub, type TopicHubOptions } from '../ws/topic-hub.ts';
import { ManualSource } from './manual-source.ts';

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
  bus: Bus;
  database: Database;
  accounts: Accounts;
  close(): Promise<void>;
}

export interface TestServerOptions {
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
  /** The app's log: silent unless a test reads it. */
  readonly log?: { readonly level: string; readonly lines: string[] };
}

/** Base URL of links in mail sent by the test server. */
export const TEST_PUBLIC_URL = 'http://localhost:8080';

/** The real app over a manual source, an in-memory PGlite and a throwaway web build. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await openDatabase({ dataDir: 'memory://' }));
  const history = createHistoryRepository(database);
  const marketHistory = createMarketHistoryRepository(database);
  const source = new ManualSource(options.clock ?? T0, options.mode);
  const engines = new EngineSlot();
  const engine = engines.engine;
  const bus = options.bus ?? createMemoryBus();
  const marketApi = createMarketApi({
    engine,
    source,
    history,
    marketHistory,
    visitorGatedRows: options.visitorGatedRows ?? 0,
  });
  const market = marketApi.market;
  const hub = new TopicHub(marketApi, bus, options.hub);
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
  const app = await buildApp({
    accounts,
    market,
    marketApi,
    exchanges: new ExchangesService(engine, source),
    hub,
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
  });
  const runtime = new MarketRuntime({
    source,
    engines,
    bus,
    history,
    marketHistory,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    tickMs: 20,
  });
  await runtime.start();
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
    bus,
    database,
    accounts,
    async close() {
      hub.close();
      await app.close();
      await runtime.stop();
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

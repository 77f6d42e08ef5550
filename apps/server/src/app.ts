import type { Server } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import type { SiteInfo } from '@spreadscope/contracts';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { registerAbortedRequestGuard } from './http/aborted-requests.ts';
import { AnswerCache, type AnswerCacheOptions } from './http/answer-cache.ts';
import { registerAnswerCache } from './http/cached-reply.ts';
import { ApiError, registerErrorHandling, sendError } from './http/errors.ts';
import { firstScreen } from './http/first-screen.ts';
import { registerGateRegistry } from './http/guards.ts';
import { requestLanguage } from './http/language.ts';
import { principalOf } from './http/principal.ts';
import { memoValidatorCompiler } from './http/query-validator.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/static-web.ts';
import { inlineThemeBoot } from './http/theme-boot.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { lazyChildLogger } from './logging/lazy-child-logger.ts';
import { createServerLogger, type ServerLogger } from './logging/logger.ts';
import type { AlertsService } from './modules/alerts/alerts-service.ts';
import { alertsRoutes } from './modules/alerts/routes.ts';
import type { Accounts } from './modules/auth/accounts.ts';
import { ACCOUNTS_PREFIX, installAccounts } from './modules/auth/accounts-plugin.ts';
import type { Billing } from './modules/billing/billing-module.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook-routes.ts';
import type { ContactService } from './modules/contact/contact-service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { datasetRoutes } from './modules/dataset/routes.ts';
import { derivativesRoutes } from './modules/derivatives/routes.ts';
import type { DexService } from './modules/dex/dex-service.ts';
import { dexRoutes } from './modules/dex/routes.ts';
import { exchangeDetailRoutes } from './modules/exchanges/detail-routes.ts';
import type { ExchangeDetailService } from './modules/exchanges/exchange-detail-service.ts';
import { exchangesRoutes } from './modules/exchanges/routes.ts';
import { iconRoutes } from './modules/icons/routes.ts';
import { listingGateFor } from './modules/listing/listing-ws-gate.ts';
import { type ListingRoutesDeps, listingRoutes } from './modules/listing/routes.ts';
import { marginRoutes } from './modules/margin/routes.ts';
import type { MarketApi } from './modules/market/api.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { marketDataRoutes } from './modules/market-data/routes.ts';
import { symbolRoutes } from './modules/market-data/symbol-routes.ts';
import { type NoticesRoutesDeps, noticesRoutes } from './modules/notices/routes.ts';
import { type NotifyHttp, notifyRoutes } from './modules/notify/routes.ts';
import type { PhoneService } from './modules/phone/phone-service.ts';
import { phoneRoutes } from './modules/phone/routes.ts';
import type { ApiMeter } from './modules/public-api/api-meter.ts';
import type { KeyGate } from './modules/public-api/key-gate.ts';
import { publicApiRoutes } from './modules/public-api/routes.ts';
import { apiUsageRoutes } from './modules/public-api/usage-routes.ts';
import type { PublicWsHub } from './modules/public-api/ws/public-ws-hub.ts';
import { publicWsRoutes } from './modules/public-api/ws/public-ws-routes.ts';
import { indexedAnnouncements } from './modules/search/announcement-search.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { SearchService } from './modules/search/search-service.ts';
import type { SocialSearchSource } from './modules/search/social-search.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { DEFAULT_SITE_INFO } from './modules/site/site-info.ts';
import { frontSystemRoutes, healthRoutes, type SystemDeps } from './modules/system/routes.ts';
import { tokensRoutes } from './modules/tokens/routes.ts';
import { tokenPageExists } from './modules/tokens/token-page-check.ts';
import { TokensService } from './modules/tokens/tokens-service.ts';
import type { TokenTrendRanks } from './modules/tokens/trend-ranks.ts';
import { trendsRoutes } from './modules/trends/routes.ts';
import type { TrendsService } from './modules/trends/trends-service.ts';
import { walletsRoutes } from './modules/wallets/routes.ts';
import type { WalletsService } from './modules/wallets/wallets-service.ts';
import { WS_DEFLATE_OPTIONS } from './ws/deflate.ts';
import { heldTablesFrom } from './ws/held-tables.ts';
import { isOriginAllowed } from './ws/origin.ts';
import type { TopicHub } from './ws/topic-hub.ts';

export interface AppDeps extends SystemDeps {
  /** Premium, arbitrage, funding, charts: the tables and their history. */
  readonly marketApi: MarketApi;
  readonly hub: TopicHub;
  /** Wallet and network status with health (modules/wallets). */
  readonly wallets?: WalletsService | undefined;
  /** Exchanges overview and detail beyond link health (modules/exchanges/exchange-detail-service.ts). */
  readonly exchangeDetail?: ExchangeDetailService | undefined;
  /** Users, sessions, API keys and plan checks (modules/auth/accounts.ts). */
  readonly accounts: Accounts;
  /** Plans and money (modules/billing); webhooks are handed to `jobs`. */
  readonly billing?: Billing | undefined;
  /** Where routes enqueue work for the job runner (billing webhooks). */
  readonly jobs?: JobQueue | undefined;
  /** The alert bot's rules and history (modules/alerts). */
  readonly alerts?: AlertsService | undefined;
  readonly allowedOrigins: readonly string[];
  readonly rateLimitPerMinute: number;
  readonly webDist?: string | undefined;
  readonly logLevel?: string;
  /** Where log lines go (default stdout); tests read them from here. */
  readonly logStream?: { write(line: string): void } | undefined;
  /** The server's logger; without one, a logger at `logLevel` is made for the app alone (tests). */
  readonly logger?: ServerLogger | undefined;
  /** Fastify's trustProxy: false (default), true, or comma-separated proxy addresses/CIDRs. */
  readonly trustProxy?: boolean | string;
  /** PUBLIC_URL; when https, answers carry HSTS (security-headers.ts). */
  readonly publicUrl?: string | undefined;
  /** Shares rate-limit counters between API processes. */
  readonly redis?: Redis | undefined;
  /** Announcements, token updates, cautions, delistings and the economic calendar (modules/notices). */
  readonly notices?: NoticesRoutesDeps | undefined;
  /** Listing arbitrage (modules/listing): the cards, settings, history and the invite gate. */
  readonly listing?: ListingRoutesDeps | undefined;
  /** DEX pools, trades, liquidity and candles (modules/dex), for Pro and up. */
  readonly dex?: DexService | undefined;
  /** Market answers cached per market version (http/answer-cache.ts); tests turn coalescing off. */
  readonly answerCache?: AnswerCacheOptions;
  /** The paid API's key checks and metering; without them the paid API is not served. */
  readonly publicApi?:
    | { readonly keys: KeyGate; readonly meter: ApiMeter; readonly wsHub: PublicWsHub }
    | undefined;
  /** Web Push subscriptions, the notification list and the per-user toast WebSocket (modules/notify). */
  readonly notify?: NotifyHttp | undefined;
  /** Phone linking by a one-time code sent by text message (modules/phone). */
  readonly phone?: PhoneService | undefined;
  /** Telegram and search-interest trends (modules/trends). */
  readonly trends?: TrendsService | undefined;
  /** The contact form's inquiries (modules/contact); without it POST /api/v1/contact is not served. */
  readonly contact?: ContactService | undefined;
  /** The operator and support channels shown by the about pages and the help panel (modules/site). */
  readonly site?: SiteInfo | undefined;
  /** The token list's trend rank column (filled by the social trends module; none: every rank empty). */
  readonly tokenTrends?: (() => TokenTrendRanks) | undefined;
  /** Telegram and Naver groups of the global search (the social trends module; none: groups unavailable). */
  readonly socialSearch?: (() => SocialSearchSource) | undefined;
  /** Told of every request, so background work yields while callers wait (jobs/background-pacer.ts). */
  readonly onForeground?: (() => void) | undefined;
}

export const FRONT_PREFIX = '/api/v1/front';
export const WS_PATH = '/api/v1/ws';

/** After the listen, when the first paint's renderer is loaded: past the start-up's own burst of work. */
const FIRST_PAINT_WARM_MS = 3_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const options: FastifyHttpOptions<Server> = {
    // The process's one logger (LOG_LEVEL, secrets redacted: logging/logger.ts), shared with everything else.
    loggerInstance:
      deps.logger ??
      createServerLogger(deps.logLevel ?? 'info', deps.logStream as DestinationStream | undefined),
    // Request lines would drown the market log; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
    trustProxy: deps.trustProxy ?? false,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(memoValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { onForeground } = deps;
  if (onForeground) {
    app.addHook('onRequest', (_request, _reply, done) => {
      onForeground();
      done();
    });
  }
  registerErrorHandling(app);
  registerGateRegistry(app);
  registerAbortedRequestGuard(app);
  const themeBoot = inlineThemeBoot(deps.webDist ?? '');
  await registerSecurityHeaders(app, {
    publicUrl: deps.publicUrl,
    inlineScriptHashes: themeBoot ? [themeBoot.hash] : [],
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Spreadscope API',
        version: '0.1.0',
        description:
          'Live cross-exchange premiums. The front API (/api/v1/front/*) answers errors as `{error, message, param?}` with the message in the language of Accept-Language (ko default, en). The paid API (every other /api/v1 GET tagged "public API") follows the DataMaxi+ contract: key in X-DTMX-APIKEY, errors as `{error: <message>, data: {code, param?}}`, X-RateLimit-* headers. WebSocket: GET /api/v1/ws (see the contracts package, ws.ts).',
      },
      components: {
        securitySchemes: { dtmxApiKey: { type: 'apiKey', in: 'header', name: 'X-DTMX-APIKEY' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(rateLimit, {
    global: true,
    max: deps.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'spreadscope:ratelimit:' } : {}),
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'rate_limited', 'error.rateLimited', { seconds: Math.ceil(context.ttl / 1000) }),
  });

  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, perMessageDeflate: WS_DEFLATE_OPTIONS },
  });
  await installAccounts(app, deps.accounts, deps.allowedOrigins);
  if (deps.alerts) await app.register(alertsRoutes(deps.alerts), { prefix: ACCOUNTS_PREFIX });
  const { market } = deps.marketApi;
  registerAnswerCache(
    app,
    new AnswerCache(
      () => market.version,
      () => market.now(),
      deps.answerCache,
    ),
  );
  // A subscriber holding a REST answer (the first screen's inlined table) joins from it: no second download.
  deps.hub.startFrom(heldTablesFrom(app.answers));
  const stopLiquidations = deps.marketApi.derivatives.onLiquidation((row) =>
    deps.hub.broadcast('liquidations', row),
  );
  app.addHook('onClose', async () => stopLiquidations());

  if (deps.phone) await app.register(phoneRoutes(deps.phone), { prefix: ACCOUNTS_PREFIX });
  if (deps.contact) await app.register(contactRoutes(deps.contact), { prefix: '/api/v1' });
  await app.register(siteRoutes(deps.site ?? DEFAULT_SITE_INFO), { prefix: FRONT_PREFIX });
  await app.register(datasetRoutes(deps.marketApi), { prefix: FRONT_PREFIX });
  if (deps.billing) {
    await app.register(billingRoutes(deps.billing), { prefix: '/api/v1' });
    if (deps.jobs) await app.register(stripeWebhookRoutes(deps.billing, deps.jobs), { prefix: '/api/v1' });
  }
  await app.register(frontSystemRoutes(deps), { prefix: FRONT_PREFIX });
  await app.register(marketRoutes(deps.marketApi), { prefix: FRONT_PREFIX });
  await app.register(exchangesRoutes(deps.exchanges), { prefix: FRONT_PREFIX });
  if (deps.notices) await app.register(noticesRoutes(deps.notices), { prefix: FRONT_PREFIX });
  if (deps.listing) await app.register(listingRoutes(deps.listing), { prefix: FRONT_PREFIX });
  if (deps.trends) await app.register(trendsRoutes(deps.trends), { prefix: FRONT_PREFIX });
  if (deps.dex) await app.register(dexRoutes(deps.dex), { prefix: FRONT_PREFIX });
  await app.register(marginRoutes(deps.marketApi.margin), { prefix: FRONT_PREFIX });
  await app.register(derivativesRoutes(deps.marketApi.derivatives), { prefix: FRONT_PREFIX });
  await app.register(marketDataRoutes(deps.marketApi.marketData), { prefix: FRONT_PREFIX });
  await app.register(symbolRoutes(deps.marketApi.symbols), { prefix: FRONT_PREFIX });
  if (deps.wallets) await app.register(walletsRoutes(deps.wallets), { prefix: FRONT_PREFIX });
  if (deps.exchangeDetail)
    await app.register(exchangeDetailRoutes(deps.exchangeDetail), { prefix: FRONT_PREFIX });
  await app.register(iconRoutes(), { prefix: FRONT_PREFIX });
  const tokens = new TokensService(deps.marketApi.market, deps.tokenTrends);
  await app.register(tokensRoutes(tokens), { prefix: FRONT_PREFIX });
  const announcementSearch = deps.notices ? indexedAnnouncements(deps.notices.repository) : undefined;
  await app.register(searchRoutes(new SearchService(tokens, announcementSearch, deps.socialSearch)), {
    prefix: FRONT_PREFIX,
  });
  await app.register(healthRoutes(deps));
  if (deps.publicApi) {
    await app.register(
      publicApiRoutes({
        marketApi: deps.marketApi,
        notices: deps.notices,
        trends: deps.trends,
        listings: deps.listing?.service,
        ...deps.publicApi,
      }),
      {
        prefix: '/api/v1',
      },
    );
    await app.register(publicWsRoutes({ ...deps.publicApi, hub: deps.publicApi.wsHub }));
    const { meter } = deps.publicApi;
    await app.register(
      apiUsageRoutes({ usage: meter.usage, meter, limits: meter.limits, now: () => meter.now() }),
      { prefix: '/api/v1' },
    );
  }
  if (deps.notify) {
    await app.register(notifyRoutes(deps.notify, deps.allowedOrigins), { prefix: '/api/v1' });
  }

  app.register(async (scope) => {
    scope.get(
      WS_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request, reply) => {
          if (!isOriginAllowed(request.headers.origin, request.headers.host, deps.allowedOrigins)) {
            return sendError(request, reply, 403, {
              error: 'forbidden_origin',
              key: 'error.forbiddenOrigin',
            });
          }
        },
      },
      (socket, request) =>
        deps.hub.attach(
          socket,
          requestLanguage(request),
          async () => (await principalOf(request)).role,
          request.raw.socket,
          // Fastify's request.ip: X-Forwarded-For only behind a proxy TRUST_PROXY names, as for HTTP limits.
          request.ip,
          listingGateFor(deps.listing, request),
        ),
    );
  });

  const screen = firstScreen(deps.marketApi, deps.webDist ?? '', app.log, themeBoot);
  await registerWebApp(app, deps.webDist ?? '', screen.page, (path) =>
    tokenPageExists(path, (id) => tokens.knows(id)),
  );
  app.addHook('onListen', (done) => {
    setTimeout(() => void screen.warm(), FIRST_PAINT_WARM_MS).unref();
    done();
  });
  return app;
}

import type { Server } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { registerAbortedRequestGuard } from './http/aborted-requests.ts';
import { AnswerCache, type AnswerCacheOptions } from './http/answer-cache.ts';
import { registerAnswerCache } from './http/cached-reply.ts';
import { ApiError, registerErrorHandling, sendError } from './http/errors.ts';
import { firstScreen } from './http/first-screen.ts';
import { requestLanguage } from './http/language.ts';
import { principalOf } from './http/principal.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/static-web.ts';
import { createServerLogger, type ServerLogger } from './logging/logger.ts';
import type { Accounts } from './modules/auth/accounts.ts';
import { installAccounts } from './modules/auth/accounts-plugin.ts';
import { exchangesRoutes } from './modules/exchanges/routes.ts';
import type { MarketApi } from './modules/market/api.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { frontSystemRoutes, healthRoutes, type SystemDeps } from './modules/system/routes.ts';
import { WS_DEFLATE_OPTIONS } from './ws/deflate.ts';
import { heldTablesFrom } from './ws/held-tables.ts';
import { isOriginAllowed } from './ws/origin.ts';
import type { TopicHub } from './ws/topic-hub.ts';

export interface AppDeps extends SystemDeps {
  /** Premium, arbitrage, funding, charts: the tables and their history. */
  readonly marketApi: MarketApi;
  readonly hub: TopicHub;
  /** Users, sessions, API keys and plan checks (modules/auth/accounts.ts). */
  readonly accounts: Accounts;
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
  /** Market answers cached per market version (http/answer-cache.ts); tests turn coalescing off. */
  readonly answerCache?: AnswerCacheOptions;
}

export const FRONT_PREFIX = '/api/v1/front';
export const WS_PATH = '/api/v1/ws';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const options: FastifyHttpOptions<Server> = {
    // The process's one logger (LOG_LEVEL, secrets redacted: logging/logger.ts), shared with everything else.
    loggerInstance:
      deps.logger ??
      createServerLogger(deps.logLevel ?? 'info', deps.logStream as DestinationStream | undefined),
    // Request lines would drown the market log; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.trustProxy ?? false,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAbortedRequestGuard(app);
  await registerSecurityHeaders(app, { publicUrl: deps.publicUrl });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Spreadscope API',
        version: '0.1.0',
        description:
          'Live cross-exchange premiums. Errors are `{error, message, param?}` with the message in the language of Accept-Language (ko default, en). WebSocket: GET /api/v1/ws (see the contracts package, ws.ts).',
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

  await app.register(frontSystemRoutes(deps), { prefix: FRONT_PREFIX });
  await app.register(marketRoutes(deps.marketApi), { prefix: FRONT_PREFIX });
  await app.register(exchangesRoutes(deps.exchanges), { prefix: FRONT_PREFIX });
  await app.register(healthRoutes(deps));

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
        ),
    );
  });

  await registerWebApp(app, deps.webDist ?? '', firstScreen(deps.marketApi, deps.webDist ?? ''));
  return app;
}

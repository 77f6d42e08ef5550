import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content Security Policy the built app runs under: scripts, connections, fonts and images from our own
 * origin only, no eval (the web app sets zod jitless: apps/web/src/lib/no-eval.ts), no plugins, no framing by
 * anyone. Styles also allow inline: sonner (the toasts) inserts its stylesheet as a <style> element at run
 * time. e2e/security-headers.test.ts loads every main page under it and fails on any violation.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // 'self' covers the same-origin WebSocket (ws: and wss:) as well as fetch.
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Same-origin loads are already https under TLS; on plain http (a laptop, the quick start) upgrading them
  // would break every asset.
  upgradeInsecureRequests: null,
};

/** One year; no includeSubDomains or preload, which would bind hosts the operator may not serve over TLS. */
export const HSTS_VALUE = 'max-age=31536000';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: when it is https, users reach us over TLS whatever the hop to this process is. */
  readonly publicUrl?: string | undefined;
  /** Inline scripts the pages may run, by the base64 SHA-256 of their text (first-screen.ts inlines one). */
  readonly inlineScriptHashes?: readonly string[];
}

/**
 * Security headers on every answer: pages, API, static files, 404s, errors, rate limits and refused
 * WebSocket upgrades (all set at onRequest, before any handler can answer). HSTS only over TLS: the request
 * came in as https (behind a proxy, X-Forwarded-Proto counts only under TRUST_PROXY) or PUBLIC_URL is https.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CSP_DIRECTIVES,
        scriptSrc: [
          ...CSP_DIRECTIVES.scriptSrc,
          ...(options.inlineScriptHashes ?? []).map((hash) => `'sha256-${hash}'`),
        ],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  const publicHttps = options.publicUrl?.startsWith('https:') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    if (publicHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}

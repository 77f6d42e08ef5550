import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/**
 * The policy of the JSON API's answers (/api/v1/…): nothing may load, nothing may frame them. A browser that
 * opened one as a document would run nothing from it; the pages' longer policy (~290 bytes) bought nothing
 * there and was written into every one of thousands of answers a second.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** One year; no includeSubDomains or preload, which would bind hosts the operator may not serve over TLS. */
export const HSTS_VALUE = 'max-age=31536000';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: when it is https, users reach us over TLS whatever the hop to this process is. */
  readonly publicUrl?: string | undefined;
  /** Inline scripts the pages may run, by the base64 SHA-256 of their text (first-screen.ts inlines one). */
  readonly inlineScriptHashes?: readonly string[];
}

/** The helmet settings behind our headers: the CSP above (with the inline scripts allowed), no HSTS (below). */
function helmetOptions(options: SecurityHeadersOptions): HelmetOptions {
  return {
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
  };
}

/**
 * The headers helmet sets with these settings, read once: they depend on nothing in the request (no nonces).
 * @fastify/helmet built helmet's middleware, parsing the whole CSP, on every request: about 35 µs a request,
 * 6 % of the server's main thread under `npm run bench -- public-api`.
 */
export function securityHeaderSet(options: SecurityHeadersOptions): {
  readonly set: ReadonlyArray<readonly [string, string]>;
  readonly removed: readonly string[];
} {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, String(value));
      return response;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  helmet(helmetOptions(options))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return { set: [...set], removed };
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
  const { set, removed } = securityHeaderSet(options);
  const apiSet = set.map(([name, value]) =>
    name.toLowerCase() === 'content-security-policy' ? ([name, API_CSP] as const) : ([name, value] as const),
  );
  const publicHttps = options.publicUrl?.startsWith('https:') ?? false;
  // On the raw response, as helmet itself does: an answer written past Fastify's reply carries them too.
  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of request.url.startsWith('/api/v1/') ? apiSet : set) raw.setHeader(name, value);
    if (publicHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}

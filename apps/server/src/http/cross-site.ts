import type { FastifyInstance } from 'fastify';
import { isOriginAllowed } from '../ws/origin.ts';
import { sendError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the API, on top of SameSite=Lax session cookies: a state-changing request that a browser
 * marks as coming from another site (Origin header not ours, or Sec-Fetch-Site: cross-site) is refused
 * before any handler runs. Requests without either header are not from a browser page and carry no
 * ambient cookies worth forging; API keys are not ambient at all.
 */
export function registerCrossSiteGuard(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const foreignOrigin =
      origin !== undefined && !isOriginAllowed(origin, request.headers.host, allowedOrigins);
    // Same-site but cross-origin (a sibling subdomain) is still not us unless configured.
    const foreignSite = fetchSite === 'cross-site' && (origin === undefined || foreignOrigin);
    if (foreignOrigin || foreignSite) {
      return sendError(request, reply, 403, { error: 'cross_site', key: 'auth.crossSite' });
    }
  });
}

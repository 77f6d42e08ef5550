import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '@spreadscope/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './answer-cache.ts';
import { sendAnswer } from './cached-reply.ts';
import { sendError } from './errors.ts';
import { DRAWN_PAGE_VARY, WIDTH_HINTS } from './first-paint.ts';

/**
 * Serves the built web app. The app's pages (core's PAGE_ROUTES, the table the SPA's router is built from)
 * get index.html with 200; any other page path gets the same shell with 404, so the router renders its
 * not-found page and crawlers, monitors and proxies see the truth. API paths that match nothing get a JSON 404.
 */
/** Vite names everything under assets/ by its content hash: a changed file is a new URL, so keep it a year. */
export function assetCacheControl(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  /** Renders the page for a request (first-screen.ts: the first rows and the market source inlined). */
  page?: (request: FastifyRequest, indexHtml: string) => Promise<CachedAnswer>,
  /** Pages whose path parameter must name something that exists (a token): false answers 404. */
  exists: (path: string) => boolean = () => true,
): Promise<void> {
  const indexPath = join(webDist, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Source maps would publish our source; the build makes none, and a stray one is never served.
      allowedPath: (path) => !path.endsWith('.map'),
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', assetCacheControl(path)),
    });
  } else {
    app.log.warn(`web app not built at ${webDist}; run "npm run build" to serve the screens`);
  }
  const indexHtml = built ? await readFile(indexPath, 'utf8') : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/api/') || path.startsWith('/ws/') || path === '/healthz';
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, 404, {
        error: 'not_found',
        key: 'error.routeNotFound',
        params: { method: request.method, url: path },
      });
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith('.html')) {
      return sendError(request, reply, 404, { error: 'not_found', key: 'error.notFound' });
    }
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run: npm run build');
    }
    // The shell must never be cached; hashed assets are.
    if (!isPagePath(path) || !exists(path)) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    if (page) {
      // Every page asks for the viewport's width, so a later visit to a drawn page is drawn for the real screen.
      reply.header('accept-ch', WIDTH_HINTS);
      return sendAnswer(
        request,
        reply,
        await page(request, indexHtml),
        'text/html; charset=utf-8',
        DRAWN_PAGE_VARY,
      );
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}

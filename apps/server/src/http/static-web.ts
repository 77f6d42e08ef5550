import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '@spreadscope/core';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

/**
 * Serves the built web app. The app's pages (core's PAGE_ROUTES, the table the SPA's router is built from)
 * get index.html with 200; any other page path gets the same shell with 404, so the router renders its
 * not-found page and crawlers, monitors and proxies see the truth. API paths that match nothing get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexPath = join(webDist, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // Source maps would publish our source; the build makes none, and a stray one is never served.
      allowedPath: (path) => !path.endsWith('.map'),
    });
  } else {
    app.log.warn(`web app not built at ${webDist}; run "npm run build" to serve the screens`);
  }
  const indexHtml = built ? await readFile(indexPath, 'utf8') : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/api/') || path === '/api' || path === '/healthz';
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
    return reply
      .code(isPagePath(path) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}

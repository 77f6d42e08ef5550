import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PREMIUM_FIRST_SCREEN, premiumQuerySchema } from '@spreadscope/contracts';
import type { FastifyRequest } from 'fastify';
import type { MarketApi } from '../modules/market/api.ts';
import type { CachedAnswer } from './answer-cache.ts';
import { answerKey } from './cached-reply.ts';
import { principalOf } from './principal.ts';

const FRONT_PREFIX = '/api/v1/front';
const FIRST_SCREEN_QUERY = premiumQuerySchema.parse(PREMIUM_FIRST_SCREEN.query);
const PREMIUM_PAGES = new Set(['/premium', '/en/premium']);
/** The premium route's module in the web build (its router loads it lazily). */
const PREMIUM_MODULE = 'src/pages/premium-page.tsx';
/** The English catalogue's module: its own chunk, which an English page waits for before its first render. */
const ENGLISH_MODULE = 'src/i18n/en-resources.ts';

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}

/**
 * `<link>`s that fetch a lazily loaded route's chunks (and their imports, and its styles) while the main bundle
 * loads, instead of after it ran: read from the build's manifest (vite.config.ts `manifest`). None without one.
 */
export function routePreloads(webDist: string, module: string, indexHtml: string): string {
  const path = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(path)) return '';
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  const links = [...files]
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  for (const css of styles) {
    if (!indexHtml.includes(`/${css}"`)) links.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
  }
  return links.join('');
}

/**
 * The page the server sends for a screen (index.html), with what its first paint needs inlined as
 * `<script type="application/json" id="ss-boot">` (contracts BootData):
 * - the market source, so the "simulated" banner is laid out from the first frame instead of pushing the page
 *   down when the first answer arrives;
 * - on /premium opened without filters in the URL, the premium table a first visit asks for
 *   (PREMIUM_FIRST_SCREEN) as this caller may see it — the very bytes the REST route caches for that query —
 *   so one request paints the table.
 * The page is kept in the answer cache per variant and market version, with its compressed forms.
 */
export function firstScreen(api: MarketApi, webDist: string) {
  const preloads = new Map<string, string>();
  const preloadsOf = (module: string, indexHtml: string) => {
    let links = preloads.get(module);
    if (links === undefined) {
      links = routePreloads(webDist, module, indexHtml);
      preloads.set(module, links);
    }
    return links;
  };
  return async (request: FastifyRequest, indexHtml: string): Promise<CachedAnswer> => {
    const [path = '/', search] = request.url.split('?');
    const english = path === '/en' || path.startsWith('/en/');
    const cache = request.server.answers;
    let table: CachedAnswer | null = null;
    let view = '';
    if (PREMIUM_PAGES.has(path) && !search) {
      const { role } = await principalOf(request);
      const tableView = api.tables.viewOf(role, false);
      view = tableView;
      table = cache.answer(answerKey(`${FRONT_PREFIX}/premium`, FIRST_SCREEN_QUERY, tableView), () =>
        api.tables.premium(FIRST_SCREEN_QUERY, tableView),
      );
    }
    const key = `page:${table ? `premium#${view}` : 'plain'}:${english ? 'en' : 'ko'}`;
    return cache.answer(
      key,
      () => {
        const boot = [`"dataSource":${JSON.stringify(api.market.dataSource())}`];
        if (table) {
          boot.push(
            `"table":{"path":${JSON.stringify(PREMIUM_FIRST_SCREEN.path)},"query":${JSON.stringify(PREMIUM_FIRST_SCREEN.query)},"etag":${JSON.stringify(table.etag)},"data":${table.raw.toString()}}`,
          );
        }
        // JSON has "<" only inside strings, where \u003c reads the same: nothing can close the script early.
        const json = `{${boot.join(',')}}`.replaceAll('<', '\\u003c');
        const links =
          (english ? preloadsOf(ENGLISH_MODULE, indexHtml) : '') +
          (table ? preloadsOf(PREMIUM_MODULE, indexHtml) : '');
        const script = `<script type="application/json" id="ss-boot">${json}</script>${links}`;
        return indexHtml.includes('</head>')
          ? indexHtml.replace('</head>', `${script}</head>`)
          : `${script}${indexHtml}`;
      },
      (html) => html as string,
    );
  };
}

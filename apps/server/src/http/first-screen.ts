import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PREMIUM_FIRST_SCREEN, premiumQuerySchema } from '@spreadscope/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { MarketApi } from '../modules/market/api.ts';
import type { TableView } from '../modules/market/gated-rows.ts';
import type { CachedAnswer } from './answer-cache.ts';
import { answerKey } from './cached-reply.ts';
import { extractCriticalCss, withCriticalCss } from './critical-css.ts';
import {
  assumedViewportWidth,
  CLASS_WIDTHS,
  type FirstPaintInput,
  firstPaintRenderer,
  LAPTOP_WIDTH,
  type PageRenderer,
  PHONE_WIDTH,
  widthClassOf,
} from './first-paint.ts';
import { principalOf } from './principal.ts';
import { type InlineScript, THEME_BOOT_TAG } from './theme-boot.ts';

const FRONT_PREFIX = '/api/v1/front';
const FIRST_SCREEN_QUERY = premiumQuerySchema.parse(PREMIUM_FIRST_SCREEN.query);
const PREMIUM_PAGES = new Set(['/premium', '/en/premium']);
/** The premium route's module in the web build (its router loads it lazily). */
const PREMIUM_MODULE = 'src/pages/premium-page.tsx';
/** The English catalogue's module: its own chunk, which an English page waits for before its first render. */
const ENGLISH_MODULE = 'src/i18n/en-resources.ts';

const EMPTY_ROOT = '<div id="root"></div>';
/** What follows a drawing in its page (a browser without scripts links the full stylesheets just before it). */
const BOOT_SCRIPT = '<script type="application/json" id="ss-boot">';
const KOREAN_HTML = '<html lang="ko"';
/**
 * A drawn page costs tens of ms of the loop: it is drawn at most this often per variant (language, width, view),
 * whatever the market does. Its reader goes live at once: the WebSocket joins from the table the page carries
 * and sends what moved since.
 */
const DRAWN_PAGE_HOLD_MS = 2_000;
/**
 * A drawn page up to this much older than its hold is still served, and drawn anew once its visitor has been
 * answered: a visitor after a quiet spell gets the page at once (measured 1-3 ms against 35-50 ms to draw it
 * here) instead of waiting for the drawing. Its table is then seconds old, which the WebSocket brings up to date
 * at once — from that very table while the cache still knows it (held-tables.ts), else with a snapshot.
 */
const DRAWN_PAGE_STALE_MS = 10_000;

/** The page's boot data as the browser will read it (what the first paint draws from). */
function bootOf(api: MarketApi, table: CachedAnswer) {
  return {
    dataSource: api.market.dataSource(),
    table: {
      path: PREMIUM_FIRST_SCREEN.path,
      query: PREMIUM_FIRST_SCREEN.query,
      etag: table.etag,
      data: JSON.parse(table.raw.toString()) as unknown,
    },
  };
}

/** `extra` at the end of the page's head (or before everything, for a page without one). */
function intoHead(html: string, extra: string): string {
  return html.includes('</head>') ? html.replace('</head>', `${extra}</head>`) : `${extra}${html}`;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*>\s*/g;

/**
 * Every stylesheet of the head moved ahead of its modules and module preloads: the first paint waits for the
 * styles, and a browser fetches in document order over few connections (HTTP/1.1: six), so styles listed after
 * ninety scripts arrive last. They stay after the classic script (theme-boot.js), which would otherwise wait
 * for every one of them before the body could be read.
 */
export function stylesFirst(html: string): string {
  const end = html.indexOf('</head>');
  const firstScript = html.indexOf('<script type="module"');
  if (end < 0 || firstScript < 0 || firstScript > end) return html;
  const head = html.slice(firstScript, end);
  const styles = head.match(STYLESHEET);
  if (!styles) return html;
  return `${html.slice(0, firstScript)}${styles.map((link) => link.trim()).join('')}${head.replace(STYLESHEET, '')}${html.slice(end)}`;
}

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
 * With the web build's first-paint renderer (dist-ssr, first-paint.ts), that /premium also comes drawn: the
 * page's own components rendered to HTML inside #root, for the width the request suggests, so the table shows
 * before any script has run. The page is kept in the answer cache per variant and market version, with its
 * compressed forms.
 */
export function firstScreen(
  api: MarketApi,
  webDist: string,
  log: FastifyBaseLogger,
  /** The theme script to inline in place of its file (theme-boot.ts), its hash allowed by the CSP. */
  themeBoot: InlineScript | null = null,
) {
  const paintOf = firstPaintRenderer(join(webDist, '..', 'dist-ssr', 'render-page.js'), log);
  const preloadsOf = routePreloadsOnce(webDist);
  const styles: CriticalStyles = { css: null };
  const page = servePage(api, paintOf, preloadsOf, styles);
  return {
    page: themeBoot
      ? (request: FastifyRequest, indexHtml: string) =>
          page(request, indexHtml.replace(THEME_BOOT_TAG, themeBoot.element))
      : page,
    // A warm-up that fails costs the first visitor some time, never the server: noted and left.
    warm: async () => {
      const boot = await warmFirstPaint(api, paintOf).catch((error: unknown) => {
        log.warn({ err: error }, 'first paint: warm-up failed; the first pages are drawn cold');
        return undefined;
      });
      if (!boot) return;
      // Drawn pages keep their stylesheet in the head until this is known (and if it never is).
      styles.css = await criticalCssOf(webDist, paintOf, preloadsOf, boot).catch((error: unknown) => {
        log.warn({ err: error }, 'first paint: no critical CSS; drawn pages wait for their stylesheets');
        return null;
      });
    },
  };
}

/** Drawings per page and width at warm-up: the first runs the code cold (several times a warm draw). */
const WARM_DRAWS = 2;

/**
 * Loads the renderer and both languages' premium pages once the server has started and its start-up work has
 * had its turn, and draws each a few times for a laptop and a phone from the market's current table, one
 * drawing per turn of the loop: the first drawings of a fresh process run cold (measured 150-700 ms against
 * 25-40 ms warm) and fill the translations' memory, so the first visitor is not the one who waits for them.
 * The drawings are thrown away: a visitor's page is drawn from the market as it is then.
 */
async function warmFirstPaint(
  api: MarketApi,
  paintOf: ReturnType<typeof firstPaintRenderer>,
): Promise<FirstPaintInput['boot'] | undefined> {
  let boot: FirstPaintInput['boot'] | undefined;
  for (const [path, language] of [
    ['/premium', 'ko'],
    ['/en/premium', 'en'],
  ] as const) {
    const paint = await paintOf(path, language);
    if (!paint) continue;
    // As a first visitor sees it (gated rows included when the server gates them), once for both languages.
    boot ??= {
      dataSource: api.market.dataSource(),
      table: {
        path: PREMIUM_FIRST_SCREEN.path,
        query: PREMIUM_FIRST_SCREEN.query,
        etag: '',
        data: api.tables.premium(FIRST_SCREEN_QUERY, api.tables.viewOf('visitor', false)),
      },
    };
    for (let draw = 0; draw < WARM_DRAWS; draw++) {
      for (const viewportWidth of [LAPTOP_WIDTH, PHONE_WIDTH]) {
        await new Promise((resolve) => setImmediate(resolve));
        paint({ viewportWidth, boot });
      }
    }
  }
  return boot;
}

interface CriticalStyles {
  css: string | null;
}

/**
 * The critical CSS of the premium page (critical-css.ts), from one page holding its drawing at every width
 * class, each in a root marked as drawn for it: the rules any of them uses, those that hide a drawing at another
 * width included.
 */
async function criticalCssOf(
  webDist: string,
  paintOf: ReturnType<typeof firstPaintRenderer>,
  preloadsOf: (module: string, indexHtml: string) => string,
  boot: FirstPaintInput['boot'],
): Promise<string | null> {
  const paint = await paintOf('/premium', 'ko');
  const index = join(webDist, 'index.html');
  if (!paint || !existsSync(index)) return null;
  const indexHtml = readFileSync(index, 'utf8');
  const roots = Object.entries(CLASS_WIDTHS).map(
    ([widthClass, viewportWidth]) =>
      `<div id="root" inert data-drawn-for="${widthClass}">${paint({ viewportWidth, boot })}</div>`,
  );
  const page = stylesFirst(
    intoHead(indexHtml.replace(EMPTY_ROOT, roots.join('')), preloadsOf(PREMIUM_MODULE, indexHtml)),
  );
  return extractCriticalCss(webDist, page);
}

/** routePreloads, read from the build once per route module. */
function routePreloadsOnce(webDist: string) {
  const preloads = new Map<string, string>();
  return (module: string, indexHtml: string) => {
    let links = preloads.get(module);
    if (links === undefined) {
      links = routePreloads(webDist, module, indexHtml);
      preloads.set(module, links);
    }
    return links;
  };
}

function servePage(
  api: MarketApi,
  paintOf: ReturnType<typeof firstPaintRenderer>,
  preloadsOf: (module: string, indexHtml: string) => string,
  styles: CriticalStyles,
) {
  return async (request: FastifyRequest, indexHtml: string): Promise<CachedAnswer> => {
    const [path = '/', search] = request.url.split('?');
    const english = path === '/en' || path.startsWith('/en/');
    const cache = request.server.answers;
    const premium = PREMIUM_PAGES.has(path) && !search;
    let view: TableView = 'full';
    let paint: PageRenderer | null = null;
    let width = 0;
    if (premium) {
      paint = await paintOf(path, english ? 'en' : 'ko');
      if (paint) width = assumedViewportWidth(request.headers);
      view = api.tables.viewOf((await principalOf(request)).role, false);
    }
    // A drawing made before the critical CSS was known is not served (even stale) once it is.
    const drawnAs = width ? `@${width}${styles.css ? '+css' : ''}` : '';
    const key = `page:${premium ? `premium#${view}` : 'plain'}:${english ? 'en' : 'ko'}${drawnAs}`;
    return cache.answer(
      key,
      () => {
        const table = premium
          ? cache.answer(answerKey(`${FRONT_PREFIX}/premium`, FIRST_SCREEN_QUERY, view), () =>
              api.tables.premium(FIRST_SCREEN_QUERY, view),
            )
          : null;
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
        const script = `${BOOT_SCRIPT}${json}</script>`;
        const drawn = table && paint ? paint({ viewportWidth: width, boot: bootOf(api, table) }) : '';
        // A drawn page carries its data after the drawing: on a slow line the table shows before the data for
        // the scripts (most of the bytes) has arrived. The scripts read it only once the page is parsed.
        const page = english ? indexHtml.replace(KOREAN_HTML, '<html lang="en"') : indexHtml;
        const html = drawn
          ? page.replace(
              EMPTY_ROOT,
              `<div id="root" inert data-drawn-for="${widthClassOf(width)}">${drawn}</div>${script}`,
            )
          : intoHead(page, script);
        const composed = stylesFirst(intoHead(html, links));
        return drawn && styles.css ? withCriticalCss(composed, styles.css, BOOT_SCRIPT) : composed;
      },
      (html) => html as string,
      false,
      paint ? DRAWN_PAGE_HOLD_MS : 0,
      paint ? DRAWN_PAGE_STALE_MS : 0,
    );
  };
}

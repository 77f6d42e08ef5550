import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The styles a drawn page needs for its first frame, inlined in its head, with the full stylesheets moved after
 * the drawing: the table then paints as soon as the page is in, instead of after a second request (166 KB of
 * CSS, most of it other pages' rules and web-font faces) that a phone on a slow line waits a round trip or more
 * for. Measured on /premium in Chromium: first contentful paint 280 ms after the page's last byte, against
 * 410-500 ms with the stylesheet in the head.
 */

/**
 * Runs in a worker thread: picking the rules a page uses out of the whole stylesheet (beasties) takes 0.3-1 s of
 * CPU, which on the main thread would hold every tick and answer that long. Plain CommonJS evaluated in place,
 * so it loads the same way under tsx, vitest and the bundle.
 */
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Beasties = require(workerData.beasties);
const beasties = new Beasties({
  path: workerData.root,
  publicPath: '/',
  compress: true,
  pruneSource: false,
  mergeStylesheets: true,
  reduceInlineStyles: false,
  preload: 'body',
  fonts: false,
  // The theme and colour settings, set on <html> by the page's first script from what the visitor stored: the
  // served page cannot know them.
  allowRules: [/^html\\[data-/],
  logLevel: 'silent',
});
beasties.process(workerData.html).then(
  (html) => parentPort.postMessage({ html }),
  (error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) }),
);
`;

/** A worker that neither answers nor exits within this is given up: the page keeps its stylesheet links. */
const EXTRACT_TIMEOUT_MS = 30_000;

const STYLE_ELEMENT = /<style[^>]*>([\s\S]*?)<\/style>/g;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g;
const FONT_FACE = /@font-face\s*\{[^}]*\}/g;

/**
 * The critical CSS of `html` (a drawn page as served, its stylesheets read from `webRoot`): the rules its
 * elements match, then the font faces taken from the device (`local()` only). Those cost no download and keep the
 * first frame in the typeface the full styles use, so nothing reflows when they arrive; faces that download
 * (the web font) come with the full stylesheets, as they would have. Null when there is nothing to inline.
 */
export async function extractCriticalCss(webRoot: string, html: string): Promise<string | null> {
  const inlined = await inWorker(webRoot, html);
  const head = inlined.slice(0, Math.max(0, inlined.indexOf('</head>')));
  const rules = [...head.matchAll(STYLE_ELEMENT)].map((match) => match[1] ?? '').join('');
  if (!rules) return null;
  return `${localFontFaces(webRoot, html)}${rules}`;
}

function inWorker(webRoot: string, html: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { beasties: createRequire(import.meta.url).resolve('beasties'), root: webRoot, html },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`critical CSS: no answer within ${EXTRACT_TIMEOUT_MS} ms`));
    }, EXTRACT_TIMEOUT_MS);
    const settle = () => clearTimeout(timer);
    worker.once('message', (message: { html?: string; error?: string }) => {
      settle();
      void worker.terminate();
      if (message.html === undefined) reject(new Error(`critical CSS: ${message.error ?? 'no page'}`));
      else resolve(message.html);
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      settle();
      reject(new Error(`critical CSS: worker exited with ${code}`));
    });
  });
}

/** The `@font-face` rules of the page's stylesheets whose every source is on the device. */
export function localFontFaces(webRoot: string, html: string): string {
  const faces: string[] = [];
  for (const [, href] of html.matchAll(STYLESHEET_LINK)) {
    const file = join(webRoot, href ?? '');
    if (!href || href.includes('..') || !existsSync(file)) continue;
    for (const [face] of readFileSync(file, 'utf8').matchAll(FONT_FACE)) {
      if (face.includes('local(') && !face.includes('url(')) faces.push(face);
    }
  }
  return faces.join('');
}

/**
 * `html` with `css` inlined where its head's stylesheets were. The stylesheets are preloaded from the head and
 * linked by the web app once the drawing is painted (lib/preloaded-styles.ts): parsed where the page is, they
 * would restyle and lay out the whole drawing before its first frame, only for the app to replace it. A browser
 * without scripts links them from a `<noscript>` just before `marker` (what follows the drawing). The page
 * unchanged when its head has no stylesheet or its body no `marker`.
 */
export function withCriticalCss(html: string, css: string, marker: string): string {
  const end = html.indexOf('</head>');
  const at = html.indexOf(marker, end);
  if (end < 0 || at < 0) return html;
  const head = html.slice(0, end);
  const links = head.match(STYLESHEET_LINK);
  if (!links) return html;
  const first = head.indexOf(links[0]);
  const style = `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  // Preloaded from the head still, so the scripts (which wait for every stylesheet before them) are not held
  // back by a fetch that starts only where the parser meets the link.
  const preloads = links.map((link) => link.replace('rel="stylesheet"', 'rel="preload" as="style"')).join('');
  const movedHead = `${head.slice(0, first)}${style}${preloads}${head.slice(first).replace(STYLESHEET_LINK, '')}`;
  return `${movedHead}${html.slice(end, at)}<noscript>${links.join('')}</noscript>${html.slice(at)}`;
}

import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Language } from '@spreadscope/core';
import type { FastifyBaseLogger } from 'fastify';

/** What apps/web/src/first-paint/render-page.tsx exports (the web build's dist-ssr/render-page.js). */
export interface FirstPaintInput {
  readonly viewportWidth: number;
  readonly boot: Readonly<Record<string, unknown>>;
}
export type PageRenderer = (paint: FirstPaintInput) => string;
interface FirstPaintModule {
  preparePage(path: string, language: Language): Promise<PageRenderer | null>;
}

/** The width each class of screen is drawn at (spec §9: phone, tablet, laptop, desktop). */
export const CLASS_WIDTHS = { sm: 360, md: 768, lg: 1280, xl: 1921 } as const;
export type WidthClass = keyof typeof CLASS_WIDTHS;
export const PHONE_WIDTH = CLASS_WIDTHS.sm;
export const TABLET_WIDTH = CLASS_WIDTHS.md;
export const LAPTOP_WIDTH = CLASS_WIDTHS.lg;

/** Asks Chromium browsers for the viewport's width on every later request, so the guess below is needed once. */
export const WIDTH_HINTS = 'Sec-CH-Viewport-Width';
/** What a drawn page depends on besides its encoding, for any cache between us and the browser. */
export const DRAWN_PAGE_VARY = 'Accept-Encoding, Sec-CH-Viewport-Width, Sec-CH-UA-Mobile, User-Agent';

/** The spec §9 width class of a screen this wide; classes as in the web app's use-width-class.ts. */
export function widthClassOf(width: number): WidthClass {
  return width < 700 ? 'sm' : width < 1280 ? 'md' : width < 1921 ? 'lg' : 'xl';
}

/**
 * The width to draw a page at. A browser that has seen our Accept-CH says how wide its viewport is; before that
 * the server cannot see the screen: a phone says so (`Sec-CH-UA-Mobile: ?1` from Chromium browsers, "Mobile" in
 * the user agent elsewhere), a tablet names itself, anything else is laid out as a laptop. Exact widths map to
 * their class's width, so each class is one cached drawing. A wrong guess is never shown: the drawn root names
 * its class and the stylesheet hides it at another width until the app has drawn the page.
 */
export function assumedViewportWidth(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): number {
  const told = Number(headers['sec-ch-viewport-width']);
  if (Number.isFinite(told) && told > 0) return CLASS_WIDTHS[widthClassOf(told)];
  if (headers['sec-ch-ua-mobile'] === '?1') return PHONE_WIDTH;
  const agent = String(headers['user-agent'] ?? '');
  if (/iPad|Tablet/i.test(agent)) return TABLET_WIDTH;
  if (/Mobi|Android|iPhone/i.test(agent)) return PHONE_WIDTH;
  return LAPTOP_WIDTH;
}

/**
 * Loads the web build's first-paint renderer once, on first use. Without it (a build without dist-ssr, a module
 * that fails to load or to render) pages go out as before, drawn by the browser: a first paint is a speed-up,
 * never a reason for a page to fail.
 */
export function firstPaintRenderer(file: string, log: FastifyBaseLogger) {
  let loaded: Promise<FirstPaintModule | null> | undefined;
  const load = () => {
    loaded ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<FirstPaintModule>).catch((error: unknown) => {
          log.warn(
            { err: error, file },
            'first paint: renderer failed to load; pages are drawn by the browser',
          );
          return null;
        })
      : Promise.resolve(null);
    return loaded;
  };
  let failures = 0;
  return async (path: string, language: Language): Promise<PageRenderer | null> => {
    const module = await load();
    const renderer = await module?.preparePage(path, language).catch((error: unknown) => {
      log.warn({ err: error, path }, 'first paint: page failed to prepare');
      return null;
    });
    if (!renderer) return null;
    return (paint) => {
      try {
        return renderer(paint);
      } catch (error) {
        // Once is enough to tell the operator; a broken renderer would otherwise log every page view.
        if (failures++ === 0) log.warn({ err: error, path }, 'first paint: page failed to render');
        return '';
      }
    };
  };
}

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

/** The widths the first paint is laid out for: spec §9's phone and laptop classes. */
export const PHONE_WIDTH = 360;
export const TABLET_WIDTH = 768;
export const LAPTOP_WIDTH = 1280;

/**
 * The server cannot see the screen: a phone says so (`Sec-CH-UA-Mobile: ?1` from Chromium browsers, "Mobile" in
 * the user agent elsewhere), a tablet names itself, anything else is laid out as a laptop. A wrong guess only
 * costs the first moments: the browser draws the page at its real width as soon as its code is in.
 */
export function assumedViewportWidth(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): number {
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

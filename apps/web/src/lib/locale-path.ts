import { DEFAULT_LANGUAGE, type Language } from '@spreadscope/core';

/**
 * Routes carry an optional locale prefix (spec §2): Korean, the default, has none; English lives under /en.
 * These helpers are the only place that knows the prefix shape.
 */
const PREFIX: Readonly<Record<Language, string>> = { ko: '', en: '/en' };

export function languageFromPath(pathname: string): Language {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : DEFAULT_LANGUAGE;
}

/** The route without its locale prefix: `/en/premium` → `/premium`, `/en` → `/`. */
export function stripLocale(pathname: string): string {
  if (languageFromPath(pathname) === 'en') return pathname.slice(3) || '/';
  return pathname || '/';
}

/** A route as written for one language: `/premium` in en → `/en/premium`, `/` in en → `/en`. */
export function localizePath(path: string, language: Language): string {
  const bare = path.startsWith('/') ? path : `/${path}`;
  const prefix = PREFIX[language];
  if (!prefix) return bare;
  return bare === '/' ? prefix : `${prefix}${bare}`;
}

/** The same page in another language, keeping the query (filters) and hash. */
export function switchLanguageHref(
  location: { pathname: string; search: string; hash: string },
  language: Language,
): string {
  return `${localizePath(stripLocale(location.pathname), language)}${location.search}${location.hash}`;
}

/**
 * The web app's pages, one table for both sides: the router in apps/web builds its routes from it, and the
 * server answers 200 for these paths and 404 (with the same app shell, which renders the not-found page) for
 * every other page path. `''` is the landing page; `:name` is one path segment. Each page exists in Korean
 * at the root and in English under /en.
 */
export const PAGE_ROUTES = [
  '',
  'premium',
  'premium/:symbol',
  'premium-index',
  'arbitrage',
  'arbitrage/spot-to-perpetual',
  'arbitrage/perpetuals',
  'funding-rate',
  'funding-rate/:id',
  'exchanges',
  'login',
  'login/google-login',
  'signup',
  'register',
  'logout',
  'forgot-password',
  'reset-password',
  'my/account',
  'my/account/password',
  'terms',
  'privacy',
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

/** The English pages' prefix (Korean, the default, has none). */
export const ENGLISH_PREFIX = '/en';

const PATTERNS = PAGE_ROUTES.map((route) => (route === '' ? [] : route.split('/')));

/**
 * Whether a URL path (no query) is one of the app's pages, matched as the router matches it: segment by
 * segment, case-insensitively, a trailing slash ignored, with or without the /en prefix.
 */
export function isPagePath(path: string): boolean {
  let segments = path.split('/').filter((s) => s !== '');
  if (segments[0]?.toLowerCase() === ENGLISH_PREFIX.slice(1)) segments = segments.slice(1);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i]?.toLowerCase()),
  );
}

import { parseListingSlug } from './listing.ts';
import { isVenueId } from './venues.ts';

/**
 * The web app's pages, one table for both sides: the router in apps/web builds its routes from it, and the
 * server answers 200 for these paths and 404 (with the same app shell, which renders the not-found page) for
 * every other page path. `''` is the landing page; `:name` is one path segment. Each page exists in Korean
 * at the root and in English under /en.
 */
export const PAGE_ROUTES = [
  '',
  'premium',
  'dashboard',
  'premium/:symbol',
  'premium-index',
  'arbitrage',
  'arbitrage/spot-to-perpetual',
  'arbitrage/perpetuals',
  'funding-rate',
  'funding-rate/:id',
  'exchanges',
  'events',
  'token/:id/margin-borrow',
  'derivatives',
  'exchanges/:exchange',
  'token',
  'token/:id',
  'login',
  'login/google-login',
  'signup',
  'register',
  'logout',
  'forgot-password',
  'reset-password',
  'my/account',
  'my/account/password',
  'my/maxi',
  'api',
  'maxi-api',
  'my/subscription',
  'my/coupons',
  'my/referrals',
  'pricing',
  'alerts',
  'alerts/new',
  'alerts/edit/:id',
  'alerts/history',
  'alerts/settings',
  'terms',
  'privacy',
  'partnership',
  'contact-us',
  'about-datamaxi',
  'about-bisonai',
  'promotion',
  'dataset',
  'listing-arbitrage',
  'listing-arbitrage/history',
  'listing-arbitrage/:listing',
  'listing-arbitrage/:listing/deposit',
  'trend',
  'trend/overview',
  'trend/channels',
  'trend/posts',
  'trend/naver-search',
  'trend/channel/:channel',
  'dex',
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

/** The English pages' prefix (Korean, the default, has none). */
export const ENGLISH_PREFIX = '/en';

const PATTERNS = PAGE_ROUTES.map((route) => (route === '' ? [] : route.split('/')));

/**
 * Path parameters with a closed set of values: a page for a value outside it is a 404 (the server answers
 * 404 with the app shell, which renders the not-found page), like any unknown path.
 */
const PARAM_CHECKS: Readonly<Record<string, (value: string) => boolean>> = {
  ':exchange': (value) => isVenueId(value.toLowerCase()),
  // {exchange}-{quote}-{base}, all lowercase (spec §2): anything else is a 404.
  ':listing': (value) => parseListingSlug(value) !== null,
};

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
      pattern.every((part, i) =>
        part.startsWith(':')
          ? (PARAM_CHECKS[part]?.(decodeSegment(segments[i] ?? '')) ?? true)
          : part === segments[i]?.toLowerCase(),
      ),
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

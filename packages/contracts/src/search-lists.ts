/**
 * The plain lists behind the search and trend schemas. A module that only declares them: the first screen's
 * search box imports them without pulling the schema modules (and zod) into its bundle, which a bundler keeps
 * whole once any export of theirs is used.
 */

export const SEARCH_TYPES = [
  'all',
  'premium',
  'funding-rate',
  'telegram-channel',
  'telegram-post',
  'naver-search',
  'exchanges',
  'announcements',
] as const;

export const TREND_SOURCES = ['telegram', 'naver', 'google'] as const;
export type TrendSource = (typeof TREND_SOURCES)[number];

/** Why a source is off, each worded on the screens under trend.reasons. */
export const TREND_OFF_REASONS = [
  'needs_key',
  'no_source',
  'rate_limited',
  'rejected',
  'http_error',
  'network',
  'malformed',
  'unavailable',
] as const;

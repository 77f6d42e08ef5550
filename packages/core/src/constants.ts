/** Business constants of spec §9, named once. */

export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ko';
export const DEFAULT_TIME_ZONE = 'Asia/Seoul';

export const UPDATE_INTERVALS = ['realtime', '3s', '10s', '30s'] as const;
export type UpdateInterval = (typeof UPDATE_INTERVALS)[number];

/** How often a subscriber receives a table at each interval; real-time coalesces bursts to this period. */
export const UPDATE_INTERVAL_MS: Readonly<Record<UpdateInterval, number>> = {
  realtime: 500,
  '3s': 3_000,
  '10s': 10_000,
  '30s': 30_000,
};

/**
 * A quote counts as fresh within these windows (spec §9: 3 s, 6 s, 20 s, 60 s, 120 s). The first four pair with
 * the four update intervals; the fifth is the outer bound for slow sources (forex, REST-polled venues), past
 * which a venue is reported down rather than merely stale.
 */
export const FRESHNESS_MS: Readonly<Record<UpdateInterval, number>> = {
  realtime: 3_000,
  '3s': 6_000,
  '10s': 20_000,
  '30s': 60_000,
};
export const SLOW_SOURCE_FRESHNESS_MS = 120_000;

export const BREAKPOINTS = { mobile: 360, tablet: 700, laptop: 1280, desktop: 1921 } as const;

export const LIMITS = {
  ownedTokens: 20,
  pins: 10,
  pinsFree: 2,
  alertsFree: 1,
  alertsPaid: 10,
} as const;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Default history retention: 180 days. */
export const HISTORY_RETENTION_MS = 15_552_000_000;

/** Hide-volume filter: 24 h volume below $100K or ₩100M. */
export const LOW_VOLUME_USD = 100_000;
export const LOW_VOLUME_KRW = 100_000_000;

export const DEPTH_WINDOW = 0.02;
export const PREMIUM_DURATION_TOLERANCE = 0.2;
export const ESTIMATE_BUY_FEE = 0.001;
export const ESTIMATE_SELL_FEE = 0.001;
export const SEARCH_FUZZY_THRESHOLD = 0.4;
export const NETWORK_FEE_TIERS = [1, 2, 4, 8] as const;

/** `auto` market source: how long live venues get to answer before the simulator takes over. */
export const AUTO_SOURCE_TIMEOUT_MS = 15_000;

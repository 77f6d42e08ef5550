/**
 * The alert bot's vocabulary (spec §3 Alert, §4 Alerts, §9): strategies, data types, trigger conditions,
 * frequencies and the defaults a trader relies on. Shared by the form, the API schemas and the evaluator.
 */
import { MINUTE_MS } from './constants.ts';

export const ALERT_STRATEGIES = [
  'premium-price-gap',
  'premium-funding-gap',
  'listing-arbitrage',
  'single-funding',
  'favorite-portfolio',
  'top-funding-rate',
  'wallet-status',
] as const;
export type AlertStrategy = (typeof ALERT_STRATEGIES)[number];

/**
 * Spec §4: "price gap percent (also USD and USDT)". Our reading: the Kimchi gap in percent, read with the
 * conversion base the premium table uses by default (`price-gap-percent`, USD/KRW forex), or explicitly with
 * the USD/KRW forex rate (`price-gap-usd`) or Upbit's USDT/KRW (`price-gap-usdt`) — traders watch both,
 * because the two can differ in sign. Pairs of two dollar markets read the same under all three.
 */
export const ALERT_DATA_TYPES = [
  'price-gap-percent',
  'price-gap-usd',
  'price-gap-usdt',
  'funding-gap-percent',
  'funding-interval-change',
  'funding-direction-change',
  'funding-rate-percent',
] as const;
export type AlertDataType = (typeof ALERT_DATA_TYPES)[number];

export const ALERT_CONDITIONS = [
  'less-than',
  'greater-than',
  'equal-to',
  'cross-zero',
  'after-funding-distribution',
] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

export const ALERT_FREQUENCIES = ['once', 'every'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_INTERVAL_UNITS = ['minute', 'hour', 'day'] as const;
export type AlertIntervalUnit = (typeof ALERT_INTERVAL_UNITS)[number];
export const ALERT_UNIT_MS: Readonly<Record<AlertIntervalUnit, number>> = {
  minute: MINUTE_MS,
  hour: 60 * MINUTE_MS,
  day: 1440 * MINUTE_MS,
};
/** Spec §9: every-time alerts fire at most once a minute unless the rule asks for a longer interval. */
export const ALERT_MIN_INTERVAL_MS = MINUTE_MS;

/**
 * `fixed`: exactly two exchanges, the first bought (long), the second sold (short). `any`: every ordered pair
 * of the chosen exchanges, both ways round.
 */
export const ALERT_DIRECTIONS = ['any', 'fixed'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

export const ALERT_CHANNELS = ['telegram', 'toast', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** Listing-arbitrage alerts: what of a listing to be told about. */
export const ALERT_LISTING_TYPES = ['notice', 'deposit-open', 'trading-start'] as const;
export type AlertListingType = (typeof ALERT_LISTING_TYPES)[number];
export const UPBIT_QUOTE_MARKETS = ['KRW', 'USDT', 'BTC'] as const;
export type UpbitQuoteMarket = (typeof UPBIT_QUOTE_MARKETS)[number];
export const ALERT_FUNDING_INTERVALS = ['all', '1h', '2h', '4h', '8h'] as const;
export type AlertFundingInterval = (typeof ALERT_FUNDING_INTERVALS)[number];

/** Strategies that compare two markets (source vs target): they need at least two exchanges. */
export const PAIR_STRATEGIES: readonly AlertStrategy[] = [
  'premium-price-gap',
  'premium-funding-gap',
  'favorite-portfolio',
];
/** Strategies about perpetual funding: spot exchanges are not supported there. */
export const PERP_ONLY_STRATEGIES: readonly AlertStrategy[] = [
  'premium-funding-gap',
  'single-funding',
  'top-funding-rate',
];
/** Strategies that watch one token only. */
export const SINGLE_TOKEN_STRATEGIES: readonly AlertStrategy[] = ['single-funding'];
/** Strategies over every token of the chosen exchanges (minus the blacklist): tokens are optional. */
export const ALL_TOKEN_STRATEGIES: readonly AlertStrategy[] = [
  'top-funding-rate',
  'listing-arbitrage',
  'wallet-status',
];
/**
 * Strategies fired by an event, not by a level crossing on the tick: a wallet's deposit or withdrawal changing
 * (wallet status), a listing's notice, deposit opening or trading start (listing arbitrage). Their threshold
 * is optional: when set, the token's premium at that moment must meet the condition as well.
 */
export const EVENT_STRATEGIES: readonly AlertStrategy[] = ['listing-arbitrage', 'wallet-status'];
/** Data types each strategy offers (the form's second select follows the first). */
export const STRATEGY_DATA_TYPES: Readonly<Record<AlertStrategy, readonly AlertDataType[]>> = {
  'premium-price-gap': ['price-gap-percent', 'price-gap-usd', 'price-gap-usdt'],
  'premium-funding-gap': ['funding-gap-percent'],
  'listing-arbitrage': ['price-gap-percent'],
  'single-funding': ['funding-rate-percent', 'funding-interval-change', 'funding-direction-change'],
  'favorite-portfolio': ['price-gap-percent', 'price-gap-usd', 'price-gap-usdt', 'funding-gap-percent'],
  'top-funding-rate': ['funding-rate-percent'],
  'wallet-status': ['price-gap-percent'],
};
/** Data types that describe an event (a change), not a level: the threshold is not used. */
export const CHANGE_DATA_TYPES: readonly AlertDataType[] = [
  'funding-interval-change',
  'funding-direction-change',
];
/** Funding data types: read from perpetual legs only. */
export const FUNDING_DATA_TYPES: readonly AlertDataType[] = [
  'funding-gap-percent',
  'funding-interval-change',
  'funding-direction-change',
  'funding-rate-percent',
];

/** The most tokens one alert may watch (a paid plan; Free watches one). */
export const ALERT_MAX_TOKENS = 20;
export const ALERT_NAME_MAX = 60;
export const ALERT_MESSAGE_MAX = 500;
export const ALERT_BLACKLIST_MAX = 100;

/**
 * Hysteresis when a rule sets none: a fired level re-arms only after the value has moved back past the
 * threshold by a tenth of it (at least 0.01 in the rule's unit), so a value hovering at the line fires once.
 */
export function defaultHysteresis(threshold: number): number {
  return Math.max(Math.abs(threshold) * 0.1, 0.01);
}

/** A quote older than this never triggers an alert (spec §9's outer freshness bound for slow sources). */
export const ALERT_STALE_MS = 120_000;

/**
 * The choices a trader makes on the premium, arbitrage and funding tables (spec §4, §5, §9), named once so the
 * engine, the API contracts and the screens agree on every spelling.
 */

export const MARKET_TYPES = ['spot', 'perp'] as const;

/** Which market type each side of a row trades: source first (spec §4 "premium types"). */
export const PREMIUM_TYPES = ['spot-spot', 'spot-perp', 'perp-spot', 'perp-perp'] as const;
export type PremiumType = (typeof PREMIUM_TYPES)[number];

/** Kimchi: a Korean KRW market over an overseas one. Global: two overseas markets. */
export const PREMIUM_SCOPES = ['kimchi', 'global'] as const;
export type PremiumScope = (typeof PREMIUM_SCOPES)[number];

/** The three arbitrage tables of spec §2/§7: which market types the buy (source) and sell (target) legs are. */
export const ARBITRAGE_KINDS = ['spot-spot', 'spot-perp', 'perp-perp'] as const;
export type ArbitrageKind = (typeof ARBITRAGE_KINDS)[number];

/** Quotes a leg of a premium or arbitrage row can have: KRW, and the dollars taken at par with each other. */
export const SPREAD_QUOTES = ['KRW', 'USDT', 'USDC', 'USD'] as const;
export type SpreadQuote = (typeof SPREAD_QUOTES)[number];

/** Spec §5 fee deduction options. */
export const FEE_MODES = ['maker', 'taker', 'none', 'withdrawal'] as const;
export type FeeMode = (typeof FEE_MODES)[number];

/** Spec §4 network selection. */
export const NETWORK_CHOICES = ['all', 'faster', 'cheaper'] as const;
export type NetworkChoice = (typeof NETWORK_CHOICES)[number];

/** Spec §4 arbitrage states. */
export const ARBITRAGE_STATES = ['trading_available', 'deposit_available', 'awaiting_deposit'] as const;
export type ArbitrageState = (typeof ARBITRAGE_STATES)[number];

/** Look-back windows of a gap or a price (spec §3: per 5m, 15m, 30m, 1h, 4h, 24h). */
export const GAP_WINDOWS = ['5m', '15m', '30m', '1h', '4h', '24h'] as const;
export type GapWindow = (typeof GAP_WINDOWS)[number];
export const GAP_WINDOW_MINUTES: Readonly<Record<GapWindow, number>> = {
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '1h': 60,
  '4h': 240,
  '24h': 1_440,
};

/** Spec §5 premium duration filter. */
export const DURATION_FILTERS = ['all', ...GAP_WINDOWS] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];

/** Spec §5 funding interval filter. */
export const FUNDING_INTERVAL_FILTERS = ['all', '1h', '2h', '4h', '8h'] as const;
export type FundingIntervalFilter = (typeof FUNDING_INTERVAL_FILTERS)[number];

/** Spec §9 funding history ranges. */
export const HISTORY_RANGES = ['1d', '7d', '30d', '1y'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const HISTORY_RANGE_MS: Readonly<Record<HistoryRange, number>> = {
  '1d': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '1y': 365 * 86_400_000,
};

/** Chart candle intervals served from the 1-minute rollups. */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const CANDLE_INTERVAL_MS: Readonly<Record<CandleInterval, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

/** Where market data comes from, and how each venue's link is doing; shared by feeds, server and web. */

export const DATA_SOURCE_MODES = ['live', 'simulated', 'replay'] as const;
export type DataSourceMode = (typeof DATA_SOURCE_MODES)[number];

/** What the operator asked for with MARKET_SOURCE. */
export type RequestedSource = 'auto' | 'live' | 'sim' | `replay:${string}`;

export interface DataSourceState {
  readonly mode: DataSourceMode;
  readonly requested: string;
  /** Epoch ms when this mode began. */
  readonly since: number;
  /** Why this mode is in use when it differs from the request (e.g. no live venue answered). */
  readonly reason: string | null;
}

export const VENUE_STATUSES = [
  'connected',
  'connecting',
  'degraded',
  'down',
  'disabled',
  'unsupported',
] as const;
export type VenueStatus = (typeof VENUE_STATUSES)[number];

/** What a live venue feed carries: tickers per market type, books, funding, wallets, notices, AMM pools, forex. */
export const FEED_KINDS = [
  'spot-tickers',
  'perp-tickers',
  'books',
  'funding',
  'wallets',
  'notices',
  'market-flags',
  'pools',
  'forex',
  'margin',
  'fees',
  'open-interest',
  'liquidations',
] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** How a feed reaches its venue: a WebSocket stream, HTTP polling, or reads of a chain node (JSON-RPC). */
export const FEED_TRANSPORTS = ['ws', 'rest', 'chain'] as const;
export type FeedTransport = (typeof FEED_TRANSPORTS)[number];

/** The capability map's keys: every venue feed kind but forex, plus candles fetched on request. */
export const CAPABILITY_KEYS = [
  'spot-tickers',
  'perp-tickers',
  'books',
  'funding',
  'wallets',
  'notices',
  'market-flags',
  'pools',
  'margin',
  'fees',
  'open-interest',
  'liquidations',
  'candles',
] as const;
export type CapabilityKey = (typeof CAPABILITY_KEYS)[number];

/** How a capability is read: streamed, polled, read from a chain, fetched on request, or not at all. */
export const CAPABILITY_VIAS = ['ws', 'rest', 'chain', 'on-demand', 'none'] as const;
export type CapabilityVia = (typeof CAPABILITY_VIAS)[number];

/**
 * Why the ingest refused a market event before it could count (rank, chart, feed depth): a crossed top of book,
 * a number that is no price (non-finite, ≤ 0, beyond any traded price), an absurd jump against the venue's own
 * recent prices (or, for a first price, against other venues'), an event older than the last one applied for
 * that market, or one stamped in the future.
 */
export const FEED_REJECT_REASONS = ['crossed', 'invalid', 'jump', 'out-of-order', 'future'] as const;
export type FeedRejectReason = (typeof FEED_REJECT_REASONS)[number];

import type {
  BackoffPolicy,
  CapabilityKey,
  CapabilityVia,
  MarketEvent,
  MarketType,
  VenueId,
} from '@spreadscope/core';
import type { FeedLogger } from '../common/logger.ts';
import type { VenueOverride } from '../common/venue-overrides.ts';
import type { FetchLike } from '../live/http-seam.ts';
import type { SupervisedTask } from '../supervisor/feed-health.ts';

export type { CapabilityKey } from '@spreadscope/core';

/** What a venue publishes that we read, and how. Keys are feed kinds plus on-demand candles. */
export interface Capability {
  /** How we read it: a stream, HTTP polling, chain reads, on request, or not at all. */
  readonly via: CapabilityVia;
  /** What takes over while the stream is down. */
  readonly fallback?: 'rest';
  /** Only with a read-only API key from configuration (VENUE_<ID>_API_KEY …); `configured` says if one is. */
  readonly needsKey?: { readonly configured: boolean };
  /** Why it is unsupported or limited, in plain words. */
  readonly note?: string;
}

export type CapabilityMap = Readonly<Partial<Record<CapabilityKey, Capability>>>;

/** Tunables shared by every adapter; all have env overrides (see market-source-env.ts). */
export interface FeedSettings {
  /** REST ticker polling, and the fallback while a ticker stream is down (ms). */
  readonly pollIntervalMs: number;
  readonly fundingIntervalMs: number;
  readonly walletIntervalMs: number;
  readonly noticeIntervalMs: number;
  readonly poolIntervalMs: number;
  /** REST order-book polling where a venue has no book stream, and the fallback (ms). */
  readonly bookIntervalMs: number;
  /** A stream silent for this long is restarted (ms). */
  readonly silenceMs: number;
  /**
   * How often a venue's market list is read again (ms): markets listed since join the running streams and
   * polls, without reconnecting.
   */
  readonly marketsRefreshMs: number;
  /** Order books are kept for this many markets per market type, the most traded first (0 = none). */
  readonly bookMarkets: number;
  readonly requestTimeoutMs: number;
  readonly backoff: BackoffPolicy;
  /** Use WebSocket streams where a venue has them (default); false polls REST everywhere. */
  readonly streams: boolean;
  /**
   * Space requests by ccxt's per-venue rate limiter (default). Tests of venues whose requests weigh much
   * turn it off (a Hyperliquid request costs 20 units, a second of waiting each, against fixtures that
   * answer at once).
   */
  readonly clientThrottle?: boolean;
}

export interface AdapterContext {
  readonly venue: VenueId;
  readonly override: VenueOverride;
  readonly settings: FeedSettings;
  readonly fetch: FetchLike;
  readonly clock: () => number;
  readonly random: () => number;
  readonly logger: FeedLogger;
  readonly emit: (event: MarketEvent) => void;
  /** Something operators see changed (a feed's status or error). */
  readonly onChange: () => void;
}

export interface CandleRequest {
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
  /** `1m`, `5m`, `15m`, `30m`, `1h`, `4h`, `1d` … as the venue offers them. */
  readonly interval: string;
  /** Epoch ms of the first candle wanted; omitted = the most recent ones. */
  readonly since?: number;
  readonly limit?: number;
}

/** One candle in the spec's short keys (time = open time, epoch ms). */
export interface Candle {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/** One venue's live connectivity: its capability map, its supervised feeds, and candles on request. */
export interface VenueAdapter {
  readonly venue: VenueId;
  capabilities(): CapabilityMap;
  /** The venue's supervised feeds (built once, started by the live source). */
  tasks(): readonly SupervisedTask[];
  fetchCandles?(request: CandleRequest): Promise<Candle[]>;
  /** Releases sockets and timers after the tasks have stopped. */
  close(): Promise<void>;
}

/** Thrown for a request the venue cannot answer (unknown market, interval it does not offer …). */
export class VenueRequestError extends Error {
  override readonly name = 'VenueRequestError';
}

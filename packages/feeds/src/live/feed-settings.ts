import { DEFAULT_BACKOFF, FRESHNESS_MS } from '@spreadscope/core';
import type { FeedSettings } from '../venues/adapter.ts';

/** Defaults for every live feed; each has an environment override (market-source-env.ts). */
export const DEFAULT_FEED_SETTINGS: FeedSettings = {
  // Below the real-time freshness window (spec §9: 3 s) with room for the request's own latency, so a
  // polled quote never turns stale between two polls. Each polled venue's limit allows it (ccxt-venues.ts
  // cites them); where one does not, the venue's feed sets its own floor (minPollMs).
  pollIntervalMs: 2_000,
  fundingIntervalMs: 60_000,
  walletIntervalMs: 5 * 60_000,
  noticeIntervalMs: 60_000,
  poolIntervalMs: 15_000,
  bookIntervalMs: 10_000,
  // A busy venue's ticker stream never goes quiet for long; silence past the 10 s interval's freshness
  // window (spec §9: 20 s) means the socket is dead even if it has not said so.
  silenceMs: FRESHNESS_MS['10s'],
  // Depth on each arbitrage row needs the books of the markets traded most; 25 per venue and market type,
  // fewer where a venue's stream limits say so (ccxt-venues.ts, KOREAN_BOOKS and maxMarkets).
  bookMarkets: 25,
  // New listings matter most in their first minutes (listing arbitrage); a market list is one request (a
  // few on venues that split spot and perpetuals) and most venues weigh it lightly.
  marketsRefreshMs: 10 * 60_000,
  requestTimeoutMs: 10_000,
  backoff: DEFAULT_BACKOFF,
  streams: true,
};

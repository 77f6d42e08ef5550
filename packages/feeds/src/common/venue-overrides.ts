import { isVenueId, type VenueId } from '@spreadscope/core';

/**
 * Per-venue operator settings. Kept as one open record per venue so later adapters (WebSocket URLs, API
 * keys for private data) add fields here instead of new top-level options.
 */
export interface VenueOverride {
  /** Leave this venue out entirely (reported as `disabled`). */
  readonly disabled?: boolean;
  /**
   * Send this venue's REST requests here instead: the origin (and any path prefix) replaces the venue's
   * own host, the request path is kept. For proxies, regional endpoints and tests.
   */
  readonly baseUrl?: string;
  /** Poll this venue at its own pace (ms) instead of the source-wide interval. */
  readonly pollIntervalMs?: number;
  /**
   * Open this venue's WebSockets here instead: scheme, host and any path prefix replace the venue's own,
   * the stream path is kept (proxies, testnets, regional endpoints, recorded streams in tests).
   */
  readonly wsUrl?: string;
  /**
   * A read-only API key for the data some venues publish only to key holders (deposit/withdraw status
   * on Binance, Bybit, OKX, MEXC, Upbit). Never logged; never needed for prices.
   */
  readonly apiKey?: string;
  readonly apiSecret?: string;
  /** OKX calls it a passphrase. */
  readonly apiPassword?: string;
}

export type VenueOverrides = Partial<Record<VenueId, VenueOverride>>;

export function disabledVenueIds(overrides: VenueOverrides | undefined): Set<VenueId> {
  const disabled = new Set<VenueId>();
  for (const [venue, override] of Object.entries(overrides ?? {})) {
    if (override?.disabled && isVenueId(venue)) disabled.add(venue);
  }
  return disabled;
}

export const DISABLED_REASON = 'disabled by configuration';

import type { VenueId, VenueStatus } from '@spreadscope/core';
import type { FeedHealth, FeedKind } from './feed-health.ts';

/** Feeds that carry prices: a venue whose price feeds are all down is down, whatever else still works. */
const PRICE_FEEDS: ReadonlySet<FeedKind> = new Set(['spot-tickers', 'perp-tickers', 'pools']);

/**
 * Feeds about a venue rather than its prices: its notice board and market-list flags, margin borrow rates, open
 * interest, liquidations. Each reports its own health in the venue's feed list, but none of them turns the
 * venue's prices "delayed" or "down" (a notice page that is down, a margin endpoint that needs a key or a quiet
 * liquidation socket is not a price problem).
 */
const INFO_FEEDS: ReadonlySet<FeedKind> = new Set([
  'notices',
  'market-flags',
  'margin',
  'open-interest',
  'liquidations',
]);

export interface VenueHealth {
  readonly status: VenueStatus;
  readonly lastMessageAt: number | null;
  readonly lastError: string | null;
}

/**
 * One venue's status from its feeds' health: `connected` when every feed that has started delivers,
 * `degraded` when some do not (or a stream is down and REST is standing in), `down` when no price feed
 * delivers, `connecting` before anything answered. Feeds still connecting don't count against a venue.
 */
export function venueHealth(all: readonly FeedHealth[]): VenueHealth {
  const market = all.filter((f) => !INFO_FEEDS.has(f.feed));
  const feeds = market.length > 0 ? market : all;
  const prices = feeds.filter((f) => PRICE_FEEDS.has(f.feed));
  // A venue's last message is its last price when it has price feeds: a notice is not a quote.
  const lastMessageAt = latest(
    prices.length > 0 ? prices.map((f) => f.lastMessageAt) : feeds.map((f) => f.lastMessageAt),
  );
  const errors = feeds
    .filter((f) => f.lastError !== null && f.status !== 'connecting')
    .map((f) => `${f.feed}: ${f.lastError}`);
  const lastError = errors.length > 0 ? errors.join('; ') : null;
  const active = feeds.filter((f) => f.status !== 'connecting');
  const delivering = (f: FeedHealth) => f.status === 'connected' || f.status === 'degraded';
  // Prices decide: no price answer yet is still connecting, whatever else answered. A side feed that already
  // failed (a refused key, say) is still named: the operator should not wait for prices to learn of it.
  if (active.length === 0 || (prices.length > 0 && prices.every((f) => f.status === 'connecting'))) {
    return { status: 'connecting', lastMessageAt, lastError };
  }
  if (prices.length > 0 && prices.every((f) => f.status !== 'connecting') && !prices.some(delivering)) {
    return { status: 'down', lastMessageAt, lastError };
  }
  if (!active.some(delivering)) return { status: 'down', lastMessageAt, lastError };
  if (active.every((f) => f.status === 'connected')) return { status: 'connected', lastMessageAt, lastError };
  return { status: 'degraded', lastMessageAt, lastError };
}

function latest(values: readonly (number | null)[]): number | null {
  return values.reduce<number | null>((max, v) => (v !== null && (max === null || v > max) ? v : max), null);
}

export type { VenueId };

import { type MarketEvent, VENUES, type VenueId } from '@spreadscope/core';
import type { VenueOverride, VenueOverrides } from '../common/venue-overrides.ts';
import { type FixtureRoutes, fixtureFetch } from '../live/fixtures/fixture-http.ts';
import type { FetchLike } from '../live/http-seam.ts';
import { LiveSource, type LiveSourceOptions } from '../live/live-source.ts';
import type { VenueLink } from '../market-source.ts';
import type { FeedSettings } from '../venues/adapter.ts';

/** Overrides that leave only `venues` enabled (every other registry venue disabled), plus their settings. */
export function onlyVenues(
  venues: readonly VenueId[],
  extra: Partial<Record<VenueId, VenueOverride>> = {},
): VenueOverrides {
  const overrides: VenueOverrides = {};
  for (const { id } of VENUES) overrides[id] = venues.includes(id) ? {} : { disabled: true };
  for (const [venue, override] of Object.entries(extra)) {
    overrides[venue as VenueId] = { ...overrides[venue as VenueId], ...override };
  }
  return overrides;
}

/** Short windows so supervision shows within a test; nothing asserts on how long anything takes. */
export const FAST_SETTINGS: Partial<FeedSettings> = {
  silenceMs: 600,
  pollIntervalMs: 150,
  bookIntervalMs: 200,
  fundingIntervalMs: 60_000,
  walletIntervalMs: 600_000,
  noticeIntervalMs: 600_000,
  poolIntervalMs: 600_000,
  bookMarkets: 1,
  requestTimeoutMs: 2_000,
  backoff: { baseMs: 40, maxMs: 300, jitter: 0.5 },
  // Fixtures answer at once; ccxt's own request spacing (up to a second a request) would only make the
  // tests wait.
  clientThrottle: false,
};

export interface Harness {
  readonly source: LiveSource;
  readonly events: MarketEvent[];
  link(venue: VenueId): VenueLink | undefined;
}

const running: LiveSource[] = [];

/** Starts a live source for the given venues; stopAll() in afterEach cleans up. */
export async function startLive(
  venues: readonly VenueId[],
  extra: Partial<Record<VenueId, VenueOverride>>,
  fetchFn: FetchLike,
  options: Partial<LiveSourceOptions> = {},
): Promise<Harness> {
  const source = new LiveSource({
    ...options,
    venues: onlyVenues(venues, extra),
    fetch: fetchFn,
    forexUrls: [],
    settings: { ...FAST_SETTINGS, ...options.settings },
  });
  running.push(source);
  const events: MarketEvent[] = [];
  await source.start((e) => events.push(e));
  return { source, events, link: (venue) => source.links().find((l) => l.venue === venue) };
}

/**
 * A live source for one venue that runs no loop of its own: every polled feed answers from `routes` when the
 * test calls `source.pollOnce()` (streams are replaced by their REST polls).
 */
export async function startManual(
  venue: VenueId,
  routes: FixtureRoutes,
  options: Partial<LiveSourceOptions> = {},
  requested: string[] = [],
): Promise<Harness> {
  return startLive([venue], {}, fixtureFetch(routes, requested), { manual: true, ...options });
}

export async function stopAll(): Promise<void> {
  for (const source of running.splice(0)) {
    await source.stop();
    await source.settled();
  }
}

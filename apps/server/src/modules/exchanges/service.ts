import type { ExchangesConnectionResponse, FeedHealthView, VenueConnection } from '@spreadscope/contracts';
import {
  FEED_REJECT_REASONS,
  FRESHNESS_MS,
  SLOW_SOURCE_FRESHNESS_MS,
  VENUES,
  type VenueStatus,
} from '@spreadscope/core';
import type { MarketEngine } from '@spreadscope/engine';
import type { FeedHealth, MarketSource } from '@spreadscope/feeds';

/** Feeds whose silence makes prices stale (spec §9 freshness); slower feeds (funding, wallets) poll by design. */
const PRICE_FEEDS = new Set(['spot-tickers', 'perp-tickers', 'pools']);

const NO_REJECTS = {
  total: 0,
  counts: Object.fromEntries(FEED_REJECT_REASONS.map((reason) => [reason, 0])) as Record<
    (typeof FEED_REJECT_REASONS)[number],
    number
  >,
  last: null,
};

/** How each venue's link is doing: what the source reports, checked against what the data itself says. */
export class ExchangesService {
  constructor(
    private readonly engine: MarketEngine,
    private readonly source: MarketSource,
  ) {}

  connection(): ExchangesConnectionResponse {
    const now = this.source.now();
    const state = this.source.state();
    const links = new Map(this.source.links().map((link) => [link.venue, link]));
    const activity = new Map(this.engine.venueActivity().map((a) => [a.venue, a]));
    const venues = VENUES.map((venue): VenueConnection => {
      const link = links.get(venue.id);
      const seen = activity.get(venue.id);
      const lastMessageAt = latest(link?.lastMessageAt ?? null, seen?.lastEventAt ?? null);
      const age = lastMessageAt === null ? null : Math.max(0, now - lastMessageAt);
      const instruments = seen?.instruments ?? 0;
      let status: VenueStatus = link?.status ?? 'unsupported';
      let lastError =
        link?.lastError ?? (link ? null : 'no adapter for this venue in the current data source');
      // A link that claims health but has gone quiet is not healthy: the data decides.
      if (status === 'connected' && age !== null && age > FRESHNESS_MS['10s']) {
        status = age > SLOW_SOURCE_FRESHNESS_MS ? 'down' : 'degraded';
        lastError = `no data for ${Math.round(age / 1000)} s`;
      }
      return {
        id: venue.id,
        name: venue.name,
        kind: venue.kind,
        region: venue.region,
        markets: [...venue.markets],
        status,
        dataSource: instruments > 0 ? state.mode : 'none',
        instruments,
        lastMessageAt,
        lastMessageAgeMs: age,
        lastError,
        feeds: (link?.feeds ?? []).map((feed) => feedView(feed, now)),
        capabilities: link?.capabilities ? { ...link.capabilities } : null,
        rejects: link?.rejects
          ? { total: link.rejects.total, counts: { ...link.rejects.counts }, last: link.rejects.last }
          : NO_REJECTS,
      };
    });
    const forex = this.source.forexHealth?.() ?? null;
    const liveFailures = this.source.liveFailures?.() ?? [];
    return {
      dataSource: state,
      serverTime: Date.now(),
      venues,
      forex: forex && {
        ...forex,
        lastRateAgeMs: forex.lastRateAt === null ? null : Math.max(0, now - forex.lastRateAt),
      },
      ...(liveFailures.length > 0 ? { liveFailures: [...liveFailures] } : {}),
    };
  }

  venuesConnected(): number {
    return this.connection().venues.filter((v) => v.status === 'connected').length;
  }
}

/** One feed as operators see it, with the same freshness rule as the venue for price feeds. */
function feedView(feed: FeedHealth, now: number): FeedHealthView {
  const age = feed.lastMessageAt === null ? null : Math.max(0, now - feed.lastMessageAt);
  let { status, lastError } = feed;
  if (PRICE_FEEDS.has(feed.feed) && status === 'connected' && age !== null && age > FRESHNESS_MS['10s']) {
    status = age > SLOW_SOURCE_FRESHNESS_MS ? 'down' : 'degraded';
    lastError = `no data for ${Math.round(age / 1000)} s`;
  }
  return { ...feed, status, lastError, lastMessageAgeMs: age };
}

function latest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

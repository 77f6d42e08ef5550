import type { CapabilityView, FeedHealthView, VenueConnection } from '@spreadscope/contracts';
import { CAPABILITY_KEYS, type CapabilityKey } from '@spreadscope/core';

/** Venues grouped the way traders read them: Korean exchanges first, then overseas, registry order kept. */
export function groupByRegion(
  venues: readonly VenueConnection[],
): { region: 'korea' | 'overseas'; venues: VenueConnection[] }[] {
  return (['korea', 'overseas'] as const)
    .map((region) => ({ region, venues: venues.filter((v) => v.region === region) }))
    .filter((g) => g.venues.length > 0);
}

/** How many venues are fully connected, out of those the data source reads at all. */
export function connectionSummary(venues: readonly VenueConnection[]): { up: number; total: number } {
  const read = venues.filter((v) => v.status !== 'unsupported' && v.status !== 'disabled');
  return { up: read.filter((v) => v.status === 'connected').length, total: read.length };
}

/** Whether REST is standing in for a feed's stream right now. */
export function usingFallback(feed: FeedHealthView): boolean {
  return feed.transport === 'ws' && feed.via === 'rest';
}

/** The capability columns worth showing: those any venue in the list says something about. */
export function capabilityColumns(venues: readonly VenueConnection[]): CapabilityKey[] {
  const present = new Set<CapabilityKey>();
  for (const venue of venues) {
    for (const [key, cap] of Object.entries(venue.capabilities ?? {})) {
      if (cap) present.add(key as CapabilityKey);
    }
  }
  return CAPABILITY_KEYS.filter((k) => present.has(k));
}

export interface CapabilityCell {
  readonly via: CapabilityView['via'];
  readonly fallback: boolean;
  readonly key: 'needed' | 'configured' | null;
  readonly note: string | null;
}

/** One cell of the capability matrix; a venue that says nothing about a key reads as "not read". */
export function capabilityCell(venue: VenueConnection, key: CapabilityKey): CapabilityCell {
  const cap = venue.capabilities?.[key];
  if (!cap) return { via: 'none', fallback: false, key: null, note: null };
  return {
    via: cap.via,
    fallback: cap.fallback === 'rest',
    key: cap.needsKey ? (cap.needsKey.configured ? 'configured' : 'needed') : null,
    note: cap.note ?? null,
  };
}

/** Feeds that are not healthy, in the order the venue lists them, and whether REST stands in. */
export function troubledFeeds(
  feeds: readonly FeedHealthView[],
): { feed: FeedHealthView['feed']; status: FeedHealthView['status']; fallback: boolean }[] {
  return feeds
    .filter((f) => f.status === 'down' || f.status === 'degraded')
    .map((f) => ({ feed: f.feed, status: f.status, fallback: usingFallback(f) }));
}

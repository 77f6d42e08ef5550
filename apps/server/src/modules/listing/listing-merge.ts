import type { ListingType } from '@spreadscope/core';
import type { ListingTimelineEntry, ListingUpsert } from '@spreadscope/db';
import type { ParsedListingNotice } from '@spreadscope/feeds';

export interface NoticeSeen {
  readonly venue: string;
  readonly title: string;
  readonly url: string;
  readonly publishedAt: number;
  /** When we read it (an edit re-read later has a later one). */
  readonly seenAt: number;
}

const fmt = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString());

/**
 * A listing event after one more reading of a notice about it: the first reading creates it; a later one (the
 * same notice edited, or a new notice postponing it) replaces the announced times it names and records on the
 * timeline what changed. Observed times (deposit opened, trading started) are never touched here.
 */
export function mergeNotice(
  existing: ListingUpsert | null,
  notice: NoticeSeen,
  parsed: ParsedListingNotice,
  token: { readonly base: string; readonly name: string | null },
  quote: string,
  type: ListingType,
): ListingUpsert | null {
  if (existing === null) {
    return {
      venue: notice.venue,
      quote,
      base: token.base,
      name: token.name,
      type,
      noticeUrl: notice.url,
      noticeTitle: notice.title,
      announcedAt: notice.publishedAt,
      depositAt: parsed.depositAt,
      sellAt: parsed.sellAt,
      tradingAt: parsed.tradingAt,
      networks: [...parsed.networks],
      postponed: parsed.postponed,
      depositOpenedAt: null,
      tradingStartedAt: null,
      peakPremium: null,
      timeline: [{ at: notice.publishedAt, kind: 'announced', detail: notice.title }],
      updatedAt: notice.seenAt,
    };
  }
  const sameNotice = existing.noticeUrl === notice.url;
  // A postponement says the old time no longer holds even when it names no new one.
  const tradingAt = parsed.tradingAt ?? (parsed.postponed ? null : existing.tradingAt);
  const next = {
    depositAt: parsed.depositAt ?? existing.depositAt,
    sellAt: parsed.sellAt ?? existing.sellAt,
    tradingAt,
    networks: [...new Set([...existing.networks, ...parsed.networks])],
    postponed: existing.postponed || parsed.postponed,
  };
  const changed =
    next.depositAt !== existing.depositAt ||
    next.sellAt !== existing.sellAt ||
    next.tradingAt !== existing.tradingAt ||
    next.networks.length !== existing.networks.length ||
    next.postponed !== existing.postponed ||
    (sameNotice && notice.title !== existing.noticeTitle);
  if (!changed) return null;
  const entry: ListingTimelineEntry = {
    at: notice.seenAt,
    kind: parsed.postponed ? 'postponed' : 'edited',
    detail:
      next.tradingAt !== existing.tradingAt
        ? `trading ${fmt(existing.tradingAt)} → ${fmt(next.tradingAt)}`
        : notice.title,
  };
  return {
    ...existing,
    ...next,
    name: existing.name ?? token.name,
    noticeUrl: notice.url,
    noticeTitle: notice.title,
    timeline: [...existing.timeline, entry],
    updatedAt: notice.seenAt,
  };
}

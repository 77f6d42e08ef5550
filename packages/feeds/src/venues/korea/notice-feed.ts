import { type NoticeEvent, noticeEventSchema, type VenueId } from '@spreadscope/core';

/** How many notice URLs a feed remembers to avoid publishing the same notice twice. */
const SEEN_LIMIT = 2_000;

/**
 * Remembers which notices were published already, so each poll emits only new ones (the first poll emits
 * the whole first page: the product starts with the recent notices). Bounded: old URLs are forgotten.
 */
export class NoticeDeduper {
  private readonly seen = new Set<string>();

  constructor(private readonly venue: VenueId) {}

  /** Candidates in newest-first order → the new, valid notice events, oldest first (tape order). */
  fresh(candidates: readonly Omit<NoticeEvent, 't' | 'type' | 'venue'>[], receivedAt: number): NoticeEvent[] {
    const events: NoticeEvent[] = [];
    for (const candidate of [...candidates].reverse()) {
      if (this.seen.has(candidate.url)) continue;
      const parsed = noticeEventSchema.safeParse({
        t: receivedAt,
        type: 'notice',
        venue: this.venue,
        ...candidate,
      });
      if (!parsed.success) continue;
      this.seen.add(candidate.url);
      events.push(parsed.data);
    }
    while (this.seen.size > SEEN_LIMIT) {
      const oldest = this.seen.values().next().value;
      if (oldest === undefined) break;
      this.seen.delete(oldest);
    }
    return events;
  }
}

/** `2025-11-21 13:40:00` in Korea (KST, UTC+9) → epoch ms; ISO strings with an offset are read as given. */
export function kstTime(text: unknown): number | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const trimmed = text.trim();
  const iso = /[zZ]|[+-]\d{2}:?\d{2}$/.test(trimmed) ? trimmed : `${trimmed.replace(' ', 'T')}+09:00`;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

import { type NoticeEvent, noticeEventSchema, type VenueId } from '@spreadscope/core';
import { classifyNotice, extractEffectiveAt, extractNetworks, extractTokens } from './notice-classify.ts';

/** One notice as a venue's list shows it, before classification. */
export interface NoticeCandidate {
  readonly title: string;
  /** The original notice on the venue's site: the dedupe key too. */
  readonly url: string;
  readonly publishedAt?: number | undefined;
  /** The venue's own labels (Bithumb's categories, Binance's catalog name, Bybit's type …). */
  readonly labels?: readonly string[];
  readonly summary?: string | undefined;
}

/** A candidate as a notice event: classified, with the tokens, networks and trading end its title names. */
export function noticeEvent(
  venue: VenueId,
  candidate: NoticeCandidate,
  receivedAt: number,
): NoticeEvent | null {
  const category = classifyNotice(candidate.title, candidate.labels);
  const tokens = extractTokens(candidate.title);
  const networks = extractNetworks(candidate.title);
  const effectiveAt =
    category === 'delisting' ? extractEffectiveAt(candidate.title, candidate.publishedAt) : undefined;
  const parsed = noticeEventSchema.safeParse({
    t: receivedAt,
    type: 'notice',
    venue,
    category,
    title: candidate.title,
    url: candidate.url,
    ...(candidate.summary ? { summary: candidate.summary } : {}),
    ...(candidate.publishedAt === undefined ? {} : { publishedAt: candidate.publishedAt }),
    ...(tokens.length > 0 ? { tokens: tokens.slice(0, 50) } : {}),
    ...(networks.length > 0 ? { networks } : {}),
    ...(effectiveAt === undefined ? {} : { effectiveAt }),
  });
  return parsed.success ? parsed.data : null;
}

/** How many notice URLs a feed remembers to avoid publishing the same notice twice. */
const SEEN_LIMIT = 2_000;

/**
 * Remembers which notices were published already, so each poll emits only new ones (the first poll emits
 * the whole first page: the product starts with the recent notices; the database dedupes across restarts).
 * Bounded: old URLs are forgotten.
 */
export class NoticeDeduper {
  private readonly seen = new Set<string>();

  constructor(private readonly venue: VenueId) {}

  /** Candidates in newest-first order → the new, valid notice events, oldest first (tape order). */
  fresh(candidates: readonly NoticeCandidate[], receivedAt: number): NoticeEvent[] {
    const events: NoticeEvent[] = [];
    for (const candidate of [...candidates].reverse()) {
      if (this.seen.has(candidate.url)) continue;
      const event = noticeEvent(this.venue, candidate, receivedAt);
      if (!event) continue;
      this.seen.add(candidate.url);
      events.push(event);
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

/** Epoch ms or seconds (venues send both, as numbers or strings) → epoch ms. */
export function epochMs(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return undefined;
  return n < 1e12 ? Math.round(n * 1000) : Math.round(n);
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

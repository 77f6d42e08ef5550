import { and, asc, desc, eq, gt, gte } from 'drizzle-orm';
import type { Database } from './database.ts';
import type { AnnouncementRecord } from './notices-repository.ts';
import { announcements } from './schema-notices.ts';
import { telegramPosts } from './schema-trends.ts';
import { assertMode, type ModeOption, type SourceMode } from './source-modes.ts';
import type { TelegramPostRecord } from './trends-repository.ts';

/**
 * What the global search's in-memory indexes read to fill and top themselves up: rows only, by the keys the
 * tables are indexed on, with no count (the list screens' reads count every match, which a refresh every few
 * seconds would pay for nothing — on PGlite's one connection).
 */
export interface SearchReads {
  readonly mode: SourceMode;
  /** Announcements with an id above `afterId` (every one from 0), lowest id first. */
  announcementsAfter(afterId: number, limit: number): Promise<AnnouncementRecord[]>;
  /** Posts published at or after `from` (every one without it), newest first. */
  postsSince(from: number | null, limit: number): Promise<TelegramPostRecord[]>;
}

export function createSearchReads(database: Database, options: { mode?: ModeOption } = {}): SearchReads {
  const modeOf = options.mode ?? 'live';
  const current = (): SourceMode => assertMode(typeof modeOf === 'function' ? modeOf() : modeOf);
  const { db } = database;
  return {
    get mode() {
      return current();
    },

    async announcementsAfter(afterId, limit) {
      const rows = await db
        .select()
        .from(announcements)
        .where(and(eq(announcements.sourceMode, current()), gt(announcements.id, afterId)))
        .orderBy(asc(announcements.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        venue: r.venue,
        category: r.category,
        title: r.title,
        summary: r.summary,
        url: r.url,
        publishedAt: r.publishedAt.getTime(),
        receivedAt: r.receivedAt.getTime(),
        tokens: r.tokens,
        networks: r.networks,
        effectiveAt: r.effectiveAt?.getTime() ?? null,
      }));
    },

    async postsSince(from, limit) {
      const mode = eq(telegramPosts.sourceMode, current());
      const rows = await db
        .select()
        .from(telegramPosts)
        .where(from === null ? mode : and(mode, gte(telegramPosts.publishedAt, new Date(from))))
        .orderBy(desc(telegramPosts.publishedAt), desc(telegramPosts.messageId))
        .limit(limit);
      return rows.map((r) => ({
        channel: r.channel,
        messageId: r.messageId,
        text: r.text,
        publishedAt: r.publishedAt.getTime(),
        views: r.views,
        forwards: r.forwards,
        reactions: r.reactions,
        tokens: r.tokens,
      }));
    },
  };
}

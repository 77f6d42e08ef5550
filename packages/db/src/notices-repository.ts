import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { announcements, marketCautions, tokenUpdates } from './schema-notices.ts';
import { createSearchReads } from './search-reads.ts';
import { assertMode, type ModeOption, type SourceMode } from './source-modes.ts';

export type AnnouncementCategory = 'listing' | 'delisting' | 'notice' | 'user_events';

/** An announcement as stored; times in epoch ms. */
export interface AnnouncementRecord {
  readonly id: number;
  readonly venue: string;
  readonly category: AnnouncementCategory;
  readonly title: string;
  readonly summary: string | null;
  readonly url: string;
  readonly publishedAt: number;
  readonly receivedAt: number;
  readonly tokens: readonly string[];
  readonly networks: readonly string[];
  readonly effectiveAt: number | null;
}

export type NewAnnouncement = Omit<AnnouncementRecord, 'id'>;

export interface AnnouncementQuery {
  readonly categories?: readonly AnnouncementCategory[];
  readonly venues?: readonly string[];
  /** Words of the title, or a token (exact, case-insensitive). */
  readonly search?: string;
  readonly token?: string;
  readonly from?: number;
  readonly to?: number;
  readonly sort: 'asc' | 'desc';
  readonly key: 'timestamp' | 'exchange' | 'category' | 'title';
  /** 1-based. */
  readonly page: number;
  readonly limit: number;
}

export interface TokenUpdateRecord {
  readonly id: number;
  readonly venue: string;
  readonly market: 'spot' | 'perp';
  readonly base: string;
  readonly quote: string;
  readonly update: 'listed' | 'delisted';
  readonly at: number;
}

export interface CautionRecord {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly level: 'caution' | 'warning';
  readonly reasons: readonly string[];
  readonly since: number;
}

export interface NoticesRepository {
  readonly mode: SourceMode;
  forMode(mode: ModeOption): NoticesRepository;
  /** Stores new announcements; ones already stored (same URL) are skipped. Returns those stored now. */
  insertAnnouncements(rows: readonly NewAnnouncement[]): Promise<AnnouncementRecord[]>;
  listAnnouncements(query: AnnouncementQuery): Promise<{ rows: AnnouncementRecord[]; total: number }>;
  /** Announcements with an id above `afterId`, lowest first, without a count (the search index's top-up). */
  announcementsAfter(afterId: number, limit: number): Promise<AnnouncementRecord[]>;
  /** Venues and categories that have announcements, with counts (filter options). */
  announcementFacets(): Promise<{
    venues: { venue: string; count: number }[];
    categories: { category: string; count: number }[];
  }>;
  /** Delisting announcements with a trading end at or after `from` (or none parsed), soonest first. */
  delistingSchedule(from: number, limit: number): Promise<AnnouncementRecord[]>;
  insertTokenUpdates(rows: readonly Omit<TokenUpdateRecord, 'id'>[]): Promise<TokenUpdateRecord[]>;
  listTokenUpdates(query: {
    readonly update?: 'listed' | 'delisted';
    readonly venues?: readonly string[];
    readonly sort: 'asc' | 'desc';
    readonly page: number;
    readonly limit: number;
  }): Promise<{ rows: TokenUpdateRecord[]; total: number }>;
  /** Applies a market's current caution state: a flag is kept (its `since` unchanged while the level holds), `none` removes it. */
  setCaution(
    row: Omit<CautionRecord, 'level'> & { readonly level: 'none' | 'caution' | 'warning' },
  ): Promise<void>;
  listCautions(query: {
    readonly venues?: readonly string[];
    readonly level?: 'caution' | 'warning';
  }): Promise<CautionRecord[]>;
}

const toAnnouncement = (row: typeof announcements.$inferSelect): AnnouncementRecord => ({
  id: row.id,
  venue: row.venue,
  category: row.category,
  title: row.title,
  summary: row.summary,
  url: row.url,
  publishedAt: row.publishedAt.getTime(),
  receivedAt: row.receivedAt.getTime(),
  tokens: row.tokens,
  networks: row.networks,
  effectiveAt: row.effectiveAt?.getTime() ?? null,
});

const toTokenUpdate = (row: typeof tokenUpdates.$inferSelect): TokenUpdateRecord => ({
  id: row.id,
  venue: row.venue,
  market: row.market,
  base: row.base,
  quote: row.quote,
  update: row.update,
  at: row.at.getTime(),
});

/** `%` and `_` in a user's search are literal characters, not patterns. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Announcements, token updates and caution flags, bound to one market source like the history repositories:
 * simulated notices are never served to a live deployment, nor live ones mixed into the simulator's list.
 */
export function createNoticesRepository(
  database: Database,
  options: { mode?: ModeOption } = {},
): NoticesRepository {
  const modeOf = options.mode ?? 'live';
  const current = (): SourceMode => assertMode(typeof modeOf === 'function' ? modeOf() : modeOf);
  const { db } = database;

  const announcementFilter = (query: Partial<AnnouncementQuery>): SQL | undefined => {
    const conditions: (SQL | undefined)[] = [eq(announcements.sourceMode, current())];
    if (query.categories && query.categories.length > 0)
      conditions.push(inArray(announcements.category, [...query.categories]));
    if (query.venues && query.venues.length > 0)
      conditions.push(inArray(announcements.venue, [...query.venues]));
    if (query.from !== undefined) conditions.push(gte(announcements.publishedAt, new Date(query.from)));
    if (query.to !== undefined) conditions.push(lte(announcements.publishedAt, new Date(query.to)));
    if (query.token) conditions.push(sql`${query.token.toUpperCase()} = any(${announcements.tokens})`);
    const search = query.search?.trim();
    if (search) {
      conditions.push(
        or(
          sql`${announcements.title} ilike ${likePattern(search)}`,
          sql`${search.toUpperCase()} = any(${announcements.tokens})`,
        ),
      );
    }
    return and(...conditions);
  };

  const repository: NoticesRepository = {
    get mode() {
      return current();
    },
    forMode: (mode) => createNoticesRepository(database, { mode }),

    async insertAnnouncements(rows) {
      if (rows.length === 0) return [];
      const mode = current();
      const inserted = await db
        .insert(announcements)
        .values(
          rows.map((r) => ({
            venue: r.venue,
            category: r.category,
            title: r.title,
            summary: r.summary,
            url: r.url,
            publishedAt: new Date(r.publishedAt),
            receivedAt: new Date(r.receivedAt),
            tokens: [...r.tokens],
            networks: [...r.networks],
            effectiveAt: r.effectiveAt === null ? null : new Date(r.effectiveAt),
            sourceMode: mode,
          })),
        )
        .onConflictDoNothing({ target: [announcements.url, announcements.sourceMode] })
        .returning();
      return inserted.map(toAnnouncement);
    },

    async listAnnouncements(query) {
      const where = announcementFilter(query);
      const direction = query.sort === 'asc' ? asc : desc;
      const column = {
        timestamp: announcements.publishedAt,
        exchange: announcements.venue,
        category: announcements.category,
        title: announcements.title,
      }[query.key];
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(announcements)
          .where(where)
          .orderBy(direction(column), direction(announcements.publishedAt), direction(announcements.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(announcements).where(where),
      ]);
      return { rows: rows.map(toAnnouncement), total: Number(totals[0]?.total ?? 0) };
    },

    announcementsAfter: (afterId, limit) =>
      createSearchReads(database, { mode: current }).announcementsAfter(afterId, limit),

    async announcementFacets() {
      const mode = eq(announcements.sourceMode, current());
      const [venues, categories] = await Promise.all([
        db
          .select({ venue: announcements.venue, count: count() })
          .from(announcements)
          .where(mode)
          .groupBy(announcements.venue)
          .orderBy(announcements.venue),
        db
          .select({ category: announcements.category, count: count() })
          .from(announcements)
          .where(mode)
          .groupBy(announcements.category)
          .orderBy(announcements.category),
      ]);
      return {
        venues: venues.map((v) => ({ venue: v.venue, count: Number(v.count) })),
        categories: categories.map((c) => ({ category: c.category, count: Number(c.count) })),
      };
    },

    async delistingSchedule(from, limit) {
      const rows = await db
        .select()
        .from(announcements)
        .where(
          and(
            eq(announcements.sourceMode, current()),
            eq(announcements.category, 'delisting'),
            or(
              gte(announcements.effectiveAt, new Date(from)),
              and(
                sql`${announcements.effectiveAt} is null`,
                gte(announcements.publishedAt, new Date(from - 30 * 86_400_000)),
              ),
            ),
          ),
        )
        .orderBy(sql`${announcements.effectiveAt} asc nulls last`, desc(announcements.publishedAt))
        .limit(limit);
      return rows.map(toAnnouncement);
    },

    async insertTokenUpdates(rows) {
      if (rows.length === 0) return [];
      const mode = current();
      const inserted = await db
        .insert(tokenUpdates)
        .values(rows.map((r) => ({ ...r, at: new Date(r.at), sourceMode: mode })))
        .onConflictDoNothing()
        .returning();
      return inserted.map(toTokenUpdate);
    },

    async listTokenUpdates(query) {
      const conditions: (SQL | undefined)[] = [eq(tokenUpdates.sourceMode, current())];
      if (query.update) conditions.push(eq(tokenUpdates.update, query.update));
      if (query.venues && query.venues.length > 0)
        conditions.push(inArray(tokenUpdates.venue, [...query.venues]));
      const where = and(...conditions);
      const direction = query.sort === 'asc' ? asc : desc;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(tokenUpdates)
          .where(where)
          .orderBy(direction(tokenUpdates.at), direction(tokenUpdates.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(tokenUpdates).where(where),
      ]);
      return { rows: rows.map(toTokenUpdate), total: Number(totals[0]?.total ?? 0) };
    },

    async setCaution(row) {
      const mode = current();
      const key = and(
        eq(marketCautions.sourceMode, mode),
        eq(marketCautions.venue, row.venue),
        eq(marketCautions.base, row.base),
        eq(marketCautions.quote, row.quote),
      );
      if (row.level === 'none') {
        await db.delete(marketCautions).where(key);
        return;
      }
      await db
        .insert(marketCautions)
        .values({
          ...row,
          level: row.level,
          reasons: [...row.reasons],
          since: new Date(row.since),
          sourceMode: mode,
        })
        .onConflictDoUpdate({
          target: [
            marketCautions.sourceMode,
            marketCautions.venue,
            marketCautions.base,
            marketCautions.quote,
          ],
          // A flag that keeps its level keeps its start; a new level starts now.
          set: {
            reasons: sql`excluded.reasons`,
            since: sql`case when ${marketCautions.level} = excluded.level then ${marketCautions.since} else excluded.since end`,
            level: sql`excluded.level`,
          },
        });
    },

    async listCautions(query) {
      const conditions: (SQL | undefined)[] = [eq(marketCautions.sourceMode, current())];
      if (query.venues && query.venues.length > 0)
        conditions.push(inArray(marketCautions.venue, [...query.venues]));
      if (query.level) conditions.push(eq(marketCautions.level, query.level));
      const rows = await db
        .select()
        .from(marketCautions)
        .where(and(...conditions))
        .orderBy(desc(marketCautions.level), desc(marketCautions.since), asc(marketCautions.base));
      return rows.map((r) => ({
        venue: r.venue,
        base: r.base,
        quote: r.quote,
        level: r.level,
        reasons: r.reasons,
        since: r.since.getTime(),
      }));
    },
  };
  return repository;
}

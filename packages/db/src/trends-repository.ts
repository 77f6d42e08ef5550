import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { searchTrendPoints, telegramChannelEdits, telegramChannels, telegramPosts } from './schema-trends.ts';
import { assertMode, type ModeOption, modeParam, type SourceMode } from './source-modes.ts';
import { arrayParam, BACKGROUND_ROWS_PER_STATEMENT, chunks } from './sql-arrays.ts';
import { cols, floats, lastPerKey, msToTimestamptz, updateFromExcluded } from './sql-time.ts';

export type ChannelCategory = 'korean' | 'english';

export interface TelegramChannelRecord {
  readonly username: string;
  readonly title: string;
  readonly description: string | null;
  readonly photoUrl: string | null;
  readonly category: ChannelCategory;
  readonly members: number | null;
  readonly createdAt: number | null;
  /** `ok`, or why the last read gave nothing (unavailable, malformed, rate_limited, http_error, network). */
  readonly status: string;
  readonly statusMessage: string | null;
  readonly readAt: number | null;
}

export interface TelegramPostRecord {
  readonly channel: string;
  readonly messageId: number;
  readonly text: string;
  readonly publishedAt: number;
  readonly views: number | null;
  readonly forwards: number | null;
  readonly reactions: number | null;
  readonly tokens: readonly string[];
}

/** Per channel: posts, views, forwards and reactions since a time. */
export interface ChannelActivity {
  readonly channel: string;
  readonly posts: number;
  readonly views: number;
  readonly forwards: number;
  readonly reactions: number;
  readonly lastPostAt: number | null;
}

export interface PostQuery {
  readonly channel?: string;
  readonly category?: ChannelCategory;
  readonly token?: string;
  readonly search?: string;
  readonly from?: number;
  readonly sort: 'asc' | 'desc';
  readonly key: 'publishedAt' | 'views' | 'forwards' | 'reactions' | 'channel';
  readonly page: number;
  readonly limit: number;
}

export interface ChannelEdit {
  readonly username: string;
  readonly action: 'add' | 'remove';
  readonly category: ChannelCategory;
  readonly at: number;
}

export interface TrendsRepository {
  readonly mode: SourceMode;
  forMode(mode: ModeOption): TrendsRepository;
  /** The operator's edits (not tied to a source: they say what to read, live). */
  channelEdits(): Promise<ChannelEdit[]>;
  editChannel(edit: ChannelEdit): Promise<void>;
  upsertChannel(row: TelegramChannelRecord): Promise<void>;
  /** Marks a channel's last read as failed, keeping what an earlier read stored. */
  markChannel(
    username: string,
    category: ChannelCategory,
    status: string,
    message: string,
    at: number,
  ): Promise<void>;
  channels(): Promise<TelegramChannelRecord[]>;
  /** Stores posts; one already stored has its counters (views grow) refreshed. */
  upsertPosts(rows: readonly TelegramPostRecord[]): Promise<void>;
  posts(query: PostQuery): Promise<{ rows: TelegramPostRecord[]; total: number }>;
  /** Token bases of every post since `from`, with its time: the mention counts are made from these. */
  postTokensSince(from: number): Promise<{ publishedAt: number; tokens: readonly string[] }[]>;
  activitySince(from: number): Promise<ChannelActivity[]>;
  latestPostAt(): Promise<number | null>;
  upsertSearchPoints(
    engine: 'naver' | 'google',
    rows: readonly { base: string; day: number; value: number }[],
  ): Promise<void>;
  searchSeries(
    engine: 'naver' | 'google',
    base: string | null,
    from: number,
  ): Promise<{ base: string; day: number; value: number }[]>;
  searchBases(engine: 'naver' | 'google'): Promise<string[]>;
}

const toChannel = (r: typeof telegramChannels.$inferSelect): TelegramChannelRecord => ({
  username: r.username,
  title: r.title,
  description: r.description,
  photoUrl: r.photoUrl,
  category: r.category,
  members: r.members,
  createdAt: r.createdAt?.getTime() ?? null,
  status: r.status,
  statusMessage: r.statusMessage,
  readAt: r.readAt?.getTime() ?? null,
});

const toPost = (r: typeof telegramPosts.$inferSelect): TelegramPostRecord => ({
  channel: r.channel,
  messageId: r.messageId,
  text: r.text,
  publishedAt: r.publishedAt.getTime(),
  views: r.views,
  forwards: r.forwards,
  reactions: r.reactions,
  tokens: r.tokens,
});

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Telegram channels and posts and search-interest series, kept apart per market source like notices. */
export function createTrendsRepository(
  database: Database,
  options: { mode?: ModeOption } = {},
): TrendsRepository {
  const modeOf = options.mode ?? 'live';
  const current = (): SourceMode => assertMode(typeof modeOf === 'function' ? modeOf() : modeOf);
  const { db } = database;

  const postFilter = (query: Partial<PostQuery>): SQL | undefined => {
    const conditions: (SQL | undefined)[] = [eq(telegramPosts.sourceMode, current())];
    if (query.channel) conditions.push(eq(telegramPosts.channel, query.channel));
    if (query.category) {
      conditions.push(
        inArray(
          telegramPosts.channel,
          db
            .select({ u: telegramChannels.username })
            .from(telegramChannels)
            .where(
              and(eq(telegramChannels.sourceMode, current()), eq(telegramChannels.category, query.category)),
            ),
        ),
      );
    }
    if (query.token) conditions.push(sql`${query.token.toUpperCase()} = any(${telegramPosts.tokens})`);
    if (query.from !== undefined) conditions.push(gte(telegramPosts.publishedAt, new Date(query.from)));
    const search = query.search?.trim();
    if (search) {
      conditions.push(
        or(
          ilike(telegramPosts.text, likePattern(search)),
          sql`${search.toUpperCase()} = any(${telegramPosts.tokens})`,
        ),
      );
    }
    return and(...conditions);
  };

  return {
    get mode() {
      return current();
    },
    forMode: (mode) => createTrendsRepository(database, { mode }),

    async channelEdits() {
      const rows = await db.select().from(telegramChannelEdits).orderBy(asc(telegramChannelEdits.at));
      return rows.map((r) => ({
        username: r.username,
        action: r.action,
        category: r.category,
        at: r.at.getTime(),
      }));
    },

    async editChannel(edit) {
      await db
        .insert(telegramChannelEdits)
        .values({ ...edit, at: new Date(edit.at) })
        .onConflictDoUpdate({
          target: telegramChannelEdits.username,
          set: { action: edit.action, category: edit.category, at: new Date(edit.at) },
        });
    },

    async upsertChannel(row) {
      const values = {
        ...row,
        createdAt: row.createdAt === null ? null : new Date(row.createdAt),
        readAt: row.readAt === null ? null : new Date(row.readAt),
        sourceMode: current(),
      };
      await db
        .insert(telegramChannels)
        .values(values)
        .onConflictDoUpdate({
          target: [telegramChannels.username, telegramChannels.sourceMode],
          set: {
            title: values.title,
            description: values.description,
            photoUrl: values.photoUrl,
            category: values.category,
            members: values.members,
            createdAt: sql`coalesce(excluded.created_at, ${telegramChannels.createdAt})`,
            status: values.status,
            statusMessage: values.statusMessage,
            readAt: values.readAt,
          },
        });
    },

    async markChannel(username, category, status, message, at) {
      await db
        .insert(telegramChannels)
        .values({
          username,
          title: username,
          category,
          status,
          statusMessage: message,
          readAt: new Date(at),
          sourceMode: current(),
        })
        .onConflictDoUpdate({
          target: [telegramChannels.username, telegramChannels.sourceMode],
          set: { status, statusMessage: message, readAt: new Date(at), category },
        });
    },

    async channels() {
      const rows = await db
        .select()
        .from(telegramChannels)
        .where(eq(telegramChannels.sourceMode, current()))
        .orderBy(asc(telegramChannels.username));
      return rows.map(toChannel);
    },

    async upsertPosts(rows) {
      if (rows.length === 0) return;
      const mode = current();
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insert(telegramPosts)
          .values(
            rows.slice(i, i + 500).map((r) => ({
              ...r,
              tokens: [...r.tokens],
              publishedAt: new Date(r.publishedAt),
              sourceMode: mode,
            })),
          )
          .onConflictDoUpdate({
            target: [telegramPosts.channel, telegramPosts.messageId, telegramPosts.sourceMode],
            set: {
              text: sql`excluded.text`,
              views: sql`excluded.views`,
              forwards: sql`excluded.forwards`,
              reactions: sql`excluded.reactions`,
              tokens: sql`excluded.tokens`,
            },
          });
      }
    },

    async posts(query) {
      const where = postFilter(query);
      const direction = query.sort === 'asc' ? asc : desc;
      const column = {
        publishedAt: telegramPosts.publishedAt,
        views: telegramPosts.views,
        forwards: telegramPosts.forwards,
        reactions: telegramPosts.reactions,
        channel: telegramPosts.channel,
      }[query.key];
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(telegramPosts)
          .where(where)
          .orderBy(
            query.key === 'publishedAt' || query.key === 'channel'
              ? direction(column)
              : sql`${column} ${sql.raw(query.sort === 'asc' ? 'asc' : 'desc')} nulls last`,
            direction(telegramPosts.publishedAt),
            direction(telegramPosts.messageId),
          )
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(telegramPosts).where(where),
      ]);
      return { rows: rows.map(toPost), total: Number(totals[0]?.total ?? 0) };
    },

    async postTokensSince(from) {
      const rows = await db
        .select({ publishedAt: telegramPosts.publishedAt, tokens: telegramPosts.tokens })
        .from(telegramPosts)
        .where(
          and(
            eq(telegramPosts.sourceMode, current()),
            gte(telegramPosts.publishedAt, new Date(from)),
            sql`cardinality(${telegramPosts.tokens}) > 0`,
          ),
        );
      return rows.map((r) => ({ publishedAt: r.publishedAt.getTime(), tokens: r.tokens }));
    },

    async activitySince(from) {
      const rows = await db
        .select({
          channel: telegramPosts.channel,
          posts: count(),
          views: sql<string>`coalesce(sum(${telegramPosts.views}), 0)`,
          forwards: sql<string>`coalesce(sum(${telegramPosts.forwards}), 0)`,
          reactions: sql<string>`coalesce(sum(${telegramPosts.reactions}), 0)`,
          last: sql<string | null>`max(${telegramPosts.publishedAt})`,
        })
        .from(telegramPosts)
        .where(and(eq(telegramPosts.sourceMode, current()), gte(telegramPosts.publishedAt, new Date(from))))
        .groupBy(telegramPosts.channel);
      return rows.map((r) => ({
        channel: r.channel,
        posts: Number(r.posts),
        views: Number(r.views),
        forwards: Number(r.forwards),
        reactions: Number(r.reactions),
        lastPostAt: r.last === null ? null : new Date(r.last).getTime(),
      }));
    },

    async latestPostAt() {
      const rows = await db
        .select({ last: sql<string | null>`max(${telegramPosts.publishedAt})` })
        .from(telegramPosts)
        .where(eq(telegramPosts.sourceMode, current()));
      const last = rows[0]?.last;
      return last === null || last === undefined ? null : new Date(last).getTime();
    },

    async upsertSearchPoints(engine, rows) {
      if (rows.length === 0) return;
      const mode = current();
      const t = searchTrendPoints;
      // A simulated start writes a year of days for every token (60,000 rows): as arrays unnested by the
      // database, not VALUES lists drizzle builds parameter by parameter (most of a second on the loop).
      const unique = lastPerKey(rows, (r) => `${r.base}\u0000${r.day}`);
      for (const batch of chunks(unique, BACKGROUND_ROWS_PER_STATEMENT)) {
        await db.execute(sql`
          insert into ${t} (${cols(t.engine, t.base, t.sourceMode, t.day, t.value)})
          select ${engine}, b, ${modeParam(mode)}, ${msToTimestamptz(sql`d`)}, v
          from unnest(
            ${arrayParam(
              batch.map((r) => r.base),
              'text',
            )}, ${floats(batch, (r) => r.day)}, ${floats(batch, (r) => r.value)}
          ) as x(b, d, v)
          on conflict (${cols(t.engine, t.base, t.sourceMode, t.day)})
            do update set ${updateFromExcluded(t.value)}`);
      }
    },

    async searchSeries(engine, base, from) {
      const conditions: (SQL | undefined)[] = [
        eq(searchTrendPoints.sourceMode, current()),
        eq(searchTrendPoints.engine, engine),
        gte(searchTrendPoints.day, new Date(from)),
      ];
      if (base !== null) conditions.push(eq(searchTrendPoints.base, base.toUpperCase()));
      const rows = await db
        .select()
        .from(searchTrendPoints)
        .where(and(...conditions))
        .orderBy(asc(searchTrendPoints.base), asc(searchTrendPoints.day));
      return rows.map((r) => ({ base: r.base, day: r.day.getTime(), value: r.value }));
    },

    async searchBases(engine) {
      const rows = await db
        .selectDistinct({ base: searchTrendPoints.base })
        .from(searchTrendPoints)
        .where(and(eq(searchTrendPoints.sourceMode, current()), eq(searchTrendPoints.engine, engine)))
        .orderBy(asc(searchTrendPoints.base));
      return rows.map((r) => r.base);
    },
  };
}

/** Posts older than `before` are dropped by the reader job: the trend screens look back seven days. */
export async function pruneTelegramPosts(
  database: Database,
  mode: SourceMode,
  before: number,
): Promise<void> {
  await database.db
    .delete(telegramPosts)
    .where(
      and(eq(telegramPosts.sourceMode, assertMode(mode)), lt(telegramPosts.publishedAt, new Date(before))),
    );
}

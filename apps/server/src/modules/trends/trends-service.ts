import type {
  ChannelOverviewResponse,
  DataSource,
  MessagesOverviewResponse,
  RisingResponse,
  SearchTrendResponse,
  TelegramChannel,
  TelegramChannelsQuery,
  TelegramChannelsResponse,
  TelegramOverviewResponse,
  TelegramPost,
  TelegramPostsQuery,
  TelegramPostsResponse,
  TrendSourceStatus,
} from '@spreadscope/contracts';
import { DAY_MS, HOUR_MS } from '@spreadscope/core';
import type {
  ChannelActivity,
  TelegramChannelRecord,
  TelegramPostRecord,
  TrendsRepository,
} from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import { countMentions, type MentionCount } from './mention-counts.ts';
import { risingInterest } from './rising-interest.ts';
import type { TrendsIngest } from './trends-ingest.ts';
import type { TrendSourceStates } from './trends-status.ts';

export interface TrendsServiceDeps {
  readonly repository: TrendsRepository;
  readonly ingest: TrendsIngest;
  readonly states: TrendSourceStates;
  readonly now: () => number;
  readonly dataSource: () => DataSource;
  /**
   * The global search's in-memory post index (trends-search.ts), reached late: it is built after the service.
   * Without it a post search reads the table.
   */
  readonly postIndex?: () => { find(q: string, limit: number): Promise<TelegramPostRecord[]> } | undefined;
}

/**
 * What other modules may ask of the trends (the token pages, the global search, the landing ranking):
 * a token's mention counts and trend rank, and channel and post search.
 */
export interface TrendsLookup {
  /** Mentions of one token in Telegram posts over 1 h / 24 h / 7 d with its trend rank; null if never mentioned. */
  tokenMentions(base: string): Promise<MentionCount | null>;
  /** Every mentioned token, most mentioned over 24 h first. */
  mentionRanking(limit?: number): Promise<MentionCount[]>;
  searchChannels(q: string, limit: number): Promise<TelegramChannel[]>;
  searchPosts(q: string, limit: number): Promise<TelegramPost[]>;
}

const WEEK_MS = 7 * DAY_MS;
const SEARCH_ROWS_MS = 2_000;

/** The reads behind the /trend screens and spec §7's telegram/*, naver/*, naver-trend/*, google/* calls. */
export class TrendsService implements TrendsLookup {
  constructor(private readonly deps: TrendsServiceDeps) {}

  private get simulated(): boolean {
    return this.deps.repository.mode !== 'live';
  }

  /** In simulated mode the screens never wait for the first scheduled run. */
  private async ready(): Promise<void> {
    if (this.simulated) await this.deps.ingest.fillSimulated();
  }

  sources(): TrendSourceStatus[] {
    const states = this.deps.states.all();
    if (this.simulated) {
      return states.map((s) => ({ ...s, state: 'simulated', reason: null, message: null }));
    }
    return states.map((s) =>
      s.source === 'google' && s.state === 'pending'
        ? {
            ...s,
            state: 'off',
            reason: 'no_source',
            message: 'Google publishes no Trends API; no Google trend source is configured',
          }
        : s,
    );
  }

  private async channelRows(): Promise<TelegramChannel[]> {
    await this.ready();
    const now = this.deps.now();
    const [stored, activity] = await Promise.all([
      this.deps.repository.channels(),
      this.deps.repository.activitySince(now - WEEK_MS),
    ]);
    const byName = new Map(stored.map((c) => [c.username.toLowerCase(), c]));
    const act = new Map(activity.map((a) => [a.channel.toLowerCase(), a]));
    let records: TelegramChannelRecord[];
    if (this.simulated) {
      records = stored;
    } else {
      // Live: the operator's list decides what shows; a channel not read yet shows as pending.
      records = (await this.deps.ingest.listedChannels()).map(
        (c) =>
          byName.get(c.username.toLowerCase()) ?? {
            username: c.username,
            title: c.username,
            description: null,
            photoUrl: null,
            category: c.category,
            members: null,
            createdAt: null,
            status: 'pending',
            statusMessage: null,
            readAt: null,
          },
      );
    }
    return records.map((r) => this.channelOf(r, act.get(r.username.toLowerCase())));
  }

  private channelOf(r: TelegramChannelRecord, a: ChannelActivity | undefined): TelegramChannel {
    return {
      username: r.username,
      title: r.title,
      description: r.description,
      category: r.category,
      link: `https://t.me/${r.username}`,
      photoUrl: r.photoUrl,
      members: r.members,
      createdAt: r.createdAt,
      date: r.readAt,
      status: r.status,
      statusMessage: r.statusMessage,
      messages: a?.posts ?? 0,
      views: a?.views ?? 0,
      shares: a?.forwards ?? 0,
      reactions: a?.reactions ?? 0,
      lastPostAt: a?.lastPostAt ?? null,
      simulated: this.simulated,
    };
  }

  async channels(query: TelegramChannelsQuery): Promise<TelegramChannelsResponse> {
    const search = query.search.toLowerCase();
    const rows = (await this.channelRows()).filter(
      (c) =>
        (query.category === undefined || c.category === query.category) &&
        (search === '' ||
          c.username.toLowerCase().includes(search) ||
          c.title.toLowerCase().includes(search)),
    );
    const dir = query.sort === 'asc' ? 1 : -1;
    const value = (c: TelegramChannel): number | string => {
      switch (query.key) {
        case 'channelName':
        case 'handle':
          return c.username.toLowerCase();
        case 'createdAt':
        case 'created_at':
          return c.createdAt ?? -1;
        case 'messages':
          return c.messages;
        case 'views':
          return c.views;
        default:
          return c.members ?? -1;
      }
    };
    rows.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (x < y ? -1 : x > y ? 1 : 0) * dir || a.username.localeCompare(b.username);
    });
    const start = (query.page - 1) * query.limit;
    return {
      data: rows.slice(start, start + query.limit),
      page: query.page,
      limit: query.limit,
      total: rows.length,
      sources: this.sources(),
      dataSource: this.deps.dataSource(),
    };
  }

  async posts(query: TelegramPostsQuery): Promise<TelegramPostsResponse> {
    await this.ready();
    const key = query.key === 'date' ? 'publishedAt' : query.key === 'channelName' ? 'channel' : query.key;
    const [{ rows, total }, channels] = await Promise.all([
      this.deps.repository.posts({
        ...(query.channel ? { channel: query.channel } : {}),
        ...(query.category ? { category: query.category } : {}),
        ...(query.token ? { token: query.token } : {}),
        ...(query.search ? { search: query.search } : {}),
        key,
        sort: query.sort,
        page: query.page,
        limit: query.limit,
      }),
      this.deps.repository.channels(),
    ]);
    return {
      data: this.postsOf(rows, channels),
      page: query.page,
      limit: query.limit,
      total,
      sources: this.sources(),
      dataSource: this.deps.dataSource(),
    };
  }

  private postsOf(
    rows: readonly TelegramPostRecord[],
    channels: readonly TelegramChannelRecord[],
  ): TelegramPost[] {
    const byName = new Map(channels.map((c) => [c.username, c]));
    return rows.map((p) => {
      const c = byName.get(p.channel);
      return {
        channelUsername: p.channel,
        channelTitle: c?.title ?? p.channel,
        channelCategory: c?.category ?? 'korean',
        channelPhotoUrl: c?.photoUrl ?? null,
        messageId: p.messageId,
        link: `https://t.me/${p.channel}/${p.messageId}`,
        postText: p.text,
        date: p.publishedAt,
        views: p.views,
        forwards: p.forwards,
        reactions: p.reactions,
        tokens: [...p.tokens],
        simulated: this.simulated,
      };
    });
  }

  async mentionRanking(limit = 500): Promise<MentionCount[]> {
    await this.ready();
    const now = this.deps.now();
    return countMentions(await this.deps.repository.postTokensSince(now - WEEK_MS), now).slice(0, limit);
  }

  async tokenMentions(base: string): Promise<MentionCount | null> {
    return (await this.mentionRanking()).find((m) => m.base === base.toUpperCase()) ?? null;
  }

  async overview(): Promise<TelegramOverviewResponse> {
    const channels = await this.channelRows();
    const sum = (f: (c: TelegramChannel) => number) => channels.reduce((s, c) => s + f(c), 0);
    return {
      totals: {
        channels: channels.length,
        subscribers: sum((c) => c.members ?? 0),
        messages: sum((c) => c.messages),
        views: sum((c) => c.views),
        shares: sum((c) => c.shares),
        reactions: sum((c) => c.reactions),
      },
      channels: channels.sort((a, b) => (b.members ?? -1) - (a.members ?? -1)),
      mentions: await this.mentionRanking(20),
      sources: this.sources(),
      dataSource: this.deps.dataSource(),
    };
  }

  async messagesOverview(window: '1h' | '24h' | '7d', limit: number): Promise<MessagesOverviewResponse> {
    const ranking = await this.mentionRanking();
    const field = window === '1h' ? 'h1' : window === '24h' ? 'h24' : 'd7';
    const now = this.deps.now();
    const since = now - DAY_MS;
    const posts = await this.deps.repository.posts({
      from: since,
      key: 'publishedAt',
      sort: 'asc',
      page: 1,
      limit: 100_000,
    });
    const first = Math.floor(now / HOUR_MS) * HOUR_MS - 23 * HOUR_MS;
    const hourly = Array.from({ length: 24 }, (_, i) => ({ t: first + i * HOUR_MS, posts: 0 }));
    for (const p of posts.rows) {
      const i = Math.floor((p.publishedAt - first) / HOUR_MS);
      const slot = hourly[Math.min(Math.max(i, 0), 23)];
      if (slot) slot.posts++;
    }
    return {
      window,
      data: [...ranking]
        .filter((m) => m[field] > 0)
        .sort((a, b) => b[field] - a[field] || a.rank - b.rank)
        .slice(0, limit),
      hourly,
      sources: this.sources(),
      dataSource: this.deps.dataSource(),
    };
  }

  private async channel(name: string): Promise<TelegramChannel> {
    const found = (await this.channelRows()).find((c) => c.username.toLowerCase() === name.toLowerCase());
    if (!found) throw new ApiError(404, 'not_found', 'error.notFound', {}, 'channel');
    return found;
  }

  async channelInfo(name: string): Promise<{ data: TelegramChannel; sources: TrendSourceStatus[] }> {
    return { data: await this.channel(name), sources: this.sources() };
  }

  async channelOverview(name: string): Promise<ChannelOverviewResponse> {
    const channel = await this.channel(name);
    const now = this.deps.now();
    const [week, channels] = await Promise.all([
      this.deps.repository.posts({
        channel: channel.username,
        from: now - WEEK_MS,
        key: 'publishedAt',
        sort: 'desc',
        page: 1,
        limit: 100_000,
      }),
      this.deps.repository.channels(),
    ]);
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const daily = Array.from({ length: 7 }, (_, i) => ({ d: today - (6 - i) * DAY_MS, posts: 0, views: 0 }));
    for (const p of week.rows) {
      const slot = daily[6 - Math.floor((today - Math.floor(p.publishedAt / DAY_MS) * DAY_MS) / DAY_MS)];
      if (slot) {
        slot.posts++;
        slot.views += p.views ?? 0;
      }
    }
    return {
      channel,
      daily,
      mentions: countMentions(week.rows, now).slice(0, 20),
      latest: this.postsOf(week.rows.slice(0, 20), channels),
      sources: this.sources(),
    };
  }

  /**
   * Channels (tens) with their week's activity, read at most once per SEARCH_ROWS_MS for searches: each key
   * typed in the palette asks again, and the week's aggregate over the posts is the costly part.
   */
  private searchRows: { at: number; mode: string; rows: Promise<TelegramChannel[]> } | null = null;

  async searchChannels(q: string, limit: number): Promise<TelegramChannel[]> {
    const needle = q.toLowerCase();
    const now = this.deps.now();
    const mode = this.deps.repository.mode;
    if (!this.searchRows || this.searchRows.mode !== mode || now - this.searchRows.at >= SEARCH_ROWS_MS) {
      const rows = this.channelRows();
      // A failed read is not kept: the next search reads again.
      rows.catch(() => {
        if (this.searchRows?.rows === rows) this.searchRows = null;
      });
      this.searchRows = { at: now, mode, rows };
    }
    return (await this.searchRows.rows)
      .filter((c) => c.username.toLowerCase().includes(needle) || c.title.toLowerCase().includes(needle))
      .slice(0, limit);
  }

  /** Newest first, from the search's index: no table scan and no count on a search-as-you-type path. */
  async searchPosts(q: string, limit: number): Promise<TelegramPost[]> {
    const index = this.deps.postIndex?.();
    if (!index) {
      return (
        await this.posts({ search: q, category: undefined, key: 'publishedAt', sort: 'desc', page: 1, limit })
      ).data;
    }
    const [rows, channels] = await Promise.all([index.find(q, limit), this.deps.repository.channels()]);
    return this.postsOf(rows, channels);
  }

  async searchSymbols(engine: 'naver' | 'google'): Promise<{ data: string[]; sources: TrendSourceStatus[] }> {
    await this.ready();
    return { data: await this.deps.repository.searchBases(engine), sources: this.sources() };
  }

  async searchTrend(engine: 'naver' | 'google', symbol: string, days: number): Promise<SearchTrendResponse> {
    await this.ready();
    const today = Math.floor(this.deps.now() / DAY_MS) * DAY_MS;
    const points = await this.deps.repository.searchSeries(engine, symbol, today - (days - 1) * DAY_MS);
    return {
      symbol,
      engine,
      data: points.map((p) => ({ d: p.day, v: p.value })),
      sources: this.sources(),
      simulated: this.simulated,
    };
  }

  async rising(query: {
    engine: 'naver' | 'google';
    search: string;
    page: number;
    limit: number;
  }): Promise<RisingResponse> {
    await this.ready();
    const today = Math.floor(this.deps.now() / DAY_MS) * DAY_MS;
    const points = await this.deps.repository.searchSeries(query.engine, null, today - 29 * DAY_MS);
    const series = new Map<string, { day: number; value: number }[]>();
    for (const p of points) {
      const list = series.get(p.base) ?? [];
      list.push(p);
      series.set(p.base, list);
    }
    const needle = query.search.toUpperCase();
    const rows = risingInterest(series).filter((r) => needle === '' || r.base.includes(needle));
    const start = (query.page - 1) * query.limit;
    return {
      engine: query.engine,
      data: rows.slice(start, start + query.limit),
      page: query.page,
      limit: query.limit,
      total: rows.length,
      sources: this.sources(),
      simulated: this.simulated,
    };
  }
}

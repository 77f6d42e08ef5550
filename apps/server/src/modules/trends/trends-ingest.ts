import { DAY_MS, mentionMatcher, TOKEN_NAMES, tokenName } from '@spreadscope/core';
import { type Database, pruneTelegramPosts, type TrendsRepository } from '@spreadscope/db';
import {
  type FetchLike,
  isoDay,
  type KeywordGroup,
  type NaverCredentials,
  naverSearchTrends,
  readChannel,
  SearchTrendError,
  simulatedChannels,
  simulatedPosts,
  simulatedSearchSeries,
  TOKEN_UNIVERSE,
} from '@spreadscope/feeds';
import { configuredChannels, effectiveChannels, type ListedChannel } from './channel-list.ts';
import type { TrendSourceStates } from './trends-status.ts';

export interface TrendsIngestDeps {
  readonly database: Database;
  /** Follows the running source: `simulated` unless the market is live. */
  readonly repository: TrendsRepository;
  readonly states: TrendSourceStates;
  /** Token bases with a USDT market (spec: the social trend screens cover the USDT market only). */
  readonly usdtBases: () => readonly string[];
  readonly now: () => number;
  readonly seed: number;
  readonly channelsText?: string | undefined;
  readonly previewUrl?: string | undefined;
  readonly naver?: NaverCredentials | null;
  readonly naverUrl?: string | undefined;
  readonly fetch?: FetchLike;
  /** Pause between two channels' pages, so a list of channels is not one burst at Telegram. */
  readonly channelGapMs?: number;
  readonly logger: { info(msg: string): void; warn(msg: string): void };
}

const UNIVERSE_ORDER = new Map(TOKEN_UNIVERSE.map((t, i) => [t.symbol, i]));
const KEEP_POSTS_MS = 30 * DAY_MS;
const SEARCH_DAYS = 90;
/** DataLab allows 1,000 calls a day; 60 tokens are 15 calls a run, 4 runs a day. */
const SEARCH_TOKENS = 60;

/** The jobs' side of trends: reads Telegram pages and search engines (or the simulator) into the database. */
export class TrendsIngest {
  private simulatedFill: Promise<void> | null = null;

  constructor(private readonly deps: TrendsIngestDeps) {}

  /** Bases posts may be counted for: the USDT market's, or the registry's while the market is still empty. */
  private bases(): string[] {
    const listed = this.deps.usdtBases().filter((b) => b !== 'USDT');
    const bases = listed.length > 0 ? listed : TOKEN_NAMES.map((t) => t.base).filter((b) => b !== 'USDT');
    // Majors first: the simulator talks about them most, and DataLab's token budget goes to them first.
    const order = (b: string) => {
      const i = UNIVERSE_ORDER.get(b);
      return i === undefined ? Number.MAX_SAFE_INTEGER : i;
    };
    return [...new Set(bases)].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  }

  async listedChannels(): Promise<ListedChannel[]> {
    return effectiveChannels(
      configuredChannels(this.deps.channelsText),
      await this.deps.repository.channelEdits(),
    );
  }

  /** One scheduled read of every channel (or the simulator's posts since the last read). */
  async readTelegram(): Promise<void> {
    const repository = this.deps.repository;
    if (repository.mode !== 'live') {
      await this.fillSimulated();
      const now = this.deps.now();
      const since = (await repository.latestPostAt()) ?? now - 7 * DAY_MS;
      await this.storeSimulatedPosts(since + 1, now);
      this.deps.states.simulated('telegram', now);
      return;
    }
    const matcher = mentionMatcher(this.bases());
    const channels = await this.listedChannels();
    let read = 0;
    let lastFailure: { reason: string; message: string } | null = null;
    for (const [i, channel] of channels.entries()) {
      if (i > 0 && (this.deps.channelGapMs ?? 2_000) > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.deps.channelGapMs ?? 2_000));
      }
      const at = this.deps.now();
      const result = await readChannel(channel.username, {
        ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}),
        ...(this.deps.previewUrl ? { baseUrl: this.deps.previewUrl } : {}),
      });
      if (!result.ok) {
        lastFailure = result;
        await repository.markChannel(channel.username, channel.category, result.reason, result.message, at);
        this.deps.logger.warn(`trends: telegram ${channel.username}: ${result.message}`);
        // A rate limit covers every channel: the rest wait for the next run.
        if (result.reason === 'rate_limited') break;
        continue;
      }
      read++;
      const info = result.page.channel;
      await repository.upsertChannel({
        ...info,
        category: channel.category,
        createdAt: null,
        status: 'ok',
        statusMessage: null,
        readAt: at,
      });
      await repository.upsertPosts(
        result.page.posts.map((p) => ({
          channel: channel.username,
          messageId: p.messageId,
          text: p.text,
          publishedAt: p.date,
          views: p.views,
          forwards: p.forwards,
          reactions: p.reactions,
          tokens: matcher.mentions(p.text),
        })),
      );
    }
    const now = this.deps.now();
    await pruneTelegramPosts(this.deps.database, 'live', now - KEEP_POSTS_MS);
    if (read > 0) {
      this.deps.states.ok('telegram', now, `${read} of ${channels.length} channels read`);
    } else if (lastFailure) {
      this.deps.states.failed(
        'telegram',
        lastFailure.reason as 'unavailable' | 'malformed' | 'rate_limited' | 'http_error' | 'network',
        lastFailure.message,
      );
    }
  }

  /** One scheduled read of search interest: Naver DataLab where its key is set; Google has no public API. */
  async readSearch(): Promise<void> {
    const repository = this.deps.repository;
    const now = this.deps.now();
    if (repository.mode !== 'live') {
      await this.fillSimulated();
      this.deps.states.simulated('naver', now);
      this.deps.states.simulated('google', now);
      return;
    }
    this.deps.states.off(
      'google',
      'no_source',
      'Google publishes no Trends API; no Google trend source is configured',
    );
    if (!this.deps.naver) {
      this.deps.states.off('naver', 'needs_key', 'NAVER_CLIENT_ID and NAVER_CLIENT_SECRET are not set');
      return;
    }
    const groups = this.keywordGroups();
    const anchor = groups.find((g) => g.groupName === 'BTC') ?? groups[0];
    if (!anchor) return;
    try {
      const series = await naverSearchTrends(
        groups,
        anchor,
        { startDate: isoDay(now - SEARCH_DAYS * DAY_MS), endDate: isoDay(now), timeUnit: 'date' },
        this.deps.naver,
        {
          ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}),
          ...(this.deps.naverUrl ? { url: this.deps.naverUrl } : {}),
        },
      );
      await repository.upsertSearchPoints(
        'naver',
        [...series].flatMap(([base, points]) => points.map((p) => ({ base, day: p.d, value: p.v }))),
      );
      this.deps.states.ok('naver', now, `${series.size} tokens`);
    } catch (error) {
      if (error instanceof SearchTrendError) {
        if (error.reason === 'needs_key') this.deps.states.off('naver', 'needs_key', error.message);
        else this.deps.states.failed('naver', error.reason, error.message);
        this.deps.logger.warn(`trends: ${error.message}`);
        return;
      }
      throw error;
    }
  }

  /** Each token with a Korean name: its Korean name, ticker, English name and aliases as one keyword group. */
  keywordGroups(): KeywordGroup[] {
    const groups: KeywordGroup[] = [];
    for (const base of this.bases()) {
      const name = tokenName(base);
      if (!name) continue;
      const keywords = [...new Set([name.ko, base, name.en, ...name.aliases].filter((k) => k.trim() !== ''))];
      groups.push({ groupName: base, keywords: keywords.slice(0, 20) });
      if (groups.length >= SEARCH_TOKENS) break;
    }
    return groups;
  }

  /**
   * The simulator's channels, a week of posts and the search series, once per process: a fresh install shows
   * the screens full at once instead of after the first scheduled run.
   */
  fillSimulated(): Promise<void> {
    this.simulatedFill ??= (async () => {
      const repository = this.deps.repository.forMode('simulated');
      const now = this.deps.now();
      for (const c of simulatedChannels(this.deps.seed)) {
        await repository.upsertChannel({
          username: c.username,
          title: c.title,
          description: c.description,
          photoUrl: c.photoUrl,
          category: c.category,
          members: c.members,
          createdAt: c.createdAt,
          status: 'ok',
          statusMessage: null,
          readAt: now,
        });
      }
      await this.storeSimulatedPosts(now - 7 * DAY_MS, now);
      const bases = this.bases();
      for (const engine of ['naver', 'google'] as const) {
        const series = simulatedSearchSeries(this.deps.seed, now, bases, engine, SEARCH_DAYS);
        await repository.upsertSearchPoints(
          engine,
          [...series].flatMap(([base, points]) => points.map((p) => ({ base, day: p.d, value: p.v }))),
        );
      }
      this.deps.states.simulated('telegram', now);
      this.deps.states.simulated('naver', now);
      this.deps.states.simulated('google', now);
    })().catch((error: unknown) => {
      this.simulatedFill = null;
      throw error;
    });
    return this.simulatedFill;
  }

  private async storeSimulatedPosts(from: number, to: number): Promise<void> {
    const bases = this.bases();
    const matcher = mentionMatcher(bases);
    const posts = simulatedPosts(this.deps.seed, from, to, bases);
    await this.deps.repository.forMode('simulated').upsertPosts(
      posts.map((p) => ({
        channel: p.channel,
        messageId: p.messageId,
        text: p.text,
        publishedAt: p.date,
        views: p.views,
        forwards: p.forwards,
        reactions: p.reactions,
        tokens: matcher.mentions(p.text),
      })),
    );
  }
}

import type { SearchHit } from '@spreadscope/contracts';
import type {
  SearchReads,
  TelegramChannelRecord,
  TelegramPostRecord,
  TrendsRepository,
} from '@spreadscope/db';
import { BackgroundValue } from '../search/background-value.ts';
import { type CorpusTiming, LiveCorpus } from '../search/live-corpus.ts';
import type { SocialSearchSource } from '../search/social-search.ts';
import type { IndexedText } from '../search/text-index.ts';
import type { TrendsIngest } from './trends-ingest.ts';
import type { TrendsService } from './trends-service.ts';

export interface TrendsSearchDeps {
  readonly repository: TrendsRepository;
  /** The same tables read without counts, by their indexed keys. */
  readonly reads: SearchReads;
  readonly ingest: TrendsIngest;
  readonly service: Pick<TrendsService, 'sources'>;
  readonly timing?: Partial<CorpusTiming>;
}

/** Channels read late (a channel that failed for hours) reach the index at the next full reload. */
const LATE_MS = 60 * 60_000;
/** Posts are kept 30 days (tens of thousands); this bounds the index should that ever change. */
const MAX_POSTS = 200_000;
/** Which tokens have a search-interest series changes a few times a day (the Naver job runs every 6 h). */
const NAVER_BASES_MS = 10 * 60_000;

type Channel = Pick<TelegramChannelRecord, 'username' | 'title'>;

/**
 * The global search's social groups from in-memory indexes kept close to the trends tables (LiveCorpus):
 * posts by text or ticker and channels by name, newest first, with no database read or count on the search
 * path; the Naver group is the token hits that have a stored Naver search-interest series.
 */
export function createTrendsSearch(deps: TrendsSearchDeps): SocialSearchSource & {
  readonly posts: LiveCorpus<TelegramPostRecord>;
  readonly channels: BackgroundValue<Channel[]>;
} {
  const { repository, ingest } = deps;
  const scope = () => repository.mode;
  const readPosts = async (from: number | null) => {
    if (repository.mode !== 'live') await ingest.fillSimulated();
    return (await deps.reads.postsSince(from, MAX_POSTS)).map(
      (p): IndexedText<TelegramPostRecord> => ({
        key: `${p.channel}/${p.messageId}`,
        text: p.text,
        tags: p.tokens,
        at: p.publishedAt,
        tie: p.messageId,
        value: p,
      }),
    );
  };
  const posts = new LiveCorpus<TelegramPostRecord>(
    {
      scope,
      all: () => readPosts(null),
      recent: (held) => readPosts(Number.isFinite(held.at) ? held.at - LATE_MS : null),
    },
    deps.timing,
  );
  const readChannels = async (): Promise<Channel[]> => {
    if (repository.mode !== 'live') await ingest.fillSimulated();
    const stored = await repository.channels();
    if (repository.mode !== 'live') return stored.map((c) => ({ username: c.username, title: c.title }));
    // Live, the operator's list says what shows (a channel not read yet by its name), as on /trend/channels.
    const byName = new Map(stored.map((c) => [c.username.toLowerCase(), c.title]));
    return (await ingest.listedChannels()).map((c) => ({
      username: c.username,
      title: byName.get(c.username.toLowerCase()) ?? c.username,
    }));
  };
  const timing = deps.timing ?? {};
  const now = timing.now ?? Date.now;
  // Channels are few (tens): read whole every refresh and filtered in a loop.
  const channels = new BackgroundValue(scope, readChannels, timing.refreshMs ?? 2_000, now);
  const readNaverBases = async () => {
    if (repository.mode !== 'live') await ingest.fillSimulated();
    return repository.searchBases('naver');
  };
  const naver = new BackgroundValue(scope, readNaverBases, NAVER_BASES_MS, now);
  let naverSet = { version: -1, bases: new Set<string>() };
  let titles = { version: -1, byName: new Map<string, string>() };
  const channelTitles = async () => {
    const list = await channels.get();
    if (titles.version !== channels.version)
      titles = { version: channels.version, byName: new Map(list.map((c) => [c.username, c.title])) };
    return titles.byName;
  };

  return {
    posts,
    channels,
    version: () => `${posts.version}:${channels.version}:${naver.version}:${naverOff() ? 'off' : 'on'}`,
    telegramChannels: async (q, limit) =>
      (await findChannels(q, limit)).map(
        (c, i): SearchHit => ({
          id: `telegram-channel:${c.username}`,
          title: c.title,
          subtitle: `@${c.username}`,
          path: `/trend/channel/${c.username}`,
          url: null,
          score: 1 - i / (limit + 1),
        }),
      ),
    telegramPosts: async (q, limit) => {
      const [found, titleOf] = await Promise.all([posts.find(q, limit), channelTitles()]);
      return found.map(
        (p, i): SearchHit => ({
          id: `telegram-post:${p.channel}:${p.messageId}`,
          title: p.text.length > 90 ? `${p.text.slice(0, 89)}…` : p.text,
          subtitle: titleOf.get(p.channel) ?? p.channel,
          path: `/trend/channel/${p.channel}`,
          url: `https://t.me/${p.channel}/${p.messageId}`,
          score: 1 - i / (limit + 1),
        }),
      );
    },
    naverBases: async () => {
      const bases = await naver.get();
      if (naverSet.version !== naver.version) naverSet = { version: naver.version, bases: new Set(bases) };
      return naverSet.bases;
    },
    off: (type) => (type === 'naver-search' ? naverOff() : null),
  };

  function naverOff() {
    const state = deps.service.sources().find((s) => s.source === 'naver');
    return state?.state === 'off' ? { reason: state.reason ?? 'no_source', message: state.message } : null;
  }

  async function findChannels(q: string, limit: number): Promise<Channel[]> {
    const needle = q.trim().toLowerCase();
    return (await channels.get())
      .filter((c) => c.username.toLowerCase().includes(needle) || c.title.toLowerCase().includes(needle))
      .slice(0, limit);
  }
}

import {
  createNoticesRepository,
  createSearchReads,
  createTrendsRepository,
  type TelegramPostRecord,
} from '@spreadscope/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedMarket, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';
import { TokensService } from '../tokens/tokens-service.ts';
import { createTrendsModule } from '../trends/trends-module.ts';
import { createTrendsSearch } from '../trends/trends-search.ts';
import { indexedAnnouncements } from './announcement-search.ts';
import { SearchService } from './search-service.ts';

/**
 * The search's in-memory indexes against the stores they follow: rows stored after the first search (by
 * another process, as far as the index knows) are found, and the Naver group says when its source is off.
 */
let server: TestServer;
let mode: 'live' | 'simulated' = 'live';
const NOW = T0 + 60_000;

const post = (messageId: number, text: string, minutesAgo: number, tokens: string[]): TelegramPostRecord => ({
  channel: 'coinnesskr',
  messageId,
  text,
  publishedAt: NOW - minutesAgo * 60_000,
  views: 10,
  forwards: 0,
  reactions: 0,
  tokens,
});

function searchOver(test: TestServer) {
  const trends = createTrendsModule({
    database: test.database,
    usdtBases: () => ['BTC', 'ETH'],
    mode: () => mode,
    now: () => NOW,
    dataSource: () => ({ mode, requested: mode, since: 0, reason: null }),
    seed: 7,
    config: { TELEGRAM_READ_MINUTES: 10 },
    logger: { info: () => undefined, warn: () => undefined },
  });
  const repository = createTrendsRepository(test.database, { mode: () => mode });
  // refreshMs 0: every search starts a read of recent rows, so a test need not wait out the 2 s.
  const social = createTrendsSearch({
    repository,
    reads: createSearchReads(test.database, { mode: () => mode }),
    ingest: trends.ingest,
    service: trends.service,
    timing: { refreshMs: 0 },
  });
  const notices = createNoticesRepository(test.database, { mode: () => mode });
  const announcements = indexedAnnouncements(notices, { refreshMs: 0 });
  const search = new SearchService(new TokensService(test.marketApi.market), announcements, () => social);
  return { search, social, repository, notices, announcements };
}

let world: ReturnType<typeof searchOver>;

beforeAll(async () => {
  server = await startTestServer({ mode: 'live' });
  seedMarket(server.source);
  await vi.waitFor(() =>
    expect(server.engine.state.find('upbit', 'spot', 'BTC', 'KRW')).toBeGreaterThanOrEqual(0),
  );
  world = searchOver(server);
  await world.repository.upsertPosts([
    post(1, '$BTC 비트코인 급등 pump', 30, ['BTC']),
    post(2, '이더리움 에어드랍 공지', 20, ['ETH']),
  ]);
});
afterAll(async () => {
  await server.close();
});

const hits = async (q: string, type: 'telegram-post' | 'announcements' | 'naver-search' | 'premium') => {
  const answer = await world.search.search({ q, type, limit: 8 });
  return answer.groups[0];
};

describe('search indexes follow their stores', () => {
  it('finds posts by text and ticker, newest first, and a post stored after the first search', async () => {
    expect((await hits('급등', 'telegram-post'))?.hits.map((h) => h.id)).toEqual([
      'telegram-post:coinnesskr:1',
    ]);
    await world.repository.upsertPosts([post(3, '비트코인 신고가, BTC 매수세', 1, ['BTC'])]);
    await vi.waitFor(
      async () => {
        const group = await hits('비트코인', 'telegram-post');
        expect(group?.hits.map((h) => h.id)).toEqual([
          'telegram-post:coinnesskr:3',
          'telegram-post:coinnesskr:1',
        ]);
        expect(group?.hits[0]?.url).toBe('https://t.me/coinnesskr/3');
      },
      { timeout: 10_000, interval: 50 },
    );
    // By ticker: the post's text has no "eth"; the ticker it is tagged with finds it.
    expect((await hits('eth', 'telegram-post'))?.hits.map((h) => h.id)).toEqual([
      'telegram-post:coinnesskr:2',
    ]);
  });

  it('finds an announcement stored after the first search, by title and by a token name', async () => {
    expect((await hits('리플', 'announcements'))?.hits).toEqual([]);
    await world.notices.insertAnnouncements([
      {
        venue: 'bithumb',
        category: 'listing',
        title: '[마켓 추가] 이더리움(ETH) 원화 마켓 추가',
        summary: null,
        url: 'https://bithumb.example/notice/7',
        publishedAt: NOW - 1_000,
        receivedAt: NOW,
        tokens: ['ETH'],
        networks: [],
        effectiveAt: null,
      },
    ]);
    await vi.waitFor(
      async () => {
        const group = await hits('마켓 추가', 'announcements');
        expect(group?.hits.map((h) => h.url)).toEqual(['https://bithumb.example/notice/7']);
      },
      { timeout: 10_000, interval: 50 },
    );
    // A name the title does not hold is found through the ticker the notice carries.
    expect((await hits('ethereum', 'announcements'))?.hits[0]?.url).toBe('https://bithumb.example/notice/7');
  });

  it('keeps initial-consonant search on every token group', async () => {
    expect((await hits('ㅂㅌㅋㅇ', 'premium'))?.hits[0]).toMatchObject({
      title: 'BTC',
      path: '/premium/upbit-btc',
    });
  });

  it('says the Naver group is off without its keys, and lists tokens with a series when simulated', async () => {
    mode = 'live';
    expect(await hits('BTC', 'naver-search')).toEqual({
      type: 'naver-search',
      available: false,
      off: { reason: 'needs_key', message: 'NAVER_CLIENT_ID and NAVER_CLIENT_SECRET are not set' },
      hits: [],
    });
    mode = 'simulated';
    for (const q of ['ㅂㅌㅋㅇ', 'bitcoin', '비트코인']) {
      const group = await hits(q, 'naver-search');
      expect(group?.available, q).toBe(true);
      expect(group?.hits[0], q).toMatchObject({ title: 'BTC', path: '/trend/naver-search?symbol=BTC' });
    }
    mode = 'live';
  });
});

import { forEachDatabase } from '@spreadscope/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrendsModule, type TrendsModule } from '../trends/trends-module.ts';
import {
  naverSymbolsAnswer,
  naverTrendAnswer,
  naverTrendQuery,
  telegramChannelsAnswer,
  telegramChannelsQuery,
  telegramMessagesAnswer,
  telegramMessagesQuery,
} from './trend-ops.ts';

const NOW = Date.parse('2026-11-26T04:30:00Z');

forEachDatabase('public-api trend ops', (getDb) => {
  let trends: TrendsModule;
  beforeAll(() => {
    trends = createTrendsModule({
      database: getDb(),
      usdtBases: () => ['BTC', 'ETH', 'XRP', 'SOL', 'DOGE'],
      mode: () => 'simulated',
      now: () => NOW,
      dataSource: () => ({ mode: 'simulated', requested: 'sim', since: 0, reason: null }),
      seed: 7,
      config: { TELEGRAM_READ_MINUTES: 10 },
      logger: { info: () => undefined, warn: () => undefined },
    });
  });

  describe('the SDK’s telegram and naver-trend operations (public-api.md §2.16–2.17)', () => {
    it('/telegram/channels: the envelope with echo keys, SDK defaults (category=empty) and its off-enum keys', async () => {
      const q = telegramChannelsQuery.parse({ category: 'empty', key: 'subscriber_count', limit: '3' });
      const body = await telegramChannelsAnswer(trends.service, q);
      expect(body).toMatchObject({
        page: 1,
        limit: 3,
        sort: 'desc',
        key: 'subscriber_count',
        category: 'empty',
      });
      expect(body.data).toHaveLength(3);
      expect(body.total).toBeGreaterThanOrEqual(8);
      const subscribers = body.data.map((c) => c.subscribers);
      expect(subscribers).toEqual([...subscribers].sort((a, b) => b - a));
      expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(
        ['category', 'channelName', 'channelTitle', 'createdAt', 'description', 'link', 'subscribers'].sort(),
      );
    });

    it('/telegram/messages: page 2, both sorts, a channel filter; an unknown channel is an empty data, never null', async () => {
      const first = await telegramMessagesAnswer(
        trends.service,
        telegramMessagesQuery.parse({ limit: '5', channel: '', search_query: '', category: '' }),
      );
      const second = await telegramMessagesAnswer(
        trends.service,
        telegramMessagesQuery.parse({ limit: '5', page: '2' }),
      );
      expect(first.data).toHaveLength(5);
      expect(second.data[0]?.publishedAt).toBeLessThanOrEqual(first.data[4]?.publishedAt ?? 0);
      const asc = await telegramMessagesAnswer(
        trends.service,
        telegramMessagesQuery.parse({ sort: 'asc', limit: '2' }),
      );
      expect(asc.data[0]?.publishedAt).toBeLessThan(first.data[0]?.publishedAt ?? 0);
      const none = await telegramMessagesAnswer(
        trends.service,
        telegramMessagesQuery.parse({ channel: 'binanceexchange' }),
      );
      expect(none.data).toEqual([]);
      expect(typeof first.data[0]?.views).toBe('number');
    });

    it('/naver-trend: a bare list of whole-number values for BTC; /naver-trend/symbols lists it', async () => {
      const rows = await naverTrendAnswer(trends.service, naverTrendQuery.parse({ symbol: 'btc' }));
      expect(rows.length).toBeGreaterThan(30);
      expect(rows.every((r) => Number.isInteger(r.v))).toBe(true);
      expect(await naverSymbolsAnswer(trends.service)).toContain('BTC');
      expect(() => naverTrendQuery.parse({})).toThrow();
    });
  });
});

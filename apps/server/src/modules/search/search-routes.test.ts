import type { MarketEvent } from '@spreadscope/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quote, seedMarket, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';

let server: TestServer;

const search = async (query: string, lang = 'en') => {
  const response = await server.app.inject({
    url: `/api/v1/front/search?${query}`,
    headers: { 'accept-language': lang },
  });
  return { status: response.statusCode, body: response.json(), raw: response.body };
};

const groupOf = (
  body: { groups: { type: string; hits: { title: string; path: string }[] }[] },
  type: string,
) => body.groups.find((g) => g.type === type);

beforeAll(async () => {
  server = await startTestServer({ mode: 'live' });
  seedMarket(server.source);
  const notice: MarketEvent = {
    t: T0,
    type: 'notice',
    venue: 'upbit',
    category: 'listing',
    title: '[거래] 비트코인(BTC) 원화 마켓 이벤트',
    url: 'https://upbit.com/service_center/notice?id=42',
    tokens: ['BTC'],
    publishedAt: T0 - 1_000,
  };
  server.source.push(
    quote(T0 + 10, 'binance', 'BTC', 'USDT', 100_200, { market: 'perp' }),
    {
      t: T0 + 11,
      type: 'funding',
      venue: 'binance',
      base: 'BTC',
      quote: 'USDT',
      rate: 0.0001,
      intervalHours: 8,
    },
    notice,
  );
  await vi.waitFor(async () => {
    await server.notices.flushed();
    expect((await server.notices.search('BTC', 5)).length).toBe(1);
    expect(server.engine.state.find('binance', 'perp', 'BTC', 'USDT')).toBeGreaterThanOrEqual(0);
  });
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/v1/front/search', () => {
  it('answers every type in groups: tokens by Korean name, English name and initials', async () => {
    for (const q of ['비트코인', 'bitcoin', 'ㅂㅌㅋㅇ', 'BTC']) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.type).toBe('all');
      expect(body.groups.map((g: { type: string }) => g.type)).toEqual([
        'premium',
        'funding-rate',
        'exchanges',
        'announcements',
        'telegram-channel',
        'telegram-post',
        'naver-search',
      ]);
      expect(groupOf(body, 'premium')?.hits[0], q).toMatchObject({
        title: 'BTC',
        path: '/premium/upbit-btc',
      });
      expect(groupOf(body, 'funding-rate')?.hits[0], q).toMatchObject({ path: '/funding-rate/BTC' });
      expect(groupOf(body, 'announcements')?.hits[0], q).toMatchObject({
        url: 'https://upbit.com/service_center/notice?id=42',
      });
    }
  });

  it('finds exchanges by name, fuzzily, and says which social sources are not there yet', async () => {
    const { body } = await search('q=bithum&type=exchanges');
    expect(body.groups).toHaveLength(1);
    expect(body.groups[0].hits[0]).toMatchObject({ title: 'Bithumb', path: '/exchanges/bithumb' });
    const social = await search('q=btc&type=telegram-post');
    expect(social.body.groups).toEqual([{ type: 'telegram-post', available: false, hits: [] }]);
  });

  it('answers empty groups (total 0) for a text nothing matches', async () => {
    const { status, body } = await search('q=qqqqzzzzxxxx');
    expect(status).toBe(200);
    expect(body.total).toBe(0);
    expect(body.groups.every((g: { hits: unknown[] }) => g.hits.length === 0)).toBe(true);
  });

  it('answers 400 naming the parameter for a bad type, an empty or too long text and a bad limit', async () => {
    for (const [query, param] of [
      ['q=btc&type=tokens', 'type'],
      ['q=', 'q'],
      [`q=${'a'.repeat(61)}`, 'q'],
      ['type=all', 'q'],
      ['q=btc&limit=0', 'limit'],
    ] as const) {
      const { status, raw } = await search(query, 'ko');
      expect(status, query).toBe(400);
      expect(raw, query).toContain(`"${param}"`);
    }
  });
});

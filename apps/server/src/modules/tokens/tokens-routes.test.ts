import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quote, seedMarket, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';

let server: TestServer;

const get = async (url: string, lang = 'en') => {
  const response = await server.app.inject({ url, headers: { 'accept-language': lang } });
  return { status: response.statusCode, body: response.json(), raw: response };
};

beforeAll(async () => {
  server = await startTestServer({ mode: 'live' });
  seedMarket(server.source);
  server.source.push(
    quote(T0 + 10, 'binance', 'BTC', 'USDT', 100_200, { market: 'perp', volume24h: 9e9 }),
    {
      t: T0 + 11,
      type: 'funding',
      venue: 'binance',
      base: 'BTC',
      quote: 'USDT',
      rate: 0.0001,
      intervalHours: 8,
    },
    quote(T0 + 12, 'binance', 'DOGE', 'USDT', 0.4, { volume24h: 1e6, open24h: 0.5 }),
  );
  await vi.waitFor(
    () => {
      const { state } = server.engine;
      expect(state.tokens.length).toBeGreaterThanOrEqual(3);
      expect(state.fundingRate.array[state.find('binance', 'perp', 'BTC', 'USDT')]).toBe(0.0001);
    },
    { timeout: 10_000 },
  );
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/v1/front/tokens', () => {
  it('lists every token with prices in both currencies, volume, premium, venues and funding', async () => {
    const { status, body } = await get('/api/v1/front/tokens');
    expect(status).toBe(200);
    expect(body.sort).toBe('volume_24h');
    expect(body.trendRanks).toBe(false);
    const bases = body.data.map((r: { base: string }) => r.base);
    // ETH has no reported volume; USDT (Upbit's USDT/KRW) is a token too.
    expect(bases).toEqual(['BTC', 'DOGE', 'ETH', 'USDT']);
    const btc = body.data[0];
    expect(btc.nameKo).toBe('비트코인');
    expect(btc.nameEn).toBe('Bitcoin');
    // The busiest spot market is Binance's (2.5e9 USDT × 1,400 KRW against Upbit's 3.1e11 KRW).
    expect(btc.priceKrw).toBeCloseTo(140_000_000, 3);
    expect(btc.priceUsd).toBeCloseTo(100_000, 6);
    // Upbit 143.5 M KRW over Binance 100,000 USDT × 1,400 KRW = 140 M: +2.5 %.
    expect(btc.premiumPercent).toBeCloseTo(2.5, 6);
    expect(btc.exchanges).toEqual(expect.arrayContaining(['upbit', 'bithumb', 'binance', 'okx']));
    expect(btc.fundingRatePercent).toBeCloseTo(0.01, 9);
    expect(btc.fundingExchange).toBe('binance');
    expect(btc.trendRank).toBeNull();
    const doge = body.data.find((r: { base: string }) => r.base === 'DOGE');
    expect(doge.premiumPercent).toBeNull();
    expect(doge.change24hPercent).toBeCloseTo(-20, 6);
  });

  it('sorts by the spec’s ranking keys and the other columns, both ways, missing values last', async () => {
    const change = await get('/api/v1/front/tokens?sort=percent_change_24h&order=asc');
    expect(change.body.data[0].base).toBe('DOGE');
    const symbol = await get('/api/v1/front/tokens?sort=symbol&order=asc');
    expect(symbol.body.data.map((r: { base: string }) => r.base).slice(0, 3)).toEqual(['BTC', 'DOGE', 'ETH']);
    const premium = await get('/api/v1/front/tokens?sort=premium&order=desc');
    expect(premium.body.data.at(-1).premiumPercent).toBeNull();
  });

  it('pages, filters by venue and listing and searches by ticker, name and Korean initials', async () => {
    const page = await get('/api/v1/front/tokens?limit=1&page=2');
    expect(page.body).toMatchObject({ page: 2, limit: 1, total: 4 });
    expect(page.body.data.map((r: { base: string }) => r.base)).toEqual(['DOGE']);
    const bithumb = await get('/api/v1/front/tokens?exchange=bithumb');
    expect(bithumb.body.data.map((r: { base: string }) => r.base)).toEqual(['BTC']);
    const overseasOnly = await get('/api/v1/front/tokens?listed=overseas&sort=symbol&order=asc');
    expect(overseasOnly.body.total).toBe(3);
    const both = await get('/api/v1/front/tokens?listed=both');
    expect(both.body.data.map((r: { base: string }) => r.base)).toEqual(['BTC', 'ETH']);
    for (const q of ['비트코인', 'bitcoin', 'ㅂㅌㅋㅇ', 'btc']) {
      const found = await get(`/api/v1/front/tokens?search=${encodeURIComponent(q)}`);
      expect(found.body.data[0]?.base, q).toBe('BTC');
    }
    const typo = await get(`/api/v1/front/tokens?search=${encodeURIComponent('dogecion')}`);
    expect(typo.body.data.map((r: { base: string }) => r.base)).toContain('DOGE');
  });

  it('answers 400 naming the parameter for bad input', async () => {
    for (const [query, param] of [
      ['sort=market_cap', 'sort'],
      ['order=up', 'order'],
      ['page=0', 'page'],
      ['limit=100000', 'limit'],
      ['exchange=nowhere', 'exchange'],
      ['listed=maybe', 'listed'],
      [`search=${'x'.repeat(41)}`, 'search'],
    ]) {
      const { status, raw } = await get(`/api/v1/front/tokens?${query}`);
      expect(status, query).toBe(400);
      expect(raw.body, query).toContain(param);
    }
  });
});

describe('GET /api/v1/front/tokens/search and /tokens/{id}', () => {
  it('finds tokens by Korean and English names and initials, with their names', async () => {
    const korean = await get(`/api/v1/front/tokens/search?q=${encodeURIComponent('이더리움')}`);
    expect(korean.body.data[0]).toMatchObject({ base: 'ETH', nameKo: '이더리움', nameEn: 'Ethereum' });
    const initials = await get(`/api/v1/front/tokens/search?q=${encodeURIComponent('ㅇㄷㄹㅇ')}`);
    expect(initials.body.data[0].base).toBe('ETH');
    const none = await get('/api/v1/front/tokens/search?q=zzzzqqq');
    expect(none.body.data).toEqual([]);
    expect((await get('/api/v1/front/tokens/search?q=')).status).toBe(400);
    const long = await get(`/api/v1/front/tokens/search?q=${'a'.repeat(41)}`);
    expect(long.status).toBe(400);
    expect(long.raw.body).toContain('q');
    expect((await get('/api/v1/front/tokens/search?q=btc&limit=51')).status).toBe(400);
  });

  it('gives a token’s row and the markets its tabs open; an unknown token is 404 "not supported"', async () => {
    const btc = await get('/api/v1/front/tokens/btc');
    expect(btc.status).toBe(200);
    expect(btc.body).toMatchObject({
      token: { base: 'BTC' },
      koreanSymbol: 'upbit-btc',
      overseasSymbol: 'binance-usdt-btc',
      perpetual: true,
    });
    const unknown = await get('/api/v1/front/tokens/NOPECOIN', 'ko');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('지원하지 않는 토큰');
    expect((await get('/api/v1/front/tokens/bad-id')).status).toBe(400);
  });
});

describe('token pages', () => {
  it('serves /token/{id} for a known token and the 404 shell for an unknown one', async () => {
    const page = (url: string) => server.app.inject({ url, headers: { accept: 'text/html' } });
    expect((await page('/token')).statusCode).toBe(200);
    expect((await page('/token/BTC')).statusCode).toBe(200);
    expect((await page('/en/token/eth?tab=premium')).statusCode).toBe(200);
    expect((await page('/token/BTC/margin-borrow')).statusCode).toBe(200);
    const unknown = await page('/token/NOPECOIN');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect((await page('/en/token/NOPECOIN')).statusCode).toBe(404);
  });
});

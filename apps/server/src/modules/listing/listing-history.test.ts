import type { ListingCase, ListingHistoryResponse } from '@spreadscope/contracts';
import type { MinuteBar } from '@spreadscope/core';
import {
  createHistoryRepository,
  createListingCaseRepository,
  createTrendsRepository,
} from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { aitListingNotice } from '../../test-support/listing-fixtures.ts';
import { forex, quote, T0 } from '../../test-support/test-server.ts';
import { EMPTY_DEPOSIT_CONFIG } from './listing-deposit-config.ts';

const DAY = 86_400_000;
const MIN = 60_000;

const notice = aitListingNotice();

const bar = (minute: number, o: number, h: number, l: number, c: number): MinuteBar => ({
  venue: 'upbit',
  market: 'spot',
  base: 'AIT',
  quote: 'KRW',
  minute,
  open: o,
  high: h,
  low: l,
  close: c,
  volume24h: null,
});

const history = (client: Awaited<ReturnType<typeof signedInUser>>['client'], q = '') =>
  client.get<ListingHistoryResponse>(`/api/v1/front/listing/history${q}`);

forEachDatabase('listing history over HTTP', (getDb) => {
  let f: AccountsFixture;
  let tradingStartedAt = 0;

  beforeAll(async () => {
    f = await startAccountsFixture(getDb(), {
      mode: 'live',
      listingDeposits: {
        config: {
          ...EMPTY_DEPOSIT_CONFIG,
          tokens: [
            {
              base: 'AIT',
              chain: 'ethereum',
              contract: '0x00000000000000000000000000000000000000a1',
              decimals: 18,
              circulatingSupply: 1_000_000_000,
            },
          ],
        },
      },
    });
    f.server.source.push(
      forex(T0, 1_400),
      quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_400),
      quote(T0 + 2, 'binance', 'AIT', 'USDT', 1.0),
      notice,
      quote(T0 + 20, 'upbit', 'AIT', 'KRW', 1_820),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await f.server.listing.flushed();
    const card = (await f.server.listing.list({ key: 'upbit-krw-ait' })).data[0];
    tradingStartedAt = card?.tradingStartedAt ?? 0;
    expect(tradingStartedAt).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await f.close();
  });

  it('shows a listing in its first day as an open case, then stores its figures 24 h after trading start', async () => {
    const { client } = await signedInUser(f, 'starter');
    const open = await history(client, '?key=upbit-krw-ait');
    expect(open.status).toBe(200);
    expect(open.body.data[0]).toMatchObject({ key: 'upbit-krw-ait', closed: false, origin: 'open' });

    // The first day as the minute history holds it, and a channel's post about the token.
    const start = Math.floor(tradingStartedAt / MIN) * MIN;
    await createHistoryRepository(f.server.database)
      .forMode('live')
      .writeMinuteBars([
        bar(start, 1_820, 1_900, 1_800, 1_850),
        bar(start + 3_600_000, 1_850, 2_400, 1_700, 2_000),
        bar(start + DAY - 2 * MIN, 1_500, 1_520, 1_480, 1_500),
      ]);
    await createTrendsRepository(f.server.database)
      .forMode('live')
      .upsertPosts([
        {
          channel: 'coinkorea',
          messageId: 42,
          text: `AIT   listing on Upbit ${'!'.repeat(400)}`,
          publishedAt: T0 + 5 * MIN,
          views: 100,
          forwards: null,
          reactions: null,
          tokens: ['AIT'],
        },
        {
          channel: 'coinkorea',
          messageId: 43,
          text: 'AIT a week later',
          publishedAt: T0 + 7 * DAY,
          views: 1,
          forwards: null,
          reactions: null,
          tokens: ['AIT'],
        },
      ]);
    f.server.source.clock = tradingStartedAt + DAY + MIN;
    await f.server.listingCases.tick();

    const closed = await history(client, '?key=upbit-krw-ait');
    const c = closed.body.data[0] as ListingCase;
    expect(c).toMatchObject({
      closed: true,
      origin: 'recorded',
      listedAt: tradingStartedAt,
      listingPrice: 1_820,
      high24h: 2_400,
      low24h: 1_480,
      simulated: false,
      // No exchange wallet is configured: the tracker does not follow the listing, so no total is claimed.
      totalDepositBeforeTrading: null,
    });
    expect(c.peakPremium?.pct).toBeCloseTo(30, 6);
    // Supply fixed: the cap moves as the price, 1,820 → 1,500.
    expect(c.marketCapChange24hPct).toBeCloseTo(((1_500 - 1_820) / 1_820) * 100, 6);
    expect(c.posts).toHaveLength(1);
    expect(c.posts[0]).toMatchObject({ channel: 'coinkorea', url: 'https://t.me/coinkorea/42' });
    expect(c.posts[0]?.text.length).toBeLessThanOrEqual(280);
    expect(c.posts[0]?.text.startsWith('AIT listing on Upbit')).toBe(true);

    // Stored: another process (a restart) reads the same case from the table.
    const stored = await createListingCaseRepository(f.server.database, { mode: 'live' }).list(10);
    expect(stored.map((s) => s.key)).toContain('upbit-krw-ait');
  });

  it('sorts by date or peak premium and pages', async () => {
    const { client } = await signedInUser(f, 'starter');
    const at = Date.UTC(2024, 0, 1);
    await createListingCaseRepository(f.server.database, { mode: 'live' }).upsert(
      [10, 80, 45].map((pct, i) => ({
        key: `bithumb-krw-old${i}`,
        venue: 'bithumb',
        quote: 'KRW',
        base: `OLD${i}`,
        name: null,
        type: 'default' as const,
        announcedAt: at + i * DAY,
        listedAt: at + i * DAY + 3_600_000,
        deposit: null,
        listingPrice: null,
        high24h: null,
        low24h: null,
        peakPremium: { pct, at: at + i * DAY + 3_700_000 },
        marketCapChange24hPct: null,
        posts: [],
        origin: 'imported' as const,
        updatedAt: at,
      })),
    );
    const byDate = await history(client);
    expect(byDate.body.total).toBe(4);
    expect(byDate.body.data.map((c) => c.key)).toEqual([
      'upbit-krw-ait',
      'bithumb-krw-old2',
      'bithumb-krw-old1',
      'bithumb-krw-old0',
    ]);
    const byPeak = await history(client, '?sort=peak&order=desc');
    expect(byPeak.body.data.map((c) => c.peakPremium?.pct)).toEqual(
      byPeak.body.data.map((c) => c.peakPremium?.pct).sort((a, b) => (b ?? 0) - (a ?? 0)),
    );
    expect(byPeak.body.data[0]?.key).toBe('bithumb-krw-old1');
    const page2 = await history(client, '?limit=3&page=2');
    expect(page2.body).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect(page2.body.data.map((c) => c.key)).toEqual(['bithumb-krw-old0']);
  });

  it('answers bad input with 400 naming the parameter', async () => {
    const { client } = await signedInUser(f, 'starter');
    for (const [q, param] of [
      ['?sort=volume', 'sort'],
      ['?order=sideways', 'order'],
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      ['?key=Upbit-KRW-AIT', 'key'],
    ] as const) {
      const answer = await client.get(`/api/v1/front/listing/history${q}`);
      expect(answer.status, q).toBe(400);
      expect(answer.body, q).toMatchObject({ error: 'invalid_parameter', param });
    }
    expect((await f.client('en').get('/api/v1/front/listing/history')).status).toBe(401);
  });
});

forEachDatabase('listing history of the simulator', (getDb) => {
  let f: AccountsFixture;
  beforeAll(async () => {
    f = await startAccountsFixture(getDb(), { listingSimSeed: 7 });
    await f.server.listingCases.tick();
  });
  afterAll(async () => {
    await f.close();
  });

  it('shows closed simulated cases on a fresh start, labelled, with their figures', async () => {
    const { client } = await signedInUser(f, 'starter');
    const answer = await history(client, '?limit=100');
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBeGreaterThan(0);
    for (const c of answer.body.data) {
      expect(c).toMatchObject({ simulated: true, closed: true, origin: 'recorded' });
      expect(c.listedAt ?? 0).toBeLessThanOrEqual(T0 - DAY);
      expect(c.high24h ?? 0).toBeGreaterThanOrEqual(c.low24h ?? Number.POSITIVE_INFINITY);
      expect(c.listingPrice).toBeGreaterThan(0);
      expect(c.totalDepositBeforeTrading?.amount).toBeGreaterThan(0);
      expect(c.peakPremium?.pct).toBeGreaterThan(3);
    }
    // Looking again (a restart does the same) does not add them twice.
    await f.server.listingCases.tick();
    expect((await history(client, '?limit=100')).body.total).toBe(answer.body.total);
  });
});

import type { ListingChart } from '@spreadscope/contracts';
import { createHistoryRepository } from '@spreadscope/db';
import { flatBar, forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { aitListingNotice } from '../../test-support/listing-fixtures.ts';
import { forex, quote, T0 } from '../../test-support/test-server.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

const notice = aitListingNotice();

const bar = flatBar;

forEachDatabase('listing price chart over HTTP', (getDb) => {
  let f: AccountsFixture;

  beforeAll(async () => {
    f = await startAccountsFixture(getDb(), { mode: 'live' });
    f.server.source.push(
      forex(T0, 1_400),
      quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_400),
      quote(T0 + 2, 'binance', 'AIT', 'USDT', 1.0),
      notice,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await f.server.listing.flushed();
  });
  afterAll(async () => {
    await f.close();
  });

  it('draws the new KRW market, the overseas one at USDT/KRW and the premium from 3 h before the notice', async () => {
    const { client } = await signedInUser(f, 'starter');
    const announcedAt = T0 - MIN;
    const from = Math.floor((announcedAt - 3 * HOUR) / MIN) * MIN;
    const early = from + 60 * MIN;
    const listed = Math.floor(T0 / MIN) * MIN + MIN;
    await createHistoryRepository(f.server.database)
      .forMode('live')
      .writeMinuteBars([
        // Abroad it traded before the notice; Upbit's market opened after it.
        bar('binance', 'AIT', 'USDT', early, 1.0),
        bar('upbit', 'USDT', 'KRW', early, 1_400),
        bar('binance', 'AIT', 'USDT', listed, 1.1),
        bar('upbit', 'AIT', 'KRW', listed, 2_002),
        // Before the window: not drawn.
        bar('binance', 'AIT', 'USDT', from - 10 * MIN, 9.9),
      ]);
    // Within the card's 5 min freshness, so it still compares with Binance.
    f.server.source.clock = T0 + 3 * MIN;

    const res = await client.get<ListingChart>('/api/v1/front/listing/chart?key=upbit-krw-ait');
    expect(res.status).toBe(200);
    const chart = res.body;
    expect(chart).toMatchObject({
      key: 'upbit-krw-ait',
      from,
      announcedAt,
      overseas: 'binance',
      simulated: false,
    });
    expect(chart.to).toBe(T0 + 3 * MIN);
    // Nothing stored before the first bar: the chart starts there, not with invented numbers.
    expect(chart.points[0]).toEqual({ t: early, krw: null, overseasKrw: 1_400, premiumPct: null });
    const atListing = chart.points.find((p) => p.t === listed);
    expect(atListing?.krw).toBe(2_002);
    expect(atListing?.overseasKrw).toBeCloseTo(1_540, 6);
    expect(atListing?.premiumPct).toBeCloseTo(30, 6);
    // A quiet minute carries the last close on.
    expect(chart.points.at(-1)).toMatchObject({ krw: 2_002 });
    expect(chart.points.every((p, i) => i === 0 || p.t - (chart.points[i - 1]?.t ?? 0) === MIN)).toBe(true);
  });

  it('answers a malformed key 400, an unknown listing 404, a visitor 401 and the Free plan 403', async () => {
    const { client } = await signedInUser(f, 'starter');
    const bad = await client.get('/api/v1/front/listing/chart?key=Upbit-KRW-AIT');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('key');
    expect((await client.get('/api/v1/front/listing/chart')).status).toBe(400);
    expect((await client.get('/api/v1/front/listing/chart?key=upbit-krw-nope')).status).toBe(404);
    expect((await f.client('en').get('/api/v1/front/listing/chart?key=upbit-krw-ait')).status).toBe(401);
    const free = (await signedInUser(f, 'free')).client;
    expect((await free.get('/api/v1/front/listing/chart?key=upbit-krw-ait')).status).toBe(403);
  });
});

import type { ListingDepositRanking, ListingDepositResponse, ListingResponse } from '@spreadscope/contracts';
import { holderTier, type MarketEvent } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';
import { forex, quote, T0 } from '../../test-support/test-server.ts';

const notice: MarketEvent = {
  t: T0,
  type: 'notice',
  venue: 'bithumb',
  category: 'listing',
  title: '[마켓 추가] 카이토(KAITO) 원화 마켓 추가',
  url: 'https://feed.bithumb.com/notice/1651234',
  publishedAt: T0 - 60_000,
};

/** On the simulator (a fresh `npm start`), the tracker shows drawn deposits, labelled simulated. */
forEachDatabase('listing deposit tracker (simulated)', (getDb) => {
  let f: AccountsFixture;
  let starter: CookieClient;

  beforeAll(async () => {
    f = await startAccountsFixture(getDb());
    f.server.source.push(
      forex(T0, 1_400),
      quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_400),
      quote(T0 + 2, 'binance', 'KAITO', 'USDT', 2.0),
      notice,
    );
    starter = (await signedInUser(f, 'starter')).client;
    await vi.waitFor(
      async () =>
        expect((await starter.get<ListingResponse>('/api/v1/front/listing')).body.data).toHaveLength(1),
      { timeout: 10_000, interval: 50 },
    );
    // An hour of deposits after the notice.
    f.server.source.push(
      forex(T0 + 3_600_000, 1_400),
      quote(T0 + 3_600_001, 'binance', 'KAITO', 'USDT', 2.0),
    );
  });
  afterAll(async () => {
    await f?.close();
  });

  it('shows deposits of every tier, each tiered by its KRW value, the same on every read', async () => {
    const first = await starter.get<ListingDepositResponse>(
      '/api/v1/front/listing/deposit?key=bithumb-krw-kaito',
    );
    expect(first.status).toBe(200);
    const body = first.body;
    expect(body).toMatchObject({ simulated: true, priceKrw: 2_800, chains: [{ state: 'simulated' }] });
    expect(body.total.count).toBeGreaterThan(50);
    for (const d of body.data) {
      expect(d.tier).toBe(holderTier(d.krw));
      expect(d.at).toBeGreaterThanOrEqual(T0 - 60_000);
      expect(d.at).toBeLessThanOrEqual(T0 + 3_600_001);
    }
    expect(body.byTier.count.whale).toBeGreaterThan(0);
    expect(body.byTier.count.fish).toBeGreaterThan(0);
    expect(body.byTier.count.shrimp).toBeGreaterThan(0);
    const again = await starter.get<ListingDepositResponse>(
      '/api/v1/front/listing/deposit?key=bithumb-krw-kaito',
    );
    expect(again.body.data).toEqual(body.data);

    const ranking = await starter.get<ListingDepositRanking>(
      '/api/v1/front/listing/deposit/ranking?key=bithumb-krw-kaito&limit=5',
    );
    expect(ranking.body.data).toHaveLength(5);
    const amounts = ranking.body.data.map((r) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(ranking.body.simulated).toBe(true);
  });
});

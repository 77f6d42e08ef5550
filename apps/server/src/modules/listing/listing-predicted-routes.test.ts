import type { ListingPredictedResponse } from '@spreadscope/contracts';
import type { MarketEvent } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { forex, quote, T0 } from '../../test-support/test-server.ts';

const wallet = (t: number, venue: string, asset: string, network: string): MarketEvent => ({
  t,
  type: 'wallet',
  venue: venue as 'upbit',
  asset,
  network,
  deposit: true,
  withdraw: true,
});

const URL = '/api/v1/front/listing/predicted';
/** 2025-11-21 11:30 KST, half an hour before T0. */
const KAITO_TRADING = Date.UTC(2025, 10, 21, 2, 30);

forEachDatabase('listing candidates over HTTP', (getDb) => {
  let f: AccountsFixture;

  beforeAll(async () => {
    f = await startAccountsFixture(getDb());
    const vol = (volume24h: number) => ({ volume24h });
    f.server.source.push(
      forex(T0, 1_400),
      quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_400),
      // ZRO: on Bithumb, busy abroad, on a chain Upbit already runs (its ETH wallet).
      quote(T0 + 2, 'bithumb', 'ZRO', 'KRW', 3_000, vol(1e9)),
      quote(T0 + 3, 'binance', 'ZRO', 'USDT', 2, vol(3_000_000)),
      quote(T0 + 4, 'okx', 'ZRO', 'USDT', 2, vol(1_000_000)),
      wallet(T0 + 5, 'binance', 'ZRO', 'ETH'),
      wallet(T0 + 6, 'upbit', 'ETH', 'ETH'),
      quote(T0 + 7, 'upbit', 'ETH', 'KRW', 5_000_000, vol(1e10)),
      // BIGV: large overseas volume only. TINY: nothing speaks for it.
      quote(T0 + 8, 'binance', 'BIGV', 'USDT', 1, vol(20_000_000)),
      quote(T0 + 9, 'binance', 'TINY', 'USDT', 1, vol(10_000)),
      // HELD: both venues list it. UPO: Upbit only, BTC market. USDC: a stablecoin.
      quote(T0 + 10, 'upbit', 'HELD', 'KRW', 100, vol(1e9)),
      quote(T0 + 11, 'bithumb', 'HELD', 'KRW', 100, vol(1e9)),
      quote(T0 + 12, 'upbit', 'UPO', 'BTC', 0.0001, vol(10)),
      quote(T0 + 13, 'bithumb', 'USDC', 'KRW', 1_400, vol(1e9)),
      quote(T0 + 14, 'binance', 'USDC', 'USDT', 1, vol(9e9)),
      // AIT: on Bithumb, but Upbit announced it already (it is on the listing cards instead).
      quote(T0 + 15, 'bithumb', 'AIT', 'KRW', 1_450, vol(1e9)),
      {
        t: T0 + 16,
        type: 'notice',
        venue: 'upbit',
        category: 'listing',
        title: '[거래] 에이아이티프로토콜(AIT) 원화 마켓 디지털 자산 추가',
        summary: '- 지원 네트워크 : Ethereum',
        url: 'https://upbit.com/service_center/notice?id=5731',
        publishedAt: T0,
      },
    );
    // KAITO: Bithumb announced it for 11:30 KST and its market trades (seen later, when this server looked).
    f.server.source.push(
      {
        t: T0 + 17,
        type: 'notice',
        venue: 'bithumb',
        category: 'listing',
        title: '[마켓 추가] 카이토(KAITO) 원화 마켓 추가',
        summary: '- 거래지원 개시 시점 : 2025-11-21 11:30 KST 예정',
        url: 'https://feed.bithumb.com/notice/1651234',
        publishedAt: KAITO_TRADING - 3_600_000,
      },
      quote(T0 + 18, 'binance', 'KAITO', 'USDT', 1, vol(2_000_000)),
      quote(T0 + 19, 'bithumb', 'KAITO', 'KRW', 1_500, vol(1e9)),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await f.server.listing.flushed();
  });
  afterAll(async () => {
    await f.close();
  });

  it('asks visitors to sign in and tells Free users which plan has it', async () => {
    const visitor = await f.client('en').get(`${URL}?exchange=upbit`);
    expect(visitor.status).toBe(401);
    const { client } = await signedInUser(f, 'free');
    const free = await client.get(`${URL}?exchange=upbit`);
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ error: 'plan_required' });
  });

  it('answers Upbit candidates with their reasons as numbers, strongest evidence first', async () => {
    const { client } = await signedInUser(f, 'starter');
    const answer = await client.get<ListingPredictedResponse>(`${URL}?exchange=upbit`);
    expect(answer.status).toBe(200);
    expect(answer.body.exchange).toBe('upbit');
    expect(answer.body.data.map((c) => c.base)).toEqual(['ZRO', 'KAITO', 'BIGV']);
    expect(answer.body.data[0]?.reasons).toEqual([
      { kind: 'korean_listing', exchange: 'bithumb', quotes: ['KRW'], since: null },
      { kind: 'overseas_volume', volumeUsd: 4_000_000, venues: 2 },
      { kind: 'networks', networks: ['ETH'] },
    ]);
    // Since the announced trading time: the market was only seen trading when this server started looking.
    expect(answer.body.data[1]?.reasons).toEqual([
      { kind: 'korean_listing', exchange: 'bithumb', quotes: ['KRW'], since: KAITO_TRADING },
      { kind: 'overseas_volume', volumeUsd: 2_000_000, venues: 1 },
    ]);
    expect(answer.body.data[2]?.reasons).toEqual([
      { kind: 'overseas_volume', volumeUsd: 20_000_000, venues: 1 },
    ]);
    expect(answer.body.total).toBe(3);
    expect(answer.body.trends).toEqual({ telegram: false, naver: false });

    const limited = await client.get<ListingPredictedResponse>(`${URL}?exchange=upbit&limit=1`);
    expect(limited.body.data.map((c) => c.base)).toEqual(['ZRO']);
    expect(limited.body.total).toBe(3);
  });

  it('answers Bithumb candidates: what Upbit lists in any quote market, never a stablecoin', async () => {
    const { client } = await signedInUser(f, 'starter');
    const answer = await client.get<ListingPredictedResponse>(`${URL}?exchange=bithumb`);
    expect(answer.status).toBe(200);
    const bases = answer.body.data.map((c) => c.base);
    expect(bases).toContain('UPO');
    expect(bases).toContain('BIGV');
    for (const held of ['ZRO', 'HELD', 'USDC', 'USDT', 'AIT', 'TINY']) expect(bases).not.toContain(held);
    expect(answer.body.data.find((c) => c.base === 'UPO')?.reasons[0]).toEqual({
      kind: 'korean_listing',
      exchange: 'upbit',
      quotes: ['BTC'],
      since: null,
    });
  });

  it('leaves out the tokens a user blacklisted in the listing settings', async () => {
    const { client } = await signedInUser(f, 'starter');
    const saved = await client.request('PUT', '/api/v1/front/listing/setting', {
      exchanges: ['upbit', 'bithumb'],
      quotes: ['KRW'],
      blacklist: ['bigv'],
      amountKrw: 1_000_000,
    });
    expect(saved.status).toBe(200);
    const answer = await client.get<ListingPredictedResponse>(`${URL}?exchange=upbit`);
    expect(answer.body.data.map((c) => c.base)).toEqual(['ZRO', 'KAITO']);
  });

  it('answers a bad exchange or limit with 400 naming the parameter', async () => {
    const { client } = await signedInUser(f, 'starter');
    for (const [query, param] of [
      ['exchange=binance', 'exchange'],
      ['exchange=coinone', 'exchange'],
      ['exchange=upbit&limit=0', 'limit'],
      ['exchange=upbit&limit=abc', 'limit'],
      ['exchange=upbit&limit=201', 'limit'],
    ] as const) {
      const answer = await client.get(`${URL}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ error: 'invalid_parameter', param });
    }
  });
});

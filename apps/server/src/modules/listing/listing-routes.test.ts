import type { ListingCard, ListingResponse } from '@spreadscope/contracts';
import type { MarketEvent } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { aitListingNotice } from '../../test-support/listing-fixtures.ts';
import { forex, quote, T0 } from '../../test-support/test-server.ts';
import { connectWs, ofType } from '../../test-support/ws-client.ts';

const KST = 9 * 3_600_000;
const kst = (h: number, m = 0) => Date.UTC(2025, 10, 21, h, m) - KST;

const listingNotice = aitListingNotice;

const wallet = (t: number, venue: string, deposit: boolean, withdrawFee?: number): MarketEvent => ({
  t,
  type: 'wallet',
  venue: venue as 'upbit',
  asset: 'AIT',
  network: 'ETH',
  deposit,
  withdraw: true,
  ...(withdrawFee === undefined ? {} : { withdrawFee }),
});

const settle = async (f: AccountsFixture) => {
  await new Promise((resolve) => setTimeout(resolve, 60));
  await f.server.listing.flushed();
};

forEachDatabase('listing arbitrage over HTTP', (getDb) => {
  let f: AccountsFixture;

  beforeAll(async () => {
    f = await startAccountsFixture(getDb());
    f.server.source.push(
      forex(T0, 1_400),
      quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_400),
      quote(T0 + 2, 'binance', 'AIT', 'USDT', 1.0),
      quote(T0 + 3, 'okx', 'AIT', 'USDT', 1.02),
      quote(T0 + 4, 'bithumb', 'AIT', 'KRW', 1_450),
      wallet(T0 + 5, 'upbit', false),
      wallet(T0 + 6, 'binance', true, 3),
      listingNotice({}),
      listingNotice({
        venue: 'bithumb',
        title: '[마켓 추가] 카이토(KAITO), 솔레이어(LAYER) 원화 마켓 추가',
        summary: null as never,
        url: 'https://feed.bithumb.com/notice/1651234',
      }),
    );
    await settle(f);
  });
  afterAll(async () => {
    await f.close();
  });

  it('tells visitors to sign in and Free users which plan has it', async () => {
    const visitor = await f.client('en').get('/api/v1/front/listing');
    expect(visitor.status).toBe(401);
    const { client } = await signedInUser(f, 'free');
    const free = await client.get('/api/v1/front/listing');
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ error: 'plan_required' });
    expect(String(free.body.message)).toContain('Starter');
    const access = await client.get('/api/v1/front/listing/access');
    expect(access.body).toEqual({ allowed: false, needs: 'plan', inviteRequired: false });
  });

  it('shows a Starter user the cards born from the notices, status from the wallet, premium from the engine', async () => {
    const { client } = await signedInUser(f, 'starter');
    const answer = await client.get<ListingResponse>('/api/v1/front/listing');
    expect(answer.status).toBe(200);
    const keys = answer.body.data.map((c) => c.key).sort();
    expect(keys).toEqual(['bithumb-krw-kaito', 'bithumb-krw-layer', 'upbit-krw-ait']);
    const ait = answer.body.data.find((c) => c.key === 'upbit-krw-ait') as ListingCard;
    expect(ait).toMatchObject({
      name: '에이아이티프로토콜',
      status: 'deposit_wait',
      stage: 'announced',
      type: 'default',
      tradingAt: kst(17),
      depositDeadline: T0 - 60_000 + 2 * 3_600_000,
      networks: [{ network: 'ETH', deposit: false, withdraw: true, withdrawFee: 3 }],
      price: { listing: null, premiumPct: null, overseas: { exchange: 'binance', usdt: 1 } },
    });
    expect(answer.body.fees).toEqual({ buy: 0.001, sell: 0.001 });

    // Upbit opens deposits: trade_wait (trading is announced), then the market quotes 1,820 KRW: trade at +30 %.
    f.server.source.push(wallet(T0 + 10, 'upbit', true));
    await settle(f);
    const opened = await client.get<ListingResponse>('/api/v1/front/listing?key=upbit-krw-ait');
    expect(opened.body.data[0]).toMatchObject({ status: 'trade_wait', stage: 'deposit_open' });
    expect(opened.body.data[0]?.timeline.map((e) => e.kind)).toEqual(['announced', 'deposit_opened']);

    f.server.source.push(quote(T0 + 20, 'upbit', 'AIT', 'KRW', 1_820));
    await settle(f);
    const trading = await client.get<ListingResponse>('/api/v1/front/listing?key=upbit-krw-ait');
    const card = trading.body.data[0] as ListingCard;
    expect(card).toMatchObject({ status: 'trade', stage: 'trading' });
    expect(card.price.premiumPct).toBeCloseTo(30, 6);
    expect(card.peakPremium?.pct).toBeCloseTo(30, 6);
    expect(card.timeline.map((e) => e.kind)).toContain('trading_started');
  });

  it('follows an edited notice: the new trading time replaces the old, on the timeline', async () => {
    f.server.source.push(
      listingNotice({
        title: '[거래] 에이아이티프로토콜(AIT) 원화 마켓 거래지원 개시 시점 연기 안내',
        summary: '- 거래지원 개시 시점 : 2025-11-21 20:30 KST 예정',
        t: T0 + 30,
      }),
    );
    await settle(f);
    const { client } = await signedInUser(f, 'pro');
    const answer = await client.get<ListingResponse>('/api/v1/front/listing?key=upbit-krw-ait');
    expect(answer.body.data[0]).toMatchObject({ tradingAt: kst(20, 30), postponed: true });
    expect(answer.body.data[0]?.timeline.at(-1)?.kind).toBe('postponed');
  });

  it('types listings read before the market was known once the engine has held it for a while', async () => {
    // The notices above arrived with the first quotes: typed only after 10 s of market on the source clock.
    f.server.source.push(forex(T0 + 20_000, 1_400), quote(T0 + 20_001, 'upbit', 'USDT', 'KRW', 1_400));
    await settle(f);
    const { client } = await signedInUser(f, 'starter');
    const answer = await client.get<ListingResponse>('/api/v1/front/listing');
    const types = Object.fromEntries(answer.body.data.map((c) => [c.key, c.type]));
    // KAITO and LAYER trade nowhere yet (they list worldwide at once); AIT trades abroad and on Bithumb.
    expect(types).toMatchObject({
      'bithumb-krw-kaito': 'global_simultaneous',
      'bithumb-krw-layer': 'global_simultaneous',
      'upbit-krw-ait': 'default',
    });
  });

  it('answers bad input with 400 and the field at fault, never 5xx', async () => {
    const { client } = await signedInUser(f, 'starter');
    for (const url of [
      '/api/v1/front/listing?exchange=binance',
      '/api/v1/front/listing?status=flying',
      `/api/v1/front/listing?key=${'x'.repeat(100)}`,
      '/api/v1/front/listing/history?page=0',
      '/api/v1/front/listing/history?limit=1000',
    ]) {
      const answer = await client.get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.error, url).toBe('invalid_parameter');
    }
    const unknownKey = await client.get<ListingResponse>('/api/v1/front/listing?key=Upbit-KRW-AIT');
    expect(unknownKey.body.data).toEqual([]);
    const badSettings = await client.request('PUT', '/api/v1/front/listing/setting', {
      exchanges: ['upbit'],
      quotes: ['EUR'],
      blacklist: [],
      amountKrw: -5,
    });
    expect(badSettings.status).toBe(400);
    const badInvite = await client.post('/api/v1/front/listing/invite', { code: '' });
    expect(badInvite.status).toBe(400);
  });

  it('keeps each user’s settings', async () => {
    const { client } = await signedInUser(f, 'starter');
    const defaults = await client.get('/api/v1/front/listing/setting');
    expect(defaults.body).toMatchObject({ quotes: ['KRW', 'BTC', 'USDT'], amountKrw: 1_000_000 });
    const saved = await client.request('PUT', '/api/v1/front/listing/setting', {
      exchanges: ['upbit'],
      quotes: ['KRW'],
      blacklist: ['pepe', 'PEPE'],
      amountKrw: 5_000_000,
    });
    expect(saved.status).toBe(200);
    const read = await client.get('/api/v1/front/listing/setting');
    expect(read.body).toEqual({
      exchanges: ['upbit'],
      quotes: ['KRW'],
      blacklist: ['PEPE'],
      amountKrw: 5_000_000,
    });
  });

  it('lists past cases in /history', async () => {
    const { client } = await signedInUser(f, 'starter');
    const answer = await client.get('/api/v1/front/listing/history');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ page: 1, limit: 20, total: 1 });
    expect((answer.body.data as { key: string }[])[0]?.key).toBe('upbit-krw-ait');
  });
});

forEachDatabase('listing arbitrage invite gate', (getDb) => {
  let f: AccountsFixture;
  let wsUrl: string;

  beforeAll(async () => {
    f = await startAccountsFixture(getDb(), { listingInviteRequired: true });
    const address = await f.server.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${address.replace('http', 'ws')}/api/v1/ws`;
  });
  afterAll(async () => {
    await f.close();
  });

  it('needs a redeemed code besides the plan; a wrong code says "Invalid invitation code."', async () => {
    const { client } = await signedInUser(f, 'starter');
    const gated = await client.get('/api/v1/front/listing');
    expect(gated.status).toBe(403);
    expect(gated.body.error).toBe('invite_required');

    const wrong = await client.post('/api/v1/front/listing/invite', { code: 'NOPE' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: 'invalid_invite',
      message: 'Invalid invitation code.',
      param: 'code',
    });
    const ko = await signedInUser(f, 'starter', 'ko');
    const wrongKo = await ko.client.post('/api/v1/front/listing/invite', { code: 'NOPE' });
    expect(wrongKo.body.message).toBe('유효하지 않은 초대 코드입니다.');

    const repo = f.server.listing
      ? (await import('@spreadscope/db')).createListingRepository(f.server.database)
      : null;
    await repo?.issueInvite('LIST-ABCD-1234', T0, null);
    const redeemed = await client.post('/api/v1/front/listing/invite', { code: 'LIST-ABCD-1234' });
    expect(redeemed.body).toEqual({ allowed: true, needs: null, inviteRequired: true });
    expect((await client.get('/api/v1/front/listing')).status).toBe(200);

    // Used: another user cannot take it, and the operator cannot revoke it.
    const other = await ko.client.post('/api/v1/front/listing/invite', { code: 'LIST-ABCD-1234' });
    expect(other.status).toBe(400);
    expect(await repo?.revokeInvite('LIST-ABCD-1234')).toBe('used');
    await repo?.issueInvite('LIST-UNUSED', T0, null);
    expect(await repo?.revokeInvite('LIST-UNUSED')).toBe('revoked');
  });

  describe('the live listing topic', () => {
    it('refuses a connection without access and admits one with it', async () => {
      const visitor = connectWs(wsUrl);
      await visitor.opened;
      visitor.send({ op: 'subscribe', id: 'l1', topic: 'listing' });
      expect(await visitor.next(ofType('error'))).toMatchObject({ error: 'unauthenticated', id: 'l1' });
      visitor.close();

      const { client, user } = await signedInUser(f, 'starter');
      const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const uninvited = connectWs(wsUrl, { cookie });
      await uninvited.opened;
      uninvited.send({ op: 'subscribe', id: 'l2', topic: 'listing' });
      expect(await uninvited.next(ofType('error'))).toMatchObject({ error: 'invite_required' });
      uninvited.close();

      const { createListingRepository } = await import('@spreadscope/db');
      const repo = createListingRepository(f.server.database);
      await repo.issueInvite('LIST-WS', T0, null);
      expect(await repo.redeemInvite('LIST-WS', user.id, T0)).toBe('redeemed');
      const member = connectWs(wsUrl, { cookie });
      await member.opened;
      member.send({ op: 'subscribe', id: 'l3', topic: 'listing' });
      await member.next(ofType('subscribed'));
      f.server.source.push(
        listingNotice({
          url: 'https://upbit.com/service_center/notice?id=9',
          title: '[거래] 무브먼트(MOVE) 원화 마켓 디지털 자산 추가',
        }),
      );
      const pushed = await member.next((m) => m.type === 'event' && m.topic === 'listing');
      expect((pushed.data as ListingCard).key).toBe('upbit-krw-move');
      member.close();
    });
  });
});

import type { MarketEvent } from '@spreadscope/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { forex, quote, T0, type TestServer } from '../../test-support/test-server.ts';
import { connectWs, listenTestServer, type WsTestClient } from '../../test-support/ws-client.ts';

/**
 * §2.15 `/listings/historical` and the §3.4 `/announcement/listing` channel, driven as the SDK drives them:
 * a Pro+ key, SUBSCRIBE with no parameter, and a reconnected socket that sends nothing at all.
 */

const KST = 9 * 3_600_000;
const UPBIT_URL = 'https://upbit.com/service_center/notice?id=5731';
const upbitNotice: MarketEvent = {
  t: T0 + 10,
  type: 'notice',
  venue: 'upbit',
  category: 'listing',
  title: '[거래] 에이아이티프로토콜(AIT) 원화 마켓 디지털 자산 추가',
  summary: '- 지원 네트워크 : Ethereum\n- 거래지원 개시 시점 : 2025-11-21 17:00 KST 예정',
  url: UPBIT_URL,
  publishedAt: T0 - 60_000,
};

let server: TestServer;
let origin: string;
const keys: Record<'pro_plus' | 'developer', string> = { pro_plus: '', developer: '' };
const sockets: WsTestClient[] = [];

beforeAll(async () => {
  const listening = await listenTestServer();
  server = listening.server;
  origin = listening.url.replace(/\/api\/v1\/ws$/, '');
  server.source.push(forex(T0, 1_400), quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_400));
  for (const plan of ['pro_plus', 'developer'] as const) {
    const user = await server.accounts.auth.createAccount({
      email: `${plan}@example.com`,
      displayName: plan,
      passwordHash: null,
      googleSub: `google-${plan}`,
      verified: true,
      language: 'en',
      referredBy: null,
      plan,
    });
    keys[plan] = (await server.accounts.apiKeys.create(user, 'sdk', { operator: true })).key;
  }
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

const open = (key: string) => {
  const client = connectWs(`${origin}/ws/v1/announcement/listing`, {
    'X-DTMX-APIKEY': key,
    'User-Agent': 'datamaxi/0.29.0',
  });
  sockets.push(client);
  return client;
};

const get = async (path: string, key?: string) => {
  const answer = await fetch(`${origin.replace(/^ws/, 'http')}/api/v1${path}`, {
    headers: key === undefined ? {} : { 'X-DTMX-APIKEY': key },
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};

describe('listing announcements over the paid API', () => {
  it('pushes a new listing to every Pro+ socket of the channel, subscribed with [] or silent after a reconnect', async () => {
    const subscribed = open(keys.pro_plus);
    const reconnected = open(keys.pro_plus);
    await Promise.all([subscribed.opened, reconnected.opened]);
    subscribed.send({ method: 'SUBSCRIBE', params: [], id: 1 });
    // The SDK drops an object whose keys are a subset of {result, id}: the ack carries nothing else.
    expect(await subscribed.next((m) => m.id === 1)).toEqual({ id: 1 });
    subscribed.send({ method: 'PING' });
    expect(await subscribed.next((m) => 'result' in m)).toEqual({ result: null });

    server.source.push(upbitNotice);
    const expected = { e: 'upbit', b: 'AIT', q: 'KRW', u: UPBIT_URL, d: T0 - 60_000 };
    expect(await subscribed.next((m) => m.b === 'AIT')).toEqual(expected);
    expect(await reconnected.next((m) => m.b === 'AIT')).toEqual(expected);

    // The same notice again (a re-poll, an edit) is not a new listing.
    server.source.push({ ...upbitNotice, t: T0 + 20 });
    await server.listing.flushed();
    await expect(subscribed.next((m) => m.b === 'AIT', 300)).rejects.toThrow('timed out');

    // UNSUBSCRIBE is acknowledged and the socket stays open (the SDK sends it on this channel too).
    subscribed.send({ method: 'UNSUBSCRIBE', params: [], id: 2 });
    expect(await subscribed.next((m) => m.id === 2)).toEqual({ id: 2 });
    subscribed.send({ method: 'SUBSCRIBE', params: ['BTC'], id: 3 });
    expect(await subscribed.next((m) => m.code === 'bad_param')).toMatchObject({ params: ['BTC'], id: 3 });
    expect(subscribed.socket.readyState).toBe(subscribed.socket.OPEN);
  });

  it('refuses the channel to an API plan without listing arbitrage (403 naming Pro+) and to no key (401)', async () => {
    const refused = (key: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`${origin}/ws/v1/announcement/listing`, {
          headers: { 'X-DTMX-APIKEY': key },
        });
        socket.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          socket.terminate();
        });
        socket.on('open', () => {
          resolve(101);
          socket.close();
        });
        socket.on('error', () => undefined);
      });
    expect(await refused(keys.developer)).toBe(403);
    expect(await refused('None')).toBe(401);
    expect(await refused(keys.pro_plus)).toBe(101);
  });

  it('/listings/historical lists the stored listings with their network, times and notice, for a key only', async () => {
    await server.listing.flushed();
    expect((await get('/listings/historical')).status).toBe(401);
    const answer = await get('/listings/historical?refresh=True', keys.developer);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      {
        exchange: 'upbit',
        base: 'AIT',
        quote: 'KRW',
        network: expect.stringMatching(/^eth/i),
        announced_at: T0 - 60_000,
        deposit_at: null,
        trade_at: Date.UTC(2025, 10, 21, 17) - KST,
        url: UPBIT_URL,
      },
    ]);
    expect((await get('/listings/historical?refresh=maybe', keys.developer)).status).toBe(400);
  });
});

import type { LiquidationEvent, OpenInterestEvent } from '@spreadscope/core';
import { quote } from '@spreadscope/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { seedMarket, T0, type TestServer } from '../../../test-support/test-server.ts';
import { connectWs, listenTestServer, type WsTestClient } from '../../../test-support/ws-client.ts';

/** The paid API's WebSocket driven like the DataMaxi+ SDK's client: upgrade with the key, SUBSCRIBE, PING. */

const oi = (
  t: number,
  venue: string,
  base: string,
  openInterest: number,
  usd: number,
): OpenInterestEvent => ({
  t,
  type: 'oi',
  venue,
  base,
  quote: 'USDT',
  openInterest,
  openInterestUsd: usd,
});
const liq = (
  t: number,
  venue: string,
  base: string,
  side: 'long' | 'short',
  price: number,
  size: number,
): LiquidationEvent => ({ t, type: 'liquidation', venue, base, quote: 'USDT', side, price, size });

let server: TestServer | undefined;
const clients: WsTestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = undefined;
});

async function start() {
  const listening = await listenTestServer();
  server = listening.server;
  seedMarket(server.source);
  const origin = listening.url.replace(/\/api\/v1\/ws$/, '');
  const user = await server.accounts.auth.createAccount({
    email: 'ws@example.com',
    displayName: 'ws',
    passwordHash: null,
    googleSub: 'google-ws',
    verified: true,
    language: 'en',
    referredBy: null,
    plan: 'pro_plus',
  });
  const { key } = await server.accounts.apiKeys.create(user, 'sdk', { operator: true });
  const open = (channel: string, apiKey = key) => {
    const client = connectWs(`${origin}/ws/v1${channel}`, {
      'X-DTMX-APIKEY': apiKey,
      'User-Agent': 'datamaxi/0.29.0',
    });
    clients.push(client);
    return client;
  };
  return { open, origin, key };
}

/** The HTTP status a refused upgrade answers with. */
function refusedWith(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('error', () => {});
  });
}

describe('the paid API WebSocket', () => {
  it('acks a SUBSCRIBE, sends the ticker at once and again when the market moves, answers PING', async () => {
    const { open } = await start();
    const ws = open('/ticker/spot');
    await ws.opened;
    ws.send({ method: 'SUBSCRIBE', params: ['BTC-USDT@binance', 'BTC-KRW@upbit@KRW@USDT'], id: 1 });
    expect(await ws.next((m) => m.id === 1)).toEqual({
      result: ['BTC-USDT@binance', 'BTC-KRW@upbit@KRW@USDT'],
      id: 1,
    });
    const first = await ws.next((m) => m.e === 'binance');
    expect(first).toMatchObject({
      e: 'binance',
      m: 'spot',
      s: 'BTC-USDT',
      b: 'BTC',
      q: 'USDT',
      p: 100_000,
      hb: 99_999,
    });
    expect(await ws.next((m) => m.e === 'upbit')).toMatchObject({ s: 'BTC-KRW', p: 143_500_000 });
    server?.source.push(quote(T0 + 60_000, 'binance', 'BTC', 'USDT', 101_000));
    const moved = await ws.next((m) => m.e === 'binance');
    expect(moved.p).toBe(101_000);
    ws.send({ method: 'PING' });
    expect(await ws.next((m) => 'result' in m && m.result === null)).toEqual({ result: null });
  });

  it('answers a bad frame with an error frame and keeps the connection; refuses a bad param in the ack', async () => {
    const { open } = await start();
    const ws = open('/forex');
    await ws.opened;
    ws.socket.send('PONG');
    expect(await ws.next((m) => m.code === 'bad_message')).toMatchObject({ error: expect.any(String) });
    ws.send({ method: 'SUBSCRIBE', params: ['USD-KRW', 'XYZ-ABC'], id: 7 });
    expect(await ws.next((m) => m.id === 7 && 'result' in m)).toEqual({ result: ['USD-KRW'], id: 7 });
    expect(await ws.next((m) => m.code === 'bad_param')).toMatchObject({ params: ['XYZ-ABC'], id: 7 });
    expect(await ws.next((m) => m.s === 'USD-KRW')).toMatchObject({ r: 1_400 });
    ws.send({ method: 'UNSUBSCRIBE', params: ['USD-KRW'], id: 8 });
    expect(await ws.next((m) => m.id === 8)).toEqual({ result: ['USD-KRW'], id: 8 });
    expect(ws.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('carries the premium message for the SDK’s pair parameter', async () => {
    const { open } = await start();
    const premium = open('/premium');
    await premium.opened;
    premium.send({ method: 'SUBSCRIBE', params: ['upbit:binance:bitcoin:KRW:USDT:spot:spot'], id: 1 });
    const message = await premium.next((m) => m.key !== undefined);
    expect(message).toMatchObject({
      source_exchange: 'upbit',
      target_exchange: 'binance',
      source_base: 'BTC',
    });
    // ₩143.5M at ₩1,400 a dollar over $100,000: 2.5 %.
    expect(message.premium as number).toBeCloseTo(2.5, 6);
  });

  it('refuses the upgrade without a valid key (401)', async () => {
    const { origin, key } = await start();
    expect(await refusedWith(`${origin}/ws/v1/ticker/spot`, { 'X-DTMX-APIKEY': 'None' })).toBe(401);
    expect(await refusedWith(`${origin}/ws/v1/liquidation/feed`, { 'X-DTMX-APIKEY': 'None' })).toBe(401);
    expect(await refusedWith(`${origin}/ws/v1/announcement/listing`, { 'X-DTMX-APIKEY': 'x' })).toBe(401);
    expect(await refusedWith(`${origin}/ws/v1/forex`, { 'X-DTMX-APIKEY': key })).toBe(101);
    expect(await refusedWith(`${origin}/ws/v1/liquidation/feed`, { 'X-DTMX-APIKEY': key })).toBe(101);
  });

  it('open interest: the current reading at once on SUBSCRIBE, then each new one of that perpetual only', async () => {
    const { open } = await start();
    server?.source.push(oi(T0 + 1_000, 'binance', 'BTC', 50_000, 5_000_000_000));
    const ws = open('/open-interest');
    await ws.opened;
    ws.send({ method: 'SUBSCRIBE', params: ['BTC-USDT@binance', 'nonsense'], id: 1 });
    expect(await ws.next((m) => m.id === 1 && 'result' in m)).toEqual({
      result: ['BTC-USDT@binance'],
      id: 1,
    });
    expect(await ws.next((m) => m.code === 'bad_param')).toMatchObject({ params: ['nonsense'] });
    expect(await ws.next((m) => m.oi === 50_000)).toEqual({
      e: 'binance',
      s: 'BTC-USDT',
      b: 'BTC',
      q: 'USDT',
      id: 'bitcoin',
      oi: 50_000,
      oiusd: 5_000_000_000,
      // At ₩1,400 a dollar.
      oifiat: 7_000_000_000_000,
      d: T0 + 1_000,
    });
    server?.source.push(
      oi(T0 + 2_000, 'bybit', 'BTC', 10, 1_000_000),
      oi(T0 + 3_000, 'binance', 'BTC', 51_000, 5_100_000_000),
    );
    const next = await ws.next((m) => typeof m.oi === 'number' && m.oi !== 50_000);
    expect(next).toMatchObject({ e: 'binance', oi: 51_000, d: T0 + 3_000 });
    // The SDK sends UNSUBSCRIBE here too: it is honoured, and the socket stays open.
    ws.send({ method: 'UNSUBSCRIBE', params: ['BTC-USDT@binance'], id: 2 });
    expect(await ws.next((m) => m.id === 2)).toEqual({ result: ['BTC-USDT@binance'], id: 2 });
    expect(ws.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('liquidation: recent events replayed with snap true, then live ones with snap false, in the SDK’s keys', async () => {
    const { open } = await start();
    server?.source.push(liq(T0 + 1_000, 'binance', 'BTC', 'long', 99_000, 0.5));
    const ws = open('/liquidation');
    await ws.opened;
    ws.send({ method: 'SUBSCRIBE', params: ['BTCUSDT@binance'], id: 3 });
    expect(await ws.next((m) => m.id === 3)).toEqual({ result: ['BTCUSDT@binance'], id: 3 });
    expect(await ws.next((m) => m.snap === true)).toEqual({
      e: 'binance',
      s: 'BTC-USDT',
      b: 'BTC',
      q: 'USDT',
      id: 'bitcoin',
      sd: 'sell',
      p: 99_000,
      pusd: 99_000,
      pfiat: 138_600_000,
      v: 0.5,
      vusd: 49_500,
      vfiat: 69_300_000,
      snap: true,
      d: T0 + 1_000,
    });
    server?.source.push(
      liq(T0 + 2_000, 'okx', 'BTC', 'short', 99_500, 1),
      liq(T0 + 3_000, 'binance', 'BTC', 'short', 101_000, 2),
    );
    expect(await ws.next((m) => m.snap === false)).toMatchObject({
      e: 'binance',
      sd: 'buy',
      v: 2,
      vusd: 202_000,
    });
  });

  it('drops a consumer that stops reading (close 4008) while the others keep receiving', async () => {
    const { open } = await start();
    const slow = open('/liquidation/feed');
    const fast = open('/liquidation/feed');
    await Promise.all([slow.opened, fast.opened]);
    const closed = new Promise<number>((resolve) => slow.socket.once('close', (code) => resolve(code)));
    // The slow client stops reading: the server's buffer for it grows past its 4 MB bound.
    (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const t = T0 + 10_000;
    for (let batch = 0; batch < 30; batch++) {
      const events = Array.from({ length: 2_000 }, (_, i) =>
        liq(t + batch * 2_000 + i, 'binance', 'BTC', 'long', 100_000, 0.001),
      );
      server?.source.push(...events);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    server?.source.push(liq(t + 100_000, 'okx', 'BTC', 'short', 100_000, 1));
    expect(await fast.next((m) => m.e === 'okx', 30_000)).toMatchObject({ sd: 'buy' });
    (slow.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await closed).toBe(4008);
  }, 120_000);

  it('the liquidation feed pushes every event from the moment the socket opens, with no SUBSCRIBE', async () => {
    const { open } = await start();
    const first = open('/liquidation/feed');
    const second = open('/liquidation/feed');
    await Promise.all([first.opened, second.opened]);
    server?.source.push(liq(T0 + 5_000, 'bybit', 'ETH', 'long', 3_000, 10));
    for (const ws of [first, second]) {
      expect(await ws.next((m) => m.e === 'bybit')).toMatchObject({
        s: 'ETH-USDT',
        sd: 'sell',
        vusd: 30_000,
        snap: false,
      });
    }
    // A PING still answers in a form the SDK drops as an ack; a bad frame is an error frame, not a close.
    first.send({ method: 'PING' });
    expect(await first.next((m) => 'result' in m)).toEqual({ result: null });
    first.socket.send('{');
    expect(await first.next((m) => m.code === 'bad_message')).toMatchObject({ error: expect.any(String) });
    expect(first.socket.readyState).toBe(WebSocket.OPEN);
  });
});

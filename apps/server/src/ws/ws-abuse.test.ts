import type { Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BUS_TOPICS } from '../bus/bus.ts';
import { quote, seedMarket, startTestServer, T0, type TestServer } from '../test-support/test-server.ts';
import type { WsLimits } from './connection-limits.ts';
import { CLOSE_POLICY } from './topic-hub.ts';

/**
 * Issue 19.1: what anonymous sockets can make the server compute. Work is counted, not timed: every table the
 * hub computes is one unit (hub.computations), and a publishing pass — the longest thing a /ping can wait
 * behind on the event loop — costs as many units as there are live real-time groups.
 */

let server: TestServer | undefined;
let database: Database;
beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});
const open: WebSocket[] = [];
afterEach(async () => {
  for (const socket of open.splice(0)) {
    socket.on('error', () => {});
    if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
  }
  await server?.close();
  server = undefined;
});

type Message = Record<string, unknown>;

async function listen(limits: Partial<WsLimits> = {}, trustProxy?: boolean) {
  const s = await startTestServer({
    database,
    hub: { realtimeMs: 0, limits },
    ...(trustProxy === undefined ? {} : { trustProxy }),
  });
  server = s;
  seedMarket(s.source);
  const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
  return { s, address, url: `${address.replace('http', 'ws')}/api/v1/ws` };
}

/** A socket that records what it reads, its close code, and can wait for a count of matching messages. */
async function connect(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers: { 'accept-language': 'en', ...headers } });
  open.push(socket);
  const messages: Message[] = [];
  let closedWith: number | null = null;
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code) => {
      closedWith = code;
      resolve(code);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  return { socket, messages, send, closed, closedWith: () => closedWith };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every subscription sent got its answer: `subscribed`, or an error naming it. */
const answered = (messages: Message[], ids: readonly string[]) =>
  ids.every((id) => messages.some((m) => m.id === id && (m.type === 'subscribed' || m.type === 'error')));

/** The hostile pattern of the issue: subscriptions of one table differing only in minPremium. */
async function hostileSockets(url: string, sockets: number, perSocket: number, headers = {}) {
  const clients = await Promise.all(Array.from({ length: sockets }, () => connect(url, headers)));
  for (const [s, client] of clients.entries()) {
    const ids: string[] = [];
    for (let i = 0; i < perSocket; i++) {
      const id = `h${s}-${i}`;
      ids.push(id);
      // Distinct across sockets too: the worst case, no two subscriptions equal.
      const minPremium = -50 + (s * perSocket + i) / 10;
      client.send({ op: 'subscribe', id, topic: 'premium', params: { minPremium }, deltas: true });
    }
    await until(() => answered(client.messages, ids));
  }
  return clients;
}

/** The units of work each publishing pass costs, read right after the hub's pass on the same tick. */
function passCosts(s: TestServer): { costs: number[]; stop(): void } {
  const costs: number[] = [];
  let last = s.hub.computations;
  const stop = s.bus.subscribe(BUS_TOPICS.marketTick, () => {
    costs.push(s.hub.computations - last);
    last = s.hub.computations;
  });
  return { costs, stop };
}

/** Moves BTC's price on every call: each is a new market version, so every real-time group recomputes. */
let step = 0;
function moveMarket(s: TestServer): void {
  step++;
  s.source.push(quote(T0 + 1_000 + step, 'binance', 'BTC', 'USDT', 100_000 + step));
}

async function passes(s: TestServer, count: number): Promise<number[]> {
  const watch = passCosts(s);
  for (let i = 0; i < count; i++) {
    const seen = watch.costs.length;
    moveMarket(s);
    await until(() => watch.costs.length > seen);
  }
  watch.stop();
  return watch.costs;
}

describe('CPU a hostile client can cost (issue 19.1)', () => {
  const limits = { groupsPerConnection: 4, groupsPerIp: 8 };

  it('keeps the work per push bounded whatever the number of hostile subscriptions', async () => {
    const { s, url } = await listen(limits);
    // The attack: 3 anonymous sockets × 20 subscriptions differing only in minPremium.
    const small = await hostileSockets(url, 3, 20);
    const refused = small.flatMap((c) => c.messages.filter((m) => m.error === 'too_many_groups'));
    expect(refused.length).toBe(60 - 8);
    expect(refused[0]?.message).toMatch(/Too many different live tables/);
    const afterSmall = s.hub.groupCount;
    const smallCosts = await passes(s, 3);
    // Four times the hostile subscriptions, more sockets, and other parameters that make a new table.
    const more = await hostileSockets(url, 6, 20);
    for (const [i, client] of more.entries()) {
      for (let k = 0; k < 10; k++)
        client.send({
          op: 'subscribe',
          id: `v${i}-${k}`,
          topic: 'premium',
          params: { limit: 1 + k, sort: k % 2 ? 'volume' : 'gap', currency: k % 3 ? 'USD' : 'KRW' },
        });
    }
    await until(() =>
      more.every((c, i) =>
        answered(
          c.messages,
          Array.from({ length: 10 }, (_, k) => `v${i}-${k}`),
        ),
      ),
    );
    const bigCosts = await passes(s, 3);
    expect(afterSmall).toBe(limits.groupsPerIp);
    expect(s.hub.groupCount).toBe(limits.groupsPerIp);
    // One unit per live group per push, never more, however many hostile subscriptions were sent.
    for (const cost of [...smallCosts, ...bigCosts]) expect(cost).toBeLessThanOrEqual(limits.groupsPerIp);
    expect(Math.max(...bigCosts)).toBe(Math.max(...smallCosts));
  });

  it('answers /ping during the attack behind at most one bounded pass of work', async () => {
    const { s, address, url } = await listen(limits);
    await hostileSockets(url, 3, 20);
    const watch = passCosts(s);
    for (let i = 0; i < 5; i++) {
      const seen = watch.costs.length;
      moveMarket(s);
      const ping = fetch(`${address}/api/v1/front/ping`);
      await until(() => watch.costs.length > seen);
      expect((await ping).status).toBe(200);
    }
    watch.stop();
    // What a ping waits behind is a publishing pass: it costs at most the IP's group budget, not one table per
    // hostile subscription (60 here).
    expect(Math.max(...watch.costs)).toBeLessThanOrEqual(limits.groupsPerIp);
  });

  it('bounds the defaults too, and a trader elsewhere still gets every table', async () => {
    const { s, url } = await listen({}, true);
    await hostileSockets(url, 3, 20, { 'x-forwarded-for': '203.0.113.7' });
    expect(s.hub.groupCount).toBeLessThanOrEqual(32);
    const trader = await connect(url, { 'x-forwarded-for': '198.51.100.2' });
    const page = [
      { id: 'table', topic: 'premium', params: { source: 'upbit', target: 'binance', limit: 100 } },
      { id: 'index', topic: 'kimchi-premium-index', params: { conversionBase: 'USD' } },
      { id: 'funding', topic: 'funding-ranking', params: { limit: 5 } },
    ];
    for (const sub of page) trader.send({ op: 'subscribe', ...sub, deltas: sub.topic === 'premium' });
    await until(() => answered(trader.messages, ['table', 'index', 'funding']));
    expect(trader.messages.filter((m) => m.type === 'error')).toEqual([]);
    const keys = trader.messages.filter((m) => m.type === 'subscribed').map((m) => m.key);
    expect(keys).toHaveLength(3);
    // Each table arrives whole (the market may move meanwhile and send more).
    await until(() =>
      keys.every((key) => trader.messages.some((m) => m.type === 'snapshot' && m.key === key)),
    );
  });
});

describe('equivalent subscriptions share one group', () => {
  it('canonicalizes params: order, types, defaults written out, unknown keys, empty search, token lists', async () => {
    const { s, url } = await listen();
    const client = await connect(url);
    const forms: Record<string, unknown>[] = [
      { source: 'upbit', bases: 'eth,btc', limit: 50 },
      { limit: '50', bases: ['BTC', 'ETH'], source: 'upbit' },
      { source: 'upbit', bases: 'BTC, ETH,eth', limit: 50, page: 1, currency: 'KRW', search: '  ' },
      { source: 'upbit', bases: 'btc,eth', limit: 50, interval: 'realtime', unknown: 'x', sort: 'gap' },
    ];
    for (const [i, params] of forms.entries())
      client.send({ op: 'subscribe', id: `f${i}`, topic: 'premium', params, deltas: true });
    await until(() =>
      answered(
        client.messages,
        forms.map((_, i) => `f${i}`),
      ),
    );
    const keys = new Set(client.messages.filter((m) => m.type === 'subscribed').map((m) => m.key));
    expect(keys.size).toBe(1);
    expect(s.hub.groupCount).toBe(1);
  });
});

describe('connections and messages', () => {
  it('rate-limits a flooding socket with an error, then closes it with 1008', async () => {
    const { url } = await listen({ messagesPerSecond: 5, messageBurst: 10 });
    const flood = await connect(url);
    for (let i = 0; i < 100; i++) flood.send({ op: 'ping' });
    expect(await flood.closed).toBe(CLOSE_POLICY);
    const limited = flood.messages.filter((m) => m.error === 'rate_limited');
    // One error for the run, not one per dropped message.
    expect(limited).toHaveLength(1);
    // The burst and what refilled while the flood was read: far from the hundred sent.
    expect(flood.messages.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(15);
  });

  it('counts binary frames against the limit too', async () => {
    const { url } = await listen({ messagesPerSecond: 5, messageBurst: 10 });
    const flood = await connect(url);
    for (let i = 0; i < 100; i++) flood.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await flood.closed).toBe(CLOSE_POLICY);
    expect(flood.messages.filter((m) => m.error === 'bad_message').length).toBeLessThanOrEqual(15);
  });

  it('lets a burst the size of a reconnect through, and a steady client on', async () => {
    const { url } = await listen({ messagesPerSecond: 1, messageBurst: 10 });
    const client = await connect(url);
    for (let i = 0; i < 10; i++) client.send({ op: 'ping' });
    await until(() => client.messages.filter((m) => m.type === 'pong').length === 10);
    // Past the burst, one over: refused with an error, but the socket stays open.
    client.send({ op: 'ping' });
    await until(() => client.messages.some((m) => m.error === 'rate_limited'));
    await new Promise((r) => setTimeout(r, 1_200));
    client.send({ op: 'ping' });
    await until(() => client.messages.filter((m) => m.type === 'pong').length === 11);
    expect(client.closedWith()).toBeNull();
  });

  it('caps sockets per client IP, and reads the IP as the HTTP side does (TRUST_PROXY)', async () => {
    const { url } = await listen({ connectionsPerIp: 2 }, true);
    const a = await connect(url, { 'x-forwarded-for': '203.0.113.7' });
    await connect(url, { 'x-forwarded-for': '203.0.113.7' });
    const third = await connect(url, { 'x-forwarded-for': '203.0.113.7' });
    expect(await third.closed).toBe(CLOSE_POLICY);
    expect(third.messages.at(-1)).toMatchObject({ type: 'error', error: 'too_many_connections' });
    // Another address has its own budget; a closed socket frees a place.
    const other = await connect(url, { 'x-forwarded-for': '198.51.100.2' });
    expect(other.closedWith()).toBeNull();
    a.socket.close();
    await a.closed;
    await until(() => server?.hub.clientCount === 2);
    const again = await connect(url, { 'x-forwarded-for': '203.0.113.7' });
    await new Promise((r) => setTimeout(r, 100));
    expect(again.closedWith()).toBeNull();
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick its own address', async () => {
    const { url } = await listen({ connectionsPerIp: 2 });
    await connect(url, { 'x-forwarded-for': '10.0.0.1' });
    await connect(url, { 'x-forwarded-for': '10.0.0.2' });
    const third = await connect(url, { 'x-forwarded-for': '10.0.0.3' });
    expect(await third.closed).toBe(CLOSE_POLICY);
  });

  it('caps live groups server-wide and evicts a group the moment nobody subscribes to it', async () => {
    const { s, url } = await listen({ groups: 2 });
    const a = await connect(url);
    const b = await connect(url);
    a.send({ op: 'subscribe', id: 'x', topic: 'premium', params: { limit: 1 } });
    b.send({ op: 'subscribe', id: 'y', topic: 'premium', params: { limit: 2 } });
    await until(() => answered(a.messages, ['x']) && answered(b.messages, ['y']));
    b.send({ op: 'subscribe', id: 'z', topic: 'premium', params: { limit: 3 } });
    // Joining a live group is always possible.
    b.send({ op: 'subscribe', id: 'w', topic: 'premium', params: { limit: 1 } });
    await until(() => answered(b.messages, ['z', 'w']));
    expect(b.messages.find((m) => m.id === 'z')).toMatchObject({ type: 'error', error: 'server_busy' });
    expect(b.messages.find((m) => m.id === 'w')).toMatchObject({ type: 'subscribed' });
    b.send({ op: 'unsubscribe', id: 'y' });
    await until(() => s.hub.groupCount === 1);
    b.send({ op: 'subscribe', id: 'z', topic: 'premium', params: { limit: 3 } });
    await until(() => b.messages.some((m) => m.id === 'z' && m.type === 'subscribed'));
    a.socket.close();
    b.socket.close();
    await until(() => s.hub.groupCount === 0);
  });

  it('caps subscriptions per connection, even sent all at once', async () => {
    const { url } = await listen({ subscriptions: 3 });
    const client = await connect(url);
    const ids = Array.from({ length: 6 }, (_, i) => `s${i}`);
    for (const id of ids) client.send({ op: 'subscribe', id, topic: 'premium', params: {} });
    await until(() => answered(client.messages, ids));
    expect(client.messages.filter((m) => m.type === 'subscribed')).toHaveLength(3);
    expect(client.messages.filter((m) => m.error === 'too_many_subscriptions')).toHaveLength(3);
  });
});

import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import {
  applyTableDelta,
  type TableState,
  tableState,
  type WsServerMessage,
  wsServerMessageSchema,
} from '@spreadscope/contracts';
import type { Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { quote, seedMarket, startTestServer, T0, type TestServer } from '../test-support/test-server.ts';
import { CLOSE_TOO_SLOW } from './topic-hub.ts';

let server: TestServer | undefined;
let database: Database;
// One in-memory database per file: opening PGlite and migrating costs about a second.
beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});
const open: WebSocket[] = [];
const rawSockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of rawSockets.splice(0)) socket.destroy();
  for (const socket of open.splice(0)) {
    socket.on('error', () => {});
    if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
  }
  await server?.close();
  server = undefined;
});

async function listen(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ s: TestServer; url: string }> {
  const s = await startTestServer({ database, ...options });
  server = s;
  const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
  return { s, url: `${address.replace('http', 'ws')}/api/v1/ws` };
}

/** A client that records every message and lets the test wait for the next one matching a predicate. */
function connect(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  open.push(socket);
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    match: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  const next = (match: (m: Record<string, unknown>) => boolean, timeoutMs = 5_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = messages.find(match);
      if (seen) {
        messages.splice(messages.indexOf(seen), 1);
        return resolve(seen);
      }
      const timer = setTimeout(() => reject(new Error('timed out waiting for a message')), timeoutMs);
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          messages.splice(messages.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  return { socket, opened, next, send, messages };
}

const ofType = (type: string) => (m: Record<string, unknown>) => m.type === type;

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

function connections(s: TestServer): Promise<number> {
  return new Promise((resolve, reject) =>
    s.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** 300 tokens on Upbit and Binance: a premium table of ~300 rows, several hundred KB a snapshot. */
function bigMarket(source: TestServer['source']): void {
  seedMarket(source);
  for (let i = 0; i < 300; i++) {
    const base = `TK${i}`;
    source.push(
      quote(T0 + 10, 'binance', base, 'USDT', 10 + i, { bid: 9.99 + i, ask: 10.01 + i, volume24h: 1e7 }),
      quote(T0 + 11, 'upbit', base, 'KRW', (10 + i) * 1_430, { volume24h: 1e10 }),
    );
  }
}

/** Moves a market every 10 ms, so every tick of the runtime pushes a fresh table. */
function driveQuotes(source: TestServer['source']): { stop(): void } {
  let k = 0;
  const timer = setInterval(() => {
    k++;
    source.push(quote(Date.now(), 'binance', `TK${k % 300}`, 'USDT', 10 + (k % 300) + (k % 7) / 100));
  }, 10);
  return { stop: () => clearInterval(timer) };
}

/** Moves every token's price every 10 ms, so each push changes every row of a table. */
function driveAllQuotes(source: TestServer['source']): { stop(): void } {
  let k = 0;
  const timer = setInterval(() => {
    k++;
    const now = Date.now();
    for (let i = 0; i < 300; i++)
      source.push(quote(now, 'binance', `TK${i}`, 'USDT', 10 + i + (k % 50) / 100));
  }, 10);
  return { stop: () => clearInterval(timer) };
}

interface RawFrame {
  opcode: number;
  text: string;
  /** Close frames: the status code. */
  code: number | null;
}

/**
 * A WebSocket client on a bare TCP socket, so a test can stop reading (pause) and start again: the handshake,
 * masked text frames out, and a parser for the frames that come back.
 */
async function rawClient(url: string) {
  const { hostname, port, pathname } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  let bad = 0;
  const frames: RawFrame[] = [];
  const waiters: { match: (f: RawFrame) => boolean; resolve: (f: RawFrame) => void }[] = [];
  const take = (f: RawFrame) => {
    const w = waiters.find((x) => x.match(f));
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(f);
    } else frames.push(f);
  };
  socket.on('error', () => {});
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (!upgraded) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      upgraded = buffer.subarray(0, end).toString().startsWith('HTTP/1.1 101');
      buffer = buffer.subarray(end + 4);
    }
    for (;;) {
      if (buffer.length < 2) return;
      const opcode = (buffer[0] as number) & 0x0f;
      let length = (buffer[1] as number) & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffer.length < offset + length) return;
      const payload = buffer.subarray(offset, offset + length);
      buffer = buffer.subarray(offset + length);
      if (opcode === 8) {
        take({
          opcode,
          code: payload.length >= 2 ? payload.readUInt16BE(0) : null,
          text: payload.subarray(2).toString(),
        });
      } else if (opcode === 1) {
        const text = payload.toString();
        try {
          JSON.parse(text);
        } catch {
          bad++;
        }
        take({ opcode, code: null, text });
      }
    }
  });
  rawSockets.push(socket);
  const send = (message: unknown) => {
    const payload = Buffer.from(JSON.stringify(message));
    const mask = randomBytes(4);
    const header =
      payload.length < 126
        ? Buffer.from([0x81, 0x80 | payload.length])
        : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
    const masked = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] as number)));
    socket.write(Buffer.concat([header, mask, masked]));
  };
  const frame = (match: (f: RawFrame) => boolean, timeoutMs = 5_000) =>
    new Promise<RawFrame>((resolve, reject) => {
      const seen = frames.find(match);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return resolve(seen);
      }
      const timer = setTimeout(() => reject(new Error('timed out waiting for a frame')), timeoutMs);
      waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  return { socket, send, frame, frames, badFrames: () => bad };
}

describe('premium topic (the first screen’s protocol)', () => {
  it('greets, confirms a subscription and sends the current table at once', async () => {
    const { s, url } = await listen();
    seedMarket(s.source);
    const client = connect(url);
    await client.opened;
    expect(await client.next(ofType('hello'))).toMatchObject({ dataSource: { mode: 'simulated' } });
    client.send({
      op: 'subscribe',
      id: 'main',
      topic: 'premium',
      interval: 'realtime',
      params: { source: 'upbit' },
    });
    const subscribed = await client.next(ofType('subscribed'));
    expect(subscribed).toMatchObject({ id: 'main', topic: 'premium', interval: 'realtime' });
    const snapshot = (await client.next(ofType('snapshot'))) as {
      key: string;
      data: { total: number; data: Array<{ id: string }> };
    };
    expect(snapshot.key).toBe(subscribed.key);
    expect(snapshot.data.total).toBe(3);
    expect(snapshot.data.data.map((r) => r.id)).toContain('upbit-binance-BTC');
  });

  it('pushes a new snapshot in real time when a quote moves the premium', async () => {
    const { s, url } = await listen();
    seedMarket(s.source);
    const client = connect(url);
    await client.opened;
    client.send({
      op: 'subscribe',
      id: 'btc',
      topic: 'premium',
      params: { source: 'upbit', target: 'binance', search: 'BTC' },
    });
    await client.next(ofType('snapshot'));
    s.source.push(quote(T0 + 100, 'binance', 'BTC', 'USDT', 102_500));
    const update = (await client.next(ofType('snapshot'))) as {
      seq: number;
      data: { data: Array<{ gapPercent: number }> };
    };
    expect(update.seq).toBeGreaterThan(0);
    expect(update.data.data[0]?.gapPercent).toBeCloseTo(0, 8);
  });

  it('serializes one snapshot for every subscriber with the same filters', async () => {
    const { s, url } = await listen();
    seedMarket(s.source);
    const a = connect(url);
    const b = connect(url);
    await Promise.all([a.opened, b.opened]);
    const params = { source: 'bithumb' };
    a.send({ op: 'subscribe', id: 'x', topic: 'premium', params });
    b.send({ op: 'subscribe', id: 'y', topic: 'premium', params });
    const [ka, kb] = await Promise.all([a.next(ofType('subscribed')), b.next(ofType('subscribed'))]);
    expect(ka.key).toBe(kb.key);
    expect(s.hub.groupCount).toBe(1);
    await Promise.all([a.next(ofType('snapshot')), b.next(ofType('snapshot'))]);
    // The frames each socket receives once the market moves: the snapshot carrying the new price must be the
    // same bytes on both.
    const framesOf = (socket: WebSocket) =>
      new Promise<string>((resolve) => {
        socket.on('message', (d) => {
          const text = d.toString();
          if (text.startsWith('{"type":"snapshot"') && text.includes('"nativePrice":150000000'))
            resolve(text);
        });
      });
    const moved = Promise.all([framesOf(a.socket), framesOf(b.socket)]);
    s.source.push(quote(T0 + 100, 'bithumb', 'BTC', 'KRW', 150_000_000));
    const raw = await moved;
    expect(raw[0]).toBe(raw[1]);
  });

  it('builds a group’s table once for a crowd of newcomers, not once per subscriber', async () => {
    const { s, url } = await listen();
    seedMarket(s.source);
    const premium = vi.spyOn(s.engine, 'premium');
    const clients = Array.from({ length: 8 }, () => connect(url));
    await Promise.all(clients.map((c) => c.opened));
    for (const [i, c] of clients.entries())
      c.send({ op: 'subscribe', id: `t${i}`, topic: 'premium', params: { source: 'upbit' } });
    const snapshots = await Promise.all(clients.map((c) => c.next(ofType('snapshot'))));
    expect(new Set(snapshots.map((m) => JSON.stringify(m))).size).toBe(1);
    expect(premium).toHaveBeenCalledTimes(1);
    // A moved market is a new table for whoever comes next.
    s.source.push(quote(T0 + 100, 'upbit', 'BTC', 'KRW', 150_000_000));
    const late = connect(url);
    await late.opened;
    late.send({ op: 'subscribe', id: 'late', topic: 'premium', params: { source: 'upbit' } });
    const fresh = (await late.next(ofType('snapshot'))) as {
      data: { data: { source: { nativePrice: number } }[] };
    };
    expect(fresh.data.data.map((r) => r.source.nativePrice)).toContain(150_000_000);
  });

  it('explains bad messages and unknown topics without closing', async () => {
    const { url } = await listen();
    const client = connect(url, { 'accept-language': 'en' });
    await client.opened;
    client.socket.send('not json');
    expect(await client.next(ofType('error'))).toMatchObject({
      error: 'bad_message',
      message: 'Message not understood: not JSON',
    });
    client.send({ op: 'subscribe', id: 'a', topic: 'weather' });
    expect(await client.next(ofType('error'))).toMatchObject({
      error: 'unknown_topic',
      message: 'Unknown topic "weather".',
    });
    client.send({ op: 'subscribe', id: 'a', topic: 'premium', params: { limit: 9999 } });
    const tooBig = await client.next(ofType('error'));
    expect(tooBig.message).toContain('params.limit');
    client.send({ op: 'ping' });
    expect(await client.next(ofType('pong'))).toHaveProperty('serverTime');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('judges freshness by the subscription’s own interval unless the params name one', async () => {
    // Quotes 8 s old: stale in the real-time window (3 s), fresh in the 10 s one (20 s).
    const { s, url } = await listen({ clock: T0 + 8_000 });
    seedMarket(s.source);
    const client = connect(url);
    await client.opened;
    const params = { source: 'upbit', target: 'binance', search: 'BTC' };
    const staleOf = async (id: string, message: Record<string, unknown>) => {
      client.send({ op: 'subscribe', id, topic: 'premium', ...message });
      const snapshot = (await client.next(ofType('snapshot'))) as {
        data: { data: Array<{ stale: boolean }> };
      };
      return snapshot.data.data[0]?.stale;
    };
    expect(await staleOf('slow', { interval: '10s', params })).toBe(false);
    expect(await staleOf('fast', { interval: 'realtime', params })).toBe(true);
    expect(await staleOf('own', { interval: '10s', params: { ...params, interval: 'realtime' } })).toBe(true);
  });

  it('names the subscription a malformed subscribe came from', async () => {
    const { url } = await listen();
    const client = connect(url, { 'accept-language': 'en' });
    await client.opened;
    client.send({ op: 'subscribe', id: 'table', topic: 'premium', interval: 'hourly' });
    expect(await client.next(ofType('error'))).toMatchObject({ error: 'bad_message', id: 'table' });
  });

  it('refuses a handshake from a foreign origin and accepts same-origin and configured ones', async () => {
    const { url } = await listen({ allowedOrigins: ['https://app.example.com'] });
    const host = new URL(url).host;
    const status = (origin: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url, { headers: { origin } });
        open.push(socket);
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('open', () => resolve(101));
      });
    expect(await status('https://evil.example.net')).toBe(403);
    expect(await status(`http://${host}`)).toBe(101);
    expect(await status('https://app.example.com')).toBe(101);
  });

  it('drops a client that cannot keep up, with a code that says to resync', async () => {
    const { s, url } = await listen({ hub: { maxBufferedBytes: -1 } });
    seedMarket(s.source);
    const client = connect(url);
    const closed = new Promise<number>((resolve) => client.socket.on('close', (code) => resolve(code)));
    await client.opened;
    expect(await closed).toBe(CLOSE_TOO_SLOW);
    expect(s.hub.clientCount).toBe(0);
  });

  it('conflates snapshots for a client that stopped reading, then closes it with 4008 it reads at once', async () => {
    // Large tables pushed on every tick, a small backlog and a short stall: the stalled client fills the
    // loopback buffers within a second or two.
    const { s, url } = await listen({
      // The hard bound out of reach: what drops it is the stall, with at most one backlog queued.
      hub: {
        realtimeMs: 0,
        backlogBytes: 128 * 1024,
        stallMs: 400,
        closeGraceMs: 20_000,
        maxBufferedBytes: 1024 ** 3,
      },
    });
    bigMarket(s.source);
    const raw = await rawClient(url);
    raw.send({ op: 'subscribe', id: 'all', topic: 'premium', params: { limit: 500, targetQuote: 'any' } });
    await raw.frame((f) => f.opcode === 1 && f.text.includes('"type":"snapshot"'));
    raw.socket.pause();
    const drive = driveQuotes(s.source);
    try {
      await until(() => s.hub.clientCount === 0, 30_000);
    } finally {
      drive.stop();
    }
    // Reading again, it gets what the buffers hold (at most one backlog past the kernel's), then the close.
    raw.socket.resume();
    const close = await raw.frame((f) => f.opcode === 8, 10_000);
    expect(close.code).toBe(CLOSE_TOO_SLOW);
    expect(close.text).toContain('too slow');
    // Snapshots arrived whole and in order until then: every one parses.
    expect(raw.badFrames()).toBe(0);
  }, 60_000);

  it('cuts a client that never reads again off after the grace period, not after 30 s', async () => {
    const { s, url } = await listen({
      hub: { realtimeMs: 0, backlogBytes: 128 * 1024, stallMs: 300, closeGraceMs: 300 },
    });
    bigMarket(s.source);
    const raw = await rawClient(url);
    raw.send({ op: 'subscribe', id: 'all', topic: 'premium', params: { limit: 500, targetQuote: 'any' } });
    await raw.frame((f) => f.opcode === 1 && f.text.includes('"type":"snapshot"'));
    raw.socket.pause();
    const drive = driveQuotes(s.source);
    try {
      await until(() => s.hub.clientCount === 0, 30_000);
    } finally {
      drive.stop();
    }
    // The server lets go of the connection: nothing of it stays open on the listening side.
    await until(async () => (await connections(s)) === 0, 5_000);
  }, 60_000);

  it('resumes a delta subscriber that fell behind with a snapshot, never a delta on a state it skipped', async () => {
    const { s, url } = await listen({
      hub: {
        realtimeMs: 0,
        backlogBytes: 128 * 1024,
        stallMs: 20_000,
        maxBufferedBytes: 1024 ** 3,
        snapshotEvery: 1e9,
      },
    });
    bigMarket(s.source);
    const raw = await rawClient(url);
    raw.send({
      op: 'subscribe',
      id: 'all',
      topic: 'premium',
      params: { limit: 500, targetQuote: 'any' },
      deltas: true,
    });
    const first = await raw.frame((f) => f.opcode === 1 && f.text.includes('"type":"snapshot"'));
    const drive = driveAllQuotes(s.source);
    const tableMessages = () =>
      raw.frames
        .filter((f) => f.opcode === 1)
        .map((f) => JSON.parse(f.text) as { type: string; seq: number; base?: number })
        .filter((m) => m.type === 'snapshot' || m.type === 'delta');
    try {
      await until(() => tableMessages().some((m) => m.type === 'delta'), 10_000);
      // Long enough for the kernel's buffers (several MB on loopback) and then the backlog to fill.
      raw.socket.pause();
      await new Promise((r) => setTimeout(r, 8_000));
      raw.socket.resume();
      // Back from behind: a snapshot of the newest state, then deltas on it again.
      await until(() => {
        const messages = tableMessages();
        const resumed = messages.findIndex((m, i) => i > 0 && m.type === 'snapshot');
        return resumed > 0 && messages.slice(resumed).some((m) => m.type === 'delta');
      }, 20_000);
    } finally {
      drive.stop();
    }
    expect(raw.badFrames()).toBe(0);
    let seq = (JSON.parse(first.text) as { seq: number }).seq;
    let skipped = 0;
    for (const message of tableMessages()) {
      if (message.type === 'delta') expect(message.base).toBe(seq);
      else if (message.seq > seq + 1) skipped++;
      seq = message.seq;
    }
    // It was behind: states went by that it never got, and it resumed from a snapshot.
    expect(skipped).toBeGreaterThan(0);
    expect(s.hub.clientCount).toBe(1);
  }, 60_000);

  it('stops sending after unsubscribe and forgets the group', async () => {
    const { s, url } = await listen();
    seedMarket(s.source);
    const client = connect(url);
    await client.opened;
    client.send({ op: 'subscribe', id: 'one', topic: 'premium', interval: '3s' });
    await client.next(ofType('snapshot'));
    client.send({ op: 'unsubscribe', id: 'one' });
    await client.next(ofType('unsubscribed'));
    expect(s.hub.groupCount).toBe(0);
  });
});

describe('every table has a topic', () => {
  it('streams an arbitrage table with its own filters and the REST defaults', async () => {
    const { s, url } = await listen();
    seedMarket(s.source);
    const client = connect(url);
    await client.opened;
    client.send({
      op: 'subscribe',
      id: 'arb',
      topic: 'arbitrage-spot-spot',
      interval: '3s',
      params: { search: 'BTC', currency: 'USD' },
    });
    const subscribed = await client.next(ofType('subscribed'));
    expect(subscribed).toMatchObject({ id: 'arb', topic: 'arbitrage-spot-spot', interval: '3s' });
    const snapshot = (await client.next(ofType('snapshot'))) as {
      topic: string;
      key: string;
      data: { kind: string; total: number; currency: string; data: Array<{ id: string }> };
    };
    expect(snapshot.topic).toBe('arbitrage-spot-spot');
    expect(snapshot.key).toBe(subscribed.key);
    expect(snapshot.data).toMatchObject({ kind: 'spot-spot', total: 12, currency: 'USD' });
    // The same rows REST gives for the same query.
    const rest = await s.app.inject({
      method: 'GET',
      url: '/api/v1/front/arbitrage/spot-spot?search=BTC&currency=USD',
    });
    expect(snapshot.data.data.map((r) => r.id)).toEqual(rest.json().data.map((r: { id: string }) => r.id));
  });

  it('streams funding and the premium index', async () => {
    const { s, url } = await listen();
    seedMarket(s.source);
    s.source.push({
      t: T0 + 50,
      type: 'funding',
      venue: 'binance',
      base: 'BTC',
      quote: 'USDT',
      rate: 0.0001,
      intervalHours: 8,
    });
    const client = connect(url);
    await client.opened;
    client.send({ op: 'subscribe', id: 'f', topic: 'funding-latest' });
    const funding = (await client.next((m) => m.type === 'snapshot' && m.topic === 'funding-latest')) as {
      data: { data: Array<{ symbol: string }> };
    };
    expect(funding.data.data.map((v) => v.symbol)).toEqual(['binance-usdt-btc']);
    client.send({
      op: 'subscribe',
      id: 'i',
      topic: 'kimchi-premium-index',
      params: { conversionBase: 'USDT' },
    });
    const index = (await client.next((m) => m.type === 'snapshot' && m.topic === 'kimchi-premium-index')) as {
      data: { conversionBase: string; conversionRate: number };
    };
    expect(index.data).toMatchObject({ conversionBase: 'USDT', conversionRate: 1_435 });
  });

  it('delivers each subscription its own snapshot when one tick moves several', async () => {
    const { s, url } = await listen();
    seedMarket(s.source);
    const client = connect(url);
    await client.opened;
    client.send({
      op: 'subscribe',
      id: 'usd',
      topic: 'kimchi-premium-index',
      params: { conversionBase: 'USD' },
    });
    client.send({
      op: 'subscribe',
      id: 'usdt',
      topic: 'kimchi-premium-index',
      params: { conversionBase: 'USDT' },
    });
    await client.next((m) => m.type === 'snapshot' && String(m.key).includes('USDT'));
    await client.next((m) => m.type === 'snapshot' && !String(m.key).includes('USDT'));
    s.source.push(quote(T0 + 200, 'upbit', 'BTC', 'KRW', 150_000_000, { volume24h: 3.1e11 }));
    const [usd, usdt] = (await Promise.all([
      client.next((m) => m.type === 'snapshot' && !String(m.key).includes('USDT')),
      client.next((m) => m.type === 'snapshot' && String(m.key).includes('USDT')),
    ])) as Array<{ seq: number; data: { conversionRate: number; bitcoin: { priceKrw: number } } }>;
    expect(usd?.data.conversionRate).toBe(1_400);
    expect(usdt?.data.conversionRate).toBe(1_435);
    expect(usd?.data.bitcoin.priceKrw).toBe(150_000_000);
    expect([usd?.seq, usdt?.seq]).toEqual([1, 1]);
    expect(usdt?.data.bitcoin.priceKrw).toBe(150_000_000);
  });

  it('names the bad parameter of a topic, and keeps DEX data behind the plan', async () => {
    const { url } = await listen();
    const client = connect(url, { 'accept-language': 'en' });
    await client.opened;
    client.send({ op: 'subscribe', id: 'x', topic: 'arbitrage-perp-perp', params: { feeMode: 'free' } });
    const bad = await client.next(ofType('error'));
    expect(bad).toMatchObject({ error: 'bad_message', id: 'x' });
    expect(bad.message).toContain('params.feeMode');
    client.send({ op: 'subscribe', id: 'y', topic: 'arbitrage-perp-perp', params: { dex: true } });
    expect(await client.next(ofType('error'))).toMatchObject({
      error: 'unauthenticated',
      id: 'y',
      message: 'Please sign in to continue.',
    });
  });
});

/** A deterministic generator, so a failing walk can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A subscriber of the real protocol with deltas: every message is checked against the contract, table
 * messages are applied in order, and a delta on another base than the state held fails the test.
 */
function deltaClient(url: string) {
  const client = connect(url);
  const tables = new Map<string, { seq: number; state: TableState<{ data: { id: string }[] }> }>();
  const received: WsServerMessage[] = [];
  client.socket.on('message', (data) => {
    const message = wsServerMessageSchema.parse(JSON.parse(data.toString()));
    received.push(message);
    if (message.type === 'snapshot') {
      tables.set(message.key, {
        seq: message.seq,
        state: tableState(message.data as { data: { id: string }[] }),
      });
    } else if (message.type === 'delta') {
      const held = tables.get(message.key);
      expect(message.base).toBe(held?.seq);
      if (!held) return;
      tables.set(message.key, { seq: message.seq, state: applyTableDelta(held.state, message) });
    }
  });
  return { ...client, tables, received };
}

describe('deltas on the real market', () => {
  /**
   * A random walk of the market: prices move on both sides of the kimchi premium, rows climb into and fall out
   * of a 12-row page, the clock jumps so rows go stale, new tokens list. After every step the table the
   * client rebuilt from its snapshot and deltas must be exactly what REST answers for the same query.
   */
  async function walk(options: {
    visitorGatedRows?: number;
    seed: number;
    steps: number;
    /** Chance of a step that jumps the clock 4 s (rows go stale), and the longest other step (ms). */
    jumps: number;
    stepMs: number;
  }) {
    const { s, url } = await listen({
      hub: { realtimeMs: 0 },
      ...(options.visitorGatedRows ? { visitorGatedRows: options.visitorGatedRows } : {}),
    });
    bigMarket(s.source);
    const client = deltaClient(url);
    await client.opened;
    const subscriptions = [
      { id: 'premium', topic: 'premium', params: { limit: 12, targetQuote: 'any' }, path: 'premium' },
      {
        id: 'arbitrage',
        topic: 'arbitrage-spot-spot',
        params: { limit: 12, sort: 'gap', currency: 'USD' },
        path: 'arbitrage/spot-spot',
      },
    ];
    for (const { id, topic, params } of subscriptions)
      client.send({ op: 'subscribe', id, topic, params, deltas: true });
    const keys = await Promise.all(
      subscriptions.map(async ({ id }) =>
        String((await client.next((m) => m.type === 'subscribed' && m.id === id)).key),
      ),
    );
    await until(() => keys.every((key) => client.tables.has(key)), 5_000);
    const rand = random(options.seed);
    let t = T0 + 100;
    for (let step = 0; step < options.steps; step++) {
      const seqs = keys.map((key) => client.tables.get(key)?.seq ?? -1);
      const roll = rand();
      t += roll < options.jumps ? 4_000 : 1 + Math.floor(rand() * options.stepMs);
      const token = `TK${Math.floor(rand() * (roll > 0.95 ? 320 : 300))}`;
      const price = 10 + rand() * 300;
      if (rand() < 0.5) s.source.push(quote(t, 'binance', token, 'USDT', price, { volume24h: 1e7 }));
      else s.source.push(quote(t, 'upbit', token, 'KRW', price * (1_400 + rand() * 80), { volume24h: 1e10 }));
      await until(
        () => keys.every((key, i) => (client.tables.get(key)?.seq ?? -1) > (seqs[i] as number)),
        5_000,
      );
      for (const [i, { params, path }] of subscriptions.entries()) {
        const query = new URLSearchParams(
          Object.entries({ ...params, interval: 'realtime' }).map(([k, v]): [string, string] => [
            k,
            String(v),
          ]),
        );
        const rest = await s.app.inject({ method: 'GET', url: `/api/v1/front/${path}?${query}` });
        expect(rest.statusCode).toBe(200);
        expect(client.tables.get(keys[i] as string)?.state.table).toEqual(rest.json());
      }
    }
    return client;
  }

  it('rebuilds at every step exactly the table REST answers, from a snapshot and then deltas', async () => {
    const client = await walk({ seed: 7, steps: 40, jumps: 0.1, stepMs: 300 });
    const kinds = client.received
      .filter((m) => m.type === 'snapshot' || m.type === 'delta')
      .map((m) => m.type);
    // One snapshot per subscription, then deltas (or a snapshot where that was smaller).
    expect(kinds.slice(0, 2)).toEqual(['snapshot', 'snapshot']);
    expect(kinds.filter((k) => k === 'delta').length).toBeGreaterThan(60);
  }, 60_000);

  it('keeps a visitor’s gated rows out of every delta, and still matches REST for the visitor', async () => {
    const client = await walk({ visitorGatedRows: 3, seed: 11, steps: 30, jumps: 0, stepMs: 50 });
    // No delta carried values of a row gated in the state it led to.
    const gatedNow = new Map<string, Set<string>>();
    let gatedStates = 0;
    let ungated = 0;
    for (const message of client.received) {
      if (message.type === 'snapshot' && 'gatedRows' in message.data)
        gatedNow.set(message.key, new Set((message.data.gatedRows ?? []).map((g) => g.id)));
      if (message.type === 'delta') {
        const before = gatedNow.get(message.key) ?? new Set();
        if (message.fields && 'gatedRows' in message.fields)
          gatedNow.set(message.key, new Set((message.fields.gatedRows ?? []).map((g) => g.id)));
        if (message.unset?.includes('gatedRows')) gatedNow.set(message.key, new Set());
        const hidden = gatedNow.get(message.key) ?? new Set();
        const sent = [
          ...(message.upserts ?? []).map((r) => r.id),
          ...(message.patches ?? []).map((p) => p[0]),
        ];
        for (const id of sent) expect(hidden.has(id)).toBe(false);
        // A row gated before and shown now travels whole.
        for (const row of message.upserts ?? []) if (before.has(row.id)) ungated++;
      }
      if (message.type === 'snapshot' || message.type === 'delta')
        gatedStates += (gatedNow.get(message.key)?.size ?? 0) > 0 ? 1 : 0;
    }
    expect(gatedStates).toBeGreaterThan(10);
    expect(ungated).toBeGreaterThan(0);
  }, 60_000);
});

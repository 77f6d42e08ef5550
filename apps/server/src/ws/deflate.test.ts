import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { constants, inflateRawSync } from 'node:zlib';
import type { Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { quote, seedMarket, startTestServer, T0, type TestServer } from '../test-support/test-server.ts';
import { deflatedFrame } from './deflate.ts';

let server: TestServer | undefined;
let database: Database;
beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});
const cleanup: (() => void)[] = [];
afterEach(async () => {
  for (const done of cleanup.splice(0)) done();
  await server?.close();
  server = undefined;
});

interface WireFrame {
  readonly compressed: boolean;
  readonly raw: Buffer;
  readonly text: string;
}

/** A client on a bare TCP socket that may offer permessage-deflate, and keeps every data frame as it came. */
async function rawClient(url: string, offerDeflate: boolean) {
  const { hostname, port, pathname } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  cleanup.push(() => socket.destroy());
  await once(socket, 'connect');
  socket.write(
    `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
      `${offerDeflate ? 'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n' : ''}\r\n`,
  );
  let buffer = Buffer.alloc(0);
  let head: string | null = null;
  const frames: WireFrame[] = [];
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (head === null) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      head = buffer.subarray(0, end).toString();
      buffer = buffer.subarray(end + 4);
    }
    for (;;) {
      if (buffer.length < 2) return;
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
      const raw = buffer.subarray(0, offset + length);
      const payload = buffer.subarray(offset, offset + length);
      buffer = buffer.subarray(offset + length);
      if (((raw[0] as number) & 0x0f) !== 1) continue;
      const compressed = ((raw[0] as number) & 0x40) !== 0;
      // Each message stands alone (no server context takeover): inflate it with the RFC 7692 tail restored.
      const text = compressed
        ? inflateRawSync(Buffer.concat([payload, Buffer.from([0, 0, 0xff, 0xff])]), {
            finishFlush: constants.Z_SYNC_FLUSH,
          }).toString()
        : payload.toString();
      frames.push({ compressed, raw: Buffer.from(raw), text });
    }
  });
  const send = (message: unknown) => {
    const payload = Buffer.from(JSON.stringify(message));
    const mask = randomBytes(4);
    const header = Buffer.from([0x81, 0x80 | payload.length]);
    socket.write(Buffer.concat([header, mask, payload.map((b, i) => b ^ (mask[i % 4] as number))]));
  };
  return { frames, send, head: () => head };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const snapshots = (frames: WireFrame[]) => frames.filter((f) => f.text.startsWith('{"type":"snapshot"'));

describe('permessage-deflate, compressed once per group frame', () => {
  it('sends every deflate member the same compressed bytes, and plain clients plain frames', async () => {
    const s = await startTestServer({ database, hub: { realtimeMs: 0 } });
    server = s;
    seedMarket(s.source);
    for (let i = 0; i < 200; i++) {
      s.source.push(
        quote(T0 + 10, 'binance', `TK${i}`, 'USDT', 10 + i, { volume24h: 1e7 }),
        quote(T0 + 11, 'upbit', `TK${i}`, 'KRW', (10 + i) * 1_430, { volume24h: 1e10 }),
      );
    }
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/v1/ws`;
    const [a, b, plain] = await Promise.all([
      rawClient(url, true),
      rawClient(url, true),
      rawClient(url, false),
    ]);
    await until(() => a.head() !== null && b.head() !== null && plain.head() !== null);
    expect(a.head()).toMatch(/permessage-deflate; server_no_context_takeover/);
    expect(plain.head()).not.toMatch(/permessage-deflate/);
    // A browser-like client (ws negotiates deflate by default) reads the same table.
    const browser = new WebSocket(url);
    cleanup.push(() => browser.terminate());
    const browserTexts: string[] = [];
    browser.on('message', (d) => browserTexts.push(d.toString()));
    await once(browser, 'open');
    const subscribe = { op: 'subscribe', id: 't', topic: 'premium', params: { limit: 200 } };
    for (const c of [a, b, plain]) c.send(subscribe);
    browser.send(JSON.stringify(subscribe));
    await until(() => [a, b, plain].every((c) => snapshots(c.frames).length > 0));
    await until(() => browserTexts.some((t) => t.startsWith('{"type":"snapshot"')));
    // The market moves: one push, one compressed frame shared by both deflate members.
    s.source.push(quote(T0 + 100, 'binance', 'TK7', 'USDT', 99));
    await until(() => [a, b, plain].every((c) => snapshots(c.frames).length > 1));
    const second = (frames: WireFrame[]) => snapshots(frames)[1] as WireFrame;
    const pushA = second(a.frames);
    const pushB = second(b.frames);
    const pushPlain = second(plain.frames);
    expect(pushA.compressed).toBe(true);
    expect(pushA.raw.equals(pushB.raw)).toBe(true);
    expect(pushPlain.compressed).toBe(false);
    expect(pushA.text).toBe(pushPlain.text);
    expect(pushA.raw.length * 3).toBeLessThan(pushPlain.raw.length);
    await until(() => browserTexts.filter((t) => t.startsWith('{"type":"snapshot"')).length > 1);
    expect(browserTexts.filter((t) => t.startsWith('{"type":"snapshot"'))[1]).toBe(pushPlain.text);
    // Small control messages stay plain: compressing them would save nothing.
    expect(a.frames.find((f) => f.text.startsWith('{"type":"subscribed"'))?.compressed).toBe(false);
  });

  it('frames a compressed message a client inflates back to the text, at every length class', () => {
    for (const size of [10, 1_000, 100_000]) {
      const text = JSON.stringify({ rows: Array.from({ length: size / 10 }, (_, i) => i) });
      const wire = deflatedFrame(Buffer.from(text));
      expect((wire[0] as number) & 0xf0).toBe(0xc0);
      const length = (wire[1] as number) & 0x7f;
      const offset = length === 126 ? 4 : length === 127 ? 10 : 2;
      const body = Buffer.concat([wire.subarray(offset), Buffer.from([0, 0, 0xff, 0xff])]);
      expect(inflateRawSync(body, { finishFlush: constants.Z_SYNC_FLUSH }).toString()).toBe(text);
    }
  });
});

import {
  applyTableDelta,
  type DeltaTable,
  type TableState,
  tableState,
  type WsDeltaMessage,
} from '@spreadscope/contracts';
import type { Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { quote, seedMarket, startTestServer, T0, type TestServer } from '../test-support/test-server.ts';

/**
 * `subscribe.since` (issue 11): a page that already holds a REST answer (the first screen inlines one) joins the
 * WebSocket from it instead of downloading the table a second time — and only from exactly it.
 */

let database: Database;
let server: TestServer | undefined;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await server?.close();
  server = undefined;
});

const QUERY = { limit: 20, sort: 'gap', order: 'desc' } as const;
const QUERY_STRING = 'limit=20&sort=gap&order=desc';

async function listen(): Promise<{ s: TestServer; url: string }> {
  // Gated rows on: the visitor's REST answer and its WebSocket table are the masked view of the same rows.
  const s = await startTestServer({ database, visitorGatedRows: 2, hub: { realtimeMs: 0 } });
  server = s;
  seedMarket(s.source);
  for (let i = 0; i < 30; i++) {
    s.source.push(
      quote(T0 + 10, 'binance', `TK${i}`, 'USDT', 10 + i, { volume24h: 1e7 }),
      quote(T0 + 11, 'upbit', `TK${i}`, 'KRW', (10 + i) * 1_440 + i * 7, { volume24h: 1e10 }),
    );
  }
  await until(() => s.marketApi.market.version > 0);
  const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
  return { s, url: `${address.replace('http', 'ws')}/api/v1/ws` };
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function rest(s: TestServer): Promise<{ etag: string; text: string }> {
  const res = await s.app.inject({ method: 'GET', url: `/api/v1/front/premium?${QUERY_STRING}` });
  expect(res.statusCode).toBe(200);
  return { etag: String(res.headers.etag), text: res.body };
}

/** Moves one price and waits until the market shows it. */
async function move(s: TestServer, k: number): Promise<void> {
  const before = s.marketApi.market.version;
  s.source.push(quote(T0 + 100 + k, 'binance', `TK${k % 30}`, 'USDT', 10 + (k % 30) + 0.37 * (k + 1)));
  await until(() => s.marketApi.market.version !== before);
}

async function connect(url: string) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const subscribe = (since: string) =>
    socket.send(
      JSON.stringify({ op: 'subscribe', id: 't', topic: 'premium', params: QUERY, deltas: true, since }),
    );
  return { messages, subscribe };
}

const tableMessages = (messages: Array<Record<string, unknown>>) =>
  messages.filter((m) => m.type === 'snapshot' || m.type === 'delta');

describe('subscribe.since', () => {
  it('starts a client holding the REST answer from it: deltas only, ending equal to REST', async () => {
    const { s, url } = await listen();
    const held = await rest(s);
    // The market moves after the page got its table: the hub has never computed that table itself.
    await move(s, 1);
    const client = await connect(url);
    client.subscribe(held.etag);
    await until(() => client.messages.some((m) => m.type === 'subscribed'));
    const subscribed = client.messages.find((m) => m.type === 'subscribed') as { since?: number };
    expect(typeof subscribed.since).toBe('number');

    // What the client holds: the REST bytes, as the seq the server named.
    let state: TableState<DeltaTable> = tableState(JSON.parse(held.text) as DeltaTable);
    let seq = subscribed.since as number;
    let read = 0;
    const applyArrived = () => {
      for (const m of tableMessages(client.messages).slice(read)) {
        read++;
        expect(m.type).toBe('delta');
        const delta = m as unknown as WsDeltaMessage;
        expect(delta.base).toBe(seq);
        state = applyTableDelta(state, delta);
        seq = delta.seq;
      }
    };
    // The newest market is one state ahead of what the client holds: a delta brings it there at once.
    await until(() => tableMessages(client.messages).length > 0);
    applyArrived();
    for (let k = 2; k < 5; k++) {
      await move(s, k);
      await until(() => tableMessages(client.messages).length > read);
      applyArrived();
    }
    // Settled: the table rebuilt from the REST answer and the deltas is the table REST answers now.
    await new Promise((r) => setTimeout(r, 100));
    applyArrived();
    expect(state.table).toEqual(JSON.parse((await rest(s)).text));
    expect(client.messages.some((m) => m.type === 'snapshot')).toBe(false);
  });

  it('sends nothing more to a client holding the table the server serves now, then deltas on it', async () => {
    const { s, url } = await listen();
    const held = await rest(s);
    const client = await connect(url);
    client.subscribe(held.etag);
    await until(() => client.messages.some((m) => m.type === 'subscribed'));
    expect((client.messages.find((m) => m.type === 'subscribed') as { since?: number }).since).toBeTypeOf(
      'number',
    );
    // Nothing to send: it holds the current state. The next move comes as a delta on it.
    await move(s, 7);
    await until(() => tableMessages(client.messages).length > 0);
    expect(tableMessages(client.messages).map((m) => m.type)).not.toContain('snapshot');
  });

  it('starts from an answer the market has since moved past, while the cache still keeps it', async () => {
    const { s, url } = await listen();
    const held = await rest(s);
    await move(s, 3);
    // Another reader's request replaced it in the cache: the page that got it still holds it.
    expect((await rest(s)).etag).not.toBe(held.etag);
    const client = await connect(url);
    client.subscribe(held.etag);
    await until(() => tableMessages(client.messages).length > 0);
    const subscribed = client.messages.find((m) => m.type === 'subscribed') as { since?: number };
    const [first] = tableMessages(client.messages) as unknown as WsDeltaMessage[];
    expect(first?.type).toBe('delta');
    expect(first?.base).toBe(subscribed.since);
    const rebuilt = applyTableDelta(tableState(JSON.parse(held.text) as DeltaTable), first as WsDeltaMessage);
    expect(rebuilt.table).toEqual(JSON.parse((await rest(s)).text));
  });

  it.each([
    ['an unknown tag', async () => 'W/"not-a-table-this-server-served"'],
    [
      "the tag of another query's answer",
      async (s: TestServer) => {
        const res = await s.app.inject({ method: 'GET', url: '/api/v1/front/premium?limit=5' });
        return String(res.headers.etag);
      },
    ],
  ])('sends a snapshot for %s', async (_name, since) => {
    const { s, url } = await listen();
    const etag = await since(s);
    const client = await connect(url);
    client.subscribe(etag);
    await until(() => tableMessages(client.messages).length > 0);
    const subscribed = client.messages.find((m) => m.type === 'subscribed') as { since?: number };
    expect(subscribed.since).toBeUndefined();
    const first = tableMessages(client.messages)[0] as { type: string; data: unknown };
    expect(first.type).toBe('snapshot');
    expect(first.data).toEqual(JSON.parse((await rest(s)).text));
  });
});

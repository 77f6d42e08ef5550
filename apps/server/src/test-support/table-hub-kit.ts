import { EventEmitter } from 'node:events';
import { applyTableDelta, type TableState, tableState, type WsServerMessage } from '@spreadscope/contracts';
import { expect } from 'vitest';
import type { WebSocket } from 'ws';
import { BUS_TOPICS } from '../bus/bus.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import type { MarketApi } from '../modules/market/api.ts';
import type { TableView } from '../modules/market/gated-rows.ts';
import { TopicHub, type TopicHubOptions } from '../ws/topic-hub.ts';

/**
 * The hub against a market whose tables the test writes (rows of the real premium shape are not needed: the
 * hub treats a table as rows keyed by id plus other fields) and sockets whose backlog the test sets; for the
 * hub's delta and publishing tests. The real market and real sockets are in ws/topic-hub.test.ts.
 */

export interface Row {
  id: string;
  gap: number;
  durationSince: number | null;
  leg: { price: number; bid: number | null };
}
export interface Table {
  data: Row[];
  total: number;
  updatedAt: number;
  dataSource: { mode: 'simulated'; requested: string; since: number; reason: null };
  gatedRows?: { id: string; position: number }[];
}

/** A market the test moves: each call to `set` is a new version, announced as the runtime does. */
export function fakeMarket() {
  const bus = createMemoryBus();
  let version = 1;
  let tables: Record<TableView, Table> = { full: table([], 0), visitor: table([], 0), upgrade: table([], 0) };
  const calls = { premium: 0 };
  let onPremium: ((query: { limit: number }) => void) | null = null;
  const api = {
    market: {
      get version() {
        return version;
      },
      dataSource: () => ({ mode: 'simulated', requested: 'sim', since: 0, reason: null }),
    },
    tables: {
      viewOf: (role: string) => (role === 'visitor' ? 'visitor' : 'full'),
      premium: (query: { limit: number }, view: TableView) => {
        calls.premium++;
        onPremium?.(query);
        return structuredClone(tables[view]);
      },
    },
  } as unknown as MarketApi;
  return {
    bus,
    api,
    calls,
    set(full: Table, visitor: Table = full) {
      tables = { full, visitor, upgrade: full };
      version++;
    },
    tick() {
      bus.publish(BUS_TOPICS.marketTick, '{}');
    },
    /** Called with each table query the hub computes, while it computes it. */
    watch(listener: (query: { limit: number }) => void) {
      onPremium = listener;
    },
  };
}

export function table(data: Row[], updatedAt: number, extra: Partial<Table> = {}): Table {
  return {
    data,
    total: data.length,
    updatedAt,
    dataSource: { mode: 'simulated', requested: 'sim', since: 0, reason: null },
    ...extra,
  };
}

export const row = (id: string, gap: number, durationSince: number | null = 1_000): Row => ({
  id,
  gap,
  durationSince,
  leg: { price: 100 + gap, bid: null },
});

/** A socket the hub writes to (no TCP socket under it: the hub sends through `send`). */
export class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly texts: string[] = [];
  closedWith: number | null = null;
  send(data: Buffer) {
    this.texts.push(data.toString());
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.readyState = 3;
  }
  /** A message from the client. */
  receive(message: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

/** A client of the protocol: keeps each key's table from its snapshots and deltas and checks the chain. */
export class Client {
  readonly socket = new FakeSocket();
  readonly messages: WsServerMessage[] = [];
  state: TableState<Table> | null = null;
  seq = -1;
  private read = 0;
  /** Reads what arrived since, applying table messages (their rows are not premium rows: no schema check). */
  drain(): WsServerMessage[] {
    const fresh = this.socket.texts.slice(this.read).map((text) => JSON.parse(text) as WsServerMessage);
    this.read = this.socket.texts.length;
    for (const message of fresh) {
      this.messages.push(message);
      if (message.type === 'snapshot') {
        this.state = tableState(message.data as unknown as Table);
        this.seq = message.seq;
      } else if (message.type === 'delta') {
        // Never a delta on another base than the state this client holds.
        expect(message.base).toBe(this.seq);
        if (!this.state) throw new Error('delta before any snapshot');
        this.state = applyTableDelta(this.state, message);
        this.seq = message.seq;
      }
    }
    return fresh;
  }
}

const hubs: TopicHub[] = [];

/** Closes every hub `setup` made (a test file's afterEach). */
export function closeHubs(): void {
  for (const hub of hubs.splice(0)) hub.close();
}

/** A hub over a fake market, and a way to connect a subscriber of its premium table. */
export function setup(options: TopicHubOptions = {}) {
  const market = fakeMarket();
  const hub = new TopicHub(market.api, market.bus, { realtimeMs: 0, ...options });
  hubs.push(hub);
  const connect = async (role: 'visitor' | 'pro' = 'pro', deltas = true, params = {}) => {
    const client = new Client();
    hub.attach(client.socket as unknown as WebSocket, 'en', async () => role);
    client.socket.receive({ op: 'subscribe', id: 't', topic: 'premium', params, deltas });
    await until(() => client.socket.texts.some((t) => t.includes('"type":"snapshot"')));
    client.drain();
    return client;
  };
  return { market, hub, connect };
}

export async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

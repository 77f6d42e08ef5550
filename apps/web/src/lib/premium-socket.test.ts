import {
  diffTable,
  type PremiumResponse,
  type PremiumTableRow,
  type WsDeltaMessage,
  type WsSnapshotMessage,
  wsServerMessageSchema,
} from '@spreadscope/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay, PremiumSocket, type SocketLike, socketUrl } from './premium-socket.ts';
import { makeSpreadRow } from './spread-row.fixture.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const table = (updatedAt: number) => ({ updatedAt }) as unknown as PremiumResponse;

describe('backoffDelay', () => {
  it('doubles per attempt within jitter bounds and caps', () => {
    expect(backoffDelay(0, 1)).toBe(500);
    expect(backoffDelay(0, 0)).toBe(250);
    expect(backoffDelay(3, 1)).toBe(4_000);
    expect(backoffDelay(20, 1)).toBe(BACKOFF_MAX_MS);
  });
});

describe('socketUrl', () => {
  it('follows the page scheme and host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'x.io' }, 'en')).toBe('wss://x.io/api/v1/ws?lang=en');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' }, 'ko')).toBe(
      'ws://localhost:8080/api/v1/ws?lang=ko',
    );
  });
});

describe('PremiumSocket', () => {
  let sockets: FakeSocket[];
  let client: PremiumSocket;
  const latest = () => sockets.at(-1) as FakeSocket;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    client = new PremiumSocket({
      url: () => 'ws://test/api/v1/ws',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      random: () => 1,
      now: () => Date.now(),
    });
  });
  afterEach(() => {
    client.dispose();
    vi.useRealTimers();
  });

  it('subscribes once open and routes snapshots by the server key, in order', () => {
    const seen: number[] = [];
    client.subscribe(
      { interval: '3s', params: { source: 'upbit' } },
      { onSnapshot: (d) => seen.push(d.updatedAt) },
    );
    expect(client.getState().status).toBe('connecting');
    latest().open();
    expect(latest().sent).toEqual([
      {
        op: 'subscribe',
        id: 's1',
        topic: 'premium',
        interval: '3s',
        params: { source: 'upbit' },
        deltas: true,
      },
    ]);
    latest().receive({ type: 'subscribed', id: 's1', key: 'k1', topic: 'premium', interval: '3s' });
    latest().receive({ type: 'snapshot', topic: 'premium', key: 'k1', seq: 2, data: table(2) });
    latest().receive({ type: 'snapshot', topic: 'premium', key: 'k1', seq: 1, data: table(1) });
    latest().receive({ type: 'snapshot', topic: 'premium', key: 'other', seq: 3, data: table(3) });
    expect(seen).toEqual([2]);
  });

  it('carries other tables on the same socket under their own topic and key', () => {
    const premium: number[] = [];
    const funding: string[] = [];
    client.subscribe({ interval: '3s', params: {} }, { onSnapshot: (d) => premium.push(d.updatedAt) });
    client.subscribe<{ data: { symbol: string }[] }>(
      { topic: 'funding-latest', interval: '3s', params: { sort: 'rate' } },
      { onSnapshot: (d) => funding.push(d.data[0]?.symbol ?? '') },
    );
    latest().open();
    expect(sockets).toHaveLength(1);
    expect(latest().sent[1]).toEqual({
      op: 'subscribe',
      id: 's2',
      topic: 'funding-latest',
      interval: '3s',
      params: { sort: 'rate' },
    });
    latest().receive({ type: 'subscribed', id: 's1', key: 'p', topic: 'premium', interval: '3s' });
    latest().receive({ type: 'subscribed', id: 's2', key: 'f', topic: 'funding-latest', interval: '3s' });
    latest().receive({
      type: 'snapshot',
      topic: 'funding-latest',
      key: 'f',
      seq: 1,
      data: { data: [{ symbol: 'binance-usdt-btc' }] },
    });
    latest().receive({ type: 'snapshot', topic: 'premium', key: 'p', seq: 1, data: table(7) });
    expect(funding).toEqual(['binance-usdt-btc']);
    expect(premium).toEqual([7]);
  });

  it('reconnects with backoff after a drop and resubscribes, resetting sequence numbers', () => {
    const seen: number[] = [];
    client.subscribe({ interval: 'realtime', params: {} }, { onSnapshot: (d) => seen.push(d.updatedAt) });
    latest().open();
    latest().receive({ type: 'subscribed', id: 's1', key: 'k', topic: 'premium', interval: 'realtime' });
    latest().receive({ type: 'snapshot', topic: 'premium', key: 'k', seq: 40, data: table(40) });
    latest().drop();
    expect(client.getState().status).toBe('waiting');
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(latest().sent[0]).toMatchObject({ op: 'subscribe', id: 's1' });
    latest().receive({ type: 'subscribed', id: 's1', key: 'k', topic: 'premium', interval: 'realtime' });
    latest().receive({ type: 'snapshot', topic: 'premium', key: 'k', seq: 1, data: table(1) });
    expect(seen).toEqual([40, 1]);
  });

  it('grows the wait while the server keeps refusing, and resets after data flows', () => {
    client.subscribe({ interval: 'realtime', params: {} }, { onSnapshot: () => {} });
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().drop();
    const waitedFrom = Date.now();
    expect((client.getState().retryAt ?? 0) - waitedFrom).toBe(1_000);
    vi.advanceTimersByTime(1_000);
    latest().open();
    latest().receive({ type: 'subscribed', id: 's1', key: 'k', topic: 'premium', interval: 'realtime' });
    latest().receive({ type: 'snapshot', topic: 'premium', key: 'k', seq: 1, data: table(1) });
    latest().drop();
    expect((client.getState().retryAt ?? 0) - Date.now()).toBe(500);
  });

  it('keeps the server message when it drops a slow client, then resyncs', () => {
    client.subscribe({ interval: 'realtime', params: {} }, { onSnapshot: () => {} });
    latest().open();
    latest().receive({ type: 'error', error: 'too_slow', message: 'Connection too slow' });
    latest().drop();
    expect(client.getState()).toMatchObject({ status: 'waiting', lastError: 'Connection too slow' });
    vi.advanceTimersByTime(500);
    latest().open();
    expect(client.getState()).toMatchObject({ status: 'open', lastError: null });
  });

  it('reports the data source the server greets with', () => {
    const onHello = vi.fn();
    const greeted = new PremiumSocket({
      url: () => 'ws://test',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      onHello,
    });
    greeted.subscribe({ interval: 'realtime', params: {} }, { onSnapshot: () => {} });
    latest().open();
    const dataSource = { mode: 'simulated', requested: 'auto', since: 1, reason: 'offline' };
    latest().receive({ type: 'hello', serverTime: 1, dataSource });
    expect(onHello).toHaveBeenCalledWith(dataSource);
    greeted.dispose();
  });

  it('passes subscription errors to their subscriber', () => {
    const onError = vi.fn();
    client.subscribe({ interval: 'realtime', params: { source: 'x' } }, { onSnapshot: () => {}, onError });
    latest().open();
    latest().receive({ type: 'error', id: 's1', error: 'invalid_parameter', message: 'bad source' });
    expect(onError).toHaveBeenCalledWith('bad source', 'invalid_parameter');
  });

  it('unsubscribes and closes the socket once idle', () => {
    const stop = client.subscribe({ interval: 'realtime', params: {} }, { onSnapshot: () => {} });
    latest().open();
    stop();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', id: 's1' });
    vi.advanceTimersByTime(10_000);
    expect(latest().closed).toBe(true);
    expect(client.getState().status).toBe('idle');
  });

  it('drops a silent link and reconnects', () => {
    client.subscribe({ interval: '30s', params: {} }, { onSnapshot: () => {} });
    latest().open();
    vi.advanceTimersByTime(15_000);
    expect(latest().sent.at(-1)).toEqual({ op: 'ping' });
    vi.advanceTimersByTime(30_000);
    expect(sockets[0]?.closed).toBe(true);
    expect(client.getState().status).toBe('waiting');
  });
});

/** A premium table of real rows, as the server computes it at `updatedAt`. */
function premiumTable(rows: PremiumTableRow[], updatedAt: number): PremiumResponse {
  return {
    data: rows,
    page: 1,
    limit: 500,
    total: rows.length,
    updatedAt,
    currency: 'KRW',
    conversionBase: 'USD',
    rates: { usdKrw: 1400, usdtKrw: 1398, updatedAt },
    dataSource: { mode: 'simulated', requested: 'sim', since: 0, reason: null },
  };
}

/** What the server sends: a snapshot of a table, or the delta between two (contracts diffTable). */
const snapshotOf = (key: string, seq: number, data: PremiumResponse): WsSnapshotMessage =>
  wsServerMessageSchema.parse({ type: 'snapshot', topic: 'premium', key, seq, data }) as WsSnapshotMessage;
const deltaOf = (key: string, base: number, seq: number, from: PremiumResponse, to: PremiumResponse) =>
  wsServerMessageSchema.parse({
    type: 'delta',
    topic: 'premium',
    key,
    seq,
    base,
    ...diffTable(from, to),
  }) as WsDeltaMessage;

describe('PremiumSocket with deltas', () => {
  let sockets: FakeSocket[];
  let client: PremiumSocket;
  const latest = () => sockets.at(-1) as FakeSocket;
  const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    client = new PremiumSocket({
      url: () => 'ws://test/api/v1/ws',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      random: () => 1,
    });
  });
  afterEach(() => {
    client.dispose();
    vi.useRealTimers();
  });

  const rows = {
    a: makeSpreadRow('AAA', { sourcePrice: 103_000 }),
    b: makeSpreadRow('BBB', { sourcePrice: 102_000 }),
    c: makeSpreadRow('CCC', { sourcePrice: 101_000 }),
    d: makeSpreadRow('DDD', { sourcePrice: 100_500 }),
  };
  const t0 = premiumTable([rows.a, rows.b, rows.c], 1_000);
  // B's price moves past A, C leaves the page, D enters; 500 ms went by.
  const movedB = makeSpreadRow('BBB', { sourcePrice: 104_000 });
  const t1 = premiumTable([movedB, rows.a, rows.d], 1_500);

  function subscribed() {
    const seen: { data: PremiumResponse; seq: number; source: string }[] = [];
    client.subscribe(
      { interval: 'realtime', params: {} },
      { onSnapshot: (data, seq, source) => seen.push({ data, seq, source }) },
    );
    latest().open();
    latest().receive({
      type: 'subscribed',
      id: 's1',
      key: 'k',
      topic: 'premium',
      interval: 'realtime',
      deltas: true,
    });
    return seen;
  }

  it('asks for deltas on table topics only', () => {
    client.subscribe({ interval: 'realtime', params: {} }, { onSnapshot: () => {} });
    client.subscribe({ topic: 'funding-latest', interval: 'realtime', params: {} }, { onSnapshot: () => {} });
    latest().open();
    expect(latest().sent.map((m) => m.deltas)).toEqual([true, undefined]);
  });

  it('rebuilds the table from a snapshot and deltas, keeping the rows that did not change', () => {
    const seen = subscribed();
    latest().receive(snapshotOf('k', 4, t0));
    latest().receive(deltaOf('k', 4, 5, t0, t1));
    // The clock moves and B's premium run restarts; A and D do not change.
    const t2 = premiumTable([{ ...movedB, durationSince: 1_600 }, rows.a, rows.d], 1_700);
    latest().receive(deltaOf('k', 5, 6, t1, t2));
    expect(seen.map((s) => [s.seq, s.source])).toEqual([
      [4, 'snapshot'],
      [5, 'delta'],
      [6, 'delta'],
    ]);
    expect(seen[1]?.data).toEqual(wire(t1));
    expect(seen[2]?.data).toEqual(wire(t2));
    // From 5 to 6 only B's duration restarted: B is patched, the others stay the very same objects…
    expect(seen[2]?.data.data[0]).toEqual({ ...seen[1]?.data.data[0], durationSince: 1_600 });
    expect(seen[2]?.data.data[1]).toBe(seen[1]?.data.data[1]);
    // …and a delta that leaves a row alone altogether keeps it as the very same object.
    const t3 = { ...t2, total: 3, rates: { ...t2.rates, usdKrw: 1401 } };
    latest().receive(deltaOf('k', 6, 7, t2, t3));
    expect(seen[3]?.data.data[1]).toBe(seen[2]?.data.data[1]);
    expect(seen[3]?.data.rates.usdKrw).toBe(1401);
  });

  it('resubscribes after a gap and waits for the fresh snapshot, ignoring what was still on its way', () => {
    const seen = subscribed();
    latest().receive(snapshotOf('k', 4, t0));
    // Delta 5 went missing: 6 is on another base.
    latest().receive(deltaOf('k', 5, 6, t1, t1));
    expect(latest().sent.at(-1)).toEqual({
      op: 'subscribe',
      id: 's1',
      topic: 'premium',
      interval: 'realtime',
      params: {},
      deltas: true,
    });
    // Still the old subscription's stream until the server answers: ignored.
    latest().receive(deltaOf('k', 6, 7, t1, t0));
    latest().receive(snapshotOf('k', 7, t0));
    latest().receive({
      type: 'subscribed',
      id: 's1',
      key: 'k',
      topic: 'premium',
      interval: 'realtime',
      deltas: true,
    });
    latest().receive(snapshotOf('k', 7, t1));
    latest().receive(deltaOf('k', 7, 8, t1, t0));
    expect(seen.map((s) => [s.seq, s.source])).toEqual([
      [4, 'snapshot'],
      [7, 'snapshot'],
      [8, 'delta'],
    ]);
    expect(seen[1]?.data).toEqual(wire(t1));
    expect(seen[2]?.data).toEqual(wire(t0));
  });

  it('resubscribes when a delta does not fit the table it holds', () => {
    const seen = subscribed();
    latest().receive(snapshotOf('k', 1, t0));
    const sent = latest().sent.length;
    latest().receive({
      type: 'delta',
      topic: 'premium',
      key: 'k',
      seq: 2,
      base: 1,
      paths: ['gapPercent'],
      patches: [['nope', 0, 1]],
    });
    expect(latest().sent.length).toBe(sent + 1);
    expect(latest().sent.at(-1)).toMatchObject({ op: 'subscribe', id: 's1' });
    expect(seen).toHaveLength(1);
  });

  it('ignores a delta it already has, and starts afresh after a reconnect', () => {
    const seen = subscribed();
    latest().receive(snapshotOf('k', 1, t0));
    latest().receive(deltaOf('k', 1, 2, t0, t1));
    latest().receive(deltaOf('k', 1, 2, t0, t1));
    expect(seen).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().open();
    latest().receive({
      type: 'subscribed',
      id: 's1',
      key: 'k',
      topic: 'premium',
      interval: 'realtime',
      deltas: true,
    });
    // A delta before any snapshot on the new connection cannot apply.
    latest().receive(deltaOf('k', 0, 1, t0, t1));
    expect(latest().sent.filter((m) => m.op === 'subscribe')).toHaveLength(2);
    latest().receive({
      type: 'subscribed',
      id: 's1',
      key: 'k',
      topic: 'premium',
      interval: 'realtime',
      deltas: true,
    });
    latest().receive(snapshotOf('k', 0, t0));
    expect(seen.at(-1)).toMatchObject({ seq: 0, source: 'snapshot' });
  });

  describe('starting from the table the page holds (since)', () => {
    const held = () => JSON.parse(JSON.stringify(t0)) as PremiumResponse;
    function subscribeHolding(data: PremiumResponse) {
      const seen: { data: PremiumResponse; seq: number; source: string }[] = [];
      client.subscribe(
        { interval: 'realtime', params: {}, held: { etag: 'W/"t0"', data } },
        { onSnapshot: (d, seq, source) => seen.push({ data: d, seq, source }) },
      );
      latest().open();
      return seen;
    }
    const answer = (since?: number) => ({
      type: 'subscribed',
      id: 's1',
      key: 'k',
      topic: 'premium',
      interval: 'realtime',
      deltas: true,
      ...(since === undefined ? {} : { since }),
    });

    it('sends the tag, takes the held table as the seq the server names, and applies deltas to it', () => {
      const data = held();
      const seen = subscribeHolding(data);
      expect(latest().sent[0]?.since).toBe('W/"t0"');
      latest().receive(answer(7));
      latest().receive(deltaOf('k', 7, 8, t0, t1));
      expect(seen.map((s) => [s.seq, s.source])).toEqual([[8, 'delta']]);
      expect(seen[0]?.data).toEqual(wire(t1));
      // Rows the delta left alone are the held table's own objects.
      const a = seen[0]?.data.data.find((row) => row.id === data.data[0]?.id);
      expect(a).toBe(data.data[0]);
    });

    it('waits for the snapshot when the server does not know the tag, and offers it only once', () => {
      const seen = subscribeHolding(held());
      latest().receive(answer());
      // A delta on a base it was never told of is not applied to the held table: it resyncs.
      latest().receive(deltaOf('k', 7, 8, t0, t1));
      expect(seen).toEqual([]);
      expect(latest().sent.at(-1)?.since).toBeUndefined();
      latest().receive(answer());
      latest().receive(snapshotOf('k', 9, t1));
      expect(seen.map((s) => [s.seq, s.source])).toEqual([[9, 'snapshot']]);
      latest().drop();
      vi.advanceTimersByTime(BACKOFF_MAX_MS);
      latest().open();
      expect(latest().sent.at(-1)?.since).toBeUndefined();
    });
  });
});

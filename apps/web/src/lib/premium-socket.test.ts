import type { PremiumResponse } from '@spreadscope/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay, PremiumSocket, type SocketLike, socketUrl } from './premium-socket.ts';

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
      { op: 'subscribe', id: 's1', topic: 'premium', interval: '3s', params: { source: 'upbit' } },
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

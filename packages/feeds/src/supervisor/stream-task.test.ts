import type { MarketEvent, QuoteEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { PollOutcome } from './poll-task.ts';
import { StreamTask, type StreamTaskOptions } from './stream-task.ts';

/** A stream the test drives: push() delivers a message, drop() kills the socket, reset() is recorded. */
class FakeStream {
  private waiting: { resolve: (e: MarketEvent[]) => void; reject: (e: unknown) => void } | null = null;
  private queued: (MarketEvent[] | Error)[] = [];
  readonly resets: string[] = [];
  connects = 0;

  next = (): Promise<MarketEvent[]> => {
    if (this.waiting === null && this.queued.length === 0) this.connects++;
    const item = this.queued.shift();
    if (item instanceof Error) return Promise.reject(item);
    if (item) return Promise.resolve(item);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  };

  reset = async (reason: string): Promise<void> => {
    this.resets.push(reason);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(new Error(`closed: ${reason}`));
  };

  push(events: MarketEvent[]): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting.resolve(events);
    else this.queued.push(events);
  }

  drop(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting.reject(error);
    else this.queued.push(error);
  }
}

const quote = (t: number, last: number): QuoteEvent => ({
  t,
  type: 'quote',
  venue: 'binance',
  market: 'spot',
  base: 'BTC',
  quote: 'USDT',
  last,
});

const tasks: StreamTask[] = [];
afterEach(async () => {
  for (const task of tasks.splice(0)) {
    await task.stop();
    await task.settled();
  }
});

/** Lets the task's promise chains run (no timers involved). */
const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
};

function setup(extra: Partial<StreamTaskOptions> = {}) {
  let now = 1_000_000;
  const stream = new FakeStream();
  const emitted: MarketEvent[] = [];
  const sleeps: number[] = [];
  const fallbackRuns: number[] = [];
  let fallbackAnswer: () => Promise<PollOutcome> = async () => ({ events: [quote(now, 99)] });
  const task = new StreamTask({
    feed: 'spot-tickers',
    next: stream.next,
    reset: stream.reset,
    silenceMs: 20_000,
    stableMs: 30_000,
    backoff: { baseMs: 1_000, maxMs: 60_000, jitter: 0.5 },
    describe: (e) => (e as Error).message,
    classify: (e) => ((e as Error).message.startsWith('parse') ? 'bad-message' : 'reconnect'),
    emit: (e) => emitted.push(e),
    onChange: () => {},
    clock: () => now,
    random: () => 0,
    // Sleeps return at once (recording the delay): the test decides when time passes.
    sleep: async (ms) => {
      sleeps.push(ms);
      await new Promise((resolve) => setImmediate(resolve));
    },
    watchdog: false,
    fallback: {
      intervalMs: 5_000,
      run: () => {
        fallbackRuns.push(now);
        return fallbackAnswer();
      },
    },
    ...extra,
  });
  tasks.push(task);
  return {
    task,
    stream,
    emitted,
    sleeps,
    fallbackRuns,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
    setFallback: (f: () => Promise<PollOutcome>) => {
      fallbackAnswer = f;
    },
  };
}

describe('StreamTask', () => {
  it('publishes every message and reports connected with the message time', async () => {
    const { task, stream, emitted, now } = setup();
    task.start();
    await flush();
    expect(task.health().status).toBe('connecting');
    stream.push([quote(now(), 100), quote(now(), 101)]);
    await flush();
    expect(emitted.map((e) => (e as QuoteEvent).last)).toEqual([100, 101]);
    expect(task.health()).toEqual({
      feed: 'spot-tickers',
      transport: 'ws',
      via: 'ws',
      status: 'connected',
      lastMessageAt: now(),
      lastError: null,
      restarts: 0,
    });
  });

  it('on a dropped socket: resets, polls REST meanwhile (degraded), reconnects after a back-off', async () => {
    const { task, stream, emitted, sleeps, fallbackRuns, advance } = setup();
    task.start();
    await flush();
    stream.push([quote(1, 100)]);
    await flush();
    stream.drop(new Error('connection closed by remote server, closing code 1006'));
    await flush();
    expect(stream.resets).toEqual(['connection closed by remote server, closing code 1006']);
    expect(fallbackRuns.length).toBeGreaterThanOrEqual(1);
    expect(emitted.some((e) => (e as QuoteEvent).last === 99)).toBe(true);
    const h = task.health();
    expect(h).toMatchObject({ status: 'degraded', via: 'rest', restarts: 1 });
    expect(h.lastError).toBe('connection closed by remote server, closing code 1006');
    expect(sleeps).toContain(1_000);
    // The stream comes back: WebSocket data again, healthy, the REST fallback winds down.
    advance(2_000);
    stream.push([quote(2, 102)]);
    await flush();
    expect(task.health()).toMatchObject({ status: 'connected', via: 'ws', lastError: null });
    const runs = fallbackRuns.length;
    await flush();
    await flush();
    expect(fallbackRuns.length).toBeLessThanOrEqual(runs + 1);
  });

  it('backs off exponentially while the venue keeps refusing, and starts over once stable', async () => {
    const { task, stream, advance } = setup();
    task.start();
    await flush();
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      stream.drop(new Error('connection refused'));
      await flush();
      delays.push(task.nextDelayMs());
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(task.health()).toMatchObject({ status: 'degraded', restarts: 5 });
    // Connected and stable for longer than stableMs: the next failure starts the back-off from the base.
    stream.push([quote(1, 1)]);
    await flush();
    advance(31_000);
    stream.push([quote(2, 2)]);
    await flush();
    stream.drop(new Error('connection reset'));
    await flush();
    expect(task.nextDelayMs()).toBe(1_000);
  });

  it('restarts a stream that went silent past its window', async () => {
    const { task, stream, advance } = setup();
    task.start();
    await flush();
    stream.push([quote(1, 100)]);
    await flush();
    advance(19_000);
    expect(await task.checkSilence()).toBe(false);
    advance(2_000);
    expect(await task.checkSilence()).toBe(true);
    await flush();
    expect(stream.resets).toEqual(['stream silent for 21 s; reconnecting']);
    expect(task.health()).toMatchObject({
      status: 'degraded',
      via: 'rest',
      lastError: 'stream silent for 21 s; reconnecting',
      restarts: 1,
    });
    // Reconnected: the next message makes it healthy again.
    stream.push([quote(2, 101)]);
    await flush();
    expect(task.health()).toMatchObject({ status: 'connected', lastError: null });
  });

  it('restarts a subscription that never delivers anything', async () => {
    const { task, stream, advance } = setup();
    task.start();
    await flush();
    advance(25_000);
    expect(await task.checkSilence()).toBe(true);
    expect(stream.resets[0]).toBe('no data on the stream within 25 s; reconnecting');
  });

  it('skips a malformed message without reconnecting', async () => {
    const { task, stream, emitted } = setup();
    task.start();
    await flush();
    stream.push([quote(1, 100)]);
    await flush();
    stream.drop(new Error('parse error: unexpected token'));
    await flush();
    expect(stream.resets).toEqual([]);
    expect(task.health()).toMatchObject({
      status: 'degraded',
      lastError: 'skipped a malformed message: parse error: unexpected token',
      restarts: 0,
    });
    stream.push([quote(2, 101)]);
    await flush();
    expect(emitted).toHaveLength(2);
    expect(task.health()).toMatchObject({ status: 'connected', lastError: null });
  });

  it('is down, saying both problems, when the REST fallback fails too', async () => {
    const { task, stream, setFallback } = setup();
    setFallback(async () => {
      throw new Error('HTTP 429 (rate limited) from api.binance.com');
    });
    task.start();
    await flush();
    stream.drop(new Error('DNS lookup failed for stream.binance.com'));
    await flush();
    expect(task.health()).toMatchObject({
      status: 'down',
      via: null,
      lastError:
        'DNS lookup failed for stream.binance.com; REST fallback: HTTP 429 (rate limited) from api.binance.com',
    });
  });

  it('stops cleanly: pending waits are released and nothing is emitted afterwards', async () => {
    const { task, stream, emitted } = setup();
    task.start();
    await flush();
    await task.stop();
    await task.settled();
    stream.push([quote(1, 100)]);
    await flush();
    expect(emitted).toEqual([]);
    expect(stream.resets).toContain('stopped');
  });
});

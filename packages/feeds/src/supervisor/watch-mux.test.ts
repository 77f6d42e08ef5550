import { describe, expect, it } from 'vitest';
import { WatchMux } from './watch-mux.ts';

/** A watch call whose answers the test releases one at a time. */
function controllable() {
  const waiting: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  let calls = 0;
  const call = () => {
    calls++;
    return new Promise<string>((resolve, reject) => {
      waiting.push({ resolve, reject });
    });
  };
  return {
    call,
    calls: () => calls,
    answer: (value: string) => waiting.shift()?.resolve(value),
    fail: (error: Error) => waiting.shift()?.reject(error),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WatchMux', () => {
  it('hands out whichever watch answers first and re-arms only that one', async () => {
    const a = controllable();
    const b = controllable();
    const mux = new WatchMux([a.call, b.call]);
    const first = mux.next();
    await tick();
    b.answer('b1');
    expect(await first).toBe('b1');
    const second = mux.next();
    await tick();
    expect([a.calls(), b.calls()]).toEqual([1, 2]);
    a.answer('a1');
    expect(await second).toBe('a1');
  });

  it('arms calls added while a next() waits, and keeps the others waiting', async () => {
    const a = controllable();
    const b = controllable();
    const mux = new WatchMux([a.call]);
    const waiting = mux.next();
    await tick();
    mux.add([b.call]);
    await tick();
    // The new call is armed by the next() already waiting; the old one was not called again.
    expect([a.calls(), b.calls()]).toEqual([1, 1]);
    b.answer('b1');
    expect(await waiting).toBe('b1');
    expect(mux.size).toBe(2);
    const next = mux.next();
    await tick();
    a.answer('a1');
    expect(await next).toBe('a1');
    expect([a.calls(), b.calls()]).toEqual([1, 2]);
  });

  it('passes a failure on, and reset() releases a waiting next()', async () => {
    const a = controllable();
    const mux = new WatchMux([a.call]);
    const failing = mux.next();
    await tick();
    a.fail(new Error('socket closed'));
    await expect(failing).rejects.toThrow('socket closed');
    const waiting = mux.next();
    mux.reset('silent for 21 s');
    await expect(waiting).rejects.toThrow('silent for 21 s');
    // After a reset every watch is called afresh.
    const again = mux.next();
    await tick();
    expect(a.calls()).toBe(3);
    a.answer('x');
    a.answer('y');
    expect(await again).toBe('y');
  });
});

/**
 * Waits on several watch calls at once (one per chunk of symbols, or one per symbol where a venue only
 * streams one market per subscription) and hands out whichever answers first, re-arming only that one.
 * add() brings in more calls (newly listed markets) while the others keep waiting; reset() abandons every
 * pending call and interrupts a waiting next(), so a supervisor can tear the connection down and start over.
 */
type Settled<T> =
  | { readonly index: number; readonly value: T }
  | { readonly index: number; readonly error: unknown };

const ADDED = Symbol('calls added');

export class WatchMux<T> {
  private readonly calls: (() => Promise<T>)[];
  private pending: (Promise<Settled<T>> | null)[];
  private interrupt = WatchMux.interruption();
  private wake = WatchMux.wakeUp();

  constructor(calls: readonly (() => Promise<T>)[]) {
    if (calls.length === 0) throw new Error('WatchMux needs at least one watch call');
    this.calls = [...calls];
    this.pending = this.calls.map(() => null);
  }

  get size(): number {
    return this.calls.length;
  }

  async next(): Promise<T> {
    for (;;) {
      for (let i = 0; i < this.calls.length; i++) {
        if (this.pending[i] !== null) continue;
        const call = this.calls[i];
        if (!call) continue;
        // Settled promises never reject: an abandoned call can't become an unhandled rejection.
        this.pending[i] = Promise.resolve()
          .then(call)
          .then(
            (value) => ({ index: i, value }),
            (error: unknown) => ({ index: i, error }),
          );
      }
      const armed = this.pending.filter((p): p is Promise<Settled<T>> => p !== null);
      const settled = await Promise.race([...armed, this.interrupt.promise, this.wake.promise]);
      if (settled === ADDED) {
        // New calls arrived while waiting: arm them too, and keep waiting on all.
        this.wake = WatchMux.wakeUp();
        continue;
      }
      this.pending[settled.index] = null;
      if ('error' in settled) throw settled.error;
      return settled.value;
    }
  }

  /** More watch calls, armed by the next (or the current, waiting) next(). */
  add(calls: readonly (() => Promise<T>)[]): void {
    if (calls.length === 0) return;
    this.calls.push(...calls);
    this.pending.push(...calls.map(() => null));
    this.wake.resolve(ADDED);
  }

  /** Abandons every pending call; a next() waiting right now rejects with `reason`. */
  reset(reason: string): void {
    this.pending = this.calls.map(() => null);
    this.interrupt.reject(new Error(reason));
    this.interrupt = WatchMux.interruption();
  }

  private static wakeUp(): { promise: Promise<typeof ADDED>; resolve: (value: typeof ADDED) => void } {
    let resolve: (value: typeof ADDED) => void = () => {};
    const promise = new Promise<typeof ADDED>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }

  private static interruption(): { promise: Promise<never>; reject: (error: Error) => void } {
    let reject: (error: Error) => void = () => {};
    const promise = new Promise<never>((_, r) => {
      reject = r;
    });
    promise.catch(() => {});
    return { promise, reject };
  }
}

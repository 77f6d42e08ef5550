/**
 * Keeps long background work (the simulated day's back-fill) from crowding out what callers wait for. The
 * embedded database has one connection and runs one statement at a time (on its own thread since
 * 2026-11-29; before, on the event loop), so a back-fill writing flat out holds it most of the time, and every
 * request that needs the database meanwhile waits for its statement; its rows are still built and encoded on
 * this thread (the paid API's bench: p99 126 ms at 2,000 req/s when PGlite ran on the loop).
 *
 * While there is foreground work (at least `busyEvents` requests or pushed messages within the last
 * `windowMs`), the background takes at most `share` of the wall clock, in small statements; otherwise it runs
 * flat out, so a fresh install that one page (or a health probe) looks at fills as fast as before. It always
 * progresses: under any load it keeps its share.
 */
/**
 * Requests and pushed messages a second from which callers count as waiting: an API client's load, not people
 * browsing. At 20 a few open pages (their assets, polls and WebSocket pushes) kept a fresh install's back-fill
 * paced, and charts of tokens past the first took minutes to fill; the paid API's bench runs at 2,000.
 */
const BUSY_EVENTS = 200;

export interface BackgroundPacerOptions {
  /** Wall-clock share the background may take while there is foreground work. */
  readonly share?: number;
  /** The window foreground events are counted over. */
  readonly windowMs?: number;
  /** Events within a window from which the server counts as busy. */
  readonly busyEvents?: number;
  /** Rows a statement may carry while busy (a statement holds the database's one connection for its whole run). */
  readonly busyRows?: number;
  readonly now?: () => number;
}

export class BackgroundPacer {
  /** Events counted in the current window and the one before (a sliding window of two halves). */
  private windowStart = Number.NEGATIVE_INFINITY;
  private current = 0;
  private previous = 0;
  private busyUntil = Number.NEGATIVE_INFINITY;
  private readonly share: number;
  private readonly windowMs: number;
  private readonly busyEvents: number;
  private readonly busyRows: number;
  private readonly now: () => number;

  constructor(options: BackgroundPacerOptions = {}) {
    this.share = options.share ?? 0.2;
    this.windowMs = options.windowMs ?? 1_000;
    this.busyEvents = options.busyEvents ?? BUSY_EVENTS;
    this.busyRows = options.busyRows ?? 100;
    this.now = options.now ?? (() => performance.now());
  }

  /** A request arrived, or `count` messages went out: cheap enough for every request. */
  readonly noteForeground = (count = 1): void => {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      // A window passed: the one that just ended becomes the previous (none when more than one passed).
      this.previous = now - this.windowStart < 2 * this.windowMs ? this.current : 0;
      this.current = 0;
      this.windowStart = now;
    }
    this.current += count;
    if (this.current + this.previous >= this.busyEvents) this.busyUntil = now + this.windowMs;
  };

  busy(): boolean {
    return this.now() < this.busyUntil;
  }

  /** Rows for the next statement: `full` when idle, a small slice while callers wait. */
  rowsPerStatement(full: number): number {
    return this.busy() ? Math.min(full, this.busyRows) : full;
  }

  /**
   * Called after a background step that took `spentMs`: while busy, waits long enough that the step was at most
   * `share` of the time (capped at a second, so a slow step does not park the work for long); when idle it only
   * lets queued callbacks run.
   */
  pause(spentMs: number): Promise<void> {
    if (!this.busy()) return new Promise((resolve) => setImmediate(resolve));
    const wait = Math.min(1_000, Math.max(1, (spentMs * (1 - this.share)) / this.share));
    return new Promise((resolve) => setTimeout(resolve, wait));
  }
}

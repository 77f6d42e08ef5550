import type { DataSourceState, MarketEvent, TapeLineError } from '@spreadscope/core';
import { linksForAllVenues } from '../common/links.ts';
import { sleep, yieldToEventLoop } from '../common/sleep.ts';
import { StateListeners } from '../common/state-listeners.ts';
import type { EventSink, MarketSource, VenueLink } from '../market-source.ts';
import { readTape } from './tape-reader.ts';

export interface ReplaySourceOptions {
  readonly path: string;
  /** 1 = as recorded (default), N = N× faster, 0 = as fast as possible. */
  readonly speed?: number;
  /** The MARKET_SOURCE text that asked for this replay; defaults to `replay:<path>`. */
  readonly requested?: string;
  /** Hears about malformed lines (which are skipped); they are also counted and kept (last 100). */
  readonly onLineError?: (error: TapeLineError) => void;
  /** Wall clock used for pacing; injectable for tests. */
  readonly wallClock?: () => number;
  /** How pacing waits; injectable so tests can run a paced replay on a virtual clock. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const KEPT_ERRORS = 100;
/** At speed 0, hand the event loop back this often so a server stays responsive while a tape drains. */
const YIELD_EVERY = 2_000;

/**
 * Replays a tape into a sink. The product's clock is tape time: `now()` is the `t` of the last event
 * applied (never moving backwards if a tape is slightly out of order), so windows, freshness and funding
 * countdowns behave the same at any speed. When the tape ends the clock stays at its last event and the
 * state's reason says so.
 */
export class ReplaySource implements MarketSource {
  private readonly speed: number;
  private readonly wallClock: () => number;
  private readonly listeners = new StateListeners();
  private readonly seen = new Map<string, number>();
  private readonly abort = new AbortController();
  private readonly keptErrors: TapeLineError[] = [];
  private lineErrors = 0;
  private applied = 0;
  private clock: number | null = null;
  /**
   * While a paced replay waits for its next event, tape time keeps flowing with the wall clock (up to that
   * event): a gap in the tape is a silence the product must see — rows go stale, venues quiet — not a pause.
   */
  private waiting: { readonly wall: number; readonly from: number; readonly until: number } | null = null;
  private currentState: DataSourceState;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: ReplaySourceOptions) {
    const speed = options.speed ?? 1;
    if (!Number.isFinite(speed) || speed < 0) {
      throw new Error(`replay speed must be a number ≥ 0 (0 = as fast as possible), got ${speed}`);
    }
    this.speed = speed;
    this.wallClock = options.wallClock ?? Date.now;
    this.currentState = {
      mode: 'replay',
      requested: options.requested ?? `replay:${options.path}`,
      since: this.wallClock(),
      reason: null,
    };
  }

  async start(sink: EventSink): Promise<void> {
    if (this.running) throw new Error('replay already started');
    const events = readTape(this.options.path, { onError: (error) => this.recordError(error) });
    const iterator = events[Symbol.asyncIterator]();
    // Read up to the first market event before returning, so now() is tape time from the start on.
    // (Opening errors surface here, as a rejected start.)
    let first: MarketEvent | null = null;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      if (next.value.type === 'meta') {
        this.clock ??= next.value.start ?? next.value.t;
        continue;
      }
      first = next.value;
      break;
    }
    this.clock ??= first?.t ?? null;
    this.currentState = { ...this.currentState, since: this.clock ?? this.wallClock() };
    this.running = this.run(first, iterator, sink);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.running;
  }

  /** Resolves when the tape has been applied to its end, or the replay was stopped. */
  finished(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  now(): number {
    const waiting = this.waiting;
    if (waiting !== null && this.clock !== null) {
      const flowed = waiting.from + (this.wallClock() - waiting.wall) * this.speed;
      return Math.max(this.clock, Math.min(waiting.until, flowed));
    }
    return this.clock ?? this.wallClock();
  }

  state(): DataSourceState {
    return this.currentState;
  }

  links(): readonly VenueLink[] {
    return linksForAllVenues(
      (venue) => {
        const last = this.seen.get(venue);
        return last === undefined
          ? null
          : { venue, status: 'connected', lastMessageAt: last, lastError: null };
      },
      () => 'not in this tape',
    );
  }

  onStateChange(listener: (state: DataSourceState) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Events applied so far, and malformed lines skipped (with the last few kept for operators). */
  progress(): { applied: number; lineErrors: number; recentErrors: readonly TapeLineError[] } {
    return { applied: this.applied, lineErrors: this.lineErrors, recentErrors: [...this.keptErrors] };
  }

  private recordError(error: TapeLineError): void {
    this.lineErrors++;
    this.keptErrors.push(error);
    if (this.keptErrors.length > KEPT_ERRORS) this.keptErrors.shift();
    this.options.onLineError?.(error);
  }

  private async run(
    first: MarketEvent | null,
    iterator: AsyncIterator<MarketEvent>,
    sink: EventSink,
  ): Promise<void> {
    let anchorWall: number | null = null;
    let anchorTape = 0;
    let event = first;
    try {
      while (event !== null && !this.stopped) {
        if (event.type !== 'meta') {
          if (this.speed > 0) {
            if (anchorWall === null) {
              anchorWall = this.wallClock();
              anchorTape = event.t;
            }
            const wall = this.wallClock();
            const wait = anchorWall + (event.t - anchorTape) / this.speed - wall;
            if (wait >= 1) {
              const from = anchorTape + (wall - anchorWall) * this.speed;
              this.waiting = { wall, from, until: event.t };
              try {
                await (this.options.sleep ?? sleep)(wait, this.abort.signal);
              } finally {
                this.waiting = null;
              }
            }
            if (this.stopped) break;
          } else if (this.applied % YIELD_EVERY === YIELD_EVERY - 1) {
            await yieldToEventLoop();
          }
          this.apply(event, sink);
        }
        const next = await iterator.next();
        event = next.done ? null : next.value;
      }
    } finally {
      await iterator.return?.();
    }
    if (!this.stopped) this.markEnded();
  }

  private apply(event: MarketEvent, sink: EventSink): void {
    this.clock = this.clock === null ? event.t : Math.max(this.clock, event.t);
    if ('venue' in event) this.seen.set(event.venue, event.t);
    this.applied++;
    sink(event);
  }

  private markEnded(): void {
    const at = this.clock === null ? 'its start' : new Date(this.clock).toISOString();
    const skipped = this.lineErrors > 0 ? ` (${this.lineErrors} malformed lines skipped)` : '';
    this.currentState = {
      ...this.currentState,
      reason: `tape ended at ${at}${skipped}; the clock stays at the last event`,
    };
    this.listeners.emit(this.currentState);
  }
}

import type { DataSourceState, MarketEvent, VenueId } from '@spreadscope/core';
import { linksForAllVenues } from '../common/links.ts';
import type { FeedLogger } from '../common/logger.ts';
import { StateListeners } from '../common/state-listeners.ts';
import { DISABLED_REASON } from '../common/venue-overrides.ts';
import type { EventSink, MarketSource, VenueLink } from '../market-source.ts';
import { DerivativesSimulator } from './derivatives-sim.ts';
import { SimListings } from './sim-listings.ts';
import { SimNotices } from './sim-notices.ts';
import { SIM_STEP_MS, Simulator } from './simulator.ts';
import { SIMULATED_VENUE_IDS } from './venue-profiles.ts';

export interface SimulatorSourceOptions {
  readonly seed: number;
  /** Venues left out (reported `disabled`). */
  readonly disabledVenues?: Iterable<VenueId>;
  readonly tokenLimit?: number;
  /** How often the simulator is caught up with the wall clock (ms). */
  readonly tickMs?: number;
  /** Wall clock; injectable for tests. */
  readonly clock?: () => number;
  readonly logger?: FeedLogger;
  /** What the operator asked for, and why simulated data is shown instead (set by `auto`). */
  readonly requested?: string;
  readonly reason?: string | null;
  /** Further behind the clock than this (ms), skip ahead rather than catch up event by event (default 30 s). */
  readonly maxCatchUpMs?: number;
}

/** Further behind than this, the source skips ahead rather than catching up event by event. */
const MAX_CATCH_UP_MS = 30_000;
/**
 * How often the default timer hands over the events whose time has come. A step's events are drawn at its
 * start and spread over its 100 ms; released at the step's end, a quote waited 0–100 ms before anyone saw it.
 */
export const SIM_RELEASE_MS = 20;

/**
 * The simulator running in real time: a timer advances it to the wall clock, so events carry wall-clock
 * times and the product's clock is the wall clock. The sequence itself is fixed by (seed, start time).
 */
export class SimulatorSource implements MarketSource {
  private readonly clock: () => number;
  private readonly disabled: ReadonlySet<VenueId>;
  private readonly simulated: ReadonlySet<VenueId>;
  private readonly listeners = new StateListeners();
  private readonly lastByVenue = new Map<string, number>();
  private simulator: Simulator | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private currentState: DataSourceState;

  constructor(private readonly options: SimulatorSourceOptions) {
    this.clock = options.clock ?? Date.now;
    this.disabled = new Set(options.disabledVenues ?? []);
    this.simulated = new Set(SIMULATED_VENUE_IDS.filter((v) => !this.disabled.has(v)));
    this.currentState = {
      mode: 'simulated',
      requested: options.requested ?? 'sim',
      since: this.clock(),
      reason: options.reason ?? null,
    };
  }

  async start(sink: EventSink): Promise<void> {
    if (this.simulator) throw new Error('simulator source already started');
    const startTime = Math.floor(this.clock());
    this.currentState = { ...this.currentState, since: startTime };
    const simulator = new Simulator({
      seed: this.options.seed,
      startTime,
      venues: [...this.simulated],
      ...(this.options.tokenLimit === undefined ? {} : { tokenLimit: this.options.tokenLimit }),
    });
    this.simulator = simulator;
    const notices = new SimNotices(this.options.seed, this.simulated, startTime);
    // The last days' notices at once, so /events is full from the first page view.
    for (const event of notices.backfill(startTime)) sink(event);
    // Korean listings with their notice, deposit opening and run-up (the listing-arbitrage cards).
    const listings = new SimListings(this.options.seed, this.simulated);
    // Borrow rates, open interest and liquidations, moving with the simulated perpetuals.
    const derivatives = new DerivativesSimulator(this.options.seed, [...this.simulated], startTime);
    const held = new HeldEvents();
    const pump = () => {
      const now = this.clock();
      // After a long stall (sleep, debugger) jump ahead instead of flooding the engine with the backlog.
      if (now - simulator.time > (this.options.maxCatchUpMs ?? MAX_CATCH_UP_MS)) {
        this.options.logger?.warn(
          `simulator: ${Math.round((now - simulator.time) / 1000)} s behind the clock; skipping ahead`,
        );
        simulator.skipTo(now - SIM_STEP_MS);
        held.clear();
      }
      // The step the clock is in is drawn whole (ahead of its end); its events go out as their times pass.
      if (simulator.time <= now) held.add(simulator.advanceTo(now + SIM_STEP_MS));
      const batch = held.takeBefore(now);
      for (const event of batch) {
        if ('venue' in event) this.lastByVenue.set(event.venue, event.t);
        sink(event);
      }
      for (const event of notices.advanceTo(now)) sink(event);
      listings.observe(batch);
      for (const event of listings.advanceTo(now)) sink(event);
      for (const event of derivatives.observe(batch)) sink(event);
    };
    const { tickMs } = this.options;
    if (tickMs !== undefined) {
      this.timer = setInterval(pump, tickMs);
      // The timer must not keep a process alive on its own (tests, CLI tools end when their work ends).
      this.timer.unref?.();
      return;
    }
    // By default the pump runs every SIM_RELEASE_MS while events are due, and sleeps until the next one when
    // they are sparse (few tokens): a quote reaches the engine at most SIM_RELEASE_MS after its time.
    const next = () => {
      const due = held.nextAt() ?? simulator.time;
      const wait = Math.min(SIM_STEP_MS, Math.max(SIM_RELEASE_MS, due - this.clock()));
      this.timer = setTimeout(() => {
        try {
          pump();
        } finally {
          if (this.timer !== null) next();
        }
      }, wait);
      this.timer.unref?.();
    };
    next();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  now(): number {
    return this.clock();
  }

  state(): DataSourceState {
    return this.currentState;
  }

  links(): readonly VenueLink[] {
    return linksForAllVenues(
      (venue) => {
        if (this.disabled.has(venue)) {
          return { venue, status: 'disabled', lastMessageAt: null, lastError: DISABLED_REASON };
        }
        if (!this.simulated.has(venue)) return null;
        return {
          venue,
          status: 'connected',
          lastMessageAt: this.lastByVenue.get(venue) ?? null,
          lastError: null,
        };
      },
      () => 'not simulated',
    );
  }

  onStateChange(listener: (state: DataSourceState) => void): () => void {
    return this.listeners.add(listener);
  }
}

/** Events drawn ahead of the clock, in time order, handed over once their time has come. */
class HeldEvents {
  private events: MarketEvent[] = [];
  private next = 0;

  /** Whole steps, later than everything held: a step's events come per instrument, so they are sorted by time. */
  add(steps: MarketEvent[]): void {
    if (steps.length === 0) return;
    // Stable: an instrument's own events keep their order.
    steps.sort((a, b) => a.t - b.t);
    this.events = this.next < this.events.length ? this.events.slice(this.next).concat(steps) : steps;
    this.next = 0;
  }

  takeBefore(now: number): MarketEvent[] {
    const from = this.next;
    let end = from;
    while (end < this.events.length && (this.events[end] as MarketEvent).t < now) end++;
    this.next = end;
    return this.events.slice(from, end);
  }

  nextAt(): number | null {
    return this.events[this.next]?.t ?? null;
  }

  clear(): void {
    this.events = [];
    this.next = 0;
  }
}

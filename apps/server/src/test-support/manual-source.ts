import type { DataSourceState, MarketEvent, VenueId } from '@spreadscope/core';
import {
  type Candle,
  type CandleRequest,
  type EventSink,
  type ForexHealth,
  type LiveFailure,
  type MarketSource,
  type VenueLink,
  VenueRequestError,
} from '@spreadscope/feeds';

/** A market source driven by the test: events go in when the test says, and the clock is the test's. */
export class ManualSource implements MarketSource {
  private sink: EventSink | null = null;
  private listeners = new Set<(state: DataSourceState) => void>();
  clock: number;
  links_: VenueLink[] = [];
  state_: DataSourceState;
  /** What forexHealth() / liveFailures() answer (live sources and auto only). */
  forex_: ForexHealth | null = null;
  failures_: LiveFailure[] = [];

  constructor(start: number, mode: DataSourceState['mode'] = 'simulated') {
    this.clock = start;
    this.state_ = { mode, requested: 'sim', since: start, reason: null };
  }

  async start(sink: EventSink): Promise<void> {
    this.sink = sink;
  }

  async stop(): Promise<void> {
    this.sink = null;
  }

  /** Whether a sink takes what push() hands over (between start and stop). */
  get started(): boolean {
    return this.sink !== null;
  }

  push(...events: MarketEvent[]): void {
    for (const event of events) {
      this.clock = Math.max(this.clock, event.t);
      this.sink?.(event);
    }
  }

  now(): number {
    return this.clock;
  }

  state(): DataSourceState {
    return this.state_;
  }

  links(): readonly VenueLink[] {
    return this.links_;
  }

  /** What fetchCandles answers (a live venue's candles on request); each request is recorded. */
  candles_: ((venue: VenueId, request: CandleRequest) => Promise<Candle[]>) | null = null;
  readonly candleRequests: { venue: VenueId; request: CandleRequest }[] = [];

  async fetchCandles(venue: VenueId, request: CandleRequest): Promise<Candle[]> {
    this.candleRequests.push({ venue, request });
    if (!this.candles_) throw new VenueRequestError(`${venue}: no candles in this test`);
    return this.candles_(venue, request);
  }

  forexHealth(): ForexHealth | null {
    return this.forex_;
  }

  liveFailures(): readonly LiveFailure[] {
    return this.failures_;
  }

  /** Changes mode the way `auto` does (the simulator taking over, live coming back) and announces it. */
  setMode(mode: DataSourceState['mode'], reason: string | null = null): void {
    this.state_ = { ...this.state_, mode, since: this.clock, reason };
    for (const listener of this.listeners) listener(this.state_);
  }

  onStateChange(listener: (state: DataSourceState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

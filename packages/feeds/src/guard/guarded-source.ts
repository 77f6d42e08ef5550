import type { DataSourceState } from '@spreadscope/core';
import type { EventSink, GatedSource, MarketSource, VenueLink } from '../market-source.ts';
import { EventGate, FOREX_TALLY } from './event-gate.ts';
import type { VenueRejects } from './rejects.ts';

/**
 * A market source whose events pass the gate before anyone sees them: the ingest wraps whatever MARKET_SOURCE
 * chose (live, auto, simulator, replay) in one of these, so what the engine applies, history stores and the
 * event log carries to replicas is the same validated, per-market ordered stream. Each link carries its
 * venue's refusals.
 */
export class GuardedSource implements GatedSource {
  /** Starts afresh when the source changes mode (auto: the simulator's prices are not live ones). */
  gate = new EventGate();
  readonly fetchCandles?: MarketSource['fetchCandles'];
  private mode: DataSourceState['mode'];

  constructor(readonly inner: MarketSource) {
    if (inner.fetchCandles) this.fetchCandles = inner.fetchCandles.bind(inner);
    this.mode = inner.state().mode;
  }

  start(sink: EventSink): Promise<void> {
    return this.inner.start((event) => {
      // A source may hand over the first event of a new mode before announcing it (see MarketRuntime).
      const mode = this.inner.state().mode;
      if (mode !== this.mode) {
        this.mode = mode;
        this.gate = new EventGate();
      }
      if (this.gate.admit(event, this.inner.now())) sink(event);
    });
  }

  stop(): Promise<void> {
    return this.inner.stop();
  }

  now(): number {
    return this.inner.now();
  }

  state(): DataSourceState {
    return this.inner.state();
  }

  links(): readonly VenueLink[] {
    return this.inner.links().map((link) => {
      const rejects = this.gate.rejectsOf(link.venue);
      return rejects ? { ...link, rejects } : link;
    });
  }

  /** Refusals so far per venue (and `forex`). */
  rejects(): ReadonlyMap<string, VenueRejects> {
    return this.gate.rejects();
  }

  /** USD/KRW rates refused (jumps, late or impossible rates), or undefined before the first. */
  forexRejects(): VenueRejects | undefined {
    return this.gate.rejectsOf(FOREX_TALLY);
  }

  onStateChange(listener: (state: DataSourceState) => void): () => void {
    return this.inner.onStateChange(listener);
  }

  forexHealth(): ReturnType<NonNullable<MarketSource['forexHealth']>> {
    return this.inner.forexHealth?.() ?? null;
  }

  liveFailures(): ReturnType<NonNullable<MarketSource['liveFailures']>> {
    return this.inner.liveFailures?.() ?? [];
  }
}

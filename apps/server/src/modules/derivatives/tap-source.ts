import type { DataSourceState, MarketEvent } from '@spreadscope/core';
import type { EventSink, MarketSource, VenueLink } from '@spreadscope/feeds';

/** Event types that are reference data (rows in the database), not engine state. */
const REFERENCE_TYPES: ReadonlySet<MarketEvent['type']> = new Set([
  'borrow',
  'oi',
  'liquidation',
  'fee_tier',
]);

/**
 * The runtime's source with a tap: every borrow-rate, open-interest, liquidation and fee-tier event is handed to
 * the derivatives desk, after the engine has had it. Everything else passes straight through, so the engine,
 * the history writer and the event log see exactly what they saw before.
 */
export class TappedSource implements MarketSource {
  constructor(
    private readonly inner: MarketSource,
    private readonly tap: (event: MarketEvent) => void,
  ) {
    if (inner.fetchCandles) this.fetchCandles = inner.fetchCandles.bind(inner);
    if (inner.forexHealth) this.forexHealth = inner.forexHealth.bind(inner);
    if (inner.liveFailures) this.liveFailures = inner.liveFailures.bind(inner);
  }

  fetchCandles?: MarketSource['fetchCandles'];
  forexHealth?: MarketSource['forexHealth'];
  liveFailures?: MarketSource['liveFailures'];

  start(sink: EventSink): Promise<void> {
    return this.inner.start((event) => {
      sink(event);
      if (REFERENCE_TYPES.has(event.type)) this.tap(event);
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
    return this.inner.links();
  }

  onStateChange(listener: (state: DataSourceState) => void): () => void {
    return this.inner.onStateChange(listener);
  }
}

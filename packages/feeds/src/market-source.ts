import type { DataSourceState, MarketEvent, VenueId, VenueStatus } from '@spreadscope/core';
import type { LiveFailure } from './auto-source.ts';
import type { VenueRejects } from './guard/rejects.ts';
import type { ForexHealth } from './live/forex-poller.ts';
import type { FeedHealth } from './supervisor/feed-health.ts';
import type { Candle, CandleRequest, CapabilityMap } from './venues/adapter.ts';

/** Receives normalized events in time order. Must not throw; a source never waits on its sink. */
export type EventSink = (event: MarketEvent) => void;

/** The state of one venue's link as the source sees it (the engine adds what the data itself says). */
export interface VenueLink {
  readonly venue: VenueId;
  readonly status: VenueStatus;
  /** Epoch ms (source clock) of the last message received from the venue. */
  readonly lastMessageAt: number | null;
  /** Why the venue is down, degraded or unsupported, in plain words for operators. */
  readonly lastError: string | null;
  /** Live venues: each feed's own health (tickers per market type, books, funding, wallets, notices …). */
  readonly feeds?: readonly FeedHealth[];
  /** Live venues: what the venue publishes and how we read it. */
  readonly capabilities?: CapabilityMap;
  /** Events the ingest's gate refused from this venue (GuardedSource), by reason. */
  readonly rejects?: VenueRejects;
}

/**
 * Anything that produces market events: live venues, the simulator, a tape replay, or `auto`
 * (live with a fallback to the simulator). Data flows one way: the source pushes into the sink.
 */
export interface MarketSource {
  start(sink: EventSink): Promise<void>;
  stop(): Promise<void>;
  /** The product's market clock: wall time for live and simulated data, tape time during a replay. */
  now(): number;
  state(): DataSourceState;
  links(): readonly VenueLink[];
  /** Called whenever state() changes (auto falling back, a replay ending). */
  onStateChange(listener: (state: DataSourceState) => void): () => void;
  /**
   * Candles straight from the venue, on request (live sources only). Rejects with VenueRequestError for
   * what the venue does not offer (unknown market or interval) and with a plain Error when it fails.
   */
  fetchCandles?(venue: VenueId, request: CandleRequest): Promise<Candle[]>;
  /** Live sources: USD/KRW forex health (null where forex is not read live). */
  forexHealth?(): ForexHealth | null;
  /** `auto` on the simulator: why each live venue failed on the latest live attempt. */
  liveFailures?(): readonly LiveFailure[];
}

/** A market source whose events passed the ingest's gate (GuardedSource, WorkerSource), with its refusals. */
export interface GatedSource extends MarketSource {
  /** Refusals so far per venue (and `forex`). */
  rejects(): ReadonlyMap<string, VenueRejects>;
  /** USD/KRW rates refused, or undefined before the first. */
  forexRejects(): VenueRejects | undefined;
}

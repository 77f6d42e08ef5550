import { type DataSourceState, type MarketEvent, VENUES, type VenueId } from '@spreadscope/core';
import { linksForAllVenues } from '../common/links.ts';
import { type FeedLogger, silentLogger } from '../common/logger.ts';
import { StateListeners } from '../common/state-listeners.ts';
import { DISABLED_REASON, disabledVenueIds, type VenueOverrides } from '../common/venue-overrides.ts';
import type { EventSink, MarketSource, VenueLink } from '../market-source.ts';
import { PollTask } from '../supervisor/poll-task.ts';
import { venueHealth } from '../supervisor/venue-health.ts';
import {
  type AdapterContext,
  type Candle,
  type CandleRequest,
  type FeedSettings,
  type VenueAdapter,
  VenueRequestError,
} from '../venues/adapter.ts';
import type { AmmConfig } from '../venues/amm/amm-config.ts';
import type { CcxtModule } from '../venues/ccxt/ccxt-adapter.ts';
import { createVenueAdapter, unsupportedReason } from '../venues/registry.ts';
import { DEFAULT_FEED_SETTINGS } from './feed-settings.ts';
import { DEFAULT_FOREX_URLS, type ForexHealth, ForexPoller } from './forex-poller.ts';
import type { FetchLike } from './http-seam.ts';

export interface LiveSourceOptions {
  readonly venues?: VenueOverrides;
  /** Feed tunables (poll periods, stream silence window, books per venue …); defaults in feed-settings.ts. */
  readonly settings?: Partial<FeedSettings>;
  /** Shorthand for settings.pollIntervalMs. */
  readonly pollIntervalMs?: number;
  /** Longest back-off between attempts after repeated failures (ms, default 60 s). */
  readonly maxBackoffMs?: number;
  /** Per-request timeout (ms, default 10 s). */
  readonly requestTimeoutMs?: number;
  /** USD/KRW sources tried in order (default Dunamu, then open.er-api.com). */
  readonly forexUrls?: readonly string[];
  /** AMM pools to price and the chain nodes to read them from (default: amm-config.ts). */
  readonly amm?: AmmConfig;
  readonly forexIntervalMs?: number;
  /** HTTP for every venue and forex; tests pass recorded responses here. Default: global fetch. */
  readonly fetch?: FetchLike;
  readonly logger?: FeedLogger;
  readonly clock?: () => number;
  /** Jitter source for back-offs (tests pin it). */
  readonly random?: () => number;
  /** The MARKET_SOURCE text (`live`, or `auto` when auto runs this). */
  readonly requested?: string;
  /**
   * Don't run any loop: REST polling only, rounds driven by pollOnce() (tests, one-shot tools). Streams
   * are replaced by their REST polls.
   */
  readonly manual?: boolean;
}

interface Running {
  readonly adapter: VenueAdapter;
}

/**
 * Live market data: one adapter per registry venue (ccxt where it covers the venue, raw HTTP/WebSocket
 * where it does not), each a set of supervised feeds, plus USD/KRW forex. Venues without a way in are
 * reported `unsupported` with the reason, never silently empty. Nothing simulated ever enters here.
 */
export class LiveSource implements MarketSource {
  private readonly clock: () => number;
  private readonly logger: FeedLogger;
  private readonly disabled: ReadonlySet<VenueId>;
  private readonly settings: FeedSettings;
  private readonly listeners = new StateListeners();
  private readonly linkListeners = new Set<(links: readonly VenueLink[]) => void>();
  private readonly running = new Map<VenueId, Running>();
  private readonly unsupported = new Map<VenueId, string>();
  private forex: ForexPoller | null = null;
  private readonly currentState: DataSourceState;
  private started = false;
  private stopped = false;
  private announcing = false;

  constructor(private readonly options: LiveSourceOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.logger = options.logger ?? silentLogger;
    this.disabled = disabledVenueIds(options.venues);
    const base = { ...DEFAULT_FEED_SETTINGS, ...options.settings };
    this.settings = {
      ...base,
      pollIntervalMs: options.pollIntervalMs ?? base.pollIntervalMs,
      requestTimeoutMs: options.requestTimeoutMs ?? base.requestTimeoutMs,
      backoff: { ...base.backoff, maxMs: options.maxBackoffMs ?? base.backoff.maxMs },
      streams: options.manual ? false : base.streams,
    };
    this.currentState = {
      mode: 'live',
      requested: options.requested ?? 'live',
      since: this.clock(),
      reason: null,
    };
  }

  /** Venues this source reads live (an adapter exists and the venue is not disabled); known after start. */
  get liveVenues(): readonly VenueId[] {
    return [...this.running.keys()];
  }

  async start(sink: EventSink): Promise<void> {
    if (this.started) throw new Error('live source already started');
    this.started = true;
    const fetchFn = this.options.fetch ?? ((url, init) => fetch(url, init));
    const emit = (event: MarketEvent) => {
      if (!this.stopped) sink(event);
    };
    // ccxt is large (≈1 s to load); only live mode pays for it.
    const ccxt = (await import('ccxt')) as unknown as CcxtModule;
    const random = this.options.random ?? Math.random;
    for (const { id: venue } of VENUES) {
      if (this.disabled.has(venue)) continue;
      const ctx: AdapterContext = {
        venue,
        override: this.options.venues?.[venue] ?? {},
        settings: this.settings,
        fetch: fetchFn,
        clock: this.clock,
        random,
        logger: this.logger,
        emit,
        onChange: () => this.announceLinks(),
      };
      try {
        const choice = createVenueAdapter(venue, ccxt, ctx, this.options.amm);
        if ('adapter' in choice) this.running.set(venue, { adapter: choice.adapter });
        else this.unsupported.set(venue, choice.unsupported);
      } catch (error) {
        this.unsupported.set(venue, `adapter failed to start: ${(error as Error).message}`);
        this.logger.warn(`live: ${venue}: ${(error as Error).message}`);
      }
    }
    this.forex = new ForexPoller({
      urls: this.options.forexUrls ?? DEFAULT_FOREX_URLS,
      intervalMs: this.options.forexIntervalMs ?? 60_000,
      fetch: fetchFn,
      clock: this.clock,
      logger: this.logger,
      timeoutMs: this.settings.requestTimeoutMs,
      emit,
    });
    if (this.stopped || this.options.manual) return;
    for (const { adapter } of this.running.values()) for (const task of adapter.tasks()) task.start();
    this.forex.start();
    const streams = this.settings.streams ? 'streams where venues have them, REST otherwise' : 'REST polling';
    this.logger.info(`live: ${this.running.size} venues (${streams})`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const adapters = [...this.running.values()].map((r) => r.adapter);
    await Promise.all(adapters.flatMap((a) => a.tasks().map((t) => t.stop())));
    await this.forex?.stop();
    await Promise.all(adapters.map((a) => a.close()));
  }

  /** One REST round of every polled feed and forex (manual mode); resolves when all have answered or failed. */
  async pollOnce(): Promise<void> {
    const polls = [...this.running.values()].flatMap((r) =>
      r.adapter.tasks().flatMap((t) => (t instanceof PollTask ? [t.pollOnce()] : [])),
    );
    await Promise.all([...polls, this.forex?.pollOnce()]);
  }

  /** The adapter of one venue (tests and diagnostics). */
  adapter(venue: VenueId): VenueAdapter | undefined {
    return this.running.get(venue)?.adapter;
  }

  /** Resolves once every loop has exited (requests in flight included); for tests and shutdown. */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()].flatMap((r) => r.adapter.tasks().map((t) => t.settled())));
    await this.forex?.settled();
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
        const running = this.running.get(venue);
        if (running) {
          const feeds = running.adapter.tasks().map((t) => t.health());
          return { venue, ...venueHealth(feeds), feeds, capabilities: running.adapter.capabilities() };
        }
        const reason = this.unsupported.get(venue);
        if (reason !== undefined)
          return { venue, status: 'unsupported', lastMessageAt: null, lastError: reason };
        // Before start() every venue is about to connect.
        if (!this.started) return { venue, status: 'connecting', lastMessageAt: null, lastError: null };
        return null;
      },
      (venue) => unsupportedReason(venue),
    );
  }

  onStateChange(listener: (state: DataSourceState) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Hears every change of a venue link (auto uses it to notice the first answer, or that all failed). */
  onLinksChange(listener: (links: readonly VenueLink[]) => void): () => void {
    this.linkListeners.add(listener);
    return () => {
      this.linkListeners.delete(listener);
    };
  }

  /** USD/KRW problem in words, or null while forex flows. */
  forexProblem(): string | null {
    return this.forex?.problem() ?? null;
  }

  /** USD/KRW forex: flowing from which source, or failing and why (null before start or without sources). */
  forexHealth(): ForexHealth | null {
    if (!this.forex || (this.options.forexUrls ?? DEFAULT_FOREX_URLS).length === 0) return null;
    return this.forex.health();
  }

  async fetchCandles(venue: VenueId, request: CandleRequest): Promise<Candle[]> {
    const adapter = this.running.get(venue)?.adapter;
    if (!adapter) {
      const why = this.disabled.has(venue)
        ? DISABLED_REASON
        : (this.unsupported.get(venue) ?? unsupportedReason(venue));
      throw new VenueRequestError(`${venue}: no candles (${why})`);
    }
    if (!adapter.fetchCandles) throw new VenueRequestError(`${venue} publishes no candles we can read`);
    return adapter.fetchCandles(request);
  }

  private announceLinks(): void {
    if (this.linkListeners.size === 0 || this.announcing) return;
    // Links are computed from every feed; coalesce bursts of changes into one announcement per tick.
    this.announcing = true;
    queueMicrotask(() => {
      this.announcing = false;
      const links = this.links();
      for (const listener of [...this.linkListeners]) {
        try {
          listener(links);
        } catch (error) {
          this.logger.warn(`live: link listener failed: ${(error as Error).message}`);
        }
      }
    });
  }
}

import {
  AUTO_SOURCE_TIMEOUT_MS,
  type DataSourceState,
  type MarketEvent,
  type VenueId,
} from '@spreadscope/core';
import { type FeedLogger, silentLogger } from './common/logger.ts';
import { StateListeners } from './common/state-listeners.ts';
import type { ForexHealth } from './live/forex-poller.ts';
import type { LiveSource } from './live/live-source.ts';
import type { EventSink, MarketSource, VenueLink } from './market-source.ts';
import type { SimulatorSource } from './sim/simulator-source.ts';
import { type Candle, type CandleRequest, VenueRequestError } from './venues/adapter.ts';

export interface AutoSourceOptions {
  /** Builds the live source (called once, at start). */
  readonly live: () => LiveSource;
  /** Builds the simulator that takes over; receives the reason to show. */
  readonly simulator: (reason: string) => SimulatorSource;
  /** How long live venues get to answer (default AUTO_SOURCE_TIMEOUT_MS, 15 s). */
  readonly timeoutMs?: number;
  readonly logger?: FeedLogger;
  readonly clock?: () => number;
  /**
   * After falling back, try live again in the background: the first try this long after the fallback,
   * doubling after each failed try up to `retryMaxMs` (default 30 s → 10 min, ±25 % jitter). `0` never retries
   * (a recording keeps one source).
   */
  readonly retryMs?: number;
  readonly retryMaxMs?: number;
  readonly random?: () => number;
}

/** Why one live venue failed on the latest live attempt (shown while auto runs the simulator). */
export interface LiveFailure {
  readonly venue: VenueId;
  readonly reason: string;
}

/**
 * MARKET_SOURCE=auto: live venues first; if none has answered within the timeout — or sooner, once every
 * live venue has already failed — live stops and the simulator takes over, labelled as such with the
 * reason, and each venue's own reason stays available (liveFailures). In the background auto keeps trying
 * live (a fresh live source, its events held back) with exponential back-off; as soon as a venue answers it
 * switches back to live, says so in the log and in the state. Once live, auto stays live (venues dropping
 * later are the live source's business: links show them down, the data shows stale).
 */
export class AutoSource implements MarketSource {
  private readonly timeoutMs: number;
  private readonly logger: FeedLogger;
  private readonly clock: () => number;
  private readonly listeners = new StateListeners();
  private live: LiveSource | null = null;
  private simulator: SimulatorSource | null = null;
  private currentState: DataSourceState;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribe: (() => void) | null = null;
  private answered = false;
  private falling: Promise<void> | null = null;
  private stopped = false;
  private failures: LiveFailure[] = [];
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private probe: LiveSource | null = null;
  private probing: Promise<void> | null = null;
  private retries = 0;
  private startedAt = 0;
  private decide: (state: DataSourceState) => void = () => {};
  private readonly decision: Promise<DataSourceState>;

  constructor(private readonly options: AutoSourceOptions) {
    this.timeoutMs = options.timeoutMs ?? AUTO_SOURCE_TIMEOUT_MS;
    this.logger = options.logger ?? silentLogger;
    this.clock = options.clock ?? Date.now;
    this.currentState = { mode: 'live', requested: 'auto', since: this.clock(), reason: null };
    this.decision = new Promise((resolve) => {
      this.decide = resolve;
    });
  }

  async start(sink: EventSink): Promise<void> {
    if (this.live || this.simulator) throw new Error('auto source already started');
    const live = this.options.live();
    this.live = live;
    this.currentState = { ...this.currentState, since: this.clock() };
    this.startedAt = this.clock();
    this.unsubscribe = live.onLinksChange((links) => this.watch(live, links, sink));
    this.timer = setTimeout(() => {
      if (this.answered) return;
      this.failures = failuresOf(live.links().filter((l) => live.liveVenues.includes(l.venue)));
      this.fallBack(sink, `no live exchange answered within ${this.seconds()} s`);
    }, this.timeoutMs);
    this.timer.unref?.();
    const liveSink = (event: MarketEvent) => {
      if (this.live === live && this.simulator === null && !this.stopped) sink(event);
    };
    await live.start(liveSink);
    if (live.liveVenues.length === 0) this.fallBack(sink, 'no live exchange is enabled', false);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearWatch();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.falling;
    await this.probe?.stop();
    await this.probing;
    await this.live?.stop();
    await this.simulator?.stop();
  }

  /**
   * Resolves with the first settled choice: live once a venue answered, or the simulator once auto fell
   * back (a recording writes it in the tape's header).
   */
  decided(): Promise<DataSourceState> {
    return this.decision;
  }

  /** While simulating: why each live venue failed on the latest live attempt. Empty while live. */
  liveFailures(): readonly LiveFailure[] {
    return this.simulator ? this.failures : [];
  }

  /** USD/KRW forex health of the live source (null while simulating: the simulator makes its own rate). */
  forexHealth(): ForexHealth | null {
    return this.simulator ? null : (this.live?.forexHealth() ?? null);
  }

  now(): number {
    return this.simulator?.now() ?? this.live?.now() ?? this.clock();
  }

  state(): DataSourceState {
    return this.currentState;
  }

  links(): readonly VenueLink[] {
    return (this.simulator ?? this.live)?.links() ?? [];
  }

  onStateChange(listener: (state: DataSourceState) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Candles come from live venues only; once simulating there are none to ask. */
  async fetchCandles(venue: VenueId, request: CandleRequest): Promise<Candle[]> {
    if (this.simulator || !this.live) {
      throw new VenueRequestError(`${venue}: no candles while showing simulated data`);
    }
    return this.live.fetchCandles(venue, request);
  }

  /** Resolves once the fallback (if one started) has finished switching; for tests. */
  async settled(): Promise<void> {
    await this.falling;
  }

  private seconds(): string {
    return String(Math.round((this.timeoutMs / 1000) * 10) / 10);
  }

  private watch(live: LiveSource, links: readonly VenueLink[], sink: EventSink): void {
    if (this.answered || this.falling) return;
    const pollable = new Set<string>(live.liveVenues);
    const ours = links.filter((l) => pollable.has(l.venue));
    if (ours.some((l) => l.status === 'connected' || l.status === 'degraded')) {
      this.answered = true;
      this.clearWatch();
      this.logger.info('market source auto: live exchanges answered; staying live');
      this.decide(this.currentState);
      return;
    }
    if (ours.length > 0 && ours.every((l) => l.status === 'down')) {
      this.failures = failuresOf(ours);
      this.fallBack(sink, allFailed(ours, this.clock() - this.startedAt));
    }
  }

  private clearWatch(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private fallBack(sink: EventSink, why: string, retry = true): void {
    if (this.falling || this.stopped) return;
    this.clearWatch();
    const willRetry = retry && (this.options.retryMs ?? DEFAULT_RETRY_MS) > 0;
    const retrying = willRetry ? ', trying live again in the background' : '';
    const reason = `${why}; showing simulated data${retrying}`;
    this.falling = (async () => {
      await this.live?.stop();
      if (this.stopped) return;
      const simulator = this.options.simulator(reason);
      this.simulator = simulator;
      this.currentState = { mode: 'simulated', requested: 'auto', since: this.clock(), reason };
      this.logger.warn(`market source auto: ${reason}`);
      // Announced before the first simulated event, so whoever keeps per-source state switches first; and
      // once live takes over again, nothing the simulator still emits while it stops gets through.
      this.listeners.emit(this.currentState);
      await simulator.start((event) => {
        if (this.simulator === simulator && !this.stopped) sink(event);
      });
      this.decide(this.currentState);
      if (willRetry) this.scheduleRetry(sink);
    })().catch((error: unknown) => {
      this.logger.warn(`market source auto: could not start the simulator: ${(error as Error).message}`);
    });
  }

  // ---------------------------------------------------------------- trying live again

  private retryDelayMs(): number {
    const base = this.options.retryMs ?? DEFAULT_RETRY_MS;
    const max = this.options.retryMaxMs ?? DEFAULT_RETRY_MAX_MS;
    const delay = Math.min(max, base * 2 ** this.retries);
    const random = this.options.random ?? Math.random;
    return Math.round(delay * (0.75 + random() * 0.5));
  }

  private scheduleRetry(sink: EventSink): void {
    if (this.stopped || (this.options.retryMs ?? DEFAULT_RETRY_MS) <= 0) return;
    const delay = this.retryDelayMs();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.probing = this.tryLive(sink);
    }, delay);
    this.retryTimer.unref?.();
  }

  /**
   * One background try: a fresh live source whose events are held back until a venue answers; then it
   * becomes the source and the simulator stops. If every venue fails, or none answers within the timeout,
   * the try ends and the next is scheduled later.
   */
  private async tryLive(sink: EventSink): Promise<void> {
    if (this.stopped) return;
    const probe = this.options.live();
    this.probe = probe;
    const began = this.clock();
    let switched = false;
    const outcome = await new Promise<'answered' | 'failed'>((resolve) => {
      let unsubscribe: () => void = () => {};
      const timer = setTimeout(() => {
        this.failures = failuresOf(probe.links().filter((l) => probe.liveVenues.includes(l.venue)));
        finish('failed');
      }, this.timeoutMs);
      timer.unref?.();
      const finish = (result: 'answered' | 'failed') => {
        clearTimeout(timer);
        unsubscribe();
        resolve(result);
      };
      unsubscribe = probe.onLinksChange((links) => {
        const ours = links.filter((l) => probe.liveVenues.includes(l.venue));
        if (ours.some((l) => l.status === 'connected' || l.status === 'degraded')) finish('answered');
        else if (ours.length > 0 && ours.every((l) => l.status === 'down')) {
          this.failures = failuresOf(ours);
          finish('failed');
        }
      });
      probe
        .start((event) => {
          if (switched && !this.stopped) sink(event);
        })
        .then(() => {
          if (probe.liveVenues.length === 0) finish('failed');
        })
        .catch(() => finish('failed'));
    });
    if (this.stopped) {
      await probe.stop();
      return;
    }
    if (outcome === 'failed') {
      await probe.stop();
      this.probe = null;
      this.retries++;
      this.logger.info(
        `market source auto: live still unavailable after ${Math.round((this.clock() - began) / 1000)} s (${this.failures.length} exchanges failed); staying on the simulator`,
      );
      this.scheduleRetry(sink);
      return;
    }
    // The hand-over, in this order: the simulator's events stop here (its sink checks), the state says live
    // and is announced, and only then do live events flow — no event ever arrives under the other mode.
    const simulator = this.simulator;
    this.simulator = null;
    this.live = probe;
    this.probe = null;
    this.failures = [];
    this.currentState = { mode: 'live', requested: 'auto', since: this.clock(), reason: null };
    this.listeners.emit(this.currentState);
    switched = true;
    const answered = probe
      .links()
      .filter((l) => l.status === 'connected' || l.status === 'degraded')
      .map((l) => l.venue);
    this.logger.info(
      `market source auto: live exchanges answer again (${answered.join(', ')}); switched from the simulator to live`,
    );
    await simulator?.stop();
  }
}

const DEFAULT_RETRY_MS = 30_000;
const DEFAULT_RETRY_MAX_MS = 10 * 60_000;

function failuresOf(links: readonly VenueLink[]): LiveFailure[] {
  return links.map((l) => ({ venue: l.venue, reason: l.lastError ?? `status ${l.status}` }));
}

/** Every live venue failed before the timeout: how many, how fast, and the first reasons. */
function allFailed(links: readonly VenueLink[], elapsedMs: number): string {
  const sample = links
    .slice(0, 3)
    .map((l) => `${l.venue}: ${l.lastError ?? 'failed'}`)
    .join('; ');
  const more = links.length > 3 ? `; and ${links.length - 3} more` : '';
  const seconds = Math.max(0.1, Math.round(elapsedMs / 100) / 10);
  return `every live exchange failed (all ${links.length}, within ${seconds} s: ${sample}${more})`;
}

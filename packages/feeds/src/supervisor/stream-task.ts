import type { MarketEvent } from '@spreadscope/core';
import { type BackoffPolicy, backoffDelayMs } from '@spreadscope/core';
import { sleep as defaultSleep } from '../common/sleep.ts';
import type { FeedHealth, FeedKind, FeedStatus, SupervisedTask } from './feed-health.ts';
import type { PollOutcome } from './poll-task.ts';

/** How a stream failure is handled: tear the connection down and reconnect, or just skip the message. */
export type StreamFailure = 'reconnect' | 'bad-message';

export interface StreamTaskOptions {
  readonly feed: FeedKind;
  /** Opens the stream on first use and waits for its next batch of events; rejects when the stream fails. */
  readonly next: () => Promise<readonly MarketEvent[]>;
  /** Tears the stream down (closes its sockets, forgets subscriptions) so that next() connects afresh. */
  readonly reset: (reason: string) => Promise<void>;
  /** A stream silent for this long (ms) is presumed dead and restarted. */
  readonly silenceMs: number;
  readonly backoff: BackoffPolicy;
  /** A connection that has delivered for this long (ms) counts as stable: the back-off starts over. */
  readonly stableMs?: number;
  /** REST polling that keeps data flowing while the stream is down. */
  readonly fallback?: {
    readonly intervalMs: number;
    readonly run: (signal: AbortSignal) => Promise<PollOutcome>;
  };
  readonly classify?: (error: unknown) => StreamFailure;
  readonly describe: (error: unknown) => string;
  /** Words for a failed REST fallback round (default: describe). */
  readonly describeFallback?: (error: unknown) => string;
  readonly emit: (event: MarketEvent) => void;
  readonly onChange: () => void;
  readonly clock: () => number;
  readonly random: () => number;
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Run the silence watchdog on a timer (default); tests call checkSilence() themselves. */
  readonly watchdog?: boolean;
}

const DEFAULT_STABLE_MS = 30_000;

/**
 * A supervised WebSocket stream:
 * - reconnects after a failure with exponential back-off and jitter (the back-off restarts once a
 *   connection has been stable for a while, so a flapping venue is not hammered);
 * - restarts a stream that has been silent past its window (a half-open socket sends nothing and errors
 *   nothing);
 * - polls REST in the meantime, so prices keep flowing while the socket is down;
 * - skips a malformed message without dropping the connection (the error is reported, nothing crashes).
 */
export class StreamTask implements SupervisedTask {
  private lastMessageAt: number | null = null;
  private lastStreamAt: number | null = null;
  private lastError: string | null = null;
  private connectedSince: number | null = null;
  private attemptStartedAt: number;
  private streaming = false;
  private failures = 0;
  private restarts = 0;
  private resetReason: string | null = null;
  private stopped = false;
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private fallbackRunning: Promise<void> | null = null;
  private fallbackOk: boolean | null = null;
  private fallbackError: string | null = null;
  private watchdogTimer: ReturnType<typeof setInterval> | null = null;
  private lastReported = '';

  constructor(private readonly options: StreamTaskOptions) {
    this.attemptStartedAt = options.clock();
  }

  get feed(): FeedKind {
    return this.options.feed;
  }

  start(): void {
    if (this.running) return;
    this.attemptStartedAt = this.options.clock();
    this.running = this.loop();
    if (this.options.watchdog !== false) {
      const period = Math.max(250, Math.floor(this.options.silenceMs / 4));
      this.watchdogTimer = setInterval(() => void this.checkSilence(), period);
      this.watchdogTimer.unref?.();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.watchdogTimer) clearInterval(this.watchdogTimer);
    this.watchdogTimer = null;
    await this.safeReset('stopped');
  }

  async settled(): Promise<void> {
    await this.running;
    await this.fallbackRunning;
  }

  health(): FeedHealth {
    let status: FeedStatus;
    let error = this.lastError;
    if (this.streaming) status = error === null ? 'connected' : 'degraded';
    else if (this.fallbackOk) status = 'degraded';
    else if (this.fallbackOk === null && (this.failures === 0 || this.fallbackRunning !== null)) {
      // Not yet known: the first attempt is under way, or REST is about to stand in for the stream.
      status = this.lastMessageAt === null ? 'connecting' : 'degraded';
    } else {
      status = 'down';
      if (this.fallbackError) error = `${error ?? 'stream down'}; REST fallback: ${this.fallbackError}`;
    }
    const usingFallback = !this.streaming && this.fallbackOk === true;
    return {
      feed: this.options.feed,
      transport: 'ws',
      via: usingFallback ? 'rest' : this.lastStreamAt === null ? null : 'ws',
      status,
      lastMessageAt: this.lastMessageAt,
      lastError: error,
      restarts: this.restarts,
    };
  }

  /** The wait before the next connection attempt. */
  nextDelayMs(): number {
    return backoffDelayMs(this.failures, this.options.backoff, this.options.random);
  }

  /** Restarts the stream when it has been silent past its window. Returns whether it did. */
  async checkSilence(): Promise<boolean> {
    if (this.stopped || this.resetReason !== null) return false;
    const since = this.lastStreamAt !== null && this.streaming ? this.lastStreamAt : this.attemptStartedAt;
    const silentMs = this.options.clock() - since;
    if (silentMs <= this.options.silenceMs) return false;
    const seconds = Math.round(silentMs / 1000);
    const reason = this.streaming
      ? `stream silent for ${seconds} s; reconnecting`
      : `no data on the stream within ${seconds} s; reconnecting`;
    this.resetReason = reason;
    this.streaming = false;
    this.lastError = reason;
    this.startFallback();
    this.report();
    await this.safeReset(reason);
    return true;
  }

  private async loop(): Promise<void> {
    const sleep = this.options.sleep ?? defaultSleep;
    while (!this.stopped) {
      try {
        const events = await this.options.next();
        if (this.stopped) break;
        this.onMessage(events);
      } catch (error) {
        if (this.stopped) break;
        const kind =
          this.resetReason === null ? (this.options.classify?.(error) ?? 'reconnect') : 'reconnect';
        if (kind === 'bad-message') {
          // The socket is fine; the message was not. Report it and keep listening.
          this.lastError = `skipped a malformed message: ${this.options.describe(error)}`;
          this.report();
          continue;
        }
        await this.onFailure(error);
        if (this.stopped) break;
        await sleep(this.nextDelayMs(), this.abort.signal);
        this.attemptStartedAt = this.options.clock();
        this.resetReason = null;
      }
    }
  }

  private onMessage(events: readonly MarketEvent[]): void {
    const now = this.options.clock();
    if (!this.streaming) this.connectedSince = now;
    this.streaming = true;
    this.lastStreamAt = now;
    this.lastMessageAt = now;
    if (
      this.connectedSince !== null &&
      now - this.connectedSince >= (this.options.stableMs ?? DEFAULT_STABLE_MS)
    ) {
      this.failures = 0;
    }
    // A message after a reset means the new connection works; a good message clears a skipped bad one.
    this.resetReason = null;
    this.lastError = null;
    for (const event of events) this.options.emit(event);
    this.report();
  }

  private async onFailure(error: unknown): Promise<void> {
    const reason = this.resetReason ?? this.options.describe(error);
    const wasStable =
      this.connectedSince !== null &&
      this.options.clock() - this.connectedSince >= (this.options.stableMs ?? DEFAULT_STABLE_MS);
    this.failures = wasStable ? 1 : this.failures + 1;
    this.restarts++;
    this.streaming = false;
    this.connectedSince = null;
    this.lastError = reason;
    this.startFallback();
    this.report();
    if (this.resetReason === null) await this.safeReset(reason);
  }

  private async safeReset(reason: string): Promise<void> {
    try {
      await this.options.reset(reason);
    } catch {
      // Tearing down a broken connection may itself fail; the next attempt starts from scratch anyway.
    }
  }

  private startFallback(): void {
    const fallback = this.options.fallback;
    if (!fallback || this.fallbackRunning || this.stopped) return;
    const sleep = this.options.sleep ?? defaultSleep;
    this.fallbackRunning = (async () => {
      let failures = 0;
      while (!this.stopped && !this.streaming) {
        try {
          const outcome = await fallback.run(this.abort.signal);
          if (this.stopped || this.streaming) break;
          for (const event of outcome.events) this.options.emit(event);
          this.lastMessageAt = this.options.clock();
          this.fallbackOk = true;
          this.fallbackError = null;
          failures = 0;
        } catch (error) {
          if (this.stopped) break;
          failures++;
          this.fallbackOk = false;
          this.fallbackError = (this.options.describeFallback ?? this.options.describe)(error);
        }
        this.report();
        const delay =
          failures === 0
            ? fallback.intervalMs
            : backoffDelayMs(
                failures,
                {
                  ...this.options.backoff,
                  baseMs: Math.max(this.options.backoff.baseMs, fallback.intervalMs),
                },
                this.options.random,
              );
        await sleep(delay, this.abort.signal);
      }
    })().finally(() => {
      this.fallbackRunning = null;
      this.fallbackOk = null;
      this.fallbackError = null;
    });
  }

  /** Tells listeners when what operators see changed (status, error or the delivering transport). */
  private report(): void {
    const h = this.health();
    const key = `${h.status}|${h.via}|${h.lastError}`;
    if (key === this.lastReported) return;
    this.lastReported = key;
    this.options.onChange();
  }
}

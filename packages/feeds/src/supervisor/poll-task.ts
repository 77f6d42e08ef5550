import type { MarketEvent } from '@spreadscope/core';
import { type BackoffPolicy, backoffDelayMs } from '@spreadscope/core';
import { sleep as defaultSleep } from '../common/sleep.ts';
import type { FeedHealth, FeedKind, FeedStatus, FeedTransport, SupervisedTask } from './feed-health.ts';

/** What one poll round brought: events to publish, and a partial problem when only some of it worked. */
export interface PollOutcome {
  readonly events: readonly MarketEvent[];
  /** Set when part of the round failed (e.g. one of two market types): the feed is degraded, not down. */
  readonly problem?: string | null;
}

export interface PollTaskOptions {
  readonly feed: FeedKind;
  readonly transport?: FeedTransport;
  readonly intervalMs: number;
  readonly backoff: BackoffPolicy;
  /** One round; throws when nothing usable came back. */
  readonly run: (signal: AbortSignal) => Promise<PollOutcome>;
  /** A failure in plain words for operators. */
  readonly describe: (error: unknown) => string;
  readonly emit: (event: MarketEvent) => void;
  /** Called when status or error changes (not on every success: listeners recompute links). */
  readonly onChange: () => void;
  readonly clock: () => number;
  readonly random: () => number;
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * A supervised REST poll loop: a round every interval while the venue answers; after failures in a row it
 * waits exponentially longer (with jitter), so a venue that rate-limits or is down is not hammered.
 * `connecting` until the first answer, `connected`, `degraded` (part of a round failed) or `down`.
 */
export class PollTask implements SupervisedTask {
  private status: FeedStatus = 'connecting';
  private lastMessageAt: number | null = null;
  private lastError: string | null = null;
  private failures = 0;
  private restarts = 0;
  private stopped = false;
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;

  constructor(private readonly options: PollTaskOptions) {}

  get feed(): FeedKind {
    return this.options.feed;
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
  }

  async settled(): Promise<void> {
    await this.running;
  }

  health(): FeedHealth {
    const transport = this.options.transport ?? 'rest';
    return {
      feed: this.options.feed,
      transport,
      via: this.lastMessageAt === null ? null : transport,
      status: this.status,
      lastMessageAt: this.lastMessageAt,
      lastError: this.lastError,
      restarts: this.restarts,
    };
  }

  /** The wait before the next round: the interval, or the back-off after failures in a row. */
  nextDelayMs(): number {
    const { intervalMs, backoff, random } = this.options;
    if (this.failures === 0) return intervalMs;
    return backoffDelayMs(
      this.failures,
      // Never sooner than the interval, even where it exceeds the back-off's ceiling (a venue's rate-limit floor).
      {
        ...backoff,
        baseMs: Math.max(backoff.baseMs, intervalMs),
        maxMs: Math.max(backoff.maxMs, intervalMs),
      },
      random,
    );
  }

  /** One round; never throws. Resolves true when data came back. */
  async pollOnce(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      const outcome = await this.options.run(this.abort.signal);
      if (this.stopped) return false;
      for (const event of outcome.events) this.options.emit(event);
      this.failures = 0;
      this.lastMessageAt = this.options.clock();
      const problem = outcome.problem ?? null;
      this.set(problem === null ? 'connected' : 'degraded', problem);
      return true;
    } catch (error) {
      if (this.stopped) return false;
      this.failures++;
      this.restarts++;
      this.set('down', this.options.describe(error));
      return false;
    }
  }

  private async loop(): Promise<void> {
    const sleep = this.options.sleep ?? defaultSleep;
    while (!this.stopped) {
      await this.pollOnce();
      if (this.stopped) break;
      await sleep(this.nextDelayMs(), this.abort.signal);
    }
  }

  private set(status: FeedStatus, error: string | null): void {
    const changed = status !== this.status || error !== this.lastError;
    this.status = status;
    this.lastError = error;
    if (changed) this.options.onChange();
  }
}

import type { ForexEvent } from '@spreadscope/core';
import type { FeedLogger } from '../common/logger.ts';
import { sleep } from '../common/sleep.ts';
import type { FetchLike } from './http-seam.ts';

/**
 * USD/KRW from public HTTP sources, tried in order until one answers: Dunamu's CRIX forex feed (what
 * Upbit itself shows; an array whose first item has `basePrice`) and open.er-api.com (`rates.KRW` per
 * USD). Any URL returning one of those two shapes works, so operators can point this at a mirror.
 */
export const DEFAULT_FOREX_URLS: readonly string[] = [
  'https://quotation-api-cdn.dunamu.com/v1/forex/recent?codes=FRX.KRWUSD',
  'https://open.er-api.com/v6/latest/USD',
];

/** Rates outside this band are a parsing accident (wrong currency, wrong field), not a market. */
const SANE_USD_KRW: readonly [number, number] = [500, 5_000];

export function parseUsdKrw(body: unknown): number | null {
  const candidates: unknown[] = [];
  if (Array.isArray(body)) {
    const first: unknown = body[0];
    if (first && typeof first === 'object') candidates.push((first as Record<string, unknown>).basePrice);
  } else if (body && typeof body === 'object') {
    const rates = (body as Record<string, unknown>).rates;
    if (rates && typeof rates === 'object') candidates.push((rates as Record<string, unknown>).KRW);
  }
  for (const value of candidates) {
    const rate = typeof value === 'string' ? Number(value) : value;
    if (typeof rate === 'number' && rate >= SANE_USD_KRW[0] && rate <= SANE_USD_KRW[1]) return rate;
  }
  return null;
}

export interface ForexPollerOptions {
  readonly urls: readonly string[];
  readonly intervalMs: number;
  readonly fetch: FetchLike;
  readonly clock: () => number;
  readonly logger: FeedLogger;
  readonly timeoutMs: number;
  readonly emit: (event: ForexEvent) => void;
}

/** USD/KRW as operators see it: flowing from which source, or failing and why. */
export interface ForexHealth {
  readonly status: 'connecting' | 'connected' | 'down';
  /** Host the last good rate came from. */
  readonly source: string | null;
  readonly rate: number | null;
  /** Epoch ms of the last good rate. */
  readonly lastRateAt: number | null;
  /** Why the latest round failed (every source tried), or null while the rate flows. */
  readonly lastError: string | null;
}

export class ForexPoller {
  private stopped = false;
  private good: { source: string; rate: number; at: number } | null = null;
  private readonly abort = new AbortController();
  private lastProblem: string | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: ForexPollerOptions) {}

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

  /** The last failure in words, or null while the rate is flowing. */
  problem(): string | null {
    return this.lastProblem;
  }

  health(): ForexHealth {
    return {
      status: this.lastProblem !== null ? 'down' : this.good ? 'connected' : 'connecting',
      source: this.good?.source ?? null,
      rate: this.good?.rate ?? null,
      lastRateAt: this.good?.at ?? null,
      lastError: this.lastProblem,
    };
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      await this.pollOnce();
      await sleep(this.options.intervalMs, this.abort.signal);
    }
  }

  /** Tries each URL in order; emits the first good rate. Never throws. */
  async pollOnce(): Promise<boolean> {
    const failures: string[] = [];
    for (const url of this.options.urls) {
      if (this.stopped) return false;
      try {
        const response = await this.options.fetch(url, {
          headers: { Accept: 'application/json', 'User-Agent': 'Mozilla/5.0 (compatible; Spreadscope)' },
          signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.options.timeoutMs)]),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const rate = parseUsdKrw(JSON.parse(await response.text()));
        if (rate === null) throw new Error('no USD/KRW rate in the response');
        if (this.stopped) return false;
        const at = this.options.clock();
        this.options.emit({ t: at, type: 'forex', pair: 'USD/KRW', rate });
        this.good = { source: host(url), rate, at };
        if (this.lastProblem !== null)
          this.options.logger.info(`forex: USD/KRW flowing again from ${host(url)}`);
        this.lastProblem = null;
        return true;
      } catch (error) {
        failures.push(`${host(url)}: ${plain(error)}`);
      }
    }
    const problem = `no USD/KRW rate (${failures.join('; ')})`;
    if (problem !== this.lastProblem && !this.stopped) this.options.logger.warn(`forex: ${problem}`);
    this.lastProblem = problem;
    return false;
  }
}

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function plain(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as NodeJS.ErrnoException | undefined;
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'DNS lookup failed';
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (error.name === 'TimeoutError') return 'timed out';
  if (error instanceof SyntaxError) return 'response is not JSON';
  return error.message;
}

import type { MarketEvent } from '@spreadscope/core';
import type { FeedKind, FeedTransport, SupervisedTask } from '../supervisor/feed-health.ts';
import { type PollOutcome, PollTask } from '../supervisor/poll-task.ts';
import type { AdapterContext, CapabilityMap, VenueAdapter } from './adapter.ts';
import { HttpFailure } from './http-json.ts';

/** Failures of raw adapters in words: HttpFailure is already plain; anything else keeps its message. */
export function describeRaw(error: unknown): string {
  if (error instanceof HttpFailure) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A supervised poll for a raw (non-ccxt) feed, with the context's back-off, clock and jitter. */
export function pollTask(
  ctx: AdapterContext,
  feed: FeedKind,
  intervalMs: number,
  run: (signal: AbortSignal) => Promise<PollOutcome>,
  transport: FeedTransport = 'rest',
): PollTask {
  return new PollTask({
    feed,
    transport,
    intervalMs,
    backoff: ctx.settings.backoff,
    run,
    describe: describeRaw,
    emit: ctx.emit,
    onChange: ctx.onChange,
    clock: ctx.clock,
    random: ctx.random,
  });
}

export interface Extras {
  readonly tasks: readonly SupervisedTask[];
  readonly capabilities: CapabilityMap;
}

/** A venue adapter plus feeds read outside it (Upbit and Bithumb notices and wallet status). */
export function withExtras(adapter: VenueAdapter, extras: Extras): VenueAdapter {
  const tasks = [...adapter.tasks(), ...extras.tasks];
  const fetchCandles = adapter.fetchCandles?.bind(adapter);
  return {
    venue: adapter.venue,
    capabilities: () => ({ ...adapter.capabilities(), ...extras.capabilities }),
    tasks: () => tasks,
    ...(fetchCandles ? { fetchCandles } : {}),
    close: () => adapter.close(),
  };
}

export type { MarketEvent };

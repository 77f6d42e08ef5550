import type { DataSourceState, MarketEvent, VenueId } from '@spreadscope/core';
import type { LiveFailure } from '../auto-source.ts';
import type { MarketSourceOptions } from '../create-market-source.ts';
import type { VenueRejects } from '../guard/rejects.ts';
import type { ForexHealth } from '../live/forex-poller.ts';
import type { VenueLink } from '../market-source.ts';
import type { Candle, CandleRequest } from '../venues/adapter.ts';
import type { MarketKey } from './event-codec.ts';

/** The source options that cross into the worker: everything but the functions (logger, fetch, callbacks). */
export type WorkerSourceOptions = Omit<MarketSourceOptions, 'logger' | 'fetch' | 'onTapeError'>;

/** What the worker starts with: the options, and the counter of batches the main thread has not applied yet. */
export interface WorkerData {
  readonly options: WorkerSourceOptions;
  /** Int32Array over it: [0] batches posted and not yet applied. */
  readonly inFlight: SharedArrayBuffer;
}

/**
 * Batches posted and not yet applied beyond which the worker waits (its source with it: the simulator pauses,
 * sockets are not read) until the main thread catches up. Node hands a thread every queued message in one go,
 * so this also bounds how long the main thread applies before its timers (the ingest lock's heartbeat, HTTP)
 * run again, and how much memory a main thread that falls behind can pile up.
 */
export const MAX_IN_FLIGHT = 4;

/** What the worker reports besides events, sent every few hundred ms (links carry the gate's refusals). */
export interface WorkerStatus {
  readonly links: readonly VenueLink[];
  readonly forex: ForexHealth | null;
  readonly liveFailures: readonly LiveFailure[];
  /** The gate's refusals per venue, and `forex` for USD/KRW. */
  readonly rejects: readonly (readonly [string, VenueRejects])[];
}

/**
 * A batch of gated events in their order: numbers (see event-codec.ts) in `body`, whose buffer is
 * transferred, not copied; the market keys first seen in this batch (ids from `keysFrom` on); and the events
 * without a numeric form.
 */
export interface WorkerBatch {
  readonly type: 'events';
  readonly n: number;
  readonly body: Float64Array;
  readonly keysFrom: number;
  readonly keys: readonly MarketKey[];
  readonly other: readonly MarketEvent[];
}

export type FromWorker =
  | WorkerBatch
  /** The source is built and its code loaded; it starts on `start`. */
  | { readonly type: 'ready' }
  | { readonly type: 'started'; readonly state: DataSourceState; readonly status: WorkerStatus }
  | { readonly type: 'start-failed'; readonly message: string }
  | { readonly type: 'state'; readonly state: DataSourceState }
  | { readonly type: 'status'; readonly status: WorkerStatus }
  | { readonly type: 'log'; readonly level: 'info' | 'warn'; readonly message: string }
  | {
      readonly type: 'candles';
      readonly id: number;
      readonly candles?: Candle[];
      readonly error?: { readonly name: string; readonly message: string };
    }
  | { readonly type: 'stopped' };

export type ToWorker =
  | { readonly type: 'start' }
  | { readonly type: 'stop' }
  | {
      readonly type: 'candles';
      readonly id: number;
      readonly venue: VenueId;
      readonly request: CandleRequest;
    };

import { parentPort, workerData } from 'node:worker_threads';
import type { DataSourceState, MarketEvent } from '@spreadscope/core';
import type { FeedLogger } from '../common/logger.ts';
import { disabledVenueIds } from '../common/venue-overrides.ts';
import { DEFAULT_SIM_SEED } from '../create-market-source.ts';
import { GuardedSource } from '../guard/guarded-source.ts';
import type { MarketSource } from '../market-source.ts';
import { SimulatorSource } from '../sim/simulator-source.ts';
import { VenueRequestError } from '../venues/adapter.ts';
import { encodeEvents, KeyInterner } from './event-codec.ts';
import {
  type FromWorker,
  MAX_IN_FLIGHT,
  type ToWorker,
  type WorkerData,
  type WorkerStatus,
} from './worker-protocol.ts';

/**
 * The market worker: runs MARKET_SOURCE (simulator, live venues, or `auto`) and the event gate on a thread of
 * its own, and hands the gated events to the main thread in batches of numbers. At 7,000 simulated tokens the
 * simulator alone costs ≈ 8 µs and the gate ≈ 2 µs per event at ≈ 73,000 events/s — most of a core that the
 * main thread needs for the engine, the event log and HTTP.
 */
const port = parentPort;
if (!port) throw new Error('market-worker runs as a worker thread');
const { options, inFlight: shared } = workerData as WorkerData;
const inFlight = new Int32Array(shared);

/** How often the links, forex health and gate refusals are sent when nothing else changes (ms). */
const STATUS_MS = 500;
/** A batch this large goes at once instead of waiting for the end of the turn. */
const MAX_BATCH = 16_384;

const post = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
const logger: FeedLogger = {
  info: (message) => post({ type: 'log', level: 'info', message }),
  warn: (message) => post({ type: 'log', level: 'warn', message }),
};

async function innerSource(): Promise<MarketSource> {
  // The simulator as createMarketSource builds it, but with a shorter catch-up (below).
  if (options.spec.trim() === 'sim') {
    return new SimulatorSource({
      seed: options.seed ?? DEFAULT_SIM_SEED,
      disabledVenues: disabledVenueIds(options.venues),
      logger,
      // Catching up 30 s at once is ≈ 2 million events (7,000 tokens) made before the first is handed over;
      // a simulator that far behind (a starved machine, the main thread holding it back) skips ahead instead.
      maxCatchUpMs: 5_000,
      ...(options.simTokens === undefined ? {} : { tokenLimit: options.simTokens }),
    });
  }
  const { createMarketSource } = await import('../create-market-source.ts');
  return createMarketSource({ ...options, logger });
}

const source = new GuardedSource(await innerSource());
const interner = new KeyInterner();
let batch: MarketEvent[] = [];
let flushQueued = false;
let lastState: DataSourceState = source.state();

function flush(): void {
  flushQueued = false;
  if (batch.length === 0) return;
  const events = batch;
  batch = [];
  const { body, other } = encodeEvents(events, interner);
  const { from, keys } = interner.takeNew();
  // Backpressure: wait (this thread, and the source on it) while the main thread is that far behind.
  for (;;) {
    const pending = Atomics.load(inFlight, 0);
    if (pending < MAX_IN_FLIGHT) break;
    Atomics.wait(inFlight, 0, pending, 1_000);
  }
  Atomics.add(inFlight, 0, 1);
  post({ type: 'events', n: events.length, body, keysFrom: from, keys, other }, [body.buffer as ArrayBuffer]);
}

/** The state as the main thread must see it before the events that follow (a mode's first events included). */
function announce(state: DataSourceState): void {
  if (state === lastState) return;
  flush();
  lastState = state;
  // The links and failures that go with it (auto's reasons per venue when it falls back).
  post({ type: 'state', state });
  post({ type: 'status', status: status() });
}

function status(): WorkerStatus {
  return {
    links: source.links(),
    forex: source.forexHealth(),
    liveFailures: source.liveFailures(),
    // Forex's refusals are among them, under FOREX_TALLY.
    rejects: [...source.gate.rejects()],
  };
}

function sink(event: MarketEvent): void {
  const state = source.state();
  if (state !== lastState) announce(state);
  batch.push(event);
  if (batch.length >= MAX_BATCH) flush();
  else if (!flushQueued) {
    // One batch per turn: the simulator's 100 ms tick, or whatever the venues' sockets delivered meanwhile.
    flushQueued = true;
    setImmediate(flush);
  }
}

source.onStateChange((state) => announce(state));
let statusTimer: NodeJS.Timeout | undefined;

async function start(): Promise<void> {
  try {
    await source.start(sink);
    statusTimer = setInterval(() => post({ type: 'status', status: status() }), STATUS_MS);
    lastState = source.state();
    post({ type: 'started', state: lastState, status: status() });
  } catch (error) {
    post({ type: 'start-failed', message: (error as Error).message });
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    void start();
    return;
  }
  if (message.type === 'stop') {
    clearInterval(statusTimer);
    void source.stop().finally(() => {
      flush();
      post({ type: 'status', status: status() });
      post({ type: 'stopped' });
    });
    return;
  }
  if (message.type === 'candles') {
    const fetchCandles = source.fetchCandles;
    const reply = fetchCandles
      ? fetchCandles(message.venue, message.request)
      : Promise.reject(new VenueRequestError('candles are read from live venues only'));
    reply.then(
      (candles) => post({ type: 'candles', id: message.id, candles }),
      (error: Error) =>
        post({ type: 'candles', id: message.id, error: { name: error.name, message: error.message } }),
    );
  }
});

// Loaded and built: a standby ingest holds its worker this far, so taking over costs no start-up.
post({ type: 'ready' });

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DataSourceState, VenueId } from '@spreadscope/core';
import type { LiveFailure } from '../auto-source.ts';
import { StateListeners } from '../common/state-listeners.ts';
import type { VenueRejects } from '../guard/rejects.ts';
import type { ForexHealth } from '../live/forex-poller.ts';
import type { EventSink, GatedSource, MarketSource, VenueLink } from '../market-source.ts';
import { type Candle, type CandleRequest, VenueRequestError } from '../venues/adapter.ts';
import { forEachEvent, type MarketKey } from './event-codec.ts';
import type {
  FromWorker,
  ToWorker,
  WorkerBatch,
  WorkerData,
  WorkerSourceOptions,
} from './worker-protocol.ts';

export interface WorkerSourceLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** How long stop() waits for the worker to stop its source and hand over its last events. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * The worker: the bundled file beside the server's bundle when the server runs built (dist/market-worker.js);
 * else the TypeScript source through tsx (tests, `npm run dev`, benchmarks from source).
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  const built = new URL('./market-worker.js', import.meta.url);
  if (existsSync(built)) return { entry: built, eval: false };
  // tsx's tsImport: its hooks for this import and everything it imports (a worker does not inherit the ones
  // `--import tsx` installed in this thread).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(
    /index\.cjs$/,
    'index.mjs',
  );
  const source = JSON.stringify(new URL('./market-worker.ts', import.meta.url).href);
  return {
    entry: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${source}, ${source}));`,
    eval: true,
  };
}

/**
 * MARKET_SOURCE run on a worker thread (see market-worker.ts), the event gate with it: the main thread only
 * decodes the gated batches and hands the events to its sink, in the worker's order. Until the worker reports,
 * the state and links are those of the same source built here and never started (`preview`).
 *
 * `eventId` is, while the sink runs, the worker's id of the event's market (see KeyInterner; -1 for events
 * without one): the event log maps it to its own ids without looking the market up by name again.
 */
export class WorkerSource implements GatedSource {
  readonly fetchCandles?: MarketSource['fetchCandles'];
  /** The worker's market id of the event being handed to the sink (-1: none). */
  eventId = -1;
  /** The worker's id table: keys[id] names the market of id. */
  readonly keys: MarketKey[] = [];
  private worker: Worker | null = null;
  private sink: EventSink | null = null;
  private currentState: DataSourceState;
  private links_: readonly VenueLink[];
  private forex: ForexHealth | null;
  private failures: readonly LiveFailure[];
  private rejectMap: ReadonlyMap<string, VenueRejects> = new Map();
  private readonly listeners = new StateListeners();
  private readonly candleCalls = new Map<
    number,
    { resolve: (candles: Candle[]) => void; reject: (error: Error) => void }
  >();
  private nextCall = 0;
  private stopped: (() => void) | null = null;
  private ready: Promise<void> | null = null;
  private starting: { resolve: () => void; reject: (error: Error) => void } | null = null;
  /** [0]: batches the worker posted that this thread has not applied yet (see MAX_IN_FLIGHT). */
  private readonly inFlight = new Int32Array(new SharedArrayBuffer(4));

  constructor(
    private readonly options: WorkerSourceOptions,
    private readonly logger: WorkerSourceLogger,
    preview: MarketSource,
  ) {
    this.currentState = preview.state();
    this.links_ = preview.links();
    this.forex = preview.forexHealth?.() ?? null;
    this.failures = preview.liveFailures?.() ?? [];
    if (preview.fetchCandles) this.fetchCandles = (venue, request) => this.candles(venue, request);
  }

  /**
   * Spawns the worker and builds the source there without starting it (its code loaded, ready to go). A
   * standby ingest calls this at once so that taking over costs no start-up; start() calls it too.
   */
  prepare(): Promise<void> {
    if (this.ready) return this.ready;
    const { entry, eval: evaluated } = workerEntry();
    const data: WorkerData = { options: this.options, inFlight: this.inFlight.buffer as SharedArrayBuffer };
    const worker = new Worker(entry, { eval: evaluated, workerData: data });
    this.worker = worker;
    // Like the simulator's timer: the market alone does not keep a process alive.
    worker.unref();
    this.ready = new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          ready = true;
          resolve();
        } else if (message.type === 'started') {
          this.setState(message.state);
          this.applyStatus(message.status);
          this.starting?.resolve();
        } else if (message.type === 'start-failed') {
          this.starting?.reject(new Error(message.message));
        } else {
          this.receive(message);
        }
      });
      const failed = (error: Error) => {
        if (!ready) reject(error);
        else if (this.starting) this.starting.reject(error);
        else this.logger.warn(`market worker failed: ${error.message}; the market goes stale`);
      };
      worker.on('error', failed);
      worker.on('exit', (code) => {
        this.worker = null;
        const stopping = this.stopped !== null;
        this.stopped?.();
        if (!stopping) failed(new Error(`market worker exited with code ${code}`));
      });
    });
    return this.ready;
  }

  async start(sink: EventSink): Promise<void> {
    if (this.sink) throw new Error('market worker already started');
    this.sink = sink;
    await this.prepare();
    await new Promise<void>((resolve, reject) => {
      this.starting = { resolve, reject };
      this.post({ type: 'start' });
    }).finally(() => {
      this.starting = null;
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, STOP_TIMEOUT_MS);
      this.stopped = () => {
        clearTimeout(timer);
        resolve();
      };
      this.post({ type: 'stop' });
    });
    this.worker = null;
    await worker.terminate();
    this.stopped = null;
  }

  /** Batches the worker handed over that this thread has not applied yet (the one being applied included). */
  get pendingBatches(): number {
    return Atomics.load(this.inFlight, 0);
  }

  now(): number {
    // sim, live and auto all run on the wall clock (a replay, whose clock is the tape's, is not run here).
    return Date.now();
  }

  state(): DataSourceState {
    return this.currentState;
  }

  links(): readonly VenueLink[] {
    return this.links_;
  }

  rejects(): ReadonlyMap<string, VenueRejects> {
    return this.rejectMap;
  }

  forexRejects(): VenueRejects | undefined {
    return this.rejectMap.get('forex');
  }

  forexHealth(): ForexHealth | null {
    return this.forex;
  }

  liveFailures(): readonly LiveFailure[] {
    return this.failures;
  }

  onStateChange(listener: (state: DataSourceState) => void): () => void {
    return this.listeners.add(listener);
  }

  private receive(message: FromWorker): void {
    switch (message.type) {
      case 'events':
        this.deliver(message);
        return;
      case 'state':
        this.setState(message.state);
        return;
      case 'status':
        this.applyStatus(message.status);
        return;
      case 'log':
        this.logger[message.level](message.message);
        return;
      case 'candles': {
        const call = this.candleCalls.get(message.id);
        this.candleCalls.delete(message.id);
        if (!call) return;
        if (message.candles) call.resolve(message.candles);
        else {
          const error = message.error ?? { name: 'Error', message: 'no answer' };
          call.reject(
            error.name === 'VenueRequestError'
              ? new VenueRequestError(error.message)
              : new Error(error.message),
          );
        }
        return;
      }
      case 'stopped':
        this.stopped?.();
        return;
    }
  }

  private deliver(batch: WorkerBatch): void {
    try {
      this.apply(batch);
    } finally {
      Atomics.sub(this.inFlight, 0, 1);
      Atomics.notify(this.inFlight, 0);
    }
  }

  private apply(batch: WorkerBatch): void {
    for (let k = this.keys.length - batch.keysFrom; k < batch.keys.length; k++) {
      this.keys.push(batch.keys[k] as MarketKey);
    }
    const sink = this.sink;
    if (!sink) return;
    // One event built and handed over at a time (see forEachEvent): none outlives its turn at the sink.
    try {
      forEachEvent(batch.body, batch.other, this.keys, (event, id) => {
        this.eventId = id;
        sink(event);
      });
    } finally {
      this.eventId = -1;
    }
  }

  private setState(state: DataSourceState): void {
    if (JSON.stringify(state) === JSON.stringify(this.currentState)) return;
    this.currentState = state;
    this.listeners.emit(state);
  }

  private applyStatus(status: {
    links: readonly VenueLink[];
    forex: ForexHealth | null;
    liveFailures: readonly LiveFailure[];
    rejects: readonly (readonly [string, VenueRejects])[];
  }): void {
    this.links_ = status.links;
    this.forex = status.forex;
    this.failures = status.liveFailures;
    this.rejectMap = new Map(status.rejects);
  }

  private candles(venue: VenueId, request: CandleRequest): Promise<Candle[]> {
    if (!this.worker) return Promise.reject(new Error('the market source is not running'));
    const id = this.nextCall++;
    return new Promise((resolve, reject) => {
      this.candleCalls.set(id, { resolve, reject });
      this.post({ type: 'candles', id, venue, request });
    });
  }

  private post(message: ToWorker): void {
    this.worker?.postMessage(message);
  }
}

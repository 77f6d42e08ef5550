import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface LeaderLockOptions {
  readonly redisUrl: string;
  readonly key: string;
  /** How long the lock outlives its holder's last renewal (ms): the takeover time after a crash. */
  readonly ttlMs?: number;
  /** How often a standby asks for the lock and the holder renews it (ms; default TTL / 5). */
  readonly intervalMs?: number;
  /**
   * How long the holder's main thread may stop answering (a long GC, a starved CPU) before its lock is given
   * up (ms; default 30 s). Below it the lock is kept: stalls of seconds (a starved CPU) do not flap the ingest.
   */
  readonly stallLimitMs?: number;
  /** This process became the active one. */
  readonly onAcquired: () => void;
  /** This process lost the lock (someone else's now, Redis unreachable past the TTL, or the main thread hung). */
  readonly onLost: (reason: string) => void;
}

/**
 * Runs in a worker thread, so a busy main thread cannot starve the renewals. Plain CommonJS evaluated in place:
 * it loads the same way under tsx, vitest and the bundle. Extends the lock only while it still holds this
 * holder's token; asks for it only while the main thread is alive.
 */
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { Redis } = require(workerData.ioredis);
const { url, key, token, ttlMs, intervalMs, stallLimitMs } = workerData;
const beat = new BigInt64Array(workerData.heartbeat);
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
// A command that never answers (a stalled link) must not stop the rounds: it fails after half the TTL.
const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: Math.max(250, Math.floor(ttlMs / 2)) });
redis.on('error', () => {});
let held = false;
let confirmedAt = 0;
let busy = false;
let stopped = false;
const mainSilentMs = () => Date.now() - Number(Atomics.load(beat, 0));
function lose(reason) {
  held = false;
  parentPort.postMessage({ type: 'lost', reason });
}
// Runs on every tick, whether or not a Redis call is still out: a hung holder, or a lock nobody confirmed for a
// whole TTL (so it may be someone else's by now), is given up at once.
function watch() {
  if (stopped || !held) return;
  const silent = mainSilentMs();
  if (silent > stallLimitMs) {
    redis.eval(RELEASE, 1, key, token).catch(() => 0);
    lose('the main thread stopped answering for ' + silent + ' ms');
  } else if (Date.now() - confirmedAt >= ttlMs) {
    lose('Redis did not confirm the lock for ' + ttlMs + ' ms');
  }
}
async function round() {
  if (busy || stopped) return;
  busy = true;
  try {
    if (held) {
      const renewed = await redis.eval(RENEW, 1, key, token, String(ttlMs));
      if (stopped || !held) return;
      if (renewed === 1) confirmedAt = Date.now();
      else lose('another ingest holds the lock');
    } else if (mainSilentMs() <= stallLimitMs) {
      const set = await redis.set(key, token, 'PX', ttlMs, 'NX');
      if (set === 'OK' && !stopped) {
        held = true;
        confirmedAt = Date.now();
        parentPort.postMessage({ type: 'acquired' });
      }
    }
  } catch (error) {
    if (held && Date.now() - confirmedAt >= ttlMs) lose('Redis unreachable for ' + ttlMs + ' ms: ' + error.message);
  } finally {
    busy = false;
  }
}
const timer = setInterval(() => {
  watch();
  void round();
}, intervalMs);
round();
parentPort.on('message', async (message) => {
  if (message.type !== 'stop') return;
  stopped = true;
  clearInterval(timer);
  if (held) {
    held = false;
    await redis.eval(RELEASE, 1, key, token).catch(() => 0);
  }
  await redis.quit().catch(() => undefined);
  parentPort.postMessage({ type: 'stopped' });
});
`;

/**
 * Exactly one active ingest: a Redis key set with NX and a TTL, renewed by its holder from a worker thread. A
 * crashed holder's key expires after the TTL and the next standby to ask takes it. The holder's token also
 * fences its writes to the log (see LogPublisher): once the key is someone else's, its appends are refused.
 */
export class LeaderLock {
  readonly token = `${process.pid}:${randomUUID()}`;
  private worker: Worker | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private held = false;

  constructor(private readonly options: LeaderLockOptions) {}

  get ttlMs(): number {
    return this.options.ttlMs ?? 5_000;
  }

  get isLeader(): boolean {
    return this.held;
  }

  start(): void {
    const shared = new SharedArrayBuffer(8);
    const beat = new BigInt64Array(shared);
    const tick = () => Atomics.store(beat, 0, BigInt(Date.now()));
    tick();
    this.heartbeat = setInterval(tick, 250);
    this.heartbeat.unref();
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        ioredis: createRequire(import.meta.url).resolve('ioredis'),
        url: this.options.redisUrl,
        key: this.options.key,
        token: this.token,
        ttlMs: this.ttlMs,
        intervalMs: this.options.intervalMs ?? Math.max(100, Math.floor(this.ttlMs / 5)),
        stallLimitMs: this.options.stallLimitMs ?? 30_000,
        heartbeat: shared,
      },
    });
    worker.unref();
    worker.on('message', (message: { type: string; reason?: string }) => {
      if (message.type === 'acquired') {
        this.held = true;
        this.options.onAcquired();
      } else if (message.type === 'lost' && this.held) {
        this.held = false;
        this.options.onLost(message.reason ?? 'lost');
      }
    });
    worker.on('error', (error) => {
      if (this.held) {
        this.held = false;
        this.options.onLost(`the lock's worker failed: ${error.message}`);
      }
    });
    this.worker = worker;
  }

  /** Stops asking and renewing; releases the lock when held so a standby takes over at once. */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const worker = this.worker;
    this.worker = null;
    this.held = false;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      worker.on('message', (message: { type: string }) => {
        if (message.type === 'stopped') {
          clearTimeout(timer);
          resolve();
        }
      });
      worker.postMessage({ type: 'stop' });
    });
    await worker.terminate();
  }
}

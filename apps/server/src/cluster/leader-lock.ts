import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Extends the lock only while this holder still owns it (a holder that stalled past the TTL must not). */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface LeaderLockOptions {
  readonly redis: Redis;
  readonly key: string;
  /** How long the lock outlives its holder's last renewal (ms): the takeover time after a crash. */
  readonly ttlMs?: number;
  /** How often a standby asks for the lock and the holder renews it (ms). */
  readonly intervalMs?: number;
  /** This process became the active one. */
  readonly onAcquired: () => void;
  /** This process lost the lock (a renewal found someone else's, or Redis was unreachable past the TTL). */
  readonly onLost: (reason: string) => void;
}

/**
 * Exactly one active ingest: a Redis key set with NX and a TTL, renewed by its holder. A crashed holder's key
 * expires after the TTL and the next standby to ask takes it. The holder's token also fences its writes to the
 * log (see LogPublisher): once the key is someone else's, its appends are refused.
 */
export class LeaderLock {
  readonly token = `${process.pid}:${randomUUID()}`;
  private timer: NodeJS.Timeout | null = null;
  private held = false;
  /** Wall time the lock was last confirmed ours: past the TTL without a confirmation, we are no longer sure. */
  private confirmedAt = 0;
  private stopped = false;
  private busy = false;

  constructor(private readonly options: LeaderLockOptions) {}

  get ttlMs(): number {
    return this.options.ttlMs ?? 5_000;
  }

  get isLeader(): boolean {
    return this.held;
  }

  start(): void {
    const interval = this.options.intervalMs ?? Math.max(100, Math.floor(this.ttlMs / 5));
    void this.round();
    this.timer = setInterval(() => void this.round(), interval);
    this.timer.unref();
  }

  /** Stops asking and renewing; releases the lock when held so a standby takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.held) {
      this.held = false;
      await this.options.redis.eval(RELEASE, 1, this.options.key, this.token).catch(() => undefined);
    }
  }

  private async round(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    const { redis, key } = this.options;
    try {
      if (this.held) {
        const renewed = await redis.eval(RENEW, 1, key, this.token, String(this.ttlMs));
        if (this.stopped) return;
        if (renewed === 1) this.confirmedAt = Date.now();
        else this.lose('another ingest holds the lock');
      } else {
        const set = await redis.set(key, this.token, 'PX', this.ttlMs, 'NX');
        if (this.stopped || set !== 'OK') return;
        this.held = true;
        this.confirmedAt = Date.now();
        this.options.onAcquired();
      }
    } catch (error) {
      // Unreachable Redis: the key may expire meanwhile and a standby take it, so past the TTL we step down.
      if (this.held && Date.now() - this.confirmedAt >= this.ttlMs) {
        this.lose(`Redis unreachable for ${this.ttlMs} ms: ${(error as Error).message}`);
      }
    } finally {
      this.busy = false;
    }
  }

  private lose(reason: string): void {
    if (!this.held) return;
    this.held = false;
    this.options.onLost(reason);
  }
}

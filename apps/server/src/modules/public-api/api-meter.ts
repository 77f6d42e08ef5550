import { API_RATE_PER_MINUTE, DAY_MS, entitlementsOf, type Plan } from '@spreadscope/core';
import type { ApiUsageIncrement, ApiUsageRepository } from '@spreadscope/db';
import type { Redis } from 'ioredis';
import { ApiError } from '../../http/errors.ts';
import type { KeyHolder } from './key-gate.ts';

export interface MeterLimits {
  /** Monthly credits per plan; null = not metered by an allowance (still recorded). */
  readonly creditsPerMonth: (plan: Plan) => number | null;
  readonly ratePerMinute: (plan: Plan) => number;
}

export function meterLimits(overrides: {
  credits?: Partial<Record<Plan, number>>;
  rate?: Partial<Record<Plan, number>>;
}): MeterLimits {
  return {
    creditsPerMonth: (plan) => overrides.credits?.[plan] ?? entitlementsOf(plan).apiCreditsPerMonth,
    ratePerMinute: (plan) => overrides.rate?.[plan] ?? API_RATE_PER_MINUTE[plan],
  };
}

/** What the answer's X-RateLimit-* headers say. */
export interface MeterReading {
  readonly limit: number;
  readonly remaining: number;
  readonly resetSeconds: number;
  readonly credits: { readonly used: number; readonly allowance: number | null };
}

const MINUTE_MS = 60_000;
const FLUSH_MS = 5_000;

/**
 * Per-key rate limit (calls per minute) and per-account monthly credits, shared across API replicas through
 * Redis when there is one (in memory otherwise), and usage recorded per key, endpoint and day in batches.
 * A call past the rate is refused with 429 and Retry-After; a call past the month's credits with 402, and
 * neither is charged.
 */
export class ApiMeter {
  private readonly rate = new Map<string, { minute: number; count: number }>();
  private readonly credits = new Map<string, number>();
  private readonly seeded = new Map<string, Promise<void>>();
  private pending = new Map<string, ApiUsageIncrement & { calls: number; credits: number }>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    readonly usage: ApiUsageRepository,
    readonly limits: MeterLimits,
    private readonly options: {
      redis?: Redis | undefined;
      now?: () => number;
      log?: { warn(object: unknown, message: string): void };
    } = {},
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  now(): number {
    return (this.options.now ?? Date.now)();
  }

  async charge(holder: KeyHolder, endpoint: string, cost: number): Promise<MeterReading> {
    const now = this.now();
    const minute = Math.floor(now / MINUTE_MS);
    const limit = this.limits.ratePerMinute(holder.plan);
    const resetSeconds = Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000));
    const count = await this.countCall(holder.keyId, minute);
    if (count > limit) {
      throw new ApiError(429, 'rate_limited', 'publicApi.rateLimited', { limit, seconds: resetSeconds });
    }
    const allowance = this.limits.creditsPerMonth(holder.plan);
    const { day, month } = utcDay(now);
    const used = await this.spend(holder.user.id, month, cost);
    if (allowance !== null && used > allowance) {
      await this.spend(holder.user.id, month, -cost);
      throw new ApiError(402, 'credits_exhausted', 'publicApi.creditsExhausted', {
        used: used - cost,
        allowance,
        renews: nextMonth(now),
      });
    }
    this.record({
      keyId: holder.keyId,
      userId: holder.user.id,
      endpoint,
      day,
      calls: 1,
      credits: cost,
    });
    return { limit, remaining: Math.max(0, limit - count), resetSeconds, credits: { used, allowance } };
  }

  /** This month's credits spent by an account (for /my/maxi), from the shared counter. */
  async creditsUsed(userId: string): Promise<number> {
    return this.spend(userId, monthOf(this.now()), 0);
  }

  private async countCall(keyId: string, minute: number): Promise<number> {
    const { redis } = this.options;
    if (redis) {
      const key = `spreadscope:papi:rate:${keyId}:${minute}`;
      const [[, count] = [null, 0]] =
        (await redis
          .multi()
          .incr(key)
          .pexpire(key, 2 * MINUTE_MS)
          .exec()) ?? [];
      return Number(count);
    }
    const slot = this.rate.get(keyId);
    if (!slot || slot.minute !== minute) {
      this.rate.set(keyId, { minute, count: 1 });
      return 1;
    }
    slot.count += 1;
    return slot.count;
  }

  /** Adds to the account's month and returns the new total, seeding the counter from the database once. */
  private async spend(userId: string, month: string, amount: number): Promise<number> {
    const key = `spreadscope:papi:credits:${userId}:${month}`;
    await this.seed(key, userId, month);
    const { redis } = this.options;
    if (redis) return amount === 0 ? Number((await redis.get(key)) ?? 0) : redis.incrby(key, amount);
    const total = (this.credits.get(key) ?? 0) + amount;
    this.credits.set(key, total);
    return total;
  }

  private seed(key: string, userId: string, month: string): Promise<void> {
    let seeding = this.seeded.get(key);
    if (!seeding) {
      seeding = (async () => {
        // What earlier processes recorded this month, plus what this one has not flushed yet.
        const stored = await this.usage.creditsSince(userId, `${month}-01`);
        const { redis } = this.options;
        if (redis) await redis.set(key, stored, 'PX', 40 * 24 * 3_600_000, 'NX');
        else this.credits.set(key, stored + (this.credits.get(key) ?? 0));
      })();
      this.seeded.set(key, seeding);
      seeding.catch(() => this.seeded.delete(key));
    }
    return seeding;
  }

  private record(increment: ApiUsageIncrement): void {
    const id = `${increment.keyId}\u0000${increment.endpoint}\u0000${increment.day}`;
    const row = this.pending.get(id);
    if (row) {
      row.calls += increment.calls;
      row.credits += increment.credits;
    } else {
      this.pending.set(id, { ...increment });
    }
  }

  /** Writes the counts gathered since the last flush; a failed write keeps them for the next one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.usage.add(batch);
      } catch (error) {
        for (const row of batch) this.record(row);
        this.options.log?.warn({ rows: batch.length }, `API usage not recorded yet: ${String(error)}`);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

function monthOf(now: number): string {
  return utcDay(now).month;
}

let today = { start: Number.NaN, day: '', month: '' };

/** The UTC day and month of `now` as text, worked out once a day rather than on every call metered. */
function utcDay(now: number): { day: string; month: string } {
  if (!(now >= today.start && now < today.start + DAY_MS)) {
    const day = new Date(now).toISOString().slice(0, 10);
    today = { start: Math.floor(now / DAY_MS) * DAY_MS, day, month: day.slice(0, 7) };
  }
  return today;
}

function nextMonth(now: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

import { type BackoffPolicy, backoffDelayMs } from '@spreadscope/core';
import type {
  ClaimedDelivery,
  DeliverySettlement,
  NotifyChannelName,
  NotifyRepository,
} from '@spreadscope/db';
import type { ChannelSender, SendOutcome } from './channel.ts';

export interface DispatcherLogger {
  warn(msg: string): void;
  error(msg: string): void;
}

export interface DispatcherOptions {
  readonly repository: NotifyRepository;
  readonly senders: Partial<Record<NotifyChannelName, ChannelSender>>;
  readonly logger: DispatcherLogger;
  readonly backoff: BackoffPolicy;
  /** Tries per delivery before it is dead. */
  readonly maxAttempts: number;
  /** How long a claim holds a delivery: longer than any channel's own timeout plus its queue. */
  readonly leaseMs: number;
  /** Deliveries claimed per round. */
  readonly batch?: number;
  /** Sends in flight per channel (Telegram allows about 30 messages a second per bot). */
  readonly concurrency?: Partial<Record<NotifyChannelName, number>>;
  readonly now?: () => number;
  readonly random?: () => number;
  /** Called as each delivery is handed to its channel (the benchmark's clock stops here). */
  readonly onHandedOver?: (delivery: ClaimedDelivery) => void;
  /** A try failed and is due again at `retryAt`: the caller books a delivery round for then (a job). */
  readonly onRetry?: (retryAt: number) => void;
}

/**
 * Moves due deliveries to their channels: claims a batch (SKIP LOCKED, under a lease), sends every one of them
 * at once within each channel's concurrency, and records outcomes in batches as they come back. Channels run
 * side by side, so a hanging SMTP server delays only mail. A drain runs until nothing is due; a second call
 * while one runs joins it and makes it look once more.
 */
export class DeliveryDispatcher {
  private running: Promise<number> | null = null;
  private again = false;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly gates = new Map<NotifyChannelName, Gate>();
  private pending: DeliverySettlement[] = [];
  private readonly accepted = new Set<Promise<void>>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: DispatcherOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get leaseMs(): number {
    return this.options.leaseMs;
  }

  /**
   * Sends deliveries this process already holds (written claimed by the outbox). Their outcomes are recorded
   * like a drain's; if this process dies first, their lease runs out and a drain elsewhere takes them.
   */
  accept(deliveries: readonly ClaimedDelivery[]): void {
    for (const delivery of deliveries) {
      const task = this.deliver(delivery).finally(() => this.accepted.delete(task));
      this.accepted.add(task);
    }
  }

  /** Resolves when every accepted delivery has been tried and recorded. */
  async settled(): Promise<void> {
    while (this.accepted.size > 0) await Promise.all(this.accepted);
    await this.flush();
  }

  /** Sends everything due now; resolves with how many tries were made. */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loop(): Promise<number> {
    const batch = this.options.batch ?? 500;
    let tries = 0;
    const inFlight = new Set<Promise<void>>();
    do {
      this.again = false;
      for (;;) {
        const claimed = await this.options.repository.claim({
          limit: batch,
          leaseMs: this.options.leaseMs,
          now: this.now(),
        });
        if (claimed.length === 0) break;
        tries += claimed.length;
        for (const delivery of claimed) {
          const task = this.deliver(delivery).finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
        // Bounded memory: keep at most a few batches in the air before claiming more.
        while (inFlight.size > batch * 4) await Promise.race(inFlight);
        await this.flush();
      }
      await Promise.all(inFlight);
      await this.flush();
    } while (this.again);
    return tries;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const sender = this.options.senders[delivery.channel];
    let outcome: SendOutcome;
    if (!sender) {
      outcome = { ok: false, permanent: true, error: `channel ${delivery.channel} is not available` };
    } else {
      const gate = this.gate(delivery.channel);
      await gate.enter();
      try {
        this.options.onHandedOver?.(delivery);
        outcome = await sender.send(delivery);
      } catch (error) {
        // A sender bug must not strand the row in `sending`; it is retried like a network failure.
        outcome = { ok: false, permanent: false, error: (error as Error).name || 'error' };
      } finally {
        gate.leave();
      }
    }
    this.pending.push(this.settlement(delivery, outcome));
    // Outcomes are written in batches; the last few of a quiet moment a tick later, not one write each.
    if (this.pending.length >= 200) await this.flush();
    else this.scheduleFlush();
  }

  private settlement(delivery: ClaimedDelivery, outcome: SendOutcome): DeliverySettlement {
    const base = { id: delivery.id, leaseToken: delivery.leaseToken, attempt: delivery.attempt };
    if (outcome.ok) return { ...base, outcome: 'sent', externalId: outcome.externalId };
    if (outcome.permanent || delivery.attempt >= this.options.maxAttempts) {
      if (!outcome.permanent) {
        this.options.logger.error(
          `notify: ${delivery.channel} delivery #${delivery.id} is dead after ${delivery.attempt} tries: ${outcome.error}`,
        );
      }
      return { ...base, outcome: 'dead', error: outcome.error };
    }
    const now = this.now();
    const step = backoffDelayMs(delivery.attempt, this.options.backoff, this.random);
    const retryAt = now + Math.max(step, outcome.retryAfterMs ?? 0);
    this.options.onRetry?.(retryAt);
    return { ...base, outcome: 'failed', error: outcome.error, retryAt };
  }

  private flushTimer: NodeJS.Timeout | null = null;

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush().catch(() => undefined);
    }, 20);
  }

  /** Writes the outcomes gathered so far in one statement; one flush at a time, in order. */
  private flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending;
      if (batch.length === 0) return;
      this.pending = [];
      try {
        await this.options.repository.settle(batch, this.now());
      } catch (error) {
        // Unrecorded, the deliveries stay `sending` until their lease runs out and are then tried again:
        // at least once, never lost.
        this.options.logger.warn(
          `notify: could not record ${batch.length} outcomes: ${(error as Error).message}`,
        );
      }
    });
    return this.flushing;
  }

  private gate(channel: NotifyChannelName): Gate {
    let gate = this.gates.get(channel);
    if (!gate) {
      gate = new Gate(this.options.concurrency?.[channel] ?? 16);
      this.gates.set(channel, gate);
    }
    return gate;
  }
}

/** A counting semaphore: at most `limit` sends of one channel at a time, the rest wait in order. */
class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  enter(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

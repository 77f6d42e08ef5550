import { randomUUID } from 'node:crypto';
import type { Drizzle, NewNotification, NotifyChannelName, NotifyRepository } from '@spreadscope/db';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { DeliveryDispatcher } from './delivery-dispatcher.ts';
import type { DeliveryAttempt, Notification, NotificationOrigin, TransactionalNotifier } from './notifier.ts';

/** Notifications per outbox write. */
const WRITE_BATCH = 1_000;

/** The job kind that runs the dispatcher; its key names the moment it is due, so wake-ups coalesce. */
export const NOTIFY_DELIVER_JOB = 'notify.deliver';

export interface OutboxNotifierOptions {
  readonly repository: NotifyRepository;
  readonly queue: JobQueue;
  /** Present where the job runner runs (ROLE=all, ingest): enqueues kick it at once instead of waiting a poll. */
  readonly dispatcher?: DeliveryDispatcher | undefined;
  readonly now?: () => number;
  readonly logger: { warn(msg: string): void };
}

/**
 * The product's Notifier: enqueue writes the notification and one delivery per channel to the outbox in the
 * database before it resolves (durable), then wakes the dispatcher. Concurrent enqueues are written together
 * (one transaction for whatever arrived while the previous write ran), which is what lets a burst of
 * thousands of alerts reach the channels within a second on one PGlite.
 */
export class OutboxNotifier implements TransactionalNotifier {
  private waiting: {
    item: NewNotification;
    resolve: (created: boolean) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private writing: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: OutboxNotifierOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Registers the delivery job; call once where the runner runs. */
  static registerJobs(queue: JobQueue, dispatcher: DeliveryDispatcher, repository: NotifyRepository): void {
    queue.handle(NOTIFY_DELIVER_JOB, () => deliveryRound(queue, dispatcher, repository));
    // A safety net under the wake-ups: whatever a crashed API replica committed without waking anyone is
    // picked up within a minute.
    queue.every({ kind: NOTIFY_DELIVER_JOB, everyMs: 60_000, maxAttempts: 3 });
  }

  /** After a start: whatever was left queued or held by the previous process gets a drain. */
  static async resume(queue: JobQueue): Promise<void> {
    await queue.enqueue(
      NOTIFY_DELIVER_JOB,
      {},
      { key: `${NOTIFY_DELIVER_JOB}:start:${randomUUID()}`, maxAttempts: 3 },
    );
  }

  enqueue(notification: Notification): Promise<{ duplicate: boolean }> {
    const item = toRow(notification);
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.writing ??= this.writeAll();
    }).then((created) => ({ duplicate: !created }));
  }

  async enqueueIn(tx: Drizzle, notifications: readonly Notification[]): Promise<() => void> {
    const dispatcher = this.options.dispatcher;
    const { created, held } = await this.options.repository.insert(
      notifications.map(toRow),
      this.now(),
      dispatcher ? { leaseMs: dispatcher.leaseMs } : undefined,
      tx,
    );
    // Sent only after the commit: a rolled-back firing must not reach anyone.
    return () => {
      if (dispatcher && held.length > 0) dispatcher.accept(held);
      if (created.size > 0 && !dispatcher) this.wake();
    };
  }

  async attempts(origin: NotificationOrigin, limit = 100): Promise<DeliveryAttempt[]> {
    const rows = await this.options.repository.attemptsByOrigin(origin.kind, origin.id, limit);
    return rows.map((row) => ({
      idempotencyKey: row.idempotencyKey,
      channel: row.channel,
      attempt: row.attempt,
      outcome: row.outcome,
      ...(row.error === null ? {} : { error: row.error }),
      at: row.at,
    }));
  }

  /** Writes batches until nobody waits; each caller resolves when its own batch is committed. */
  private async writeAll(): Promise<void> {
    // Let the callers of this turn of the event loop join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      // Bounded batches: the first alerts of a burst go out while the rest are still being written.
      const batch = this.waiting.splice(0, WRITE_BATCH);
      try {
        const dispatcher = this.options.dispatcher;
        const { created, held } = await this.options.repository.insert(
          batch.map((w) => w.item),
          this.now(),
          dispatcher ? { leaseMs: dispatcher.leaseMs } : undefined,
        );
        // Written already claimed by this process: handed to the channels now, without reading them back.
        if (dispatcher && held.length > 0) dispatcher.accept(held);
        // Two callers with one key in the same batch: the first stored it, the second is the duplicate.
        const claimed = new Set<string>();
        for (const w of batch) {
          const mine = created.has(w.item.idempotencyKey) && !claimed.has(w.item.idempotencyKey);
          claimed.add(w.item.idempotencyKey);
          w.resolve(mine);
        }
        if (created.size > 0 && !dispatcher) this.wake();
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.writing = null;
  }

  private wake(): void {
    if (this.options.dispatcher) {
      deliveryRound(this.options.queue, this.options.dispatcher, this.options.repository).catch(
        (error: unknown) => {
          this.options.logger.warn(`notify: delivery round failed: ${(error as Error).message}`);
        },
      );
      return;
    }
    // An API replica runs no dispatcher: a job tells the runner of the ingest (claimed within its poll).
    this.options.queue
      .enqueue(NOTIFY_DELIVER_JOB, {}, { key: `${NOTIFY_DELIVER_JOB}:${randomUUID()}`, maxAttempts: 3 })
      .catch((error: unknown) => {
        this.options.logger.warn(`notify: could not queue delivery: ${(error as Error).message}`);
      });
  }
}

/**
 * Sends what is due, then books the next round: what failed waits for its retry time and what a dead process
 * held waits for its lease, so one job at the earliest of those moments (keyed by it, so every round that sees
 * the same moment makes one job).
 */
export async function deliveryRound(
  queue: JobQueue,
  dispatcher: DeliveryDispatcher,
  repository: NotifyRepository,
): Promise<void> {
  await dispatcher.drain();
  const wakeAt = await repository.nextWakeAt();
  if (wakeAt !== null) await bookRound(queue, wakeAt);
}

/** A delivery round at `at` (to the second): every failure due in the same second shares one job. */
export async function bookRound(queue: JobQueue, at: number): Promise<void> {
  const slot = Math.ceil(at / 1000) * 1000;
  await queue.enqueue(
    NOTIFY_DELIVER_JOB,
    {},
    { key: `${NOTIFY_DELIVER_JOB}@${new Date(slot).toISOString()}`, runAt: slot, maxAttempts: 3 },
  );
}

function toRow(n: Notification): NewNotification {
  const deliveries: { channel: NotifyChannelName; target: string | null }[] = [];
  if (n.channels.telegram) deliveries.push({ channel: 'telegram', target: n.channels.telegram.chatId });
  if (n.channels.email) deliveries.push({ channel: 'email', target: n.channels.email.to ?? null });
  if (n.channels.toast) deliveries.push({ channel: 'toast', target: null });
  return {
    idempotencyKey: n.idempotencyKey,
    userId: n.userId,
    originKind: n.origin.kind,
    originId: n.origin.id,
    locale: n.locale,
    title: n.title,
    body: n.body,
    url: n.url ?? null,
    occurredAt: n.occurredAt,
    deliveries,
  };
}

import type {
  DeliveryAttempt,
  Notification,
  NotificationOrigin,
  Notifier,
} from '../modules/notify/notifier.ts';

/**
 * A Notifier that keeps what it is handed, keyed like the real outbox (a repeated key is a duplicate): the
 * peer the alerts module talks to in tests until the delivery module is wired in. `failNext` makes the next
 * enqueue throw, as an outbox whose database is briefly unreachable would.
 */
export class RecordingNotifier implements Notifier {
  readonly enqueued: Notification[] = [];
  readonly attemptsByKey = new Map<string, DeliveryAttempt[]>();
  failNext = 0;

  async enqueue(notification: Notification): Promise<{ duplicate: boolean }> {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('outbox unavailable');
    }
    if (this.enqueued.some((n) => n.idempotencyKey === notification.idempotencyKey))
      return { duplicate: true };
    this.enqueued.push(notification);
    return { duplicate: false };
  }

  async attempts(origin: NotificationOrigin, limit = 100): Promise<DeliveryAttempt[]> {
    const keys = this.enqueued
      .filter((n) => n.origin.kind === origin.kind && n.origin.id === origin.id)
      .map((n) => n.idempotencyKey);
    return keys
      .flatMap((key) => this.attemptsByKey.get(key) ?? [])
      .sort((a, b) => b.at - a.at)
      .slice(0, limit);
  }
}

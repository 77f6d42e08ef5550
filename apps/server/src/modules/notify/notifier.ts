import type { Drizzle } from '@spreadscope/db';

/**
 * The seam between what decides to tell a user something (alerts now; billing, listings later) and the
 * module that delivers it. Callers hand over text already in the user's language; the notifier owns the
 * durable outbox, the channels (Telegram, email, toast over WebSocket + Web Push), retries and the record of
 * every attempt. Delivery is at-least-once per channel; the idempotency key makes a repeated enqueue (a
 * restart between deciding and recording) a no-op, so the user sees each crossing once.
 */
export type NotifyChannel = 'telegram' | 'email' | 'toast';

export interface NotificationOrigin {
  /** What produced it: 'alert' for alert rules; other producers add their own kind. */
  kind: 'alert' | 'system';
  /** The producer's id (an alert rule id) so its history can list the attempts. */
  id: string;
}

export interface Notification {
  userId: string;
  /** Same key twice → stored and delivered once, e.g. `alert:<ruleId>:<crossingSeq>`. */
  idempotencyKey: string;
  origin: NotificationOrigin;
  channels: {
    telegram?: { chatId: string };
    /** The user's verified account address unless `to` is given. */
    email?: { to?: string };
    /** In the user's open tabs over the WebSocket, and as a Web Push to their installed PWA. */
    toast?: boolean;
  };
  locale: 'ko' | 'en';
  title: string;
  body: string;
  /** Path in the product the message links to, e.g. `/premium/BTC`. */
  url?: string;
  /** Epoch ms of the event that caused it (not of the enqueue). */
  occurredAt: number;
}

export interface DeliveryAttempt {
  idempotencyKey: string;
  channel: NotifyChannel;
  /** 1 for the first try. */
  attempt: number;
  outcome: 'sent' | 'failed' | 'dead';
  /** Short, secret-free reason when it failed. */
  error?: string;
  at: number;
}

export interface Notifier {
  /** Durable once it resolves (outbox row written); `duplicate` when the key was seen before. */
  enqueue(notification: Notification): Promise<{ duplicate: boolean }>;
  /** Every attempt for one producer's item, newest first. */
  attempts(origin: NotificationOrigin, limit?: number): Promise<DeliveryAttempt[]>;
}

/**
 * A Notifier whose outbox lives in the producer's database: it can write inside the producer's transaction,
 * so what decided to notify and the notification commit together (no window for a crash between them).
 */
export interface TransactionalNotifier extends Notifier {
  /**
   * Writes the notifications to the outbox within `tx` (a repeated key stores nothing). Resolves with what to
   * run once `tx` has committed: it hands the new deliveries to this process's dispatcher at once.
   */
  enqueueIn(tx: Drizzle, notifications: readonly Notification[]): Promise<() => void>;
}

export function isTransactional(notifier: Notifier): notifier is TransactionalNotifier {
  return typeof (notifier as Partial<TransactionalNotifier>).enqueueIn === 'function';
}

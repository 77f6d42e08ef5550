import type { AttemptOutcome, DeliveryState, NotifyChannelName } from './schema-notify.ts';

// What the notification store takes and gives (notify-repository.ts, notify-history.ts, notify-web-push.ts).

export interface NewNotification {
  readonly idempotencyKey: string;
  readonly userId: string;
  readonly originKind: string;
  readonly originId: string;
  readonly locale: 'ko' | 'en';
  readonly title: string;
  readonly body: string;
  readonly url: string | null;
  readonly occurredAt: number;
  /** One delivery per channel; `target` is the chat id or mail address (null: the channel works it out). */
  readonly deliveries: readonly { readonly channel: NotifyChannelName; readonly target: string | null }[];
}

/** A delivery a dispatcher holds: its notification's text and the user's account data come with it. */
export interface ClaimedDelivery {
  readonly id: number;
  readonly leaseToken: string;
  readonly notificationId: number;
  readonly channel: NotifyChannelName;
  readonly target: string | null;
  /** This try's number, 1 for the first. */
  readonly attempt: number;
  /** True when an earlier try was cut off mid-send (its lease ran out): it may have reached the user. */
  readonly resumed: boolean;
  readonly idempotencyKey: string;
  readonly userId: string;
  readonly userEmail: string;
  readonly userEmailVerified: boolean;
  readonly locale: 'ko' | 'en';
  readonly title: string;
  readonly body: string;
  readonly url: string | null;
  readonly occurredAt: number;
  readonly createdAt: number;
}

export interface DeliverySettlement {
  readonly id: number;
  readonly leaseToken: string;
  readonly attempt: number;
  /** sent: final; failed: retried at `retryAt`; dead: final. */
  readonly outcome: AttemptOutcome;
  readonly error?: string | undefined;
  readonly externalId?: string | undefined;
  readonly retryAt?: number | undefined;
}

export interface AttemptRecord {
  readonly idempotencyKey: string;
  readonly channel: NotifyChannelName;
  readonly attempt: number;
  readonly outcome: AttemptOutcome;
  readonly error: string | null;
  readonly at: number;
}

export interface DeliveryRecord {
  readonly id: number;
  readonly channel: NotifyChannelName;
  readonly state: DeliveryState;
  readonly attempts: number;
  readonly target: string | null;
  readonly externalId: string | null;
  readonly lastError: string | null;
}

export interface RecentNotification {
  readonly key: string;
  readonly title: string;
  readonly body: string;
  readonly url: string | null;
  readonly occurredAt: number;
  readonly createdAt: number;
  readonly deliveries: DeliveryRecord[];
}

export interface PushSubscriptionRecord {
  readonly id: number;
  readonly userId: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

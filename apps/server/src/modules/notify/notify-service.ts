import type { NotificationList, NotifyConfig, PushSubscriptionRequest } from '@spreadscope/contracts';
import type { NotifyRepository } from '@spreadscope/db';
import type { ChannelSender } from './channel.ts';

export interface NotifyServiceDeps {
  readonly repository: NotifyRepository;
  readonly vapidPublicKey: string;
  readonly telegram: ChannelSender;
  readonly email: ChannelSender;
  /** The bot's @username once known (config or getMe). */
  readonly botUsername: () => string | null;
  readonly now?: () => number;
}

/** What a signed-in user does with delivery: subscribe a browser to Web Push, read the setup, list what was sent. */
export class NotifyService {
  private readonly now: () => number;
  constructor(private readonly deps: NotifyServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async config(userId: string): Promise<NotifyConfig> {
    return {
      vapidPublicKey: this.deps.vapidPublicKey,
      pushSubscriptions: (await this.deps.repository.pushSubscriptionsOf(userId)).length,
      telegram: { mode: this.deps.telegram.mode, botUsername: this.deps.botUsername() },
      email: { mode: this.deps.email.mode },
      iosRequiresInstall: true,
    };
  }

  async subscribe(
    userId: string,
    body: PushSubscriptionRequest,
    userAgent: string | undefined,
  ): Promise<void> {
    await this.deps.repository.savePushSubscription(
      {
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
      },
      this.now(),
    );
  }

  unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    return this.deps.repository.deletePushSubscription(userId, endpoint);
  }

  async recent(userId: string): Promise<NotificationList> {
    const rows = await this.deps.repository.recentForUser(userId, 50);
    return {
      notifications: rows.map((row) => ({
        key: row.key,
        title: row.title,
        body: row.body,
        url: row.url,
        occurredAt: row.occurredAt,
        createdAt: row.createdAt,
        deliveries: row.deliveries.map((d) => ({
          channel: d.channel,
          state: d.state,
          attempts: d.attempts,
          lastError: d.lastError,
          simulated: d.externalId === 'simulated',
        })),
      })),
    };
  }
}

import { translate } from '@spreadscope/core';
import type { NotifyRepository } from '@spreadscope/db';
import { type ChannelSender, retry, type SendOutcome, sent } from '../channel.ts';
import { notificationLink } from '../links.ts';
import type { UserSockets } from './user-sockets.ts';
import type { WebPushSender } from './web-push-sender.ts';

/**
 * A toast in every open tab of the user (per-user WebSocket) and a Web Push to every browser that subscribed
 * (the installed PWA shows it even with no tab open). Sent when any of them took it; with none to take it
 * (no tab, no subscription, push services failing) it is retried, so a tab that reconnects after a restart
 * still gets it. Tabs and the service worker show one toast per idempotency key, so a retry never shows
 * twice.
 */
export function toastChannel(deps: {
  sockets: UserSockets;
  push: WebPushSender | null;
  repository: NotifyRepository;
  publicUrl: () => string;
}): ChannelSender {
  return {
    channel: 'toast',
    mode: 'live',
    async send(delivery): Promise<SendOutcome> {
      const frame = {
        type: 'notification',
        key: delivery.idempotencyKey,
        title: delivery.title,
        body: delivery.body,
        url: delivery.url,
        occurredAt: delivery.occurredAt,
      };
      const tabs = deps.sockets.deliver(delivery.userId, JSON.stringify(frame));
      let pushed = 0;
      let failure: { error: string; retryAfterMs?: number } | null = null;
      if (deps.push) {
        const payload = { ...frame, url: notificationLink(deps.publicUrl, delivery.locale, delivery.url) };
        for (const subscription of await deps.repository.pushSubscriptionsOf(delivery.userId)) {
          const result = await deps.push.send(subscription, payload);
          if (result.ok) pushed += 1;
          else if (!result.gone)
            failure = {
              error: result.error,
              ...(result.retryAfterMs ? { retryAfterMs: result.retryAfterMs } : {}),
            };
        }
      }
      if (tabs === null) return sent(`tabs:broadcast push:${pushed}`);
      if (tabs > 0 || pushed > 0) return sent(`tabs:${tabs} push:${pushed}`);
      if (failure) return retry(failure.error, failure.retryAfterMs);
      return retry(translate(delivery.locale, 'notify.noReceiver'));
    },
  };
}

import { createHash } from 'node:crypto';
import type { NotifyRepository, PushSubscriptionRecord } from '@spreadscope/db';
import webpush from 'web-push';
import { networkReason } from '../channel.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushPayload {
  readonly key: string;
  readonly title: string;
  readonly body: string;
  /** Absolute or product path the notification opens on click. */
  readonly url: string | null;
  readonly occurredAt: number;
}

export type PushResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly gone: boolean; readonly error: string; readonly retryAfterMs?: number };

/**
 * Web Push to one browser: web-push builds the request (VAPID JWT, aes128gcm encryption of the payload for
 * the browser's keys) and we post it with fetch, so timeouts are ours. `Topic` (from the idempotency key)
 * lets the push service replace an undelivered copy instead of queueing a second one, and the service worker
 * shows it with `tag` = key, so a resend replaces the notification on screen instead of adding one.
 */
export class WebPushSender {
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly repository: NotifyRepository,
    private readonly timeoutMs = 10_000,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  async send(subscription: PushSubscriptionRecord, payload: PushPayload): Promise<PushResult> {
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: {
          subject: this.subject,
          publicKey: this.keys.publicKey,
          privateKey: this.keys.privateKey,
        },
        // An alert older than an hour is noise: the push service may drop it rather than deliver it late.
        TTL: 3_600,
        urgency: 'high',
        topic: createHash('sha256').update(payload.key).digest('base64url').slice(0, 32),
      },
    );
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body as Buffer,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      return { ok: false, gone: false, error: `push ${networkReason(error)}` };
    }
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true };
    if (response.status === 404 || response.status === 410) {
      // The browser unsubscribed or the subscription expired: it will never work again.
      await this.repository.dropPushEndpoint(subscription.endpoint);
      return { ok: false, gone: true, error: `push ${response.status}` };
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      ok: false,
      gone: false,
      error: `push ${response.status}`,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    };
  }
}

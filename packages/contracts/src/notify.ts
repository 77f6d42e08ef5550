import { z } from 'zod';

const base64url = (length: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .length(length);

/**
 * `POST /api/v1/push/subscriptions`: the browser's `PushSubscription.toJSON()` as it comes. The endpoint is
 * the push service's https URL; p256dh is the browser's P-256 public key (65 bytes → 87 base64url
 * characters) and auth its 16-byte secret (22 characters).
 */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .describe('the push service URL of this browser (https; http only for a local push service)'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(87), auth: base64url(22) }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const deletePushSubscriptionRequestSchema = z.object({ endpoint: z.string().min(1).max(2048) });

export const notifyConfigResponseSchema = z.object({
  vapidPublicKey: z.string().describe('applicationServerKey for PushManager.subscribe (base64url)'),
  pushSubscriptions: z.number().int().describe('browsers of this account that receive Web Push'),
  telegram: z.object({
    mode: z.enum(['live', 'simulated']),
    botUsername: z.string().nullable().describe('write /start to this bot to learn your chat ID'),
  }),
  email: z.object({ mode: z.enum(['live', 'simulated']) }),
  iosRequiresInstall: z
    .literal(true)
    .describe('on iPhone and iPad, Web Push works only from the app added to the home screen'),
});
export type NotifyConfig = z.infer<typeof notifyConfigResponseSchema>;

const deliverySchema = z.object({
  channel: z.enum(['telegram', 'email', 'toast']),
  state: z.enum(['queued', 'sending', 'sent', 'dead']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  simulated: z.boolean().describe('kept in the local outbox: no bot token / SMTP server configured'),
});

export const notificationListResponseSchema = z.object({
  notifications: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      body: z.string(),
      url: z.string().nullable(),
      occurredAt: z.number(),
      createdAt: z.number(),
      deliveries: z.array(deliverySchema),
    }),
  ),
});
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

/** What the per-user WebSocket (`/api/v1/ws/user`) sends: one frame per notification. */
export const toastFrameSchema = z.object({
  type: z.literal('notification'),
  key: z.string().describe('the idempotency key: a tab shows one toast per key'),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  occurredAt: z.number(),
});
export type ToastFrame = z.infer<typeof toastFrameSchema>;

import type { AlertInput } from '@spreadscope/contracts';
import type { AlertStateRow } from '@spreadscope/db';
import type { Watch } from '@spreadscope/engine';
import type { Notification } from '../notify/notifier.ts';

/** What the evaluator keeps of a rule besides its compiled form. */
export interface Known {
  readonly updatedAt: number;
  readonly userId: string;
  readonly definition: AlertInput;
}

/** The trigger state of a watch as it is stored. */
export function stateRow(w: Watch): AlertStateRow {
  const s = w.state;
  return {
    alertId: w.rule.id,
    watchKey: w.key,
    armed: s.armed,
    sign: s.sign,
    since: s.since,
    last: Number.isFinite(s.last) ? s.last : null,
  };
}

export function notificationFor(
  id: string,
  seq: number,
  known: Known,
  locale: 'ko' | 'en',
  title: string,
  body: string,
  occurredAt: number,
): Record<string, unknown> {
  const d = known.definition;
  const notification: Notification = {
    userId: known.userId,
    idempotencyKey: `alert:${id}:${seq}`,
    origin: { kind: 'alert', id },
    channels: {
      ...(d.channels.telegram && d.telegramChatId ? { telegram: { chatId: d.telegramChatId } } : {}),
      ...(d.channels.email ? { email: {} } : {}),
      ...(d.channels.toast ? { toast: true } : {}),
    },
    locale,
    title,
    body,
    url: `${locale === 'en' ? '/en' : ''}/alerts/history`,
    occurredAt,
  };
  return notification as unknown as Record<string, unknown>;
}

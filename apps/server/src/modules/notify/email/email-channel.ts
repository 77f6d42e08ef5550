import { translate } from '@spreadscope/core';
import type { Mailer } from '../../mail/mailer.ts';
import { localizedLink } from '../../mail/templates.ts';
import { type ChannelSender, dead, networkReason, retry, type SendOutcome, sent } from '../channel.ts';
import { notificationLink } from '../links.ts';
import { alertMail } from './alert-mail.ts';

/**
 * Alerts by mail through the account mailer (SMTP_URL, or the .eml outbox without it: the simulated
 * counterpart). The address is the one the producer gave, else the account's, once verified. SMTP's 5xx
 * answers are final, 4xx and connection failures are retried.
 */
export function emailChannel(mailer: Mailer, publicUrl: () => string): ChannelSender {
  return {
    channel: 'email',
    mode: mailer.kind === 'smtp' ? 'live' : 'simulated',
    async send(delivery): Promise<SendOutcome> {
      const to = delivery.target ?? (delivery.userEmailVerified ? delivery.userEmail : null);
      if (!to) return dead(translate(delivery.locale, 'notify.noVerifiedEmail'));
      const message = alertMail({
        to,
        locale: delivery.locale,
        title: delivery.title,
        body: delivery.body,
        link: notificationLink(publicUrl, delivery.locale, delivery.url),
        settingsLink: localizedLink(publicUrl(), delivery.locale, '/my/account#notifications'),
        idempotencyKey: delivery.idempotencyKey,
        occurredAt: delivery.occurredAt,
        host: hostOf(publicUrl()),
      });
      try {
        await mailer.send(message);
        return sent(mailer.kind === 'smtp' ? message.messageId : 'simulated');
      } catch (error) {
        return smtpOutcome(error);
      }
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'spreadscope.local';
  } catch {
    return 'spreadscope.local';
  }
}

/** nodemailer's error: `responseCode` is the SMTP reply (no credentials in it); otherwise a network code. */
export function smtpOutcome(error: unknown): SendOutcome {
  const e = error as { responseCode?: number; response?: string };
  if (typeof e?.responseCode === 'number') {
    const reason = `SMTP ${e.response ? e.response.slice(0, 120) : e.responseCode}`;
    return e.responseCode >= 500 ? dead(reason) : retry(reason);
  }
  return retry(`SMTP ${networkReason(error)}`);
}

import { appendFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { translate } from '@spreadscope/core';
import type { ClaimedDelivery } from '@spreadscope/db';
import { type ChannelSender, dead, retry, type SendOutcome, sent } from '../channel.ts';
import { notificationLink } from '../links.ts';
import type { BotApiClient } from './bot-api-client.ts';
import { alertMessage, outcomeOfSend } from './bot-api-parse.ts';

function messageOf(delivery: ClaimedDelivery, publicUrl: () => string): Record<string, unknown> | null {
  if (!delivery.target) return null;
  return alertMessage({
    chatId: delivery.target,
    title: delivery.title,
    body: delivery.body,
    link: notificationLink(publicUrl, delivery.locale, delivery.url),
    linkLabel: translate(delivery.locale, 'notify.openLink'),
  });
}

/**
 * Alerts through the Bot API's sendMessage. The delivery row is `sending` (committed) before the request
 * leaves and `sent` with Telegram's message_id right after the answer: a crash between the two is the one
 * window where a message may reach the chat twice (Telegram has no idempotency key for sendMessage), and it
 * lasts one round trip plus one database write.
 */
export function telegramChannel(client: BotApiClient, publicUrl: () => string): ChannelSender {
  return {
    channel: 'telegram',
    mode: 'live',
    async send(delivery): Promise<SendOutcome> {
      const body = messageOf(delivery, publicUrl);
      if (!body) return dead('no Telegram chat ID');
      try {
        const { status, raw } = await client.call('sendMessage', body);
        return outcomeOfSend(status, raw);
      } catch (error) {
        return retry((error as Error).message);
      }
    },
  };
}

/**
 * Without TELEGRAM_BOT_TOKEN: the exact sendMessage body is appended to `<outboxDir>/telegram.ndjson` and the
 * delivery counts as sent (labelled simulated in the user's notification list), so a fresh install shows
 * what its alerts would have said.
 */
export function simulatedTelegramChannel(
  outboxDir: string,
  publicUrl: () => string,
  log: { warn(msg: string): void },
): ChannelSender {
  const file = join(resolve(outboxDir), 'telegram.ndjson');
  let warned = false;
  return {
    channel: 'telegram',
    mode: 'simulated',
    async send(delivery): Promise<SendOutcome> {
      const body = messageOf(delivery, publicUrl);
      if (!body) return dead('no Telegram chat ID');
      await mkdir(resolve(outboxDir), { recursive: true, mode: 0o700 });
      const line = {
        at: new Date().toISOString(),
        key: delivery.idempotencyKey,
        method: 'sendMessage',
        body,
      };
      await appendFile(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
      if (!warned) {
        warned = true;
        log.warn(`telegram: no TELEGRAM_BOT_TOKEN, messages are kept in ${file} (simulated)`);
      }
      return sent('simulated');
    },
  };
}

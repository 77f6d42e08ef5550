/**
 * `npm run admin -- notify-test --email E [--telegram CHAT_ID] [--mail] [--toast] [--key KEY]`: puts a test
 * notification for an account into the outbox, through the same Notifier alerts use, so an operator can check
 * the bot token, SMTP and Web Push end to end. The running server's job runner delivers it.
 */
import { parseArgs } from 'node:util';
import { normalizeEmail } from '@spreadscope/core';
import {
  createJobsRepository,
  createNotifyRepository,
  createUsersRepository,
  type Database,
} from '@spreadscope/db';
import { DatabaseJobQueue } from '../apps/server/src/jobs/database-job-queue.ts';
import type { Notification } from '../apps/server/src/modules/notify/notifier.ts';
import { OutboxNotifier } from '../apps/server/src/modules/notify/outbox-notifier.ts';

export const NOTIFY_USAGE = [
  '  npm run admin -- notify-test --email E [--telegram CHAT_ID] [--mail] [--toast] [--key KEY]',
  '  npm run admin -- notify-status --key KEY',
].join('\n');

export class NotifyUsageError extends Error {
  override readonly name = 'NotifyUsageError';
}

export async function runNotifyTest(
  args: readonly string[],
  open: () => Promise<{ database: Database; owned: boolean } | number>,
  out: { log(line: string): void },
): Promise<number> {
  let values: { email?: string; telegram?: string; mail?: boolean; toast?: boolean; key?: string };
  try {
    values = parseArgs({
      args: [...args],
      options: {
        email: { type: 'string' },
        telegram: { type: 'string' },
        mail: { type: 'boolean' },
        toast: { type: 'boolean' },
        key: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new NotifyUsageError((error as Error).message);
  }
  if (!values.email) throw new NotifyUsageError('--email is required');
  if (!values.telegram && !values.mail && !values.toast) {
    throw new NotifyUsageError('choose at least one channel: --telegram CHAT_ID, --mail, --toast');
  }
  const opened = await open();
  if (typeof opened === 'number') return opened;
  const { database, owned } = opened;
  try {
    const user = await createUsersRepository(database).findByEmail(normalizeEmail(values.email));
    if (!user) {
      out.log(`no account with the email ${values.email}`);
      return 1;
    }
    const ko = user.language === 'ko';
    const notification: Notification = {
      userId: user.id,
      idempotencyKey: values.key ?? `system:test:${user.id}:${Date.now()}`,
      origin: { kind: 'system', id: 'notify-test' },
      channels: {
        ...(values.telegram ? { telegram: { chatId: values.telegram } } : {}),
        ...(values.mail ? { email: {} } : {}),
        ...(values.toast ? { toast: true } : {}),
      },
      locale: ko ? 'ko' : 'en',
      title: ko ? 'Spreadscope 테스트 알림' : 'Spreadscope test notification',
      body: ko ? '알림 전송이 잘 동작합니다.' : 'Notification delivery works.',
      url: '/my/account#notifications',
      occurredAt: Date.now(),
    };
    const queue = new DatabaseJobQueue({ repository: createJobsRepository(database), logger: console });
    const notifier = new OutboxNotifier({
      repository: createNotifyRepository(database),
      queue,
      logger: console,
    });
    const { duplicate } = await notifier.enqueue(notification);
    out.log(`${duplicate ? 'already queued' : 'queued'}: ${notification.idempotencyKey}`);
    return 0;
  } finally {
    if (owned) await database.close();
  }
}

/**
 * `npm run admin -- notify-status --key KEY`: each channel's delivery of one notification — state, tries, the
 * last error — so an operator can tell whether a message went out, and to whom.
 */
export async function runNotifyStatus(
  args: readonly string[],
  open: () => Promise<{ database: Database; owned: boolean } | number>,
  out: { log(line: string): void },
): Promise<number> {
  let key: string | undefined;
  try {
    key = parseArgs({ args: [...args], options: { key: { type: 'string' } }, strict: true }).values.key;
  } catch (error) {
    throw new NotifyUsageError((error as Error).message);
  }
  if (!key) throw new NotifyUsageError('--key is required');
  const opened = await open();
  if (typeof opened === 'number') return opened;
  const { database, owned } = opened;
  try {
    const deliveries = await createNotifyRepository(database).deliveriesByKey(key);
    if (deliveries.length === 0) {
      out.log(`no notification with the key ${key}`);
      return 1;
    }
    for (const d of deliveries) {
      const error = d.lastError ? ` (last error: ${d.lastError})` : '';
      out.log(`${d.channel}: ${d.state}, ${d.attempts} ${d.attempts === 1 ? 'try' : 'tries'}${error}`);
    }
    return 0;
  } finally {
    if (owned) await database.close();
  }
}

import { randomUUID } from 'node:crypto';
import { createUsersRepository, type Database, type UserRecord } from '@spreadscope/db';
import type { Notification } from '../modules/notify/notifier.ts';

/** A verified user straight in the database, for tests of delivery that need no sign-in. */
export async function insertVerifiedUser(
  database: Pick<Database, 'db'>,
  language: 'ko' | 'en' = 'ko',
): Promise<UserRecord> {
  const id = randomUUID();
  const now = Date.now();
  const result = await createUsersRepository(database).insert({
    id,
    email: `trader-${id.slice(0, 8)}@example.test`,
    displayName: 'Trader',
    passwordHash: null,
    googleSub: null,
    plan: 'pro',
    language,
    emailVerifiedAt: now,
    referralCode: id.slice(0, 8).toUpperCase(),
    referredBy: null,
    termsAcceptedAt: now,
    privacyAcceptedAt: now,
  });
  if (!result.ok) throw new Error(`test user not inserted: ${result.conflict}`);
  return result.user;
}

/** An alert-shaped notification for `userId`; override what the test is about. */
export function alertNotification(userId: string, overrides: Partial<Notification> = {}): Notification {
  const rule = `rule-${randomUUID().slice(0, 8)}`;
  return {
    userId,
    idempotencyKey: `alert:${rule}:${randomUUID()}`,
    origin: { kind: 'alert', id: rule },
    channels: { telegram: { chatId: '123456789' }, email: {}, toast: true },
    locale: 'ko',
    title: 'BTC 김프 3% 돌파',
    body: 'Upbit BTC/KRW ↔ Binance BTC/USDT 김프 3.12% (기준 3%)',
    url: '/premium/BTC',
    occurredAt: Date.now(),
    ...overrides,
  };
}

import type { NotifyRepository } from '@spreadscope/db';
import webpush from 'web-push';

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/**
 * The server's VAPID pair, made at first start and kept in the database: every browser subscription is bound
 * to the public key, so a new pair would silently end all of them. Several processes starting at once agree
 * on the first one stored.
 */
export function loadVapidKeys(repository: NotifyRepository, now: number): Promise<VapidKeys> {
  return repository.serverKey<VapidKeys>('vapid', () => webpush.generateVAPIDKeys(), now);
}

/**
 * VAPID's `sub` claim: how a push service reaches the operator. An https PUBLIC_URL if there is one, else the
 * sender address of MAIL_FROM (web-push accepts only https: and mailto:).
 */
export function vapidSubject(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return new URL(publicUrl).origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

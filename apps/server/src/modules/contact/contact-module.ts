import { createContactRepository, type Database } from '@spreadscope/db';
import type { Mailer } from '../mail/mailer.ts';
import { ContactService } from './contact-service.ts';

export interface ContactConfig {
  readonly CONTACT_TO?: string | undefined;
  readonly OPERATOR_EMAIL?: string | undefined;
  readonly CONTACT_RATE_LIMIT_PER_HOUR: number;
}

/** Where inquiries are mailed: CONTACT_TO, else the operator's public address, else nowhere (stored only). */
export function contactRecipient(config: ContactConfig): string | null {
  return config.CONTACT_TO ?? config.OPERATOR_EMAIL ?? null;
}

export function createContactService(options: {
  database: Database;
  mailer: Mailer;
  config: ContactConfig;
  now?: () => number;
  log: { warn(message: string): void };
}): ContactService {
  return new ContactService({
    repository: createContactRepository(options.database),
    mailer: options.mailer,
    to: contactRecipient(options.config),
    perHour: options.config.CONTACT_RATE_LIMIT_PER_HOUR,
    log: options.log,
    ...(options.now ? { now: options.now } : {}),
  });
}

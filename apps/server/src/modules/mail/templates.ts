import { type Language, translate } from '@spreadscope/core';
import type { MailMessage } from './mailer.ts';

/** Mail bodies come from the message catalogue, in the user's language. Links point at PUBLIC_URL. */
export const VERIFY_TOKEN_TTL_MS = 24 * 3_600_000;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;

interface Recipient {
  readonly email: string;
  readonly displayName: string;
  readonly language: Language;
}

/** The web app's path in the user's language: Korean unprefixed, English under /en (spec §2). */
export function localizedLink(baseUrl: string, language: Language, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${language === 'en' ? '/en' : ''}${path}`;
}

export function verificationMail(to: Recipient, baseUrl: string, token: string): MailMessage {
  const link = localizedLink(baseUrl, to.language, `/register?token=${encodeURIComponent(token)}`);
  return {
    to: to.email,
    subject: translate(to.language, 'mail.verifySubject'),
    text: translate(to.language, 'mail.verifyBody', {
      name: to.displayName,
      link,
      hours: VERIFY_TOKEN_TTL_MS / 3_600_000,
    }),
  };
}

export function resetMail(to: Recipient, baseUrl: string, token: string): MailMessage {
  const link = localizedLink(baseUrl, to.language, `/reset-password?token=${encodeURIComponent(token)}`);
  return {
    to: to.email,
    subject: translate(to.language, 'mail.resetSubject'),
    text: translate(to.language, 'mail.resetBody', {
      name: to.displayName,
      link,
      minutes: RESET_TOKEN_TTL_MS / 60_000,
    }),
  };
}

export function passwordChangedMail(to: Recipient, baseUrl: string): MailMessage {
  return {
    to: to.email,
    subject: translate(to.language, 'mail.passwordChangedSubject'),
    text: translate(to.language, 'mail.passwordChangedBody', {
      name: to.displayName,
      link: localizedLink(baseUrl, to.language, '/forgot-password'),
    }),
  };
}

import { isValidEmail, normalizeEmail } from './auth-rules.ts';
import type { MessageKey } from './messages.ts';

/** The longest inquiry kept: a long message is welcome, a pasted book is not. */
export const INQUIRY_MAX_LENGTH = 5_000;

export interface ContactInput {
  readonly email?: string | undefined;
  readonly telegram?: string | undefined;
  readonly inquiry?: string | undefined;
}

export interface ContactForm {
  readonly email: string;
  /** Without the leading @, or null when none was given. */
  readonly telegram: string | null;
  readonly inquiry: string;
}

export interface ContactProblem {
  readonly field: 'email' | 'telegram' | 'inquiry';
  readonly key: MessageKey;
  readonly params?: Record<string, string | number>;
}

/** Telegram usernames: 5–32 characters of letters, digits and underscores, starting with a letter. */
const TELEGRAM_HANDLE = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;

/**
 * Spec §5's contact form rules, in field order: the form and the API report the first problem of each field
 * with the same catalogue message.
 */
export function contactProblems(input: ContactInput): ContactProblem[] {
  const problems: ContactProblem[] = [];
  if (!isValidEmail(normalizeEmail(input.email ?? ''))) {
    problems.push({ field: 'email', key: 'auth.invalidEmail' });
  }
  const telegram = telegramHandle(input.telegram);
  if (telegram === undefined) problems.push({ field: 'telegram', key: 'contact.telegramInvalid' });
  const inquiry = (input.inquiry ?? '').trim();
  if (inquiry === '') problems.push({ field: 'inquiry', key: 'contact.inquiryRequired' });
  else if (inquiry.length > INQUIRY_MAX_LENGTH) {
    problems.push({ field: 'inquiry', key: 'contact.inquiryTooLong', params: { max: INQUIRY_MAX_LENGTH } });
  }
  return problems;
}

/** The checked form, or null when contactProblems has something to say. */
export function checkedContact(input: ContactInput): ContactForm | null {
  if (contactProblems(input).length > 0) return null;
  return {
    email: normalizeEmail(input.email ?? ''),
    telegram: telegramHandle(input.telegram) ?? null,
    inquiry: (input.inquiry ?? '').trim(),
  };
}

/**
 * The handle without @ or a t.me link around it; null when the field was left empty; undefined when it is
 * not a Telegram username.
 */
export function telegramHandle(raw: string | undefined): string | null | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  const bare = text.replace(/^(https?:\/\/)?(t\.me|telegram\.me)\//i, '').replace(/^@/, '');
  return TELEGRAM_HANDLE.test(bare) ? bare : undefined;
}

import type { ContactForm } from '@spreadscope/core';
import { translate } from '@spreadscope/core';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The operator's copy of an inquiry. Its subject is in the operator's default language (Korean); the body
 * is the sender's own words with who sent them, and a reply goes straight to the sender.
 */
export function inquiryMail(
  to: string,
  inquiry: ContactForm & { id: string; receivedAt: number; language: 'ko' | 'en' },
): MailMessage {
  const lines = [
    `From: ${inquiry.email}`,
    `Telegram: ${inquiry.telegram ? `@${inquiry.telegram}` : '-'}`,
    `Language: ${inquiry.language}`,
    `Received: ${new Date(inquiry.receivedAt).toISOString()}`,
    `Id: ${inquiry.id}`,
    '',
    inquiry.inquiry,
  ];
  return {
    to,
    replyTo: inquiry.email,
    subject: translate('ko', 'contact.mailSubject', { email: inquiry.email }),
    text: lines.join('\n'),
  };
}

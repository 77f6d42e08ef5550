import { createHash } from 'node:crypto';
import { translate } from '@spreadscope/core';
import type { MailMessage } from '../../mail/mailer.ts';

export interface AlertMailInput {
  readonly to: string;
  readonly locale: 'ko' | 'en';
  readonly title: string;
  readonly body: string;
  /** Absolute link to the product page, or null. */
  readonly link: string | null;
  /** Where the user changes or pauses alerts. */
  readonly settingsLink: string;
  readonly idempotencyKey: string;
  readonly occurredAt: number;
  /** The domain part of Message-IDs (PUBLIC_URL's host). */
  readonly host: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The moment in Asia/Seoul (UTC+9, no daylight saving) for Korean readers and UTC for English ones, zone named
 * (UI.md). Written out by hand: Intl's Korean date words depend on the ICU data Node was built with.
 */
function when(at: number, locale: 'ko' | 'en'): string {
  const shifted = new Date(at + (locale === 'ko' ? 9 * 3_600_000 : 0));
  return `${shifted.toISOString().slice(0, 19).replace('T', ' ')} ${locale === 'ko' ? 'KST' : 'UTC'}`;
}

/**
 * The alert mail in the user's language: the producer's title as subject, its body, the time of the event
 * and a link, as text and as HTML. The Message-ID derives from the idempotency key, so a resend after a crash
 * is the same message to mail systems that de-duplicate.
 */
export function alertMail(input: AlertMailInput): MailMessage {
  const open = translate(input.locale, 'notify.mailOpen');
  const footer = translate(input.locale, 'notify.mailFooter', { link: input.settingsLink });
  const at = when(input.occurredAt, input.locale);
  const text = [
    input.title,
    '',
    input.body,
    '',
    at,
    ...(input.link ? ['', `${open}: ${input.link}`] : []),
    '',
    '—',
    footer,
  ].join('\n');
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${esc(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const button = input.link
    ? `<p style="margin:20px 0"><a href="${esc(input.link)}" style="background:#1f6feb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${esc(open)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(input.title)}</title></head><body style="margin:0;padding:24px;background:#f6f8fa;font-family:'Noto Sans KR',-apple-system,'Segoe UI',sans-serif;color:#1f2328"><div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d0d7de;border-radius:8px;padding:24px"><h1 style="font-size:18px;margin:0 0 16px">${esc(input.title)}</h1>${paragraphs}<p style="margin:0;color:#57606a;font-size:13px">${esc(at)}</p>${button}<hr style="border:none;border-top:1px solid #d0d7de;margin:20px 0"><p style="margin:0;color:#57606a;font-size:12px">${esc(footer)}</p></div></body></html>`;
  const digest = createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 32);
  return {
    to: input.to,
    subject: input.title,
    text,
    html,
    messageId: `<notify.${digest}@${input.host}>`,
  };
}

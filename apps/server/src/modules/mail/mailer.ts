import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from '@spreadscope/core';
import nodemailer from 'nodemailer';
import { maskEmail } from './mask-email.ts';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** An HTML alternative of `text` (alert mail); clients without HTML show the text. */
  readonly html?: string;
  /** Where a reply goes (the contact form's sender), when it is not the From address. */
  readonly replyTo?: string;
  /**
   * A Message-ID of our own (`<…@host>`): a resend after a crash carries the same one, and mail systems that
   * de-duplicate by it (Gmail does) show the message once.
   */
  readonly messageId?: string;
}

export interface Mailer {
  /** `smtp` sends through SMTP_URL; `outbox` keeps each message as an .eml file for the operator. */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is accepted (by the SMTP server or written to the outbox); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  readonly smtpUrl?: string | undefined;
  readonly from: string;
  /** Where the outbox lives when there is no SMTP server (`<DATA_DIR>/outbox`). */
  readonly outboxDir: string;
  readonly log: Pick<Logger, 'warn'>;
}

/**
 * Outgoing mail through nodemailer. Timeouts are short on purpose: a request that sends mail (sign-up, reset)
 * waits for it, and an unreachable server must turn into "Failed to send email." within seconds, not minutes.
 * Nothing logged here carries the body (it holds one-time links) or the SMTP credentials.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      // Connections are kept and reused: a burst of alert mail pays the SMTP handshake once per connection,
      // not once per message (8 at a time, matching the dispatcher's email concurrency).
      pool: true,
      maxConnections: 8,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const outbox = resolve(options.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      sequence += 1;
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const name = join(outbox, `${stamp}-${process.pid}-${sequence}`);
      // The outbox holds live one-time links: readable by the operator's account only. The .eml opens in a
      // mail client; the .txt beside it reads in a terminal (the .eml body is quoted-printable).
      await writeFile(`${name}.eml`, info.message as Buffer, { mode: 0o600 });
      const readable = `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
      await writeFile(`${name}.txt`, readable, { mode: 0o600 });
      // A warning, not information: without SMTP_URL nobody receives this mail unless the operator passes it on,
      // so it shows at LOG_LEVEL=warn too.
      options.log.warn(
        `mail to ${maskEmail(message.to)} kept in the outbox (no SMTP_URL): file://${name}.txt`,
      );
    },
    close: () => transport.close(),
  };
}

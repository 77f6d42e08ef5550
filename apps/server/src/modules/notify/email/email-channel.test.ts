import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClaimedDelivery } from '@spreadscope/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail } from '../../../test-support/mail-decode.ts';
import { type SmtpInbox, startSmtpInbox } from '../../../test-support/smtp-inbox.ts';
import { createMailer } from '../../mail/mailer.ts';
import { emailChannel } from './email-channel.ts';

function delivery(overrides: Partial<ClaimedDelivery> = {}): ClaimedDelivery {
  return {
    id: 1,
    leaseToken: 't',
    notificationId: 1,
    channel: 'email',
    target: null,
    attempt: 1,
    resumed: false,
    idempotencyKey: 'alert:r1:crossing-9',
    userId: 'u',
    userEmail: 'kim@example.test',
    userEmailVerified: true,
    locale: 'ko',
    title: 'BTC 김프 3% 돌파',
    body: 'Upbit BTC/KRW ↔ Binance BTC/USDT\n김프 3.12% (기준 <3%>)',
    url: '/premium/BTC',
    occurredAt: Date.UTC(2026, 0, 5, 3, 0, 0),
    createdAt: 0,
    ...overrides,
  };
}

/** The text and HTML parts of a multipart/alternative message as nodemailer writes it. */
function parts(raw: string): { text: string; html: string; messageId: string } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1] ?? '';
  const sections = raw.split(`--${boundary}`).slice(1, -1);
  const find = (type: string) =>
    decodeMail(sections.find((s) => s.includes(`Content-Type: ${type}`))?.trimStart() ?? '').text;
  return {
    text: find('text/plain'),
    html: find('text/html'),
    messageId: /^Message-ID:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '',
  };
}

describe('email channel on a real SMTP server', () => {
  let inbox: SmtpInbox;
  const publicUrl = () => 'https://spreadscope.example';
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  it('sends the alert in Korean as text and HTML to the verified account address, with a stable Message-ID', async () => {
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'Spreadscope <alerts@spreadscope.example>',
      outboxDir: '/nonexistent',
      log: { warn: () => {} },
    });
    const channel = emailChannel(mailer, publicUrl);
    expect(channel.mode).toBe('live');
    const outcome = await channel.send(delivery());
    const mail = inbox.last('kim@example.test');
    expect(mail.subject).toBe('BTC 김프 3% 돌파');
    const { text, html, messageId } = parts(mail.raw);
    expect(text).toContain('김프 3.12% (기준 <3%>)');
    expect(text).toContain('2026-01-05 12:00:00 KST');
    expect(text).toContain('Spreadscope에서 보기: https://spreadscope.example/premium/BTC');
    expect(html).toContain('김프 3.12% (기준 &lt;3%&gt;)');
    expect(html).toContain('href="https://spreadscope.example/premium/BTC"');
    expect(html).toContain('https://spreadscope.example/my/account#notifications');
    expect(outcome).toEqual({ ok: true, externalId: messageId });
    // A resend after a crash is the same message to the mail system.
    await channel.send(delivery());
    expect(parts(inbox.last('kim@example.test').raw).messageId).toBe(messageId);
    mailer.close();
  });

  it('writes English mail under /en, to the address the producer gave', async () => {
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'S <s@spreadscope.example>',
      outboxDir: '/nonexistent',
      log: { warn: () => {} },
    });
    await emailChannel(mailer, publicUrl).send(
      delivery({ locale: 'en', target: 'desk@example.test', title: 'BTC premium above 3%' }),
    );
    const { text } = parts(inbox.last('desk@example.test').raw);
    expect(text).toContain('Open in Spreadscope: https://spreadscope.example/en/premium/BTC');
    expect(text).toContain('2026-01-05 03:00:00 UTC');
    mailer.close();
  });

  it('gives up on a 5xx refusal and an unverified address, and retries when the server is unreachable', async () => {
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'S <s@spreadscope.example>',
      outboxDir: '/nonexistent',
      log: { warn: () => {} },
    });
    const channel = emailChannel(mailer, publicUrl);
    inbox.refuseNext();
    expect(await channel.send(delivery())).toMatchObject({
      ok: false,
      permanent: true,
      error: expect.stringContaining('SMTP 550'),
    });
    expect(await channel.send(delivery({ userEmailVerified: false }))).toEqual({
      ok: false,
      permanent: true,
      error: '계정 이메일 인증이 완료되지 않았습니다',
    });
    const down = createMailer({
      smtpUrl: 'smtp://user:secret-pass@127.0.0.1:9',
      from: 'S <s@x.example>',
      outboxDir: '/nonexistent',
      log: { warn: () => {} },
    });
    const outcome = await emailChannel(down, publicUrl).send(delivery());
    expect(outcome).toMatchObject({ ok: false, permanent: false, error: expect.stringMatching(/^SMTP /) });
    expect(JSON.stringify(outcome)).not.toContain('secret-pass');
    mailer.close();
    down.close();
  });

  it('without SMTP keeps the mail in the outbox and labels the channel simulated', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'notify-mail-'));
    const mailer = createMailer({ from: 'S <s@x.example>', outboxDir: dir, log: { warn: () => {} } });
    const channel = emailChannel(mailer, publicUrl);
    expect(channel.mode).toBe('simulated');
    expect((await channel.send(delivery())).ok).toBe(true);
  });
});

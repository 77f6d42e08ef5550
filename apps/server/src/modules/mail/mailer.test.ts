import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox } from '../../test-support/smtp-inbox.ts';
import { createMailer } from './mailer.ts';
import { verificationMail } from './templates.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spreadscope-mail-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('mailer', () => {
  const message = verificationMail(
    { email: 'kim@example.com', displayName: '김', language: 'ko' },
    'https://spreadscope.example',
    'TOKEN-abc_123',
  );

  it('keeps mail in a readable outbox without SMTP, and logs where without the link', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      from: 'S <s@example.com>',
      outboxDir: dir,
      log: { warn: (l) => lines.push(l) },
    });
    expect(mailer.kind).toBe('outbox');
    await mailer.send(message);
    const files = (await readdir(dir)).sort();
    expect(files.map((f) => f.split('.').at(-1))).toEqual(['eml', 'txt']);
    const text = await readFile(join(dir, files[1] ?? ''), 'utf8');
    expect(text).toContain('Subject: Spreadscope 계정을 활성화해 주세요');
    expect(text).toContain('https://spreadscope.example/register?token=TOKEN-abc_123');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('k***@example.com');
    expect(lines[0]).not.toContain('TOKEN');
    expect(lines[0]).not.toContain('kim@');
  });

  it('sends over SMTP to a real server, and rejects when the server refuses', async () => {
    const inbox = await startSmtpInbox();
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'S <s@example.com>',
      outboxDir: dir,
      log: { warn: () => {} },
    });
    try {
      await mailer.send(message);
      expect(inbox.last('kim@example.com').text).toContain('register?token=TOKEN-abc_123');
      inbox.refuseNext();
      await expect(mailer.send(message)).rejects.toThrow();
    } finally {
      mailer.close();
      await inbox.close();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../../../scripts/admin.ts';
import { type FakeTelegram, startFakeTelegram } from '../../test-support/fake-telegram.ts';
import { type SmtpInbox, startSmtpInbox } from '../../test-support/smtp-inbox.ts';
import { type SpawnedServer, spawnServer } from '../../test-support/spawn-server.ts';

/**
 * kill -9 in the middle of a delivery, with real server processes on one data directory: the Telegram request
 * is in flight (received by the Bot API, unanswered) and the mail already accepted when the server dies.
 * After the restart the held Telegram delivery is taken over once its lease runs out and sent again, the mail
 * is not sent again (the interrupted try is in the history: outbox.test.ts checks that on the repository).
 */
describe('delivery across kill -9', () => {
  let telegram: FakeTelegram;
  let inbox: SmtpInbox;
  let dataDir = '';
  let server: SpawnedServer | null = null;
  let env: Record<string, string> = {};
  const email = 'crash.trader@example.test';

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    inbox = await startSmtpInbox();
    dataDir = mkdtempSync(join(tmpdir(), 'notify-crash-'));
    env = {
      DATA_DIR: dataDir,
      MARKET_SOURCE: 'sim',
      SIM_TOKENS: '5',
      LOG_LEVEL: 'warn',
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_USERNAME: 'spreadscope_test_bot',
      SMTP_URL: inbox.url,
      NOTIFY_SEND_LEASE_MS: '3000',
    };
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await telegram.close();
    await inbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, { ...env }, { log: (l) => lines.push(l) });
    return { code, lines };
  };

  it('sends the interrupted Telegram message after the restart and does not send the recorded mail again', async () => {
    server = spawnServer(env);
    await server.url;
    expect(
      (
        await admin(
          'create-user',
          '--email',
          email,
          '--password',
          'correct-Horse7!',
          '--verified',
          '--language',
          'en',
        )
      ).code,
    ).toBe(0);

    telegram.hold();
    const queued = await admin(
      'notify-test',
      '--email',
      email,
      '--telegram',
      '4242',
      '--mail',
      '--key',
      'crash:1',
    );
    expect(queued).toEqual({ code: 0, lines: ['queued: crash:1'] });
    // The job runner polls once a second: the Telegram request arrives and hangs; the mail goes through.
    await telegram.waitForSends(1, 30_000);
    await waitFor(() => inbox.to(email).length === 1, 30_000);
    // The crash comes once the mail's outcome is recorded (before that, a resend after the restart is right:
    // at least once). The operator's status command reads it through the running server.
    await waitFor(
      async () => (await admin('notify-status', '--key', 'crash:1')).lines.includes('email: sent, 1 try'),
      30_000,
    );
    expect((await admin('notify-status', '--key', 'crash:1')).lines).toEqual([
      'email: sent, 1 try',
      'telegram: sending, 1 try',
    ]);
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server?.child.once('exit', resolve));
    // Telegram had the request: it delivers it although nobody reads the answer any more.
    telegram.release();
    await waitFor(() => telegram.sent.length === 1, 5_000);

    server = spawnServer(env);
    await server.url;
    await waitFor(() => telegram.sent.length === 2, 60_000);
    // The mail was recorded as sent before the kill: a minute later it still came only once.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(inbox.to(email)).toHaveLength(1);
    expect(telegram.sent.map((m) => [m.chatId, m.text.split('\n')[0]])).toEqual([
      [4242, 'Spreadscope test notification'],
      [4242, 'Spreadscope test notification'],
    ]);
    // A repeated enqueue of the same crossing is not a new notification.
    expect(
      (await admin('notify-test', '--email', email, '--telegram', '4242', '--key', 'crash:1')).lines,
    ).toEqual(['already queued: crash:1']);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server?.child.once('exit', resolve));
  }, 240_000);
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

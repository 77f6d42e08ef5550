import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../apps/server/src/test-support/fake-telegram.ts';
import { type SmtpInbox, startSmtpInbox } from '../apps/server/src/test-support/smtp-inbox.ts';
import { launchChromium } from './support/browser.ts';
import { REPO_ROOT, type ServerProcess, startServerProcess } from './support/server-process.ts';
import { signIn } from './support/sign-in.ts';

/** `npm run admin -- …` as an operator runs it: the CLI hands the command to the server holding DATA_DIR. */
function admin(argv: string[]): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', ...argv],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
      },
      (error, stdout) => {
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          lines: stdout.trim().split('\n').filter(Boolean),
        });
      },
    );
  });
}

let telegram: FakeTelegram;
let inbox: SmtpInbox;
let server: ServerProcess;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), 'spreadscope-e2e-notify-'));
const email = `notify.${Date.now()}@example.com`;
const password = 'e2e-Horse7!';

beforeAll(async () => {
  telegram = await startFakeTelegram();
  inbox = await startSmtpInbox();
  [server, browser] = await Promise.all([
    startServerProcess(
      {
        MARKET_SOURCE: 'sim',
        SIM_TOKENS: '20',
        DATA_DIR: dataDir,
        SMTP_URL: inbox.url,
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_URL: telegram.url,
      },
      // A loaded shared machine can take over a minute to start the bundle.
      { startTimeoutMs: 180_000 },
    ),
    launchChromium(),
  ]);
  const created = await admin([
    'create-user',
    '--email',
    email,
    '--password',
    password,
    '--verified',
    '--plan',
    'pro',
    '--language',
    'ko',
  ]);
  if (created.code !== 0) throw new Error(created.lines.join('\n'));
  const english = await admin([
    'create-user',
    '--email',
    `en.${email}`,
    '--password',
    password,
    '--verified',
    '--language',
    'en',
  ]);
  if (english.code !== 0) throw new Error(english.lines.join('\n'));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
  await telegram?.close();
});

describe('alert delivery in Chromium', () => {
  it('one enqueue: one Telegram message at the Bot API, one mail, one toast in the open tab', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Seoul',
    });
    const page = await context.newPage();
    await signIn(page, `${server.url}/login`, email, password);
    await page.goto(`${server.url}/my/account#notifications`);
    const section = page.getByTestId('account-notifications');
    await section.waitFor({ timeout: 30_000 });
    // The bot's name comes from getMe at the fake Bot API.
    await expect
      .poll(() => page.getByTestId('telegram-steps').innerText(), { timeout: 20_000 })
      .toContain(`@${telegram.botUsername}`);
    await page.screenshot({ path: '/tmp/notify-account-1280.png', fullPage: true });

    expect(
      await admin([
        'notify-test',
        '--email',
        email,
        '--telegram',
        '4242',
        '--mail',
        '--toast',
        '--key',
        'e2e:1',
      ]),
    ).toEqual({
      code: 0,
      lines: ['queued: e2e:1'],
    });

    const toast = page.locator('[data-sonner-toast]', { hasText: 'Spreadscope 테스트 알림' });
    await toast.waitFor({ timeout: 30_000 });
    expect(await toast.innerText()).toContain('알림 전송이 잘 동작합니다.');
    await page.screenshot({ path: '/tmp/notify-toast-1280.png' });

    await expect
      .poll(() => telegram.sent.filter((m) => m.chatId === 4242).length, { timeout: 30_000 })
      .toBe(1);
    expect(telegram.sent.find((m) => m.chatId === 4242)?.text.split('\n')[0]).toBe('Spreadscope 테스트 알림');
    await expect
      .poll(() => inbox.to(email).filter((m) => m.subject === 'Spreadscope 테스트 알림').length, {
        timeout: 30_000,
      })
      .toBe(1);
    // The list on the account page shows how each channel fared.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('notify-recent').innerText(), { timeout: 30_000 })
      .toMatch(/텔레그램: 전송됨[\s\S]*이메일: 전송됨|이메일: 전송됨[\s\S]*텔레그램: 전송됨/);
    // Only one toast for the one crossing, also after the reload and a second enqueue of the same key.
    expect((await admin(['notify-test', '--email', email, '--toast', '--key', 'e2e:1'])).lines).toEqual([
      'already queued: e2e:1',
    ]);
    await page.waitForTimeout(2_000);
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Spreadscope 테스트 알림' }).count()).toBe(0);
    await context.close();
  }, 180_000);

  it('shows the notifications area at 360 px in English, with the iOS home-screen rule on an iPhone', async () => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const page = await context.newPage();
    await signIn(page, `${server.url}/en/login`, `en.${email}`, password);
    await page.goto(`${server.url}/en/my/account#notifications`);
    const rule = page.getByTestId('push-ios-install');
    await rule.waitFor({ timeout: 30_000 });
    expect(await rule.innerText()).toContain('add Spreadscope to the Home Screen');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/notify-account-360.png', fullPage: true });
    await context.close();
  }, 120_000);
});

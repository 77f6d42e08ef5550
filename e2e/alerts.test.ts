import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../apps/server/src/test-support/mail-decode.ts';
import { type SmtpInbox, startSmtpInbox } from '../apps/server/src/test-support/smtp-inbox.ts';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { signIn } from './support/sign-in.ts';

let inbox: SmtpInbox;
let server: ServerProcess;
let browser: Browser;
const password = 'e2e-Horse7!';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: '40', SMTP_URL: inbox.url }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

/** A Free account, signed up, activated from the mailbox and signed in, in a page of the given width. */
async function signedIn(width: number, prefix: '' | '/en'): Promise<Page> {
  const email = `alerts.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signup = await fetch(`${server.url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      email,
      password,
      passwordConfirm: password,
      acceptTerms: true,
      acceptPrivacy: true,
    }),
  });
  expect(signup.status).toBe(201);
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.goto(linkIn(inbox.last(email).text, '/register').toString());
  await page.getByTestId('register-done').waitFor({ timeout: 20_000 });
  await signIn(page, `${server.url}${prefix}/login`, email, password);
  return page;
}

async function noSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

describe('alert form in Chromium', () => {
  it('asks a visitor to sign in', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/en/alerts`);
    const gate = page.getByTestId('alerts-sign-in');
    await gate.waitFor({ timeout: 20_000 });
    expect(await gate.innerText()).toContain('Please sign in to use alerts.');
  });

  it('Korean at 360 px: the form’s rules in the spec’s words, then a saved alert, then the Free limit', async () => {
    const page = await signedIn(360, '');
    await page.goto(`${server.url}/alerts/new`);
    await page.getByTestId('alert-form').waitFor({ timeout: 20_000 });
    await noSideScroll(page);
    await page.getByTestId('alert-next').click();
    expect(await page.getByTestId('error-name').innerText()).toBe('알림 이름을 입력해 주세요.');
    expect(await page.getByTestId('error-strategy').innerText()).toBe('전략을 선택해 주세요.');

    await page.locator('input[name="name"]').fill('BTC 김프');
    await page.locator('textarea[name="message"]').fill('김프 3% 돌파');
    await page.locator('select[name="strategy"]').selectOption('premium-price-gap');
    await page.locator('input[name="tokens"]').fill('BTC, ETH');
    await page.locator('input[name="exchange-upbit"]').check();
    await page.getByTestId('alert-next').click();
    // Free watches one token; exchanges: at least two.
    expect(await page.getByTestId('error-tokens').innerText()).toBe('코인은 하나만 선택할 수 있습니다.');
    expect(await page.getByTestId('error-exchanges').innerText()).toBe(
      '방향을 정하면 거래소를 정확히 두 개 선택해야 합니다.',
    );
    await page.locator('input[name="tokens"]').fill('BTC');
    await page.locator('input[name="exchange-binance"]').check();
    await page.getByTestId('alert-next').click();

    await page.getByTestId('alert-save').click();
    expect(await page.getByTestId('error-condition').innerText()).toBe('트리거 조건을 선택해 주세요.');
    expect(await page.getByTestId('error-threshold').innerText()).toBe('기준값을 입력해 주세요.');
    expect(await page.getByTestId('error-frequency').innerText()).toBe('알림 빈도를 선택해 주세요.');
    expect(await page.getByTestId('error-expiresAt').innerText()).toBe('만료 시간을 선택해 주세요.');
    await page.locator('select[name="condition"]').selectOption('greater-than');
    await page.locator('input[name="threshold"]').fill('3');
    await page.locator('select[name="frequency"]').selectOption('every');
    await page.locator('select[name="expiry"]').selectOption('none');
    await page.locator('input[name="channel-email"]').uncheck();
    await page.getByTestId('alert-save').click();
    expect(await page.getByTestId('error-channels').innerText()).toBe(
      '알림 방법(텔레그램, 토스트, 이메일)을 하나 이상 선택해 주세요.',
    );
    await page.locator('input[name="channel-telegram"]').check();
    await page.getByTestId('alert-save').click();
    expect(await page.getByTestId('error-telegramChatId').innerText()).toBe(
      '텔레그램 채팅 ID를 입력해 주세요.',
    );
    await page.locator('input[name="telegramChatId"]').fill('123456789');

    // The back-test answers before saving.
    await page.getByTestId('alert-run-backtest').click();
    await page.getByTestId('alert-backtest-result').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('alert-backtest-result').innerText()).toContain('최근 24시간 동안');

    await page.getByTestId('alert-save').click();
    await page.getByTestId('alerts-list').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('alert-card').count()).toBe(1);
    // Free keeps one alert: the add button gives way to the limit's words.
    expect(await page.getByTestId('alerts-limit').innerText()).toContain('1');
    await noSideScroll(page);
  });

  it('English at 1280 px: the same rules in English', async () => {
    const page = await signedIn(1280, '/en');
    await page.goto(`${server.url}/en/alerts/new`);
    await page.getByTestId('alert-form').waitFor({ timeout: 20_000 });
    await page.getByTestId('preset-kimchi-plus-3').click();
    await page.locator('input[name="exchange-binance"]').uncheck();
    await page.getByTestId('alert-next').click();
    expect(await page.getByTestId('error-exchanges').innerText()).toBe(
      'Please select exactly two exchanges when a direction is set.',
    );
    await page.locator('input[name="exchange-upbit"]').uncheck();
    await page.getByTestId('alert-next').click();
    expect(await page.getByTestId('error-exchanges').innerText()).toBe('Please select an exchange.');
    await page.locator('input[name="exchange-bithumb"]').check();
    await page.locator('input[name="exchange-bithumb"]').uncheck();
    await page.locator('input[name="exchange-upbit"]').check();
    await page.locator('input[name="exchange-binance"]').check();
    await page.getByTestId('alert-next').click();
    await page.locator('select[name="expiry"]').selectOption('at');
    await page.locator('input[name="expiresAt"]').fill('2020-01-01T09:00');
    await page.getByTestId('alert-save').click();
    expect(await page.getByTestId('error-expiresAt').innerText()).toBe('Expiry must be later than now.');
    await page.locator('select[name="frequency"]').selectOption('every');
    await page.locator('input[name="interval"]').fill('0');
    await page.getByTestId('alert-save').click();
    expect(await page.getByTestId('error-interval').innerText()).toBe(
      'Enter an interval of at least 1 minute.',
    );
  });
});

import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from '../apps/server/src/test-support/smtp-inbox.ts';
import { adminCli } from './support/admin-cli.ts';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

const OPERATOR_INBOX = 'desk@hanriver.test';
const TELEGRAM = 'https://t.me/hanriver_desk';
const WIDTHS = [360, 1280] as const;

let inbox: SmtpInbox;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  [server, browser] = await Promise.all([
    startServerProcess({
      MARKET_SOURCE: 'sim',
      SMTP_URL: inbox.url,
      CONTACT_TO: OPERATOR_INBOX,
      // Every page here comes from one loopback address; the limit itself has an API test.
      CONTACT_RATE_LIMIT_PER_HOUR: '100',
      OPERATOR_NAME: 'Hanriver Data',
      OPERATOR_REGISTRATION: '123-45-67890',
      SUPPORT_TELEGRAM_URL: TELEGRAM,
      SUPPORT_KAKAO_URL: 'https://pf.kakao.com/_hanriver',
    }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

/** A first visit: a fresh browser profile, nothing stored. */
async function firstVisit(path: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());
const serviceWorkers = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const MESSAGES = {
  ko: {
    email: '올바른 이메일 주소를 입력해 주세요.',
    telegram: '텔레그램 사용자명을 입력해 주세요. 예: @spreadscope (영문·숫자·_ 5~32자)',
    inquiry: '문의 내용을 입력해 주세요',
    sent: /문의가 접수되었습니다/,
  },
  en: {
    email: 'Please enter a valid email address.',
    telegram: 'Enter a Telegram username such as @spreadscope (5–32 letters, digits or _).',
    inquiry: 'Please enter your inquiry',
    sent: /Your inquiry was received/,
  },
} as const;

describe('contact form in Chromium', () => {
  for (const width of WIDTHS) {
    for (const language of ['ko', 'en'] as const) {
      it(`says every rule's message and sends the inquiry (${language}, ${width} px)`, async () => {
        const page = await firstVisit(`${language === 'en' ? '/en' : ''}/contact-us`, width);
        const form = page.getByTestId('contact-form');
        await form.waitFor({ timeout: 30_000 });
        const messages = MESSAGES[language];
        const submit = page.getByTestId('contact-form-submit');
        const error = (field: string) => page.getByTestId(`contact-form-${field}-error`);

        await submit.click();
        await expect.poll(() => error('email').innerText(), { timeout: 10_000 }).toBe(messages.email);
        expect(await page.getByTestId('contact-form-email').getAttribute('aria-invalid')).toBe('true');

        await page.getByTestId('contact-form-email').fill('kim@example');
        await submit.click();
        await expect.poll(() => error('email').innerText(), { timeout: 10_000 }).toBe(messages.email);

        const email = `kim.${language}.${width}@example.com`;
        await page.getByTestId('contact-form-email').fill(email);
        await page.getByTestId('contact-form-telegram').fill('kim trader');
        await submit.click();
        await expect.poll(() => error('telegram').innerText(), { timeout: 10_000 }).toBe(messages.telegram);
        expect(await error('email').count()).toBe(0);

        await page.getByTestId('contact-form-telegram').fill('@kim_trader');
        await submit.click();
        await expect.poll(() => error('inquiry').innerText(), { timeout: 10_000 }).toBe(messages.inquiry);

        const text = `API pricing for ${language} at ${width} px?`;
        await page.getByTestId('contact-form-inquiry').fill(text);
        await submit.click();
        await expect
          .poll(() => page.getByTestId('contact-form-sent').innerText(), { timeout: 15_000 })
          .toMatch(messages.sent);
        expect(await page.getByTestId('contact-form-sent').innerText()).toContain(email);
        await expect
          .poll(() => inbox.to(OPERATOR_INBOX).some((m) => m.text.includes(text)), { timeout: 15_000 })
          .toBe(true);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await page.context().close();
      });
    }
  }

  it('takes an inquiry from the landing page too, and the operator lists it with the admin CLI', async () => {
    const page = await firstVisit('/', 360);
    const form = page.getByTestId('landing-contact');
    await form.scrollIntoViewIfNeeded({ timeout: 30_000 });
    await page.getByTestId('landing-contact-submit').click();
    await expect
      .poll(() => page.getByTestId('landing-contact-email-error').innerText(), { timeout: 10_000 })
      .toBe(MESSAGES.ko.email);
    await page.getByTestId('landing-contact-email').fill('landing@example.com');
    await page.getByTestId('landing-contact-inquiry').fill('제휴 문의드립니다.');
    await page.getByTestId('landing-contact-submit').click();
    await page.getByTestId('landing-contact-sent').waitFor({ timeout: 15_000 });
    const listed = await adminCli(server, 'inquiries', '--limit', '20');
    expect(listed).toMatch(/landing@example\.com {2}\[ko, mailed\]/);
    expect(listed).toContain('    제휴 문의드립니다.');
    await page.context().close();
  });
});

describe('cookie consent in Chromium', () => {
  for (const width of WIDTHS) {
    it(`stores nothing optional before consent and follows each choice (${width} px)`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        timezoneId: 'Asia/Seoul',
      });
      const page = await context.newPage();
      const origin = new URL(server.url).origin;
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
        if (url.protocol.startsWith('ws') && url.host !== new URL(origin).host) foreign.push(request.url());
      });
      await page.goto(`${server.url}/premium`);
      await page.getByTestId('consent-banner').waitFor({ timeout: 30_000 });
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // Before any choice: nothing on the device, even after changing a display setting.
      await page.getByTestId('currency-USD').first().click();
      expect(await storedKeys(page)).toEqual([]);
      expect(await context.cookies()).toEqual([]);
      expect(await serviceWorkers(page)).toBe(0);
      expect(await page.evaluate(() => document.cookie)).toBe('');

      // Essential only: the choice itself is kept, nothing else; a reload forgets the currency.
      await page.getByTestId('consent-essential-only').click();
      await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
      expect(await storedKeys(page)).toEqual(['spreadscope.consent.v1']);
      await page.getByTestId('currency-KRW').first().click();
      await page.getByTestId('currency-USD').first().click();
      expect(await storedKeys(page)).toEqual(['spreadscope.consent.v1']);
      await page.reload();
      // The live page, not the server's drawing of /premium (drawn with the defaults, for any visitor).
      await page.locator('#root:not([inert]) [data-testid="site-footer"]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('consent-banner').count()).toBe(0);
      expect(await page.getByTestId('currency-KRW').first().getAttribute('aria-pressed')).toBe('true');
      expect(await serviceWorkers(page)).toBe(0);

      // The footer reopens the choice: a modal dialog that Escape closes, giving the focus back.
      const reopen = page.getByTestId('site-footer-cookies');
      await reopen.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('consent-dialog');
      await dialog.waitFor({ state: 'visible' });
      expect(await page.getByTestId('consent-essential').isChecked()).toBe(true);
      expect(await page.getByTestId('consent-essential').isDisabled()).toBe(true);
      expect(await page.getByTestId('consent-functionality').isChecked()).toBe(false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await reopen.evaluate((el) => el === document.activeElement)).toBe(true);

      // Functionality allowed: preferences persist and the service worker is registered.
      await reopen.click();
      await page.getByTestId('consent-functionality').check();
      await page.getByTestId('consent-save').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('currency-USD').first().click();
      await expect
        .poll(() => storedKeys(page))
        .toEqual(['spreadscope.consent.v1', 'spreadscope.settings.v1']);
      await expect.poll(() => serviceWorkers(page), { timeout: 15_000 }).toBe(1);
      const consent = JSON.parse(
        (await page.evaluate(() => localStorage.getItem('spreadscope.consent.v1'))) ?? '{}',
      );
      expect(consent).toMatchObject({ functionality: true, performance: false, targeting: false });
      await page.reload();
      await page.locator('#root:not([inert]) [data-testid="site-footer"]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('currency-USD').first().getAttribute('aria-pressed')).toBe('true');

      // Withdrawn: the preferences leave the device and the service worker is removed.
      await page.getByTestId('site-footer-cookies').click();
      await page.getByTestId('consent-functionality').uncheck();
      await page.getByTestId('consent-save').click();
      await expect.poll(() => storedKeys(page)).toEqual(['spreadscope.consent.v1']);
      await expect.poll(() => serviceWorkers(page), { timeout: 15_000 }).toBe(0);

      expect(foreign).toEqual([]);
      await context.close();
    });
  }
});

describe('help panel and information pages in Chromium', () => {
  for (const width of WIDTHS) {
    it(`opens help from any page by keyboard, keeps focus inside, and closes on Escape (${width} px)`, async () => {
      const page = await firstVisit('/exchanges', width);
      const toggle = page.getByTestId('help-toggle');
      await toggle.waitFor({ timeout: 30_000 });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByTestId('help-panel');
      await panel.waitFor({ state: 'visible' });
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        const outside = await page.evaluate(() => {
          const active = document.activeElement;
          return active !== null && active !== document.body && !active.closest('[data-testid="help-panel"]');
        });
        expect(outside).toBe(false);
      }
      expect(await page.getByTestId('help-telegram').getAttribute('href')).toBe(TELEGRAM);
      await page.getByTestId('help-faq-premium').locator('summary').click();
      expect(await page.getByTestId('help-faq-premium').innerText()).toContain('역프');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      await toggle.click();
      await page.getByTestId('help-contact').click();
      await page.getByTestId('contact-page').waitFor({ timeout: 15_000 });
      await page.context().close();
    });
  }

  it('serves every information page in Korean and English, linked from the footer', async () => {
    const page = await firstVisit('/', 1280);
    await page.getByTestId('site-footer').waitFor({ timeout: 30_000 });
    const pages = [
      ['aboutProduct', '/about-datamaxi', 'about-product-page', 'Spreadscope 소개', 'About Spreadscope'],
      ['aboutOperator', '/about-bisonai', 'about-operator-page', 'Hanriver Data 소개', 'About Hanriver Data'],
      ['partnership', '/partnership', 'partnership-page', '제휴 문의', 'Partnership'],
      ['contact', '/contact-us', 'contact-page', '문의하기', 'Contact us'],
      ['promotion', '/promotion', 'promotion-page', '런칭 이벤트', 'Launch offer'],
    ] as const;
    for (const [key, path, testId, ko, en] of pages) {
      expect(await page.getByTestId(`site-footer-${key}`).getAttribute('href')).toBe(path);
      await page.getByTestId(`site-footer-${key}`).click();
      await page.getByTestId(testId).waitFor({ timeout: 15_000 });
      expect(await page.locator('h1').innerText()).toBe(ko);
      await page.goto(`${server.url}/en${path}`);
      await page.getByTestId(testId).waitFor({ timeout: 15_000 });
      expect(await page.locator('h1').innerText()).toBe(en);
      expect(await page.getByTestId(`site-footer-${key}`).getAttribute('href')).toBe(`/en${path}`);
      await page.goto(`${server.url}/`);
      await page.getByTestId('site-footer').waitFor({ timeout: 15_000 });
    }
    // The operator's name arrives with GET /front/site, after the footer's links.
    await expect
      .poll(() => page.getByTestId('site-footer').innerText(), { timeout: 15_000 })
      .toContain('운영: Hanriver Data');
    await page.goto(`${server.url}/promotion`);
    await expect
      .poll(() => page.getByTestId('promotion-trial').innerText(), { timeout: 15_000 })
      .toContain('7일');
    await page.context().close();
  });
});

describe('dataset explorer in Chromium', () => {
  /** Clicks a download link and reads the file the browser saved. */
  async function download(page: Page, testId: string): Promise<{ name: string; rows: string[][] }> {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    const text = await readFile((await file.path()) ?? '', 'utf8');
    const rows = text
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','));
    return { name: file.suggestedFilename(), rows };
  }

  for (const width of WIDTHS) {
    it(`describes every category and downloads CSVs that read back (${width} px)`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        timezoneId: 'Asia/Seoul',
        acceptDownloads: true,
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/en/dataset`);
      await page.getByTestId('dataset-ticker').waitFor({ timeout: 30_000 });
      expect(await page.locator('.dataset-card').count()).toBe(13);
      expect(await page.getByTestId('dataset-trend').innerText()).toContain(
        'Not collected by this installation.',
      );
      expect(await page.getByTestId('dataset-cex-data').innerText()).toContain('GET /api/v1/cex/candle');
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      const ticker = await download(page, 'dataset-ticker-download');
      expect(ticker.name).toMatch(/^ticker_.*\.csv$/);
      expect(ticker.rows[0]?.slice(0, 4)).toEqual(['exchange', 'market', 'symbol', 'priceUsd']);
      expect(ticker.rows.length).toBeGreaterThan(10);
      expect(ticker.rows.some((r) => r[0] === 'upbit' && r[2] === 'upbit-krw-btc' && Number(r[3]) > 0)).toBe(
        true,
      );

      const candles = await download(page, 'dataset-cex-data-download');
      expect(candles.name).toMatch(/^cex-data_.*\.csv$/);
      expect(candles.rows[0]).toEqual([
        'time',
        'exchange',
        'symbol',
        'open',
        'high',
        'low',
        'close',
        'volume',
      ]);
      for (const row of candles.rows.slice(1)) {
        expect(row[1]).toBe('upbit');
        expect(Number(row[3])).toBeGreaterThan(0);
      }
      await context.close();
    });
  }
});

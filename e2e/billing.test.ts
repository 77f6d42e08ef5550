import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from './support/admin-cli.ts';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { signIn } from './support/sign-in.ts';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: '20' }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PASSWORD = 'e2e-Billing7!';

const admin = (...argv: string[]) => adminCli(server, ...argv);

const WORDS = {
  ko: {
    trialing: '무료 체험 중',
    year: '연간',
    cancelRequested: '기간 종료 시 해지',
    active: '이용 중',
    provider: '로컬',
  },
  en: {
    trialing: 'Free trial',
    year: 'Yearly',
    cancelRequested: 'Cancels at period end',
    active: 'Active',
    provider: 'local',
  },
} as const;

/** No sideways scrolling: everything fits the screen's width. */
async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('billing in Chromium (local provider)', () => {
  for (const [language, width] of [
    ['ko', 1280],
    ['en', 360],
    ['ko', 360],
    ['en', 1280],
  ] as const) {
    it(`${language} at ${width}px: trial → yearly with the pre-invoice → cancel with reasons → renew → coupon`, {
      timeout: 150_000,
    }, async () => {
      const words = WORDS[language];
      const prefix = language === 'en' ? '/en' : '';
      const email = `billing.${language}.${width}.${Date.now()}@example.com`;
      await admin(
        'create-user',
        '--email',
        email,
        '--password',
        PASSWORD,
        '--verified',
        '--language',
        language,
      );
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        timezoneId: 'Asia/Seoul',
      });
      const page = await context.newPage();
      await signIn(page, `${server.url}${prefix}/login`, email, PASSWORD);

      // Pricing: the toggle switches every card between monthly and annual prices.
      await page.goto(`${server.url}${prefix}/pricing`);
      const price = page.getByTestId('plan-price-pro');
      await price.waitFor();
      expect(await page.getByTestId('billing-provider').innerText()).toContain(words.provider);
      const monthly = await price.innerText();
      await page.getByTestId('pricing-cycle-year').click();
      await expect.poll(() => price.innerText()).not.toBe(monthly);
      await page.getByTestId('pricing-cycle-month').click();
      expect(await page.getByTestId('compare-dexData').getAttribute('data-testid')).toBe('compare-dexData');
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/billing-pricing-${language}-${width}.png`, fullPage: true });

      // Start the trial: the local provider comes straight back to the subscription page.
      await page.getByTestId('plan-start-pro').click();
      const status = page.getByTestId('subscription-status');
      await status.waitFor({ timeout: 20_000 });
      expect(await status.innerText()).toBe(words.trialing);
      expect(await page.getByTestId('billing-provider').innerText()).toContain(words.provider);

      // Switch to yearly: the pre-invoice shows before anything changes.
      await page.getByTestId('switch-open').click();
      await page.getByTestId('switch-preview').waitFor();
      expect(await page.getByTestId('switch-charge').innerText()).toMatch(/552/);
      expect(await page.getByTestId('switch-next').innerText()).toMatch(/\d{4}/);
      await page.getByTestId('switch-confirm').click();
      await expect.poll(() => page.getByTestId('subscription-cycle').innerText()).toBe(words.year);

      // Cancel: confirm, reasons (with "other" and its text), completion.
      await page.getByTestId('cancel-open').click();
      await page.getByTestId('cancel-continue').click();
      await page.getByTestId('cancel-submit').click();
      await page.getByRole('alert').waitFor();
      await page.getByTestId('cancel-reason-too_expensive').check();
      await page.getByTestId('cancel-reason-other').check();
      await page.getByTestId('cancel-other').fill('Back after the holidays');
      await page.getByTestId('cancel-submit').click();
      await page.getByTestId('cancel-done').waitFor();
      await page.getByTestId('cancel-close').click();
      await expect.poll(() => status.innerText()).toBe(words.cancelRequested);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/billing-subscription-${language}-${width}.png`, fullPage: true });

      // Renew before the end date.
      await page.getByTestId('renew').click();
      await expect.poll(() => status.innerText()).toBe(words.active);

      // A VIP partner coupon from the operator: confirm, then it is used for good.
      await admin('issue-coupon', '--email', email, '--plan', 'pro', '--period', '1m');
      await page.goto(`${server.url}${prefix}/my/coupons`);
      await page.getByTestId('coupon-available').waitFor();
      await page.getByTestId('coupon-use').click();
      await page.getByTestId('coupon-dialog').waitFor();
      await page.getByTestId('coupon-confirm').click();
      await page.getByTestId('coupon-used').waitFor();
      expect(await page.getByTestId('coupon-available').count()).toBe(0);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.goto(`${server.url}${prefix}/my/subscription`);
      await page.getByTestId('subscription-free-until').waitFor();
      await context.close();
    });
  }
});

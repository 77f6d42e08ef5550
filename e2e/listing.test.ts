import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli, createVerifiedUser } from './support/admin-cli.ts';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Listing arbitrage: the invite gate, the simulated cards, a detail page and its deposit tracker, ko at 360 px
 * and en at 1280 px; the history table and a case summary in both languages at both widths.
 */

let server: ServerProcess;
let browser: Browser;
const password = 'list-Horse7!';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: '40', LISTING_INVITE_REQUIRED: 'true' }),
    launchChromium(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function admin(...argv: string[]): Promise<string[]> {
  return (await adminCli(server, ...argv)).trim().split('\n');
}

async function signedIn(email: string, width: number, prefix: '' | '/en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await signIn(page, `${server.url}${prefix}/login`, email, password);
  return page;
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('listing arbitrage in Chromium', () => {
  it('asks a visitor to sign in', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/en/listing-arbitrage`);
    const gate = page.getByTestId('listing-gate');
    await gate.waitFor({ timeout: 30_000 });
    expect(await gate.innerText()).toContain('Sign in to continue.');
    await page.context().close();
  });

  // The admin CLI starts a process per command: slow on a busy machine.
  it('takes an invite code, then shows live cards and a detail page (ko 360, en 1280)', {
    timeout: 300_000,
  }, async () => {
    for (const [width, language, prefix, wrong] of [
      [360, 'ko', '', '유효하지 않은 초대 코드입니다.'],
      [1280, 'en', '/en', 'Invalid invitation code.'],
    ] as const) {
      const email = `listing.${language}.${Date.now()}@example.com`;
      await createVerifiedUser(server, { email, password, plan: 'starter', language });
      const [code] = await admin('listing-invite', 'issue');
      expect(code).toMatch(/^LIST-/);
      const page = await signedIn(email, width, prefix);
      await page.goto(`${server.url}${prefix}/listing-arbitrage`);
      const gate = page.getByTestId('listing-gate');
      await gate.waitFor({ timeout: 30_000 });
      await gate.locator('input[name="code"]').fill('WRONG-CODE');
      await gate.locator('button[type="submit"]').click();
      const error = gate.getByRole('alert');
      await error.waitFor({ timeout: 10_000 });
      expect(await error.innerText()).toBe(wrong);

      await gate.locator('input[name="code"]').fill(code ?? '');
      await gate.locator('button[type="submit"]').click();
      const cards = page.getByTestId('listing-card');
      await cards.first().waitFor({ timeout: 60_000 });
      expect(await cards.count()).toBeGreaterThanOrEqual(1);
      // The simulated cycles (with their deposits and price paths) are Upbit's and Bithumb's KRW listings; the
      // replayed and simulated notice boards may add other listings (without a drawn path), which can come first.
      const korean =
        '[data-testid="listing-card"][data-key^="upbit-krw-"], [data-testid="listing-card"][data-key^="bithumb-krw-"]';
      await page.locator(korean).first().waitFor({ timeout: 60_000 });
      const charted = await page.locator(korean).evaluateAll(async (cards) => {
        for (const card of cards) {
          const key = card.getAttribute('data-key') ?? '';
          const answer = await fetch(`/api/v1/front/listing/chart?key=${encodeURIComponent(key)}`);
          const chart = (await answer.json()) as { points?: { krw: number | null }[] };
          if (chart.points?.some((p) => p.krw !== null)) return key;
        }
        return null;
      });
      expect(charted, 'a simulated listing cycle among the Korean cards').not.toBeNull();
      const first = page.locator(`[data-testid="listing-card"][data-key="${charted}"]`);
      await first.waitFor({ timeout: 60_000 });
      const status = await first.getAttribute('data-status');
      expect(['deposit', 'deposit_wait', 'sell', 'sell_wait', 'trade', 'trade_wait', 'unknown']).toContain(
        status,
      );
      expect((await first.innerText()).length).toBeGreaterThan(0);
      // The token's float and who lends it: the simulator draws a supply for its listings.
      expect(await first.getByTestId('listing-supply').innerText()).toContain(
        language === 'ko' ? '유통' : 'circulating',
      );
      expect((await first.getByTestId('listing-borrow').innerText()).length).toBeGreaterThan(0);
      expect(await page.getByText(language === 'ko' ? '시뮬레이션' : 'Simulated').count()).toBeGreaterThan(0);
      expect(await fitsWidth(page)).toBe(true);

      const key = (await first.getAttribute('data-key')) ?? '';
      expect(key).toMatch(/^(upbit|bithumb)-krw-[a-z0-9]+$/);
      await first.getByTestId('listing-detail-link').click();
      await page.waitForURL(`**${prefix}/listing-arbitrage/${key}`);
      const timeline = page.getByTestId('listing-timeline');
      await timeline.waitFor({ timeout: 30_000 });
      expect(await timeline.innerText()).toContain(language === 'ko' ? '공지 게시' : 'Notice published');
      await page.getByTestId('listing-calc-result').waitFor();
      // The first day around the notice: prices in KRW and the premium, drawn from the simulator's path.
      const chart = page.getByTestId('listing-chart');
      await chart.getByTestId('listing-price-chart').waitFor({ timeout: 30_000 });
      await chart.getByTestId('listing-premium-chart').waitFor({ timeout: 30_000 });
      expect(await chart.innerText()).toContain(
        language === 'ko' ? '공지 3시간 전부터' : '3 h before the notice',
      );
      expect(await fitsWidth(page)).toBe(true);

      // The deposit tracker: simulated deposits with their tiers, labelled, the page not wider than the screen.
      await page.getByTestId('listing-deposit-link').click();
      await page.waitForURL(`**${prefix}/listing-arbitrage/${key}/deposit`);
      const tiers = page.getByTestId('listing-deposit-tiers');
      await tiers.waitFor({ timeout: 30_000 });
      expect(await tiers.innerText()).toContain(language === 'ko' ? '고래' : 'Whale');
      // Deposited so far by tier, drawn over time; another interval redraws it.
      const accumulated = page.getByTestId('listing-deposit-accumulated');
      await accumulated.getByTestId('listing-deposit-chart').waitFor({ timeout: 30_000 });
      expect(await accumulated.innerText()).toContain(
        language === 'ko' ? '등급별 누적 입금' : 'Deposited so far, by tier',
      );
      await accumulated.getByTestId('deposit-interval-1m').click();
      expect(await accumulated.getByTestId('deposit-interval-1m').getAttribute('aria-pressed')).toBe('true');
      await accumulated.getByTestId('listing-deposit-chart').waitFor({ timeout: 30_000 });
      expect(
        await page.getByText(language === 'ko' ? '시뮬레이션 입금' : 'Simulated deposits').count(),
      ).toBeGreaterThan(0);
      expect(await fitsWidth(page)).toBe(true);

      // Only the lowercase {exchange}-{quote}-{base} shape is a page.
      await page.goto(`${server.url}${prefix}/listing-arbitrage/${key.toUpperCase()}`);
      await page.getByTestId('not-found').waitFor({ timeout: 30_000 });
      await page.context().close();
    }
  });
  it('shows past cases in a sortable table and a case summary on the detail page (ko, en × 360, 1280)', {
    timeout: 300_000,
  }, async () => {
    for (const [language, prefix] of [
      ['ko', ''],
      ['en', '/en'],
    ] as const) {
      const email = `history.${language}.${Date.now()}@example.com`;
      await createVerifiedUser(server, { email, password, plan: 'starter', language });
      const [code] = await admin('listing-invite', 'issue');
      const page = await signedIn(email, 360, prefix);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        // From the cards page's link (the gate first, on the first visit).
        await page.goto(`${server.url}${prefix}/listing-arbitrage`);
        const gate = page.getByTestId('listing-gate');
        const card = page.getByTestId('listing-card').first();
        await gate.or(card).waitFor({ timeout: 60_000 });
        if (await gate.isVisible()) {
          await gate.locator('input[name="code"]').fill(code ?? '');
          await gate.locator('button[type="submit"]').click();
        }
        await card.waitFor({ timeout: 60_000 });
        await page.getByTestId('listing-history-link').click();
        await page.waitForURL(`**${prefix}/listing-arbitrage/history`);

        // A fresh simulated start already has closed cases, labelled simulated.
        const rows = page.getByTestId('listing-history-row');
        await rows.first().waitFor({ timeout: 30_000 });
        expect(await rows.count()).toBeGreaterThan(0);
        const table = page.getByTestId('listing-history-table');
        expect(await table.innerText()).toContain(language === 'ko' ? '최고 프리미엄' : 'Peak premium');
        expect(await table.getByText(language === 'ko' ? '시뮬레이션' : 'Simulated').count()).toBeGreaterThan(
          0,
        );
        expect(await fitsWidth(page)).toBe(true);

        // Sorted by peak premium, highest first.
        await page.getByTestId('listing-history-sort-peak').click();
        await page.waitForURL('**sort=peak**');
        await expect
          .poll(
            async () => {
              const peaks = (
                await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-peak') ?? ''))
              )
                .filter((p) => p !== '')
                .map(Number);
              return peaks.length > 0 && peaks.every((p, i) => i === 0 || (peaks[i - 1] as number) >= p);
            },
            { timeout: 15_000 },
          )
          .toBe(true);

        // Each row opens the detail page with the case summary.
        const first = rows.first();
        const key = (await first.getAttribute('data-key')) ?? '';
        await first.getByTestId('listing-history-case').click();
        await page.waitForURL(`**${prefix}/listing-arbitrage/${key}`);
        const summary = page.getByTestId('listing-case-summary');
        await summary.waitFor({ timeout: 30_000 });
        const text = await summary.innerText();
        expect(text).toContain(language === 'ko' ? '사례 요약' : 'Case summary');
        expect(text).toContain(language === 'ko' ? '상장가' : 'Listing price');
        expect(text).toContain(language === 'ko' ? '24시간 고가' : '24 h high');
        expect(await summary.getByTestId('listing-case-peak').innerText()).toMatch(/\+\d+\.\d{2} %/);
        expect(await fitsWidth(page)).toBe(true);
      }
      await page.context().close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from './support/admin-cli.ts';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { signIn } from './support/sign-in.ts';

/** The DEX view over the simulated pools: the plan prompt, then pools, swaps and liquidity, ko 360 and en 1280. */

let server: ServerProcess;
let browser: Browser;
const password = 'dex-Horse7!';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: '40' }),
    launchChromium(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string, width: number, prefix: '' | '/en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await signIn(page, `${server.url}${prefix}/login`, email, password);
  return page;
}

/** What reaches past the viewport (tables scroll inside their own box): none. */
const pastWidth = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width + 1) return [];
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && !e.closest('.detail-table-wrap, nav'))
      .slice(0, 8)
      .map(
        (e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}px`,
      );
  });

describe('DEX view in Chromium', () => {
  it('asks a visitor to sign in', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/en/dex`);
    const gate = page.getByTestId('dex-gate');
    await gate.waitFor({ timeout: 30_000 });
    expect(await gate.innerText()).toContain('Sign in to see DEX data.');
    await page.context().close();
  });

  it('shows the simulated pools, swaps and liquidity to Pro (ko 360, en 1280)', {
    timeout: 300_000,
  }, async () => {
    for (const [width, language, prefix, simulated] of [
      [360, 'ko', '', '시뮬레이션'],
      [1280, 'en', '/en', 'Simulated'],
    ] as const) {
      const email = `dex.${language}.${Date.now()}@example.com`;
      await adminCli(
        server,
        'create-user',
        '--email',
        email,
        '--password',
        password,
        '--plan',
        'pro',
        '--verified',
        '--language',
        language,
      );
      const page = await signedIn(email, width, prefix);
      await page.goto(`${server.url}${prefix}/dex`);
      const pools = page.getByTestId('dex-pools');
      await pools.waitFor({ timeout: 60_000 });
      expect(await pools.locator('tbody tr').count()).toBe(5);
      expect(await pools.innerText()).toContain(simulated);
      const trades = page.getByTestId('dex-trades');
      await trades.waitFor({ timeout: 60_000 });
      expect(await trades.locator('tbody tr').count()).toBeGreaterThan(10);
      await page.getByTestId('dex-liquidity').waitFor({ timeout: 60_000 });
      expect(await pastWidth(page)).toEqual([]);

      // One exchange: every swap listed is on it.
      await page.getByRole('button', { name: 'klayswap' }).click();
      await expect.poll(async () => await pools.locator('tbody tr').count(), { timeout: 30_000 }).toBe(1);
      await expect
        .poll(
          async () => {
            const venues = await trades.locator('.dex-page__venue').allInnerTexts();
            return venues.length > 0 && venues.every((v) => v === 'klayswap');
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await page.context().close();
    }
  });
});

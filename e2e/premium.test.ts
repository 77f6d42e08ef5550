import { formatPercent } from '@spreadscope/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { writeSimulatedTape } from './support/sim-tape.ts';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const tape = await writeSimulatedTape(20);
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: `replay:${tape}`, REPLAY_SPEED: '0' }),
    launchChromium(),
  ]);
  await waitForReplayEnd();
});

/** The tape replays as fast as possible but not instantly; compare values only once it has ended. */
async function waitForReplayEnd(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${server.url}/api/v1/front/exchanges/connection`);
    const body = (await res.json()) as { dataSource: { reason: string | null } };
    if (body.dataSource.reason?.startsWith('tape ended')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the replay did not end within 30 s');
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(path: string, settings: Record<string, string> = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Asia/Seoul',
  });
  if (Object.keys(settings).length > 0) {
    await context.addInitScript((stored) => {
      localStorage.setItem('spreadscope.settings.v1', stored);
    }, JSON.stringify(settings));
  }
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

async function premiumApi(query: string) {
  const res = await fetch(`${server.url}/api/v1/front/premium?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    data: Array<{ base: string; gapPercent: number; source: { price: number }; target: { price: number } }>;
  };
}

describe('premium table in Chromium', () => {
  it('shows the same BTC premium as the API', async () => {
    // The table is virtualized: a row renders only once it is in view, so filter the view to BTC by link.
    const page = await openPage('/premium?search=BTC');
    const row = page.getByTestId('premium-row-BTC');
    await row.waitFor({ timeout: 30_000 });
    const shown = (await row.getByTestId('gap').innerText()).trim();
    // The page's defaults: Upbit against Binance, converted by the USD/KRW forex rate.
    const api = await premiumApi('source=upbit&target=binance&search=BTC&conversionBase=USD');
    const btc = api.data.find((r) => r.base === 'BTC');
    expect(btc).toBeDefined();
    expect(shown).toBe(formatPercent(btc?.gapPercent ?? Number.NaN));
    await page.screenshot({ path: 'e2e/artifacts/premium-ko.png' });
    await page.context().close();
  });

  it('filters by token from the search box and switches prices from dollars to won', async () => {
    const page = await openPage('/premium');
    await page.getByTestId('premium-table').waitFor({ timeout: 30_000 });
    await page.getByLabel(/^코인$/).fill('btc');
    const row = page.getByTestId('premium-row-BTC');
    await row.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => page.locator('[data-testid^="premium-row-"]').count())
      .toBeLessThanOrEqual(3);
    await page.getByTestId('currency-USD').click();
    await expect.poll(async () => row.getByTestId('source-price').innerText()).toMatch(/^\$[\d,]+\.\d{2}$/);
    await page.getByTestId('currency-KRW').click();
    await expect.poll(async () => row.getByTestId('source-price').innerText()).toMatch(/^₩[\d,]+$/);
    const api = await premiumApi('source=upbit&target=binance&search=BTC&currency=KRW');
    const won = api.data.find((r) => r.base === 'BTC')?.source.price ?? Number.NaN;
    const shownWon = Number((await row.getByTestId('source-price').innerText()).replace(/[₩,]/g, ''));
    expect(shownWon).toBe(Math.round(won));
    await page.context().close();
  });

  it('speaks English under /en', async () => {
    const page = await openPage('/en/premium?search=BTC');
    await page.getByTestId('premium-row-BTC').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => page.title()).toContain('Kimchi premium');
    expect(await page.getByRole('columnheader', { name: /Premium/ }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'e2e/artifacts/premium-en.png' });
    await page.context().close();
  });

  it('fits a phone: four columns, whole tickers and prices, no sideways scroll, the rest in the detail', async () => {
    for (const path of ['/premium', '/en/premium', '/arbitrage']) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 800 },
        timezoneId: 'Asia/Seoul',
      });
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      const rows = page.locator('[data-testid^="premium-row-"]');
      await rows.first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.ptable__head th').count()).toBe(4);
      const cut = await page
        .locator('.ptable__base')
        .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
      expect(cut).toEqual([]);
      const prices = await page
        .locator('[data-testid="source-price"], [data-testid="target-price"], [data-testid="gap"]')
        .evaluateAll((cells) =>
          cells
            .filter((cell) => {
              const value = cell.querySelector('.ptable__val');
              return !value || value.getBoundingClientRect().width > cell.getBoundingClientRect().width + 0.5;
            })
            .map((cell) => `${cell.getAttribute('data-testid')} ${cell.textContent}`),
        );
      expect(prices).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await context.close();
    }
    // What a phone row has no room for opens in its detail, pinning included.
    const context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      timezoneId: 'Asia/Seoul',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/premium?search=BTC`);
    const btc = page.getByTestId('premium-row-BTC');
    await btc.waitFor({ timeout: 30_000 });
    await btc.getByRole('button', { name: 'BTC 상세 보기' }).click();
    const detail = btc.getByTestId('row-detail');
    await detail.waitFor({ timeout: 10_000 });
    expect(await detail.getByTestId('detail-pin-toggle').count()).toBe(1);
    expect(await detail.getByTestId('detail-link').count()).toBe(1);
    await context.close();
  });

  it('keeps the site footer after the table: it never draws over the rows, on a phone or a desktop', async () => {
    for (const [width, height] of [
      [360, 800],
      [1280, 900],
    ] as const) {
      for (const [path, table] of [
        ['/premium', 'premium-table'],
        ['/arbitrage', 'premium-table'],
        ['/funding-rate', 'funding-table'],
        ['/token', 'token-list-table'],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height }, timezoneId: 'Asia/Seoul' });
        const page = await context.newPage();
        await page.goto(`${server.url}${path}`);
        await page.locator(`[data-testid="${table}"] tbody tr:visible`).first().waitFor({ timeout: 30_000 });
        await page.getByTestId('site-footer').waitFor({ timeout: 30_000 });
        const overlap = await page.evaluate((testId) => {
          const footer = document.querySelector('[data-testid="site-footer"]')?.getBoundingClientRect();
          const table = document.querySelector(`[data-testid="${testId}"]`);
          // The box the rows scroll in: what the eye sees of the table.
          let box = table?.parentElement ?? null;
          while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
          const shown = (box ?? table)?.getBoundingClientRect();
          if (!footer || !shown) return 'missing';
          return footer.top >= shown.bottom - 0.5
            ? null
            : `footer top ${footer.top} < table bottom ${shown.bottom}`;
        }, table);
        expect(overlap, `${path} at ${width}px`).toBeNull();
        await context.close();
      }
    }
  });

  it('holds the row order on a phone while a tapped row is open, even where a tap does not focus', async () => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      hasTouch: true,
      isMobile: true,
      timezoneId: 'Asia/Seoul',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/premium`);
    const first = page.locator('[data-testid^="premium-row-"]').first();
    await first.waitFor({ timeout: 30_000 });
    // Its label turns from "상세 보기" (open) to "상세 접기" (close) on the tap.
    const opener = first.locator('.ptable__expand');
    await opener.tap();
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    await first.getByTestId('row-detail').waitFor({ timeout: 10_000 });
    // Safari does not focus a tapped button: only the open row may keep the order.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.getByTestId('order-held').waitFor({ timeout: 5_000 });
    await opener.tap();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.getByTestId('order-held').waitFor({ state: 'detached', timeout: 5_000 });
    await context.close();
  });

  it('says on screen that the data is a replay, not live', async () => {
    const page = await openPage('/premium');
    const banner = page.getByTestId('data-source-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.getAttribute('data-mode')).toBe('replay');
    await page.context().close();
  });
});

describe('simulator banner', () => {
  it('labels simulated data on the landing page', async () => {
    const sim = await startServerProcess({ MARKET_SOURCE: 'sim' });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${sim.url}/`);
      const banner = page.getByTestId('data-source-banner');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.getAttribute('data-mode')).toBe('simulated');
      expect(await banner.innerText()).toMatch(/시뮬레이션/);
      await context.close();
    } finally {
      await sim.stop();
    }
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MarketEvent } from '@spreadscope/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * /events on a fresh simulated start: the back-filled notices of the last days, each category, the exchange
 * filter and search, KST times and the link to the original; the token-update, caution and calendar views; at
 * 360 and 1280, in Korean and English. A replayed tape shows a notice arriving live while the page is open.
 */

let sim: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [sim, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: '40' }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await sim?.stop();
});

async function open(path: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${sim.url}${path}`);
  await page.getByTestId('announcements').locator('li').first().waitFor({ timeout: 30_000 });
  return page;
}

describe('/events on the simulator', () => {
  for (const [path, width, listing, kst] of [
    ['/events', 1280, '상장', 'KST'],
    ['/en/events', 1280, 'Listing', 'KST'],
    ['/events', 360, '상장', 'KST'],
    ['/en/events', 360, 'Listing', 'KST'],
  ] as const) {
    it(`${path} at ${width}: categories, filter, search, times in KST, links to the original`, async () => {
      const page = await open(path, width);
      const items = page.getByTestId('announcements').locator('li');
      expect(await items.count()).toBeGreaterThan(10);
      expect(await items.first().locator('time').innerText()).toContain(kst);
      const link = items.first().locator('a');
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await link.getAttribute('target')).toBe('_blank');
      await expect.poll(() => items.first().innerText()).toMatch(/Simulated|시뮬레이션/);

      await page.getByTestId('category-listing').click();
      await expect
        .poll(
          async () =>
            new Set(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-category')))),
        )
        .toEqual(new Set(['listing']));
      expect(await items.first().innerText()).toContain(listing);

      await page.getByTestId('category-all').click();
      await page.getByTestId('exchange-filter').selectOption('upbit');
      await expect
        .poll(
          async () =>
            new Set(
              await items.evaluateAll((els) =>
                els.map((e) => e.querySelector('.events__exchange')?.textContent),
              ),
            ),
        )
        .toEqual(new Set(['Upbit']));

      await page.getByTestId('exchange-filter').selectOption('');
      const token =
        (await items.first().locator('.events__tokens').count()) > 0
          ? (await items.first().locator('.events__tokens').innerText()).split(' · ')[0]
          : null;
      if (token) {
        await page.getByTestId('events-search').fill(token);
        await expect
          .poll(async () => (await items.allInnerTexts()).every((text) => text.toUpperCase().includes(token)))
          .toBe(true);
      }
      // Nothing to swipe sideways on a phone.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      if (width === 360)
        await page.screenshot({
          path: `/tmp/events-${path.replaceAll('/', '_')}-${width}.png`,
          fullPage: false,
        });
      await page.context().close();
    });
  }

  it('shows token updates, caution flags, the delisting schedule and the economic calendar', async () => {
    const page = await open('/en/events', 1280);
    await page.getByTestId('view-calendar').click();
    const calendar = page.getByTestId('calendar');
    await calendar.waitFor();
    expect(await calendar.innerText()).toMatch(/FOMC|US CPI|nonfarm/);
    await page.getByTestId('view-delistings').click();
    await expect
      .poll(() => page.getByTestId('delistings').locator('tbody tr').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.getByTestId('view-tokenUpdates').click();
    await expect
      .poll(() => page.getByTestId('token-updates').locator('tbody tr').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.getByTestId('view-cautions').click();
    await expect
      .poll(() => page.getByTestId('cautions').locator('tbody tr').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('/events live', () => {
  let replay: ServerProcess;
  const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);
  const ARRIVES = 20_000;

  beforeAll(async () => {
    const events: MarketEvent[] = [
      { t: T0, type: 'forex', pair: 'USD/KRW', rate: 1400 },
      {
        t: T0 + 1,
        type: 'notice',
        venue: 'bithumb',
        category: 'notice',
        title: '[안내] 정기 점검 안내',
        url: 'https://feed.bithumb.com/notice/1',
        publishedAt: T0,
      },
      {
        t: T0 + ARRIVES,
        type: 'notice',
        venue: 'upbit',
        category: 'listing',
        title: '[거래] 자마(ZAMA) 원화 마켓 디지털 자산 추가',
        url: 'https://upbit.com/service_center/notice?id=9999',
        publishedAt: T0 + ARRIVES,
        tokens: ['ZAMA'],
      },
      { t: T0 + ARRIVES + 30_000, type: 'forex', pair: 'USD/KRW', rate: 1400 },
    ];
    const file = join(mkdtempSync(join(tmpdir(), 'spreadscope-events-')), 'notices.ndjson');
    writeFileSync(file, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    replay = await startServerProcess({ MARKET_SOURCE: `replay:${file}`, REPLAY_SPEED: '1' });
  });
  afterAll(() => replay?.stop());

  it('adds a notice published while the page is open, without a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${replay.url}/events`);
    const items = page.getByTestId('announcements').locator('li');
    await items.first().waitFor({ timeout: 15_000 });
    expect(await items.count()).toBe(1);
    await expect.poll(() => items.count(), { timeout: 40_000 }).toBe(2);
    expect(await items.first().innerText()).toContain('자마(ZAMA)');
    expect(await page.getByTestId('events-arrived').innerText()).toContain('1');
    await context.close();
  });
});

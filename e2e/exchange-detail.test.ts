import { Simulator } from '@spreadscope/feeds';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * /exchanges/{exchange} and a token's transfer view on the simulator (what a fresh `npm start` shows), in
 * Korean at 1280 px and English on a 360 px phone.
 */

let server: ServerProcess;
let browser: Browser;
// The simulator's Bithumb lists another token under this ticker (sim/simulator.ts, IMPOSTOR_VENUE).
const SIM_TOKENS = 80;
const impostor = new Simulator({ seed: 1, startTime: 0, books: false, tokenLimit: SIM_TOKENS }).impostorAsset;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: String(SIM_TOKENS) }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

/** What of the page's own content reaches past the viewport (tables scroll inside their box): none. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const main = document.querySelectorAll(
      'main h1, main h2, main section, main article, main dl, main table',
    );
    const out = [...main].flatMap((el) => {
      const scroller = el.closest('.exchange-detail__scroll, .token-page__scroll');
      const box = (scroller ?? el).getBoundingClientRect();
      return box.right <= width + 1
        ? []
        : [`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.right)}px`];
    });
    if (document.documentElement.scrollWidth > width)
      out.push(`document ${document.documentElement.scrollWidth}px`);
    return out;
  });

describe('/exchanges/{exchange} in Chromium', () => {
  it('shows Bithumb’s numbers, top tokens, wallet table with health and filters, and the fees and notices slots', async () => {
    const page = await open('/exchanges/bithumb');
    await expect
      .poll(() => page.getByTestId('exchange-markets').innerText(), { timeout: 30_000 })
      .toMatch(/^\d+$/);
    expect(await page.locator('h1').innerText()).toBe('빗썸');
    await expect
      .poll(() => page.getByTestId('token-metrics').locator('tbody tr').count(), { timeout: 30_000 })
      .toBeGreaterThan(5);
    const table = page.getByTestId('wallet-table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(50);
    expect(await page.getByTestId('wallet-counts').innerText()).toMatch(
      /^정상 \d+ · 주의 \d+ · 중단 \d+ · 알 수 없음 \d+$/,
    );
    // Worst first: the first row is never healthier than the last.
    const order = ['unhealthy', 'warning', 'unknown', 'healthy'];
    const healths = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-health')));
    expect(order.indexOf(healths[0] ?? '')).toBeLessThanOrEqual(order.indexOf(healths.at(-1) ?? ''));
    // The health filter keeps only that health.
    await page.getByTestId('wallet-filter-healthy').click();
    await expect
      .poll(
        async () =>
          new Set(
            await table
              .locator('tbody tr')
              .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-health'))),
          ),
      )
      .toEqual(new Set(['healthy']));
    await page.getByTestId('wallet-filter-all').click();
    await page.getByTestId('wallet-search').fill('usdt');
    await expect
      .poll(() => table.locator('tbody tr th').allInnerTexts())
      .toSatisfy((assets: string[]) => assets.length > 0 && assets.every((a) => a === 'USDT'));
    expect(await page.getByTestId('exchange-fees-slot').innerText()).toContain('거래 수수료');
    expect(await page.getByTestId('exchange-notices-slot').innerText()).toContain('최근 공지');
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/wallets-exchange-detail-ko-1280.png', fullPage: false });
    await page.context().close();
  });

  it('reads in English on a phone, keeping asset, network, health and both directions', async () => {
    const page = await open('/en/exchanges/upbit', 360);
    const table = page.getByTestId('wallet-table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(20);
    expect(await page.locator('h1').innerText()).toBe('Upbit');
    expect(await table.locator('thead th:visible').allInnerTexts()).toEqual([
      'Asset',
      'Network',
      'Health',
      'Deposit',
      'Withdraw',
    ]);
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/wallets-exchange-detail-en-360.png', fullPage: false });
    await page.context().close();
  });

  it('answers an exchange we do not list with the 404 page, and the API with 404 JSON', async () => {
    const response = await fetch(`${server.url}/exchanges/notanexchange`);
    expect(response.status).toBe(404);
    const page = await open('/en/exchanges/notanexchange');
    await expect.poll(() => page.getByTestId('not-found').isVisible()).toBe(true);
    const api = await fetch(`${server.url}/api/v1/front/exchanges/notanexchange/info`, {
      headers: { 'accept-language': 'en' },
    });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({
      error: 'unknown_exchange',
      message: 'Unknown exchange "notanexchange".',
    });
    await page.context().close();
  });

  it('links each venue of /exchanges to its page, with markets and 24 h volume', async () => {
    const page = await open('/exchanges');
    await expect
      .poll(() => page.getByTestId('exchange-markets-binance').innerText(), { timeout: 30_000 })
      .toMatch(/^\d+$/);
    expect(await page.getByTestId('exchange-volume-binance').innerText()).toMatch(/\$/);
    await page.getByTestId('exchange-link-binance').click();
    await expect
      .poll(() => page.getByTestId('exchange-detail').getAttribute('data-exchange'))
      .toBe('binance');
    await page.context().close();
  });
});

describe('a token’s transfer view in Chromium', () => {
  it('shows USDT’s networks per exchange with health, in Korean at 1280 px', async () => {
    const page = await open('/token/usdt?tab=transfer');
    const upbit = page.getByTestId('transfer-venue-upbit');
    await expect.poll(() => upbit.locator('tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.locator('h2#transfer-title').innerText()).toBe('거래소별 USDT 전송 네트워크');
    expect(await page.locator('[data-testid^="transfer-venue-"]').count()).toBeGreaterThan(5);
    expect(['healthy', 'warning', 'unhealthy', 'unknown']).toContain(await upbit.getAttribute('data-health'));
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/wallets-token-usdt-ko-1280.png' });
    await page.context().close();
  });

  it('flags the venue that lists a different token under the ticker, in English on a phone', async () => {
    expect(impostor).not.toBeNull();
    const page = await open(`/en/token/${impostor}?tab=transfer`, 360);
    const bithumb = page.getByTestId('transfer-venue-bithumb');
    await expect
      .poll(() => bithumb.getByTestId('transfer-different-token').isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await bithumb.getByTestId('transfer-different-token').innerText()).toContain(
      'Different token under this ticker than on',
    );
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/wallets-token-impostor-en-360.png' });
    // The premium table marks its rows and never ranks them as an opportunity.
    const api = (await (
      await fetch(`${server.url}/api/v1/front/premium?search=${impostor}&limit=50`)
    ).json()) as {
      data: { source: { exchange: string }; tokenMismatch: boolean; transfer: { state: string | null } }[];
    };
    const flagged = api.data.filter((r) => r.source.exchange === 'bithumb');
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.every((r) => r.tokenMismatch && r.transfer.state === null)).toBe(true);
    await page.context().close();
  });
});

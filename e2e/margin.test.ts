import type {
  LiquidationsResponse,
  MarginBorrowResponse,
  OpenInterestResponse,
} from '@spreadscope/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { writeDerivativesTape } from './support/derivatives-tape.ts';
import { phoneFit } from './support/phone-fit.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const tape = await writeDerivativesTape();
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: `replay:${tape}`, REPLAY_SPEED: '0' }),
    launchChromium(),
  ]);
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${server.url}/api/v1/front/exchanges/connection`);
    const body = (await res.json()) as { dataSource: { reason: string | null } };
    if (body.dataSource.reason?.startsWith('tape ended')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The desk writes its rows every few seconds: wait until the history the charts read is there.
  for (let i = 0; i < 100; i++) {
    const oi = await api<OpenInterestResponse>('/open-interest?base=BTC&window=1h&interval=1m');
    if (oi.history.length >= 3) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/front${path}`);
  return (await res.json()) as T;
}

async function open(path: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

describe('margin borrow view in Chromium', () => {
  it('shows every venue’s base-level rate as the API gives it, all VIP levels on request, and the fee tiers (ko, 1280)', async () => {
    const page = await open('/token/btc/margin-borrow', 1280);
    const table = page.getByTestId('margin-table');
    await table.waitFor({ timeout: 30_000 });
    const body = await api<MarginBorrowResponse>('/margin-borrow?asset=BTC');
    const venues = new Set(body.data.map((r) => r.exchange));
    expect(venues.size).toBeGreaterThanOrEqual(5);
    // One row per venue and margin type at the base level.
    expect(await table.locator('tbody tr').count()).toBe(venues.size);
    const bybit = body.data.find((r) => r.exchange === 'bybit');
    expect(await page.getByTestId('margin-row-bybit').getByTestId('margin-annual').innerText()).toContain(
      `${((bybit?.annualRate ?? 0) * 100).toFixed(2)}%`,
    );
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('BTC 마진 대출 이자율');
    await page.getByTestId('levels-all').click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(body.data.length);
    expect(new URL(page.url()).searchParams.get('levels')).toBe('all');

    const fees = page.getByTestId('fees-binance');
    await fees.waitFor();
    expect(await fees.getByTestId('fees-table-spot').locator('tbody tr').first().innerText()).toContain(
      '0.1%',
    );
    await page.getByTestId('fees-exchange').selectOption('okx');
    await page.getByTestId('fees-okx').getByTestId('fees-table-perp').waitFor();
    // The previous venue's rows stay on screen until OKX's arrive (kept while loading): wait for them.
    await expect
      .poll(() =>
        page.getByTestId('fees-okx').getByTestId('fees-table-perp').locator('tbody tr').first().innerText(),
      )
      .toMatch(/Lv1\s+0\.02%\s+0\.05%/);
    await page.screenshot({ path: '/tmp/margin-borrow-ko-1280.png', fullPage: true });
    await page.context().close();
  });

  it('fits a phone in English, and another token is one search away (en, 360)', async () => {
    const page = await open('/en/token/eth/margin-borrow', 360);
    const table = page.getByTestId('margin-table');
    await table.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('ETH margin borrow rates');
    const fit = await phoneFit(table);
    expect(fit).toEqual({ pageOverflow: 0, tableOverflow: 0, cellsPast: [] });
    await page.getByTestId('fees-binance').waitFor();
    expect(await phoneFit(page.getByTestId('fees-table-perp'))).toEqual({
      pageOverflow: 0,
      tableOverflow: 0,
      cellsPast: [],
    });
    await page.getByTestId('margin-asset').fill('sol');
    await page.getByTestId('margin-asset').press('Enter');
    await page.waitForURL(/\/en\/token\/SOL\/margin-borrow/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('SOL margin borrow rates');
    await page.screenshot({ path: '/tmp/margin-borrow-en-360.png', fullPage: true });
    await page.context().close();
  });

  it('a token symbol that cannot be one is a not-found page', async () => {
    const page = await open('/token/b$c/margin-borrow', 1280);
    await page.getByTestId('not-found').waitFor({ timeout: 30_000 });
    await page.context().close();
  });
});

describe('open interest and liquidations view in Chromium', () => {
  it('OI per exchange as the API gives it, charts over the chosen range, the live feed (en, 1280)', async () => {
    const page = await open('/en/derivatives', 1280);
    const table = page.getByTestId('oi-table');
    await table.waitFor({ timeout: 30_000 });
    const oi = await api<OpenInterestResponse>('/open-interest?base=BTC&window=24h&interval=15m');
    expect(await table.locator('tbody tr').count()).toBe(oi.venues.length);
    expect(oi.venues.length).toBeGreaterThanOrEqual(5);
    await page.getByTestId('window-1h').click();
    await page.getByTestId('oi-chart').locator('canvas').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('liquidation-chart').locator('canvas').first().waitFor();
    const feed = page.getByTestId('liquidation-feed');
    await feed.waitFor();
    const liq = await api<LiquidationsResponse>('/liquidations?base=BTC&limit=50');
    expect(await feed.locator('tbody tr').count()).toBe(liq.data.length);
    expect(await feed.getByTestId('liquidation-side').first().innerText()).toBe('Long');
    expect(await page.getByTestId('liquidation-stats').innerText()).toContain(
      `${liq.stats.count} liquidations`,
    );
    await page.screenshot({ path: '/tmp/derivatives-en-1280.png', fullPage: true });
    await page.context().close();
  });

  it('fits a phone in Korean and switches token (ko, 360)', async () => {
    const page = await open('/derivatives?base=eth', 360);
    const table = page.getByTestId('oi-table');
    await table.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('ETH 미결제약정·청산');
    expect(await phoneFit(table)).toEqual({ pageOverflow: 0, tableOverflow: 0, cellsPast: [] });
    await page.getByTestId('derivatives-base').fill('BTC');
    await page.getByTestId('derivatives-base').press('Enter');
    const feed = page.getByTestId('liquidation-feed');
    await feed.waitFor({ timeout: 15_000 });
    expect(await phoneFit(feed)).toEqual({ pageOverflow: 0, tableOverflow: 0, cellsPast: [] });
    expect(await feed.getByTestId('liquidation-side').first().innerText()).toBe('롱');
    await page.screenshot({ path: '/tmp/derivatives-ko-360.png', fullPage: true });
    await page.context().close();
  });
});

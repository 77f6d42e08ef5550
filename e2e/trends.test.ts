import type { TelegramOverviewResponse } from '@spreadscope/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { phoneFit } from './support/phone-fit.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: '40' }),
    launchChromium(),
  ]);
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

describe('trend screens in Chromium on a fresh simulated install', () => {
  it('overview: totals, mention ranking and channels, labelled simulated (ko, 1280)', async () => {
    const page = await open('/trend', 1280);
    await page.getByTestId('trend-totals').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('trend-simulated').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('텔레그램 개요');
    const body = await api<TelegramOverviewResponse>('/telegram/channels/overview');
    await expect.poll(() => page.getByTestId('channel-row').count()).toBe(body.channels.length);
    expect(body.channels.length).toBeGreaterThanOrEqual(8);
    await expect.poll(() => page.getByTestId('mention-row').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('trend-source-naver').getAttribute('data-state')).toBe('simulated');
    // The 1 h window re-asks the ranking and keeps the choice in the address.
    await page.getByTestId('trend-window-7d').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('window')).toBe('7d');
    await page.context().close();
  });

  it('overview at 360: totals and the channel table fit the phone without sideways scrolling (ko)', async () => {
    const page = await open('/trend/overview', 360);
    const table = page.getByTestId('channel-table');
    await table.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('channel-row').count()).toBeGreaterThanOrEqual(8);
    expect(await phoneFit(table)).toEqual({ pageOverflow: 0, tableOverflow: 0, cellsPast: [] });
    expect(await phoneFit(page.getByTestId('mention-table'))).toMatchObject({
      pageOverflow: 0,
      cellsPast: [],
    });
    await page.context().close();
  });

  it('channels → channel detail, and a channel not followed says so (en, 1280)', async () => {
    const page = await open('/en/trend/channels', 1280);
    await page.getByTestId('channel-table').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Channels');
    await page.getByTestId('channel-category').selectOption('english');
    await expect.poll(() => page.getByTestId('channel-row').count()).toBe(2);
    await page.getByTestId('channel-row').first().getByRole('link').click();
    await page.getByTestId('channel-stats').waitFor();
    expect(page.url()).toMatch(/\/en\/trend\/channel\/sim_/);
    await expect.poll(() => page.getByTestId('trend-post').count()).toBeGreaterThan(0);
    const missing = await open('/en/trend/channel/nobody_here', 1280);
    await missing
      .getByText('This channel is not on the list of channels we follow.')
      .waitFor({ timeout: 30_000 });
    await page.context().close();
    await missing.context().close();
  });

  it('posts filtered by token show only posts naming it (ko, 360, nothing off screen)', async () => {
    const page = await open('/trend/posts', 360);
    await page.getByTestId('trend-posts').waitFor({ timeout: 30_000 });
    await page.getByTestId('post-token').fill('btc');
    await page.getByTestId('post-apply').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('token')).toBe('BTC');
    await expect
      .poll(async () => {
        const chips = await page
          .getByTestId('trend-post')
          .evaluateAll((cards) =>
            cards.map((card) => [...card.querySelectorAll('.trend-chip')].map((c) => c.textContent)),
          );
        return chips.length > 0 && chips.every((tokens) => tokens.includes('BTC'));
      })
      .toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('Naver search: rising ranking and the picked token’s chart, at 360 without sideways scrolling (en)', async () => {
    const page = await open('/en/trend/naver-search', 360);
    const table = page.getByTestId('rising-table');
    await table.waitFor({ timeout: 30_000 });
    await page.getByTestId('trend-chart').waitFor({ timeout: 30_000 });
    const second = page.getByTestId('rising-row').nth(1);
    const symbol = (await second.getByRole('button').textContent()) ?? '';
    await second.getByRole('button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('symbol')).toBe(symbol);
    await expect
      .poll(async () => page.locator('main').getByRole('heading', { level: 2 }).first().textContent())
      .toContain(symbol);
    const fit = await phoneFit(table);
    expect(fit).toEqual({ pageOverflow: 0, tableOverflow: 0, cellsPast: [] });
    await page.getByTestId('trend-engine-google').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('engine')).toBe('google');
    await page.context().close();
  });
});

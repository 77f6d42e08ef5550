import type { TokensResponse } from '@spreadscope/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { MAJORS_BACKFILL, type ServerProcess, startServerProcess } from './support/server-process.ts';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: '40', ...MAJORS_BACKFILL }),
    launchChromium(),
  ]);
  // The simulator quotes its first markets within a second or two of start.
  for (let i = 0; i < 150; i++) {
    if ((await api<TokensResponse>('/tokens?limit=1')).total > 10) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Polls the real condition with room for a loaded machine (a route's chunk, a refetch). */
const poll = <T>(read: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(read, { timeout: options.timeout ?? 15_000 });

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/front${path}`);
  return (await res.json()) as T;
}

async function open(path: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

const TABS = [
  'price',
  'premium',
  'arbitrage',
  'funding-rate',
  'trend',
  'notice',
  'transfer',
  'event',
  'listing-arbitrage',
  'margin-borrow',
] as const;

/** What a tab panel shows once its data (or its honest "nothing here") has arrived: never blank, never loading. */
async function settledPanelText(page: Page): Promise<string> {
  const panel = page.getByTestId('token-tab-panel');
  let text = '';
  await poll(
    async () => {
      text = (await panel.innerText()).trim();
      return text.length > 20 && !/불러오는 중|Loading|검색 중/.test(text);
    },
    { timeout: 30_000 },
  ).toBe(true);
  return text;
}

describe('token list in Chromium', () => {
  it('lists every token like the API, sorts by a column and finds 비트코인 by its Korean name (ko, 1280)', async () => {
    const page = await open('/token', 1280);
    await page.getByTestId('token-row-BTC').waitFor({ timeout: 30_000 });
    const body = await api<TokensResponse>('/tokens?limit=10000');
    await poll(() => page.getByTestId('token-count').innerText()).toBe(`토큰 ${body.total}개`);
    // The trend rank column reads the Telegram mention ranking: the note about a missing source is gone.
    expect(await page.getByTestId('token-trend-note').count()).toBe(0);

    await page.getByTestId('token-sort-percent_change_24h').click();
    await poll(() => new URL(page.url()).searchParams.get('sort')).toBe('percent_change_24h');
    // The rows on screen follow the new order once its answer arrives (the old one stays while it loads).
    await poll(async () => {
      const values = (await page.getByTestId('token-change').allInnerTexts())
        .filter((c) => c !== '—')
        .map((c) => Number.parseFloat(c));
      return values.length > 3 && values.every((v, i) => i === 0 || (values[i - 1] as number) >= v);
    }).toBe(true);

    await page.getByTestId('token-search').fill('비트코인');
    await poll(() => page.locator('[data-testid^="token-row-"]').first().getAttribute('data-testid')).toBe(
      'token-row-BTC',
    );
    await page.getByTestId('token-search').fill('qqqzzzxxx');
    await poll(() => page.getByTestId('token-empty').innerText()).toBe('검색 결과가 없습니다.');
    await page.context().close();
  });

  it('keeps only the rows in view in the DOM and fits a phone (en, 360)', async () => {
    const page = await open('/en/token', 360);
    await page.getByTestId('token-row-BTC').waitFor({ timeout: 30_000 });
    const total = (await api<TokensResponse>('/tokens?limit=1')).total;
    const rendered = await page.locator('[data-testid^="token-row-"]').count();
    expect(rendered).toBeLessThan(total);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe('token detail in Chromium', () => {
  for (const [language, width] of [
    ['ko', 1280],
    ['en', 360],
  ] as const) {
    it(`renders every one of the ten tabs with content, deep-linked by ?tab= (${language}, ${width})`, async () => {
      const prefix = language === 'en' ? '/en' : '';
      const page = await open(`${prefix}/token/BTC`, width);
      await page.getByTestId('token-facts').waitFor({ timeout: 30_000 });
      expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe('BTC');
      for (const tab of TABS) {
        await page.getByTestId(`token-tab-${tab}`).click();
        await poll(() => new URL(page.url()).searchParams.get('tab'), { timeout: 15_000 }).toBe(tab);
        await poll(() => page.getByTestId(`token-tab-${tab}`).getAttribute('aria-current')).toBe('page');
        const text = await settledPanelText(page);
        expect(text, tab).not.toMatch(/notTranslated|번역되지|not yet translated/i);
      }
      // The trend tab lists the (simulated) Telegram posts naming the token, and links to all of them.
      await page.goto(`${server.url}${prefix}/token/BTC?tab=trend`);
      await page.getByTestId('token-trend-all').waitFor({ timeout: 30_000 });
      await poll(() => page.getByTestId('token-trend-tab').innerText(), { timeout: 30_000 }).toContain('BTC');
      // The price tab draws candles.
      await page.goto(`${server.url}${prefix}/token/BTC?tab=price`);
      await page.getByTestId('token-price-chart').waitFor({ timeout: 30_000 });
      await page.context().close();
    });
  }

  it('answers an unknown token with the 404 page and HTTP 404', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/token/NOPECOIN`);
    expect(response?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('global search palette in Chromium, keyboard only', () => {
  for (const [language, width] of [
    ['ko', 1280],
    ['en', 360],
  ] as const) {
    it(`opens with / and Ctrl-K, finds BTC by Korean name and initials, says "No results found.", filters to Naver search (${language}, ${width})`, async () => {
      const prefix = language === 'en' ? '/en' : '';
      const page = await open(`${prefix}/token`, width);
      await page.getByTestId('token-row-BTC').waitFor({ timeout: 30_000 });

      await page.keyboard.press('/');
      const input = page.getByTestId('search-input');
      await poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('ㅂㅌㅋㅇ');
      const firstHit = page.getByTestId('search-group-premium').getByTestId('search-hit').first();
      await poll(() => firstHit.innerText(), { timeout: 15_000 }).toContain('BTC');
      await poll(() => page.getByTestId('search-results').getAttribute('data-q')).toBe('ㅂㅌㅋㅇ');
      await page.keyboard.press('ArrowDown');
      await poll(() => input.getAttribute('aria-activedescendant')).toMatch(/-0$/);
      await page.keyboard.press('Enter');
      // The router changes the URL once the next page's chunk has loaded: allow for a loaded machine.
      await poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe(`${prefix}/premium/upbit-btc`);

      await page.keyboard.press('Control+k');
      await poll(() => page.getByTestId('search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(
        true,
      );
      await page.keyboard.press('Control+a');
      await page.keyboard.type(language === 'en' ? 'bitcoin' : '비트코인');
      await poll(
        () => page.getByTestId('search-group-funding-rate').getByTestId('search-hit').first().innerText(),
        {
          timeout: 15_000,
        },
      ).toContain('BTC');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('qqqzzzxxx');
      await poll(() => page.getByTestId('search-empty').innerText(), { timeout: 15_000 }).toBe(
        language === 'en' ? 'No results found.' : '검색 결과가 없습니다.',
      );
      // Naver search: the tokens with a (here simulated) Naver search-interest series, a group of its own.
      await page.keyboard.press('Control+a');
      await page.keyboard.type(language === 'en' ? 'bitcoin' : '비트코인');
      const naver = page.getByTestId('search-group-naver-search');
      await poll(() => naver.getByTestId('search-hit').first().innerText()).toContain('BTC');
      expect(await naver.innerText()).toContain(language === 'en' ? 'Naver search' : '네이버 검색');
      // The type filter by keyboard: Tab to it, arrows to "Naver search" (all, premium, funding, 2 × Telegram).
      await page.keyboard.press('Tab');
      const typeSelect = page.getByTestId('search-type');
      await poll(() => typeSelect.evaluate((el) => el === document.activeElement)).toBe(true);
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
      await poll(() => typeSelect.inputValue()).toBe('naver-search');
      const shownGroups = () =>
        page
          .locator('[data-testid^="search-group-"]')
          .evaluateAll((groups) => groups.map((g) => g.getAttribute('data-testid')));
      await poll(shownGroups).toEqual(['search-group-naver-search']);
      expect(await page.getByTestId('search-unavailable').count()).toBe(0);
      await page.keyboard.press('Escape');
      await poll(() => page.getByTestId('search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(
        false,
      );
      // Opened again, the palette keeps the text and the type: Enter opens the token's Naver trend.
      await page.keyboard.press('Control+k');
      await poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowDown');
      await poll(() => input.getAttribute('aria-activedescendant')).toMatch(/-0$/);
      await page.keyboard.press('Enter');
      await poll(
        () => {
          const url = new URL(page.url());
          return `${url.pathname}${url.search}`;
        },
        { timeout: 20_000 },
      ).toBe(`${prefix}/trend/naver-search?symbol=BTC`);
      await poll(() => page.locator('#trend-chart-title').innerText(), { timeout: 20_000 }).toContain('BTC');
      await page.context().close();
    });
  }
});

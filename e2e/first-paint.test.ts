import { formatPercent } from '@spreadscope/core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { phoneFit } from './support/phone-fit.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * Issue 11's first screen: /premium comes drawn by the server (the page's own components rendered to HTML from
 * the table the page carries), so a phone shows the table before any script has run; the app then replaces the
 * drawing with the live page, which takes input.
 */

const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
};

interface BootRow {
  readonly id: string;
  readonly gapPercent?: number | null;
}

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServerProcess({ MARKET_SOURCE: 'sim' }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The rows the page carries for its scripts, and the rows drawn, as the page holds them. */
async function drawnAndCarried(page: Page) {
  return page.evaluate(() => {
    const boot = JSON.parse(document.getElementById('ss-boot')?.textContent ?? '{}') as {
      table?: { data: { data: BootRow[] } };
    };
    return {
      carried: boot.table?.data.data ?? [],
      drawn: [...document.querySelectorAll('tr[data-row-id]')].map((row) => ({
        id: row.getAttribute('data-row-id') ?? '',
        gap: (row.querySelector('[data-testid="gap"]')?.textContent ?? '').trim(),
      })),
    };
  });
}

/** Taken once the server has warmed up (critical-css.ts): from then on every drawn page carries it. */
async function criticalCssKnown(): Promise<void> {
  await expect
    .poll(
      async () => (await (await fetch(`${server.url}/premium`)).text()).includes('rel="preload" as="style"'),
      { timeout: 30_000 },
    )
    .toBe(true);
}

describe('the first paint of /premium', () => {
  it('shows the table with no script at all: the rows the page carries, in their order and figures', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/premium`);
    const { carried, drawn } = await drawnAndCarried(page);
    expect(drawn.length).toBeGreaterThanOrEqual(15);
    expect(drawn.map((row) => row.id)).toEqual(carried.slice(0, drawn.length).map((row) => row.id));
    const byId = new Map(carried.map((row) => [row.id, row]));
    for (const row of drawn) expect(row.gap).toBe(formatPercent(byId.get(row.id)?.gapPercent ?? Number.NaN));
    // Korean, with the page's frame: its title, the simulated-data banner; inert until the app has taken over.
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    expect(await page.locator('h1').first().textContent()).toContain('김프');
    expect(await page.locator('[data-testid="data-source-banner"]').count()).toBe(1);
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    await context.close();
  }, 60_000);

  it('lays a phone out as a phone, in English under /en, with nothing to scroll sideways', async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/en/premium`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('h1').first().textContent()).toContain('Kimchi');
    const { drawn } = await drawnAndCarried(page);
    expect(drawn.length).toBeGreaterThan(5);
    const fit = await phoneFit(page.locator('[data-testid="premium-table"]'));
    expect(fit.pageOverflow).toBeLessThanOrEqual(0);
    expect(fit.cellsPast).toEqual([]);
    await context.close();
  }, 60_000);

  it('keeps a drawing made for another width out of sight, and draws the next visit for the width the browser told', async () => {
    // A laptop's browser in a phone-wide window: nothing says so on the first visit, so it is drawn as a laptop.
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const first = await page.goto(`${server.url}/premium`);
    expect(first?.headers()['accept-ch']).toContain('Sec-CH-Viewport-Width');
    expect(await page.locator('#root').getAttribute('data-drawn-for')).toBe('lg');
    expect((await drawnAndCarried(page)).drawn.length).toBeGreaterThan(5);
    expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility)).toBe('hidden');
    expect(await page.locator('[data-testid^="premium-row-"]').first().isVisible()).toBe(false);
    // Having seen our Accept-CH, the browser tells its width: drawn for a phone, shown, four columns.
    await page.goto(`${server.url}/premium`);
    expect(await page.locator('#root').getAttribute('data-drawn-for')).toBe('sm');
    expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility)).toBe('visible');
    expect(await page.locator('.ptable__head th').count()).toBe(4);
    await context.close();
  }, 60_000);

  it("is kept out of sight for a visitor whose stored choices change the table, and coloured by the page's language", async () => {
    /** The drawing as it stays with the app's code held back: whether it shows, and what <html> was marked with. */
    async function drawing(path: string, stored: Record<string, string>) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, stored);
      const page = await context.newPage();
      await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
      await page.goto(`${server.url}${path}`);
      const seen = await page.evaluate(() => ({
        inert: document.getElementById('root')?.hasAttribute('inert'),
        visibility: getComputedStyle(document.getElementById('root') as HTMLElement).visibility,
        up: document.documentElement.dataset.up,
        marked: document.documentElement.dataset.drawing ?? null,
        rows: document.querySelectorAll('tr[data-row-id]').length,
      }));
      await context.close();
      return seen;
    }
    // With its critical CSS: the app's code held back, the drawing has only the rules the page carries.
    await criticalCssKnown();
    const fresh = await drawing('/premium', {});
    expect(fresh).toMatchObject({ inert: true, visibility: 'visible', up: 'red', marked: null });
    expect(fresh.rows).toBeGreaterThan(5);
    expect(await drawing('/en/premium', {})).toMatchObject({ visibility: 'visible', up: 'green' });
    // The Korean convention chosen on the English page: its colours from the first frame.
    const chosen = JSON.stringify({ language: 'en', colorConvention: 'red-up', theme: 'dark' });
    expect(await drawing('/en/premium', { 'spreadscope.settings.v1': chosen })).toMatchObject({
      visibility: 'visible',
      up: 'red',
    });
    const other = { inert: true, visibility: 'hidden', marked: 'other-settings' };
    const usd = JSON.stringify({ language: 'ko', currency: 'USD' });
    expect(await drawing('/premium', { 'spreadscope.settings.v1': usd })).toMatchObject(other);
    const pinned = JSON.stringify({ pins: ['upbit:BTC/KRW|binance:BTC/USDT'], ownedTokens: [] });
    expect(await drawing('/premium', { 'spreadscope.favorites.v1': pinned })).toMatchObject(other);
    const columns = JSON.stringify({ premium: ['token', 'gap'] });
    expect(await drawing('/premium', { 'spreadscope.columns.v1': columns })).toMatchObject(other);
    // Stored, but as drawn (the defaults): shown.
    const defaults = JSON.stringify({ language: 'ko', currency: 'KRW', theme: 'light' });
    expect(await drawing('/premium', { 'spreadscope.settings.v1': defaults })).toMatchObject({
      visibility: 'visible',
      marked: null,
    });
  }, 60_000);

  it('is replaced by the live page, once, without errors (none from the policy either), which then takes input', async () => {
    await criticalCssKnown();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      if (/\/assets\/[^?]*\.css$/.test(request.url())) stylesheets.push(new URL(request.url()).pathname);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${server.url}/premium`);
    await page.locator('#root:not([inert])').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="premium-table"]').count()).toBe(1);
    expect(await page.locator('.app-shell').count()).toBe(1);
    // The theme was set before the first paint by the script inlined in the page (allowed by its hash), with
    // no request for it: the parser never waited on a file to draw the table.
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(scripts).not.toContain('/theme-boot.js');
    // Route-level splitting (issue 11): the page builds no schema and draws no chart, so neither library loads.
    expect(scripts.filter((path) => /\/assets\/(zod|time-chart)-/.test(path))).toEqual([]);
    // The drawing paints with its inlined rules; the app applied the full stylesheet the head preloaded, whose
    // bytes came once (the link shares the preload's request).
    expect(await page.locator('head > style').count()).toBeGreaterThan(0);
    const styles = await page.evaluate(() => ({
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map(
        (link) => link.href,
      ),
      applied: [...document.styleSheets]
        .filter((sheet) => sheet.href !== null && sheet.cssRules.length > 0)
        .map((sheet) => sheet.href),
    }));
    expect(styles.preloaded.length).toBeGreaterThan(0);
    expect(styles.applied).toEqual(expect.arrayContaining(styles.preloaded));
    expect(stylesheets.length).toBe(new Set(stylesheets).size);
    await page.locator('[data-testid="filter-search"]').fill('BTC');
    // Filtered where it is typed: every row left names BTC, and most rows are gone.
    await expect
      .poll(
        async () => {
          const ids = (await drawnAndCarried(page)).drawn.map((row) => row.id);
          return ids.length > 0 && ids.length <= 3 && ids.every((id) => id.endsWith('-BTC'));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("the first frame's styles", () => {
  /** Where the drawing's frame and first rows are and how they look, with or without the page's stylesheets. */
  async function firstFrame(options: BrowserContextOptions, stylesheets: boolean) {
    const context = await browser.newContext({ ...options, javaScriptEnabled: false });
    const page = await context.newPage();
    if (!stylesheets) await page.route(/\/assets\/[^?]*\.css$/, (route) => route.abort());
    await page.goto(`${server.url}/premium`);
    const frame = await page.evaluate(() =>
      [...document.querySelectorAll('h1, [data-testid="data-source-banner"], th, tr[data-row-id], td')]
        .slice(0, 60)
        .map((element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return [
            element.tagName,
            box.x,
            box.y,
            box.width,
            box.height,
            style.fontFamily,
            style.color,
            style.visibility,
          ]
            .map((value) => (typeof value === 'number' ? Math.round(value) : value))
            .join(' ');
        }),
    );
    await context.close();
    return frame;
  }

  it('come with the page: its drawing is laid out and coloured the same before its stylesheets arrive', async () => {
    await criticalCssKnown();
    for (const options of [{ viewport: { width: 1280, height: 800 } }, PHONE]) {
      const styled = await firstFrame(options, true);
      expect(styled.length).toBeGreaterThan(20);
      expect(await firstFrame(options, false)).toEqual(styled);
    }
  }, 90_000);
});

/** Layout shifts whose moved nodes include a table row, and the rows in view by where they are on screen. */
const WATCH_SHIFTS = `
window.rowShifts = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.sources.some((source) => source.node instanceof Element && source.node.closest('tr[data-row-id]'))) {
      window.rowShifts += entry.value;
    }
  }
}).observe({ type: 'layout-shift', buffered: true });
`;

interface RowOnScreen {
  readonly id: string;
  readonly top: number;
  readonly rowIndex: number;
}

describe('the typeface', () => {
  it('comes from the machine where it is installed: a Korean phone downloads no font file', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto(`${server.url}/premium`);
    await page.locator('#root:not([inert]) tr[data-row-id]').first().waitFor({ timeout: 30_000 });
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family);
    });
    // This machine has Noto Sans CJK KR (fonts-noto-cjk), the typeface our web font is the Korean subset of.
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.every((family) => family.includes('Noto Sans KR Installed'))).toBe(true);
    expect(fonts).toEqual([]);
    // Drawn in it: the page's heading is Korean text in the installed face.
    const heading = await page
      .locator('h1')
      .first()
      .evaluate((h1) => getComputedStyle(h1).fontFamily);
    expect(heading.startsWith('"Noto Sans KR Installed"')).toBe(true);
    await context.close();
  }, 60_000);
});

describe('the live table while it re-sorts', () => {
  it('moves its rows without a layout shift, each row where its place in the order says', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_SHIFTS });
    await page.goto(`${server.url}/premium`);
    await page.locator('#root:not([inert]) tr[data-row-id]').first().waitFor({ timeout: 30_000 });
    const rowsOnScreen = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('tbody tr[data-row-id]')]
          .map((row) => ({
            id: row.getAttribute('data-row-id') ?? '',
            top: row.getBoundingClientRect().top,
            rowIndex: Number(row.getAttribute('aria-rowindex')),
          }))
          .sort((a, b) => a.top - b.top),
      );
    // The simulator's market moves: watch until rows have changed places several times.
    let before: RowOnScreen[] = await rowsOnScreen();
    let moves = 0;
    for (let i = 0; i < 150 && moves < 3; i++) {
      await page.waitForTimeout(200);
      const now: RowOnScreen[] = await rowsOnScreen();
      const placeBefore = new Map(before.map((row, at) => [row.id, at]));
      if (now.some((row, at) => placeBefore.has(row.id) && placeBefore.get(row.id) !== at)) moves++;
      // On screen, the rows follow their order with no gap and no overlap.
      const height = (now[1]?.top ?? 0) - (now[0]?.top ?? 0);
      expect(height).toBeGreaterThan(20);
      now.forEach((row, at) => {
        expect(row.rowIndex).toBe((now[0]?.rowIndex ?? 0) + at);
        expect(Math.abs(row.top - ((now[0]?.top ?? 0) + at * height))).toBeLessThan(1);
      });
      before = now;
    }
    expect(moves).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate('window.rowShifts')).toBeLessThan(0.005);
    await context.close();
  }, 60_000);
});

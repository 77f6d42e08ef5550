import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axisLabelBands, cutAxisLabels } from './support/axis-labels.ts';
import { phoneFit } from './support/phone-fit.ts';
import { type ReplayMarket, startReplayMarket } from './support/replay-market.ts';
import { MAJORS_BACKFILL, startServerProcess } from './support/server-process.ts';

/** What a trader trips over in the built screens (issue 19, item 12), each at the viewport it was seen at. */
let market: ReplayMarket;

beforeAll(async () => {
  market = await startReplayMarket();
});

afterAll(async () => {
  await market?.close();
});

async function box(page: Page, testId: string) {
  const found = await page.getByTestId(testId).first().boundingBox();
  if (!found) throw new Error(`${testId} has no box`);
  return found;
}

describe('the screens a trader keeps open', () => {
  it('words durations in Korean on a Korean page, and names every venue in Korean letters', async () => {
    const page = await market.open('/exchanges', { width: 1280 });
    const upbit = page.getByTestId('exchange-row-upbit');
    await upbit.waitFor({ timeout: 30_000 });
    await expect.poll(() => upbit.innerText()).toMatch(/\d+초 전/);
    const text = await page.getByTestId('exchanges-page').innerText();
    // "2m 24s", "0s 전": an English unit after a number.
    expect(text).not.toMatch(/\d+\s?[smhd]\b/);
    expect(await page.getByTestId('exchange-row-korbit').innerText()).toContain('코빗');
    expect(await page.getByTestId('exchange-row-kbit').innerText()).toContain('케이비트');
    expect(text).not.toMatch(/Kbit|Korbit/);
    await page.context().close();
  });

  it('pads /exchanges like every page and lines up its tables, at 1280', async () => {
    const page = await market.open('/exchanges', { width: 1280 });
    await page.getByTestId('exchange-row-binance').waitFor({ timeout: 30_000 });
    const layout = await page.getByTestId('exchanges-page').evaluate((root) => {
      const main = root.closest('main')?.getBoundingClientRect();
      const tables = [...root.querySelectorAll('table.exchange-table')];
      const headerLefts = tables.map((table) =>
        [...table.querySelectorAll('thead th')].map((th) => Math.round(th.getBoundingClientRect().left)),
      );
      // Within a row, every cell starts at the same height (the row's border runs straight across).
      const crooked = [...root.querySelectorAll('table.exchange-table tbody tr')].filter((row) => {
        const tops = [...row.children].map((cell) => Math.round(cell.getBoundingClientRect().top));
        return new Set(tops).size > 1;
      }).length;
      const first = root.querySelector('h1')?.getBoundingClientRect();
      return {
        leftPad: (first?.left ?? 0) - (main?.left ?? 0),
        headerLefts,
        crooked,
      };
    });
    expect(layout.leftPad).toBeGreaterThanOrEqual(12);
    expect(layout.headerLefts).toHaveLength(2);
    expect(layout.headerLefts[1]).toEqual(layout.headerLefts[0]);
    expect(layout.crooked).toBe(0);
    await page.context().close();
  });

  it("fits a token's funding on an English phone, 'Next in' included, at 360", async () => {
    const page = await market.open('/en/funding-rate/BTC', { width: 360 });
    const table = page.getByTestId('funding-markets');
    await table.waitFor({ timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    expect(await phoneFit(table)).toEqual({ pageOverflow: 0, tableOverflow: 0, cellsPast: [] });
    expect(await table.locator('thead').innerText()).toContain('Next in');
    await page.context().close();
  });

  it('draws no axis label of the premium index charts cut by their top or bottom edge, at 1280', async () => {
    // The replayed tape is shorter than a minute, so it has no index history to chart; a simulated market's
    // back-filled day gives it one.
    const sim = await startServerProcess({ MARKET_SOURCE: 'sim', ...MAJORS_BACKFILL });
    try {
      const context = await market.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      for (const view of ['/premium-index', '/en/premium-index', '/premium-index?conversionBase=USDT']) {
        await page.goto(`${sim.url}${view}`);
        for (const id of ['index-chart', 'index-price-chart']) {
          const chart = page.getByTestId(id);
          await chart.waitFor({ timeout: 100_000 });
          await expect
            .poll(async () => (await cutAxisLabels(chart)).axes, { timeout: 10_000 })
            .toBeGreaterThan(0);
          // Two more frames, so the labels are painted.
          for (let frame = 0; frame < 2; frame++) {
            await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
          }
          const cut = await cutAxisLabels(chart);
          expect({ view, id, top: cut.top, bottom: cut.bottom }).toEqual({ view, id, top: 0, bottom: 0 });
        }
      }
      await context.close();
    } finally {
      await sim.stop();
    }
  }, 180_000);

  it('tells a visitor why the charts of a DEX market are empty instead of loading forever', async () => {
    const page = await market.open('/premium/hyperliquid-btc', { width: 1280 });
    const header = page.getByTestId('detail-header-error');
    await header.waitFor({ timeout: 30_000 });
    for (const id of ['detail-price-chart-blocked', 'detail-gap-chart-blocked']) {
      await expect.poll(() => page.getByTestId(id).innerText(), { timeout: 10_000 }).toContain('로그인');
    }
    // The overview and wallet cards answer on their own requests: each must settle too, not only the charts.
    await expect.poll(() => page.getByText('불러오는 중').count(), { timeout: 15_000 }).toBe(0);
    expect(await header.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe('/signup');
    await page.context().close();
  });

  it('opens real terms and privacy pages from sign-up and from the footer, in either language', async () => {
    const page = await market.open('/signup', { width: 360 });
    await page.getByTestId('signup-page').waitFor({ timeout: 30_000 });
    const terms = page.getByTestId('signup-page').getByRole('link', { name: '이용약관', exact: true });
    expect(await terms.getAttribute('href')).toBe('/terms');
    await page.goto(`${market.server.url}/terms`);
    await page.getByTestId('legal-terms').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('not-found').count()).toBe(0);
    expect(await page.locator('h1').innerText()).toBe('이용약관');
    // The footer of every page links both, in the page's language.
    await page.getByTestId('footer-privacy').click();
    await page.getByTestId('legal-privacy').waitFor({ timeout: 10_000 });
    expect(await page.locator('h1').innerText()).toBe('개인정보 처리방침');
    await page.goto(`${market.server.url}/en/signup`);
    const privacy = page
      .getByTestId('signup-page')
      .getByRole('link', { name: 'Privacy policy', exact: true });
    expect(await privacy.getAttribute('href')).toBe('/en/privacy');
    await page.goto(`${market.server.url}/en/privacy`);
    await page.getByTestId('legal-privacy').waitFor({ timeout: 10_000 });
    expect(await page.locator('h1').innerText()).toBe('Privacy policy');
    expect(await page.getByTestId('footer-terms').getAttribute('href')).toBe('/en/terms');
    await page.context().close();
  });

  it('does not send a sign-up without the terms and privacy accepted, and says so by the boxes', async () => {
    const page = await market.open('/signup', { width: 360 });
    await page.getByTestId('signup-page').waitFor({ timeout: 30_000 });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/auth/signup')) sent.push(request.url());
    });
    await page.getByTestId('signup-email').fill('trader@example.com');
    await page.getByTestId('signup-password').fill('Horse-battery7!');
    await page.getByTestId('signup-password-confirm').fill('Horse-battery7!');
    await page.getByTestId('signup-submit').click();
    const refusal = page.getByTestId('signup-consent-error');
    await refusal.waitFor({ timeout: 10_000 });
    expect(await refusal.innerText()).toBe('이용약관과 개인정보 처리방침에 동의해 주세요.');
    expect(sent).toEqual([]);
    await page.context().close();
  });

  it("says 'passwords match' under the confirmation, not under the password", async () => {
    const page = await market.open('/signup', { width: 1280 });
    await page.getByTestId('signup-page').waitFor({ timeout: 30_000 });
    await page.getByTestId('signup-password').fill('Horse-battery7!');
    await page.getByTestId('signup-password-confirm').fill('Horse-battery7!');
    const match = await box(page, 'password-match');
    const confirm = await box(page, 'signup-password-confirm');
    expect(match.y).toBeGreaterThan(confirm.y + confirm.height);
    expect(await page.getByText('비밀번호가 일치합니다.').count()).toBe(1);
    await page.context().close();
  });

  it('keeps an unprefixed Korean link in Korean after an English visit', async () => {
    const page = await market.open('/en/premium', { width: 1280 });
    await page.getByTestId('premium-count').waitFor({ timeout: 30_000 });
    await page.goto(`${market.server.url}/funding-rate`);
    await page.waitForFunction(() => document.documentElement.lang === 'ko', null, { timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/funding-rate');
    expect(await page.locator('h1').first().innerText()).toMatch(/[가-힣]/);
    await page.context().close();
  });

  it('keeps the current arbitrage tab whole at 360 with the system font alone (the web font refused)', async () => {
    const page = await market.browser
      .newContext({ viewport: { width: 360, height: 900 } })
      .then((context) => context.newPage());
    // Without the web font the page falls back to the machine's sans-serif (DejaVu Sans on Debian, ~10 % wider).
    // This machine has the typeface installed (fonts-noto-cjk), which the page would take first: a machine
    // without it is the one where the web font matters, so the installed family is struck from the stack.
    await page.route('**/*.woff2', (route) => route.abort());
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.documentElement;
        const stack = getComputedStyle(root).getPropertyValue('--font-sans');
        root.style.setProperty('--font-sans', stack.replace(/"Noto Sans KR Installed",\s*/, ''));
      });
    });
    await page.goto(`${market.server.url}/en/arbitrage/perpetuals`);
    const tab = page.getByTestId('arbitrage-tab-perp-perp');
    await tab.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => {
        const found = await tab.boundingBox();
        return found ? found.x >= 0 && found.x + found.width <= 360 : false;
      })
      .toBe(true);
    const installedUsed = await page.evaluate(() =>
      [...document.fonts].some((face) => face.family.includes('Installed') && face.status === 'loaded'),
    );
    expect(installedUsed).toBe(false);
    await page.context().close();
  });

  it('draws each chart frame afresh: the axis shows one set of labels, not the previous frame under the next', async () => {
    // On the simulator the back-filled day lands under the first live bars, so each chart's range changes after
    // its first frame; a frame not cleared would leave the old scale's labels under the new ones.
    const sim = await startServerProcess({ MARKET_SOURCE: 'sim', ...MAJORS_BACKFILL });
    try {
      const context = await market.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${sim.url}/en/premium/upbit-btc`);
      const ids = ['detail-price-chart', 'detail-gap-chart'];
      for (const id of ids) {
        const chart = page.getByTestId(id);
        await chart.waitFor({ timeout: 60_000 });
        await expect
          .poll(async () => (await axisLabelBands(chart)).length, { timeout: 30_000 })
          .toBeGreaterThan(2);
      }
      // Live updates and the history arriving redraw the axes meanwhile.
      await page.waitForTimeout(6_000);
      const dpr = await page.evaluate(() => window.devicePixelRatio);
      for (const id of ids) {
        const bands = await axisLabelBands(page.getByTestId(id));
        // Every label is the same text height; two labels drawn over each other make a taller run.
        expect(Math.max(...bands) - Math.min(...bands), `${id}: ${bands.join(',')}`).toBeLessThanOrEqual(
          2 * dpr,
        );
      }
      await context.close();
    } finally {
      await sim.stop();
    }
  }, 150_000);
});

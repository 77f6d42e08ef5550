import type { ArbitrageResponse } from '@spreadscope/contracts';
import { formatPercent } from '@spreadscope/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayMarket, startReplayMarket } from './support/replay-market.ts';
import { shownRowCount } from './support/row-count.ts';

let market: ReplayMarket;

beforeAll(async () => {
  market = await startReplayMarket();
});

afterAll(async () => {
  await market?.close();
});

const arbitrage = (kind: string, query: string) =>
  market.api<ArbitrageResponse>(`/arbitrage/${kind}?limit=500&${query}`);

describe('arbitrage tables in Chromium', () => {
  it('opens each table from its tab', async () => {
    const page = await market.open('/arbitrage');
    await page.locator('[data-testid^="premium-row-"]').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('premium-table').getAttribute('data-kind')).toBe('spot-spot');
    await page.getByTestId('arbitrage-tab-spot-perp').click();
    await expect.poll(() => page.getByTestId('premium-table').getAttribute('data-kind')).toBe('spot-perp');
    expect(new URL(page.url()).pathname).toBe('/arbitrage/spot-to-perpetual');
    await page.getByTestId('arbitrage-tab-perp-perp').click();
    await expect.poll(() => page.getByTestId('premium-table').getAttribute('data-kind')).toBe('perp-perp');
    // A perpetual on both legs: the funding columns are offered.
    await page.getByTestId('columns-button').click();
    expect(await page.getByTestId('column-fundingGap').count()).toBe(1);
    await page.context().close();
  });

  it('shows the net gap after fees the API computes for the best row', async () => {
    const page = await market.open('/arbitrage', { width: 1280 });
    await page.locator('[data-testid^="premium-row-"]').first().waitFor({ timeout: 30_000 });
    const api = await arbitrage('spot-spot', 'sort=netGap&order=desc');
    const best = api.body.data.find((row) => !row.stale);
    expect(best).toBeDefined();
    const row = page.locator(`[data-row-id="${best?.id}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('net-gap').innerText()).toBe(
      formatPercent(best?.fees.netGapPercent ?? Number.NaN),
    );
    expect(await row.getByTestId('entry-gap').innerText()).toBe(
      formatPercent(best?.entryGapPercent ?? Number.NaN),
    );
    await page.context().close();
  });

  it('narrows the rows to one buy exchange', async () => {
    const page = await market.open('/arbitrage/spot-to-perpetual');
    await page.locator('[data-testid^="premium-row-"]').first().waitFor({ timeout: 30_000 });
    const api = await arbitrage('spot-perp', 'source=upbit');
    expect(api.body.data.length).toBeGreaterThan(0);
    await page.getByTestId('filter-source').selectOption('upbit');
    // Every row on screen now buys on Upbit, as many rows as the API returns for that filter.
    await expect
      .poll(
        async () => {
          const routes = await page.getByTestId('route').allInnerTexts();
          return routes.length > 0 && routes.every((route) => route.startsWith('업비트 →'));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await shownRowCount(page)).toBe(api.body.data.length);
    await page.context().close();
  });

  it('spot–spot: a minimum gap narrows the rows to what the API returns for it', async () => {
    const page = await market.open('/arbitrage', { width: 1280 });
    await page.locator('[data-testid^="premium-row-"]').first().waitFor({ timeout: 30_000 });
    // A threshold that keeps a few dozen of the thousands of combinations, read from the API itself.
    const top = await arbitrage('spot-spot', 'sort=gap&order=desc');
    const threshold = Number((top.body.data[39]?.gapPercent ?? 0).toFixed(1));
    const filtered = await arbitrage('spot-spot', `minGap=${threshold}`);
    expect(filtered.body.total).toBeLessThan(500);
    expect(filtered.body.total).toBeGreaterThan(0);
    await page.getByTestId('filter-min-premium').fill(String(threshold));
    // The filter reaches the URL after the typing pause, then the rows follow.
    await expect
      .poll(() => new URL(page.url()).searchParams.get('minGap'), { timeout: 15_000 })
      .toBe(String(threshold));
    await expect.poll(() => shownRowCount(page), { timeout: 15_000 }).toBe(filtered.body.total);
    const shown = await page
      .getByTestId('gap')
      .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-value'))));
    expect(shown.length).toBeGreaterThan(0);
    for (const gap of shown) expect(gap).toBeGreaterThanOrEqual(threshold);
    await page.context().close();
  });

  it('spot–perpetual: shows the funding the API computes for the best row', async () => {
    const page = await market.open('/arbitrage/spot-to-perpetual', { width: 1921, height: 1000 });
    await page.locator('[data-testid^="premium-row-"]').first().waitFor({ timeout: 30_000 });
    const api = await arbitrage('spot-perp', 'sort=netGap&order=desc');
    const best = api.body.data.find((row) => !row.stale);
    expect(best).toBeDefined();
    const row = page.locator(`[data-row-id="${best?.id}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('net-gap').innerText()).toBe(
      formatPercent(best?.fees.netGapPercent ?? Number.NaN),
    );
    expect(await row.getByTestId('net-funding').innerText()).toBe(
      formatPercent(best?.funding.annualizedPercent ?? Number.NaN),
    );
    await page.context().close();
  });

  it('perpetual–perpetual: offers only quotes perpetuals have, and a quote filter gives the API rows', async () => {
    const page = await market.open('/arbitrage/perpetuals', { width: 1280 });
    await page.locator('[data-testid^="premium-row-"]').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('filters-more').click();
    const quotes = await page
      .getByTestId('filter-target-quote')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(quotes).not.toContain('KRW');
    expect(quotes).toContain('USDC');
    const usdc = await arbitrage('perp-perp', 'targetQuote=USDC&sort=netGap&order=desc');
    expect(usdc.body.total).toBeGreaterThan(0);
    await page.getByTestId('filter-target-quote').selectOption('USDC');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('targetQuote'), { timeout: 15_000 })
      .toBe('USDC');
    // The previous view (every quote, USDC rows among them) stays on screen until the filtered one arrives:
    // wait until every row shown is one the API returns for USDC.
    const inApi = new Set(usdc.body.data.map((r) => r.id));
    await expect
      .poll(
        async () => {
          const shownIds = await page
            .locator('[data-testid^="premium-row-"]')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id') ?? ''));
          return shownIds.length > 0 && shownIds.every((id) => inApi.has(id));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const best = usdc.body.data.find((row) => !row.stale);
    const row = page.locator(`[data-row-id="${best?.id}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('gap').innerText()).toBe(formatPercent(best?.gapPercent ?? Number.NaN));
    await page.context().close();
  });

  it('reaches rows beyond the first 500 page by page, in the API order', async () => {
    const page = await market.open('/arbitrage', { width: 1280 });
    await page.locator('[data-testid^="premium-row-"]').first().waitFor({ timeout: 30_000 });
    const first = await arbitrage('spot-spot', 'sort=netGap&order=desc&page=1');
    expect(first.body.total).toBeGreaterThan(500);
    await expect
      .poll(() => page.getByTestId('pager-range').innerText(), { timeout: 15_000 })
      .toContain(first.body.total.toLocaleString('ko-KR'));
    const second = await arbitrage('spot-spot', 'sort=netGap&order=desc&page=2');
    const target = second.body.data[0];
    expect(target).toBeDefined();
    expect(await page.locator(`[data-row-id="${target?.id}"]`).count()).toBe(0);
    await page.getByTestId('pager-next').click();
    await page.locator(`[data-row-id="${target?.id}"]`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('pager-range').innerText()).toContain('501');
    expect(await page.getByTestId('pager-page').inputValue()).toBe('2');
    await page.context().close();
  });

  it('on a phone, the gap column shows the net gap the rows are sorted by, as the API computes it', async () => {
    const page = await market.open('/arbitrage', { width: 360 });
    await page.getByTestId('net-gap').first().waitFor({ timeout: 30_000 });
    const api = await arbitrage('spot-spot', 'sort=netGap&order=desc');
    const byId = new Map(api.body.data.map((row) => [row.id, row.fees.netGapPercent]));
    // The raw gap is not in a phone's row any more: a column of it would read out of order.
    expect(await page.getByTestId('gap').count()).toBe(0);
    expect(await page.getByTestId('sort-netGap').innerText()).toContain('순 갭');
    const shown = await page.locator('[data-testid^="premium-row-"]').evaluateAll((rows) =>
      rows.map((row) => {
        const cell = row.querySelector('[data-testid="net-gap"]');
        return {
          id: row.getAttribute('data-row-id') ?? '',
          value: Number(cell?.getAttribute('data-value')),
          text: cell?.textContent ?? '',
        };
      }),
    );
    expect(shown.length).toBeGreaterThan(5);
    for (const [i, row] of shown.entries()) {
      expect(byId.get(row.id)).toBe(row.value);
      expect(row.text).toBe(formatPercent(row.value));
      if (i > 0) expect(row.value).toBeLessThanOrEqual(shown[i - 1]?.value ?? Number.NaN);
    }
    await page.context().close();
  });

  it("on a phone, shows the current table's tab whole in its sideways-scrolling row", async () => {
    const page = await market.open('/en/arbitrage/perpetuals', { width: 360 });
    const tab = page.getByTestId('arbitrage-tab-perp-perp');
    await tab.waitFor({ timeout: 30_000 });
    // The row scrolls again once the web font has replaced the fallback one, whose widths differ.
    await page.evaluate(() => document.fonts.ready);
    await expect
      .poll(async () => {
        const box = await tab.boundingBox();
        return box ? [box.x >= 0, box.x + box.width <= 360] : null;
      })
      .toEqual([true, true]);
    await page.context().close();
  });

  it('on a phone, names every route (buy → sell exchange) whole under its token, in Korean', async () => {
    const page = await market.open('/arbitrage/perpetuals', { width: 360 });
    const routes = page.getByTestId('route');
    await routes.first().waitFor({ timeout: 30_000 });
    const cut = await routes.evaluateAll((all) =>
      all.filter((route) => route.scrollWidth > route.clientWidth).map((route) => route.textContent),
    );
    expect(await routes.count()).toBeGreaterThan(5);
    expect(cut).toEqual([]);
    await page.context().close();
  });
});

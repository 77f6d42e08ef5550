import type { FundingLatestResponse, FundingTokenResponse } from '@spreadscope/contracts';
import { formatCompact, formatPercent, formatPrice } from '@spreadscope/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFit } from './support/phone-fit.ts';
import { type ReplayMarket, startReplayMarket } from './support/replay-market.ts';

let market: ReplayMarket;

beforeAll(async () => {
  market = await startReplayMarket();
});

afterAll(async () => {
  await market?.close();
});

describe('funding screens in Chromium', () => {
  it('lists funding rates equal to the API and narrows them by funding interval', async () => {
    const page = await market.open('/funding-rate', { width: 1280 });
    await page.locator('[data-testid^="funding-row-"]').first().waitFor({ timeout: 30_000 });
    const api = await market.api<FundingLatestResponse>('/funding-rate/latest?limit=500');
    const first = api.body.data[0];
    expect(first).toBeDefined();
    const row = page.getByTestId(`funding-row-${first?.symbol}`);
    expect(await row.getByTestId('funding-rate').innerText()).toBe(
      formatPercent(first?.fundingRatePercent ?? 0, 4),
    );

    const eight = await market.api<FundingLatestResponse>('/funding-rate/latest?limit=500&interval=8h');
    await page.getByTestId('funding-interval-8h').click();
    await expect
      .poll(() => page.getByTestId('funding-count').innerText(), { timeout: 15_000 })
      .toContain(String(eight.body.total));
    const intervals = await page.getByTestId('funding-interval').allInnerTexts();
    expect(intervals.length).toBeGreaterThan(0);
    for (const text of intervals) expect(text).toBe('8시간');
    expect(new URL(page.url()).searchParams.get('interval')).toBe('8h');
    await page.context().close();
  });

  it('pages through every perpetual and converts volumes to won with the rate shown', async () => {
    const page = await market.open('/funding-rate', { width: 1280 });
    await page.locator('[data-testid^="funding-row-"]').first().waitFor({ timeout: 30_000 });
    const second = await market.api<FundingLatestResponse>('/funding-rate/latest?limit=500&page=2');
    expect(second.body.total).toBeGreaterThan(500);
    const target = second.body.data.slice(0, 10).find((m) => m.volume24h !== null);
    expect(target).toBeDefined();
    expect(await page.getByTestId(`funding-row-${target?.symbol}`).count()).toBe(0);
    await page.getByTestId('pager-next').click();
    const row = page.getByTestId(`funding-row-${target?.symbol}`);
    await row.waitFor({ timeout: 15_000 });
    // A USDT volume read in won at the page's USDT rate, never a dollar amount in 만 units ("$278만").
    const rate = target?.quoteToken === 'USDC' ? second.body.rates?.usdKrw : second.body.rates?.usdtKrw;
    expect(rate).toBeGreaterThan(0);
    expect(await row.getByTestId('funding-volume').innerText()).toBe(
      formatCompact((target?.volume24h ?? Number.NaN) * (rate ?? Number.NaN), 'KRW', 'ko'),
    );
    await page.context().close();
  });

  it('shows the 24 h heatmap', async () => {
    const page = await market.open('/funding-rate?view=heatmap', { width: 1280 });
    const heatmap = page.getByTestId('funding-heatmap');
    await heatmap.waitFor({ timeout: 30_000 });
    expect(await heatmap.locator('thead th').count()).toBe(25);
    await page.context().close();
  });

  it('opens a token: every exchange with the API rate, and the history ranges', async () => {
    const page = await market.open('/funding-rate/btc', { width: 1280 });
    await page.getByTestId('funding-markets').waitFor({ timeout: 30_000 });
    const api = await market.api<FundingTokenResponse>('/funding-rates/overviewtoken?base=BTC');
    expect(api.body.data.length).toBeGreaterThan(0);
    for (const m of api.body.data) {
      const shown = await page
        .getByTestId(`funding-market-${m.exchange}`)
        .first()
        .getByTestId('funding-rate')
        .innerText();
      expect(shown).toBe(formatPercent(m.fundingRatePercent, 4));
    }
    // Mark prices in the user's currency (KRW by default), converted at the rate the page names.
    const binance = api.body.data.find((m) => m.exchange === 'binance' && m.quoteToken === 'USDT');
    const usdtKrw = api.body.rates?.usdtKrw ?? null;
    expect(binance?.markPrice).not.toBeNull();
    expect(usdtKrw).not.toBeNull();
    expect(
      await page.getByTestId('funding-market-binance').first().getByTestId('funding-mark').innerText(),
    ).toBe(formatPrice((binance?.markPrice ?? Number.NaN) * (usdtKrw ?? Number.NaN), 'KRW', 'ko'));
    expect(await page.getByTestId('conversion-note').innerText()).toContain(
      formatPrice(usdtKrw ?? 0, 'KRW', 'ko'),
    );
    await page.getByTestId('range-30d').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('range'), { timeout: 15_000 }).toBe('30d');
    // The URL changes first; the pressed button follows on the next render.
    await expect
      .poll(() => page.getByTestId('range-30d').getAttribute('aria-pressed'), { timeout: 15_000 })
      .toBe('true');
    await page.context().close();
  });

  it("fits a token's markets on a phone, the interval and mark price tucked under the other cells", async () => {
    const page = await market.open('/funding-rate/btc', { width: 360 });
    const table = page.getByTestId('funding-markets');
    await table.waitFor({ timeout: 30_000 });
    const api = await market.api<FundingTokenResponse>('/funding-rates/overviewtoken?base=BTC');
    const binance = api.body.data.find((m) => m.exchange === 'binance' && m.quoteToken === 'USDT');
    const usdtKrw = api.body.rates?.usdtKrw ?? Number.NaN;
    // Nothing to swipe sideways for: the table is no wider than its card, and every shown cell is on screen.
    expect(await phoneFit(table)).toEqual({ pageOverflow: 0, tableOverflow: 0, cellsPast: [] });
    // Every figure of the row is still on screen, the secondary ones in small type under the essential ones.
    const row = page.getByTestId('funding-market-binance').first();
    const text = await row.innerText();
    expect(text).toContain(formatPercent(binance?.fundingRatePercent ?? Number.NaN, 4));
    expect(text).toContain(formatPercent(binance?.annualizedPercent ?? Number.NaN));
    expect(text).toContain(`${binance?.intervalHours}시간`);
    expect(text).toContain(formatPrice((binance?.markPrice ?? Number.NaN) * usdtKrw, 'KRW', 'ko'));
    await page.context().close();
  });

  it('answers an address that is not a token with a clear page', async () => {
    const page = await market.open('/funding-rate/btc-usdt');
    await page.getByTestId('not-found').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('not-found').innerText()).toContain('/funding-rate/btc');
    await page.context().close();
  });
});

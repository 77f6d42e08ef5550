import type { PremiumIndexResponse } from '@spreadscope/contracts';
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

describe('Kimchi premium index in Chromium', () => {
  it('shows the index and its constituents as the API computes them, for either conversion base', async () => {
    const page = await market.open('/premium-index', { width: 1280 });
    const value = page.getByTestId('index-value');
    await expect.poll(() => value.innerText(), { timeout: 30_000 }).toMatch(/%$/);
    const usd = await market.api<PremiumIndexResponse>('/kimchi-premium-index?conversionBase=USD');
    expect(await value.innerText()).toBe(formatPercent(usd.body.value ?? Number.NaN));
    expect(await page.getByTestId('index-constituents').locator('tbody tr').count()).toBe(
      usd.body.constituents.length,
    );
    // The method reads in Korean on a Korean page, naming the basket the API answered.
    const method = await page.getByTestId('index-method').innerText();
    expect(method).toContain('구성 종목');
    expect(method).toContain(usd.body.constituents.map((c) => c.base).join(', '));
    expect(method).not.toContain('Basket');
    const usdt = await market.api<PremiumIndexResponse>('/kimchi-premium-index?conversionBase=USDT');
    await page.getByTestId('index-base-USDT').click();
    await expect
      .poll(() => value.innerText(), { timeout: 15_000 })
      .toBe(formatPercent(usdt.body.value ?? Number.NaN));
    await page.context().close();
  });

  it('converts the constituents to the chosen currency at the index rate', async () => {
    const page = await market.open('/premium-index', { width: 1280, settings: { currency: 'USD' } });
    await page.getByTestId('index-constituents').waitFor({ timeout: 30_000 });
    // Both prices of a row in dollars, the Korean one converted at the index's own rate: the page follows the
    // API's latest index within a poll.
    const shown = async () => {
      const api = await market.api<PremiumIndexResponse>('/kimchi-premium-index?conversionBase=USD');
      const first = api.body.constituents[0];
      const rate = api.body.conversionRate;
      if (!first || first.koreanPriceKrw === null || rate === null) return 'no quote';
      const row = page.getByTestId(`constituent-${first.base}`);
      const korean = await row.getByTestId('constituent-korean').innerText();
      const overseas = await row.getByTestId('constituent-overseas').innerText();
      return korean === formatPrice(first.koreanPriceKrw / rate, 'USD', 'ko') &&
        overseas === formatPrice(first.overseasPriceUsd ?? Number.NaN, 'USD', 'ko')
        ? 'converted'
        : `${korean} / ${overseas}`;
    };
    await expect.poll(shown, { timeout: 15_000 }).toBe('converted');
    await page.context().close();
  });

  it('fits the constituents on a phone, the volume and weight tucked under the price and the token', async () => {
    const page = await market.open('/premium-index', { width: 360 });
    const table = page.getByTestId('index-constituents');
    await table.waitFor({ timeout: 30_000 });
    expect(await phoneFit(table)).toEqual({ pageOverflow: 0, tableOverflow: 0, cellsPast: [] });
    // Both prices stay in columns of their own; nothing of the row is lost to the narrow screen.
    const api = await market.api<PremiumIndexResponse>('/kimchi-premium-index?conversionBase=USD');
    const first = api.body.constituents[0];
    expect(first).toBeDefined();
    const row = page.getByTestId(`constituent-${first?.base}`);
    const text = await row.innerText();
    expect(text).toContain(formatPercent((first?.weight ?? Number.NaN) * 100, 1).replace('+', ''));
    expect(text).toContain(formatCompact(first?.volume24hKrw ?? Number.NaN, 'KRW', 'ko'));
    expect(await row.getByTestId('constituent-overseas').isVisible()).toBe(true);
    await page.context().close();
  });
});

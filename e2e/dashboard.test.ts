import type { PremiumResponse } from '@spreadscope/contracts';
import { formatPercent } from '@spreadscope/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayMarket, startReplayMarket } from './support/replay-market.ts';
import { signedInPage, signUpActivated } from './support/signed-up.ts';

let market: ReplayMarket;

beforeAll(async () => {
  market = await startReplayMarket();
});

afterAll(async () => {
  await market?.close();
});

const SHOTS = process.env.E2E_SHOTS;
const LOADING = /불러오는 중|Loading/;

/** Every panel has finished its first load: it shows rows or says why it has none, never a spinner. */
async function settled(page: Page, testIds: readonly string[]): Promise<void> {
  for (const id of testIds) {
    const panel = page.getByTestId(id);
    await panel.waitFor({ timeout: 30_000 });
    await expect.poll(() => panel.innerText(), { timeout: 30_000 }).not.toMatch(LOADING);
  }
}

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('dashboard and landing in Chromium', () => {
  it('shows a visitor the live market panels and asks them to sign in for their own, on a phone in Korean', async () => {
    const page = await market.open('/dashboard', { width: 360 });
    await page.getByTestId('dash-visitor').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('내 대시보드');
    await settled(page, ['dash-movers', 'dash-trend', 'dash-notices']);
    // The movers are the token list's biggest 24 h changes, in its order.
    const gainers = await market.api<{ data: { base: string; change24hPercent: number | null }[] }>(
      '/tokens?sort=percent_change_24h&order=desc&limit=5',
    );
    const firstUp = gainers.body.data.find((r) => (r.change24hPercent ?? 0) > 0);
    if (firstUp) {
      expect(await page.getByTestId('dash-gainers').locator('li').first().innerText()).toContain(
        firstUp.base,
      );
    }
    expect(await page.getByTestId('dash-pins').count()).toBe(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-visitor-360.png`, fullPage: true });
    await page.context().close();
  });

  it('shows a signed-in user their pins and owned tokens with the premiums the API gives, in English at 1280', async () => {
    const rows = await market.api<PremiumResponse>('/premium?source=upbit&target=binance&limit=5');
    const pinned = rows.body.data[0];
    expect(pinned).toBeDefined();
    const email = await signUpActivated(market, 'dash');
    const page = await signedInPage(market, '/en/', email, { width: 1280 });
    const api = `${market.server.url}/api/v1`;
    expect((await page.request.post(`${api}/settings/pins`, { data: { key: pinned?.id } })).status()).toBe(
      200,
    );
    const owned = await page.request.put(`${api}/settings/owned-tokens`, {
      data: { tokens: ['BTC', 'ETH'] },
    });
    expect(owned.status()).toBe(200);

    await page.goto(`${market.server.url}/en/dashboard`);
    await settled(page, [
      'dash-pins',
      'dash-owned',
      'dash-alerts',
      'dash-movers',
      'dash-trend',
      'dash-notices',
    ]);
    expect(await page.getByTestId('dash-visitor').count()).toBe(0);
    const pin = page.getByTestId(`dash-pin-${pinned?.base}`);
    expect(await pin.getByTestId('gap').innerText()).toBe(formatPercent(pinned?.gapPercent ?? Number.NaN));
    const btc = await market.api<PremiumResponse>('/premium?source=upbit&target=binance&bases=BTC');
    const btcGap = btc.body.data.find((r) => r.base === 'BTC')?.gapPercent;
    expect(await page.getByTestId('dash-owned-BTC').getByTestId('gap').innerText()).toBe(
      formatPercent(btcGap ?? Number.NaN),
    );
    expect(await page.getByTestId('dash-alerts').innerText()).toContain('No alerts yet.');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });

    // The pinned row opens the premium table on that token.
    await pin.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(pinned?.base);
    await page.context().close();
  });

  it('completes the landing page: hero, Kimchi and trend rankings, products, pricing, partnership and contact', async () => {
    for (const width of [360, 1280]) {
      const page = await market.open('/', { width });
      await settled(page, ['ranking', 'landing-trend']);
      for (const id of ['landing-contact']) await page.getByTestId(id).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('link', { name: '토큰', exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: '소셜 트렌드' }).count()).toBe(1);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/landing-${width}.png`, fullPage: true });
      await page.context().close();
    }
  });
});

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

/** Saves the table's current filters under a name from the keyboard, and makes it a shortcut. */
async function saveAsShortcut(page: Page, name: string): Promise<void> {
  await page.getByTestId('saved-views-open').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('saved-view-name').fill(name);
  await page.keyboard.press('Enter');
  const saved = page.getByTestId('saved-view').filter({ hasText: name });
  await saved.waitFor({ timeout: 10_000 });
  await saved.getByTestId('saved-view-star').click();
  await expect.poll(() => saved.getByTestId('saved-view-star').getAttribute('aria-pressed')).toBe('true');
  await page.keyboard.press('Escape');
}

const minPremium = (page: Page) => new URL(page.url()).searchParams.get('minPremium');

describe('saved table views in Chromium', () => {
  it('a visitor saves filters as a one-click shortcut kept in this browser', async () => {
    const page = await market.open('/premium?minPremium=1.5&search=BTC', { width: 360 });
    await page.getByTestId('premium-table').waitFor({ timeout: 30_000 });
    await saveAsShortcut(page, '큰 김프');
    if (SHOTS) {
      await page.getByTestId('saved-views-open').click();
      await page.screenshot({ path: `${SHOTS}/saved-views-360.png` });
      await page.keyboard.press('Escape');
    }
    // Nothing of the bar pushes the phone page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByTestId('filter-reset').click();
    await expect.poll(() => minPremium(page)).toBeNull();
    await page.reload();
    const chip = page.getByTestId('saved-view-shortcut').filter({ hasText: '큰 김프' });
    await chip.waitFor({ timeout: 30_000 });
    expect(await chip.getAttribute('aria-pressed')).toBe('false');
    await chip.click();
    await expect.poll(() => minPremium(page)).toBe('1.5');
    expect(new URL(page.url()).searchParams.get('search')).toBe('BTC');
    // The chip reads the applied filters, which settle a render after the address.
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('a signed-in user’s presets and shortcuts follow them to another device, per table', async () => {
    const email = await signUpActivated(market, 'views');
    const laptop = await signedInPage(market, '/en/arbitrage?minGap=0.8', email, { width: 1280 });
    await laptop.getByTestId('saved-views').waitFor({ timeout: 30_000 });
    await saveAsShortcut(laptop, 'Wide gaps');
    if (SHOTS) await laptop.screenshot({ path: `${SHOTS}/saved-views-1280.png` });
    await laptop.context().close();

    const phone = await signedInPage(market, '/en/arbitrage', email, { width: 360 });
    const chip = phone.getByTestId('saved-view-shortcut').filter({ hasText: 'Wide gaps' });
    await chip.waitFor({ timeout: 30_000 });
    await chip.click();
    await expect.poll(() => new URL(phone.url()).searchParams.get('minGap')).toBe('0.8');
    // The premium table has its own presets.
    await phone.goto(`${market.server.url}/en/premium`);
    await phone.getByTestId('saved-views').waitFor({ timeout: 30_000 });
    expect(await phone.getByTestId('saved-view-shortcut').count()).toBe(0);
    await phone.getByTestId('saved-views-open').click();
    expect(await phone.getByText('No saved filters yet', { exact: false }).count()).toBe(1);
    await phone.context().close();
  });
});

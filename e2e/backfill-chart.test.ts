import { SIMULATED_VENUE_IDS, SimulatedHistory, TOKEN_UNIVERSE } from '@spreadscope/feeds';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * A fresh install on the simulator: a mid-cap's detail page charts a day at once (the background back-fill),
 * not the one candle of the minutes since start.
 */

const SEED = 5;
const TOKENS = 30;
/** Four venues keep a day of each chosen market to an e2e test's time; the code path is the product's. */
const VENUES = new Set(['upbit', 'bithumb', 'binance', 'bybit']);
const DISABLED = SIMULATED_VENUE_IDS.filter((v) => !VENUES.has(v));

/** The most traded mid-cap (tier 2) on Upbit's KRW and Binance's USDT spot, and its rank by volume. */
function midCap(): { base: string; rank: number } {
  const sim = new SimulatedHistory({
    seed: SEED,
    end: Date.now(),
    minutes: 1,
    tokenLimit: TOKENS,
    disabledVenues: new Set(DISABLED),
  });
  const tier = new Map(TOKEN_UNIVERSE.map((t) => [t.symbol, t.tier]));
  const rank = sim.order.findIndex((token) => {
    const specs = token.instruments.map((i) => sim.spec(i));
    const on = (venue: string, quote: string) =>
      specs.some((s) => s.venue === venue && s.market === 'spot' && s.quote === quote);
    return tier.get(token.symbol) === 2 && on('upbit', 'KRW') && on('binance', 'USDT');
  });
  return { base: sim.order[rank]?.symbol ?? '?', rank };
}

const { base, rank } = midCap();
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  server = await startServerProcess({
    MARKET_SOURCE: 'sim',
    SIM_SEED: String(SEED),
    SIM_TOKENS: String(TOKENS),
    SIM_BACKFILL_TOKENS: String(rank),
    VENUES_DISABLED: DISABLED.join(','),
  });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('back-filled history in Chromium', () => {
  it(`charts a day of ${base} (a mid-cap) on its detail page of a fresh server`, async () => {
    expect(rank).toBeGreaterThan(10);
    // The back-fill lands in the background: wait until the mid-cap's day is stored.
    const api = `${server.url}/api/v1/front/cex/candle?exchange=upbit&base=${base}&interval=15m&limit=300`;
    await expect
      .poll(async () => ((await (await fetch(api)).json()) as { data: unknown[] }).data.length, {
        timeout: 420_000,
        interval: 2_000,
      })
      .toBeGreaterThanOrEqual(96);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/premium/upbit-${base.toLowerCase()}`);
    const price = page.getByTestId('detail-price-chart');
    const gap = page.getByTestId('detail-gap-chart');
    // Fifteen-minute candles over the whole day, for the price and for its Kimchi premium.
    await expect
      .poll(async () => Number(await price.getAttribute('data-points')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(96);
    await expect
      .poll(async () => Number(await gap.getAttribute('data-points')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(96);
    await page.screenshot({ path: `/tmp/backfill-${base}.png` });
    await context.close();
  }, 600_000);
});

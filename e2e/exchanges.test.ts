import { VENUES } from '@spreadscope/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  type FixtureServer,
  serveFixtures,
  UPBIT_ROUTES,
} from '../packages/feeds/src/live/fixtures/fixture-http.ts';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * /exchanges on live feeds: the built product reads Upbit from recorded answers on loopback while Upbit's
 * WebSocket refuses connections, so REST stands in for the stream; kbit has no adapter; every other venue is
 * switched off. What the screen shows must be what happens.
 */

let venue: FixtureServer;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  venue = await serveFixtures(UPBIT_ROUTES);
  const refused = await closedPort();
  const off = VENUES.filter((v) => v.id !== 'upbit' && v.id !== 'kbit').map((v) => v.id);
  [server, browser] = await Promise.all([
    startServerProcess({
      MARKET_SOURCE: 'live',
      VENUES_DISABLED: off.join(','),
      VENUE_UPBIT_URL: venue.url,
      VENUE_UPBIT_WS_URL: `ws://127.0.0.1:${refused}`,
      FOREX_URLS: `${venue.url}/forex`,
      LIVE_POLL_MS: '500',
    }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await venue?.close();
});

async function open(path: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 1000 }, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

describe('/exchanges in Chromium', () => {
  it('shows each venue as the feeds report it, in Korean', async () => {
    const page = await open('/exchanges');
    const upbit = page.getByTestId('exchange-row-upbit');
    await expect.poll(() => upbit.getAttribute('data-status'), { timeout: 30_000 }).toBe('degraded');
    const spot = page.getByTestId('feed-upbit-spot-tickers');
    expect(await spot.getAttribute('data-via')).toBe('rest');
    expect(await spot.innerText()).toContain('REST로 대체 중');
    expect(await page.getByTestId('exchange-problem-upbit').innerText()).toContain(
      '현물 지연 (REST로 대체 중)',
    );
    expect(await page.getByTestId('exchange-row-kbit').getAttribute('data-status')).toBe('unsupported');
    expect(await page.getByTestId('exchange-row-binance').getAttribute('data-status')).toBe('disabled');
    // The capability matrix: streamed with REST behind it; wallet status needs a key nobody set.
    expect(await page.getByTestId('capability-upbit-spot-tickers').innerText()).toBe('WS + REST');
    expect(await page.getByTestId('capability-upbit-wallets').getAttribute('title')).toContain(
      '읽기 전용 API 키 필요',
    );
    // The page agrees with the API it reads.
    const api = (await (await fetch(`${server.url}/api/v1/front/exchanges/connection`)).json()) as {
      venues: { id: string; status: string }[];
    };
    expect(api.venues.find((v) => v.id === 'upbit')?.status).toBe('degraded');
    await page.context().close();
  });

  it('reads in English under /en, on a phone', async () => {
    const page = await open('/en/exchanges', 360);
    await expect
      .poll(() => page.getByTestId('exchange-row-upbit').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('degraded');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Exchange connections');
    expect(await page.getByTestId('exchange-problem-upbit').innerText()).toContain(
      'Spot Delayed (REST standing in)',
    );
    await page.context().close();
  });
});

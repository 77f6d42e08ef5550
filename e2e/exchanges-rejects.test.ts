import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MarketEvent } from '@spreadscope/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * /exchanges says what the gate refused: a replayed tape with a crossed OKX quote and a Bithumb price of
 * 1e300 shows each venue's count in the "Refused" column, and the reason in its tooltip, in Korean and English.
 */

const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);

function tape(): string {
  const q = (
    t: number,
    venue: string,
    quote: string,
    last: number,
    bid: number,
    ask: number,
  ): MarketEvent => ({
    t,
    type: 'quote',
    venue,
    market: 'spot',
    base: 'BTC',
    quote,
    last,
    bid,
    ask,
  });
  const events: MarketEvent[] = [
    { t: T0, type: 'forex', pair: 'USD/KRW', rate: 1400 },
    q(T0 + 1, 'okx', 'USDT', 100_000, 99_990, 100_010),
    q(T0 + 2, 'bithumb', 'KRW', 140_600_000, 140_590_000, 140_610_000),
    q(T0 + 3, 'okx', 'USDT', 100_000, 113_000, 100_000),
    q(T0 + 4, 'bithumb', 'KRW', 1e300, 1e300, 1e300),
    q(T0 + 5, 'okx', 'USDT', 100_010, 100_000, 100_020),
  ];
  const path = join(mkdtempSync(join(tmpdir(), 'spreadscope-rejects-')), 'faults.ndjson');
  writeFileSync(path, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
  return path;
}

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: `replay:${tape()}`, REPLAY_SPEED: '0' }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/exchanges refused events', () => {
  it('counts them per venue, with the reason in the tooltip', async () => {
    for (const [path, crossed, invalid] of [
      ['/exchanges', '매수호가가 매도호가보다 높음 1건', '가격이 아님 1건'],
      ['/en/exchanges', 'bid above ask 1', 'not a price 1'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      const okx = page.getByTestId('exchange-rejects-okx');
      await expect.poll(() => okx.innerText(), { timeout: 30_000 }).toBe('1');
      expect(await okx.locator('abbr').getAttribute('title')).toContain(crossed);
      const bithumb = page.getByTestId('exchange-rejects-bithumb');
      expect(await bithumb.innerText()).toBe('1');
      expect(await bithumb.locator('abbr').getAttribute('title')).toContain(invalid);
      // A venue with nothing refused says so, not zero.
      expect(await page.getByTestId('exchange-rejects-upbit').innerText()).not.toBe('0');
      await context.close();
    }
  });
});

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VENUE_IDS } from '@spreadscope/core';
import { chromium } from 'playwright-core';
import { startServerProcess } from '../e2e/support/server-process.ts';
import { writeResult } from './support/write-result.ts';

/**
 * Announcement ingest to screen: the built product in live mode reads Bybit's notice board from a loopback
 * venue (its real wire format, polled every 5 s, the shortest NOTICE_POLL_MS allows); Chromium has /en/events open. Each round the venue
 * publishes a new announcement; the clock starts when the poll first fetches the page that holds it (the
 * moment "the poll sees it") and stops when its title is on screen. Target: p95 ≤ 2,000 ms.
 */
const ROUNDS = Number(process.env.NOTICES_BENCH_ROUNDS ?? 10);
const fixture = JSON.parse(
  readFileSync(
    new URL('../packages/feeds/src/notices/bybit/fixtures/bybit-notices.json', import.meta.url),
    'utf8',
  ),
);

let published: { title: string; at: number }[] = [];
const seenAt = new Map<string, number>();
const venue = createServer((req, res) => {
  if (req.url?.includes('/v5/announcements/index')) {
    const body = structuredClone(fixture);
    for (const p of published) {
      if (!seenAt.has(p.title)) seenAt.set(p.title, performance.now());
      body.result.list.unshift({
        title: p.title,
        type: { title: 'New Listings', key: 'new_crypto' },
        url: `https://announcements.bybit.com/en/article/${encodeURIComponent(p.title)}/`,
        dateTimestamp: p.at,
      });
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"retCode":10001,"retMsg":"not here"}');
});
await new Promise<void>((resolve) => venue.listen(0, '127.0.0.1', resolve));
const { port } = venue.address() as AddressInfo;

const server = await startServerProcess({
  MARKET_SOURCE: 'live',
  VENUES_DISABLED: VENUE_IDS.filter((v) => v !== 'bybit').join(','),
  VENUE_BYBIT_URL: `http://127.0.0.1:${port}`,
  NOTICE_POLL_MS: '5000',
  LIVE_STREAMS: '0',
  FOREX_URLS: `http://127.0.0.1:${port}/forex`,
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const samples: number[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/en/events`);
  await page.getByTestId('announcements').locator('li').first().waitFor({ timeout: 30_000 });
  for (let round = 0; round < ROUNDS; round++) {
    const title = `Bybit Will List Bench Token ${round} (BENCH${round})`;
    published = [...published, { title, at: Date.now() }];
    await page.getByText(title).waitFor({ timeout: 30_000 });
    const shown = performance.now();
    const seen = seenAt.get(title);
    if (seen !== undefined) samples.push(shown - seen);
    await page.waitForTimeout(300);
  }
} finally {
  await browser.close();
  await server.stop();
  venue.close();
}

samples.sort((a, b) => a - b);
const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
const figures = {
  rounds: samples.length,
  poll_ms: 5000,
  ingest_to_screen_p50_ms: Math.round(at(0.5)),
  ingest_to_screen_p95_ms: Math.round(at(0.95)),
  ingest_to_screen_max_ms: Math.round(samples.at(-1) ?? Number.NaN),
  target_ms: 2000,
  meets_target: at(0.95) <= 2000,
};
console.log('notices-live', figures);
writeResult('notices-live', figures);

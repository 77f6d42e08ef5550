import { readFileSync, writeFileSync } from 'node:fs';
import { PREMIUM_FIRST_SCREEN } from '@spreadscope/contracts';
import { formatPercent } from '@spreadscope/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { writeSimulatedTape } from './support/sim-tape.ts';

/**
 * Issue 11: a first visit to /premium downloads the table once. The page carries the table (inlined); the
 * WebSocket joins from it (`since`, the answer's ETag) and brings only what changed — no REST request for the
 * table, no snapshot — while the market moves, and the table on screen ends where the API says it is.
 * Bytes are counted as Chromium received them (DevTools protocol): the document, REST answers, WebSocket frames.
 */

/** The tokens whose quotes keep moving after the first second of the tape. */
const MOVERS = new Set(['BTC', 'ETH', 'XRP', 'SOL', 'DOGE']);

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  // After its first second only a few tokens move (and the won rate stands still): the page joins a table that changed in a few rows since it
  // was inlined, as on a quiet minute (with every row moving, a snapshot is smaller than the delta and is sent).
  const tape = await writeSimulatedTape(20, 5);
  const lines = readFileSync(tape, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const start = (JSON.parse(lines[0] ?? '{}') as { t: number }).t;
  const kept = lines.filter((line) => {
    const event = JSON.parse(line) as { t: number; type: string; base?: string };
    return event.type === 'meta' || event.t < start + 1_000 || MOVERS.has(event.base ?? '');
  });
  writeFileSync(tape, `${kept.join('\n')}\n`);
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: `replay:${tape}`, REPLAY_SPEED: '2' }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function replayEnded(): Promise<boolean> {
  const res = await fetch(`${server.url}/api/v1/front/exchanges/connection`);
  const body = (await res.json()) as { dataSource: { reason: string | null } };
  return body.dataSource.reason?.startsWith('tape ended') === true;
}

describe('the first screen of /premium', () => {
  it('downloads the table once: inlined in the page, then WebSocket deltas from it, equal to REST', async () => {
    expect(await replayEnded()).toBe(false);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const received = { document: 0, tableRest: 0 };
    const frames: string[] = [];
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      const url = new URL(urls.get(e.requestId) ?? 'about:blank');
      if (url.pathname === '/premium') received.document += e.encodedDataLength;
      if (url.pathname === '/api/v1/front/premium') received.tableRest += e.encodedDataLength;
    });
    cdp.on('Network.webSocketFrameReceived', (e) => {
      frames.push(e.response.payloadData);
    });

    await page.goto(`${server.url}/premium`);
    await page.locator('tr[data-row-id]').first().waitFor({ timeout: 30_000 });
    // The market moves for the rest of the tape: the page follows it over the socket.
    for (let i = 0; i < 600 && !(await replayEnded()); i++) await page.waitForTimeout(100);
    await page.waitForTimeout(1_500);

    const messages = frames.map((text) => JSON.parse(text) as Record<string, unknown>);
    const premium = messages.filter((m) => m.topic === 'premium');
    const subscribed = premium.find((m) => m.type === 'subscribed');
    // The server took the inlined table as its state…
    expect(subscribed?.since).toBeTypeOf('number');
    // …so the table came once: no REST request for it, and the join brought a delta, not a snapshot. (A
    // member gets a whole snapshot now and then to rebuild its copy (ws/snapshot-schedule.ts), and one that
    // falls behind gets one to catch up: those come after deltas, never as the join.)
    expect(received.tableRest).toBe(0);
    const tableMessages = premium.filter((m) => m.type === 'delta' || m.type === 'snapshot');
    expect(tableMessages[0]?.type).toBe('delta');
    expect(premium.filter((m) => m.type === 'delta').length).toBeGreaterThan(0);
    // Joining cost less than the table: the premium table's frames up to its first delta (the acknowledgement,
    // that delta) weigh less than the table the page carries inlined — how much less depends on how far the
    // market moved while the page loaded (here a few tokens at twice real time; every row's clock-driven fields move too).
    const html = await (await fetch(`${server.url}/premium`)).text();
    const inlined = /<script type="application\/json" id="ss-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(inlined.length).toBeGreaterThan(0);
    const table = frames.filter((text) => (JSON.parse(text) as { topic?: string }).topic === 'premium');
    const firstDelta = table.findIndex((text) => text.startsWith('{"type":"delta"'));
    expect(firstDelta).toBeGreaterThan(0);
    const joinBytes = table.slice(0, firstDelta + 1).reduce((sum, text) => sum + text.length, 0);
    console.info(
      `first screen: inlined table ${inlined.length} B, WebSocket to the first delta ${joinBytes} B`,
    );
    expect(joinBytes).toBeLessThan(inlined.length);
    expect(received.document).toBeGreaterThan(0);

    // The table on screen is the one the API answers now (the market stands still).
    const query = new URLSearchParams(
      Object.entries(PREMIUM_FIRST_SCREEN.query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const rest = (await (await fetch(`${server.url}/api/v1/front/premium?${query}`)).json()) as {
      data: { id: string; base: string; gapPercent: number | null }[];
    };
    const shown = await page
      .locator('tr[data-row-id]')
      .evaluateAll((rows) =>
        rows
          .slice(0, 30)
          .map((row) => [
            row.getAttribute('data-row-id') ?? '',
            (row.querySelector('[data-testid="gap"]')?.textContent ?? '').trim(),
          ]),
      );
    expect(shown.length).toBeGreaterThan(5);
    const byId = new Map(rest.data.map((row) => [row.id, row]));
    for (const [id, gap] of shown) {
      const row = byId.get(id as string);
      expect(row, `row ${id} is in the API's answer`).toBeDefined();
      expect(gap).toBe(formatPercent(row?.gapPercent ?? Number.NaN));
    }
    await context.close();
  }, 120_000);

  it('loads the English catalogue only on English pages, preloaded with their HTML, and renders them in English', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const englishChunk = (path: string) => /\/assets\/en-resources-[^/]*\.js$/.test(path);

    await page.goto(`${server.url}/premium`);
    await page.locator('tr[data-row-id]').first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
    expect(scripts.filter(englishChunk)).toEqual([]);

    const html = await (await fetch(`${server.url}/en/premium`)).text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/en-resources-[^"]+\.js">/);
    expect(await (await fetch(`${server.url}/premium`)).text()).not.toContain('en-resources-');
    await page.goto(`${server.url}/en/premium`);
    await page.locator('tr[data-row-id]').first().waitFor({ timeout: 30_000 });
    expect(scripts.filter(englishChunk)).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.locator('.skip-link').textContent()).toBe('Skip to content');
    await context.close();
  }, 120_000);
});

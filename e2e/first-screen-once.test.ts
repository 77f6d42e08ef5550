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

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const tape = await writeSimulatedTape(20, 5);
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
    // …so the table came once: no REST request for it, no snapshot, only deltas.
    expect(received.tableRest).toBe(0);
    expect(premium.filter((m) => m.type === 'snapshot')).toEqual([]);
    expect(premium.filter((m) => m.type === 'delta').length).toBeGreaterThan(0);
    // Joining cost less than the table: the premium table's frames up to its first delta (the acknowledgement,
    // that delta) weigh less than the table the page carries inlined — how much less depends on how far the
    // market moved while the page loaded (here the simulator at twice real time moves most rows each second).
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
});

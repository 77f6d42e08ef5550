import {
  applyTableDelta,
  type DeltaTable,
  type TableState,
  tableState,
  type WsServerMessage,
  wsServerMessageSchema,
} from '@spreadscope/contracts';
import { formatPercent } from '@spreadscope/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { writeSimulatedTape } from './support/sim-tape.ts';

/**
 * The live tables' feed against the built product: a 20 s simulator tape replayed at twice real time, so the
 * market moves for 10 s (a snapshot, then deltas) and then stands still, when what a subscriber rebuilt can
 * be compared with what the API answers.
 */

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const tape = await writeSimulatedTape(20);
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

async function waitForReplayEnd(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await replayEnded()) {
      // The last tick reaches subscribers within one real-time push.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the replay did not end within 60 s');
}

async function api(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}/api/v1/front/${path}?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('live tables over WebSocket deltas', () => {
  it('rebuild, from a snapshot and the deltas that follow, exactly what the API answers', async () => {
    expect(await replayEnded()).toBe(false);
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/ws`);
    const tables = new Map<string, { seq: number; state: TableState<DeltaTable> }>();
    const kinds: string[] = [];
    socket.on('message', (data) => {
      // Every message is what the contract says.
      const message: WsServerMessage = wsServerMessageSchema.parse(JSON.parse(data.toString()));
      if (message.type === 'snapshot') {
        tables.set(message.key, { seq: message.seq, state: tableState(message.data as DeltaTable) });
        kinds.push('snapshot');
      } else if (message.type === 'delta') {
        const held = tables.get(message.key);
        // Never a delta on another state than the one held.
        expect(message.base).toBe(held?.seq);
        if (!held) return;
        tables.set(message.key, { seq: message.seq, state: applyTableDelta(held.state, message) });
        kinds.push('delta');
      }
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const subscriptions: { id: string; topic: string; path: string; params: Record<string, string> }[] = [
      { id: 'premium', topic: 'premium', path: 'premium', params: { limit: '100', targetQuote: 'any' } },
      {
        id: 'spot-spot',
        topic: 'arbitrage-spot-spot',
        path: 'arbitrage/spot-spot',
        params: { limit: '100' },
      },
      { id: 'perp-perp', topic: 'arbitrage-perp-perp', path: 'arbitrage/perp-perp', params: { limit: '50' } },
    ];
    const keys = new Map<string, string>();
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; id?: string; key?: string };
      if (message.type === 'subscribed' && message.id && message.key) keys.set(message.id, message.key);
    });
    for (const { id, topic, params } of subscriptions)
      socket.send(JSON.stringify({ op: 'subscribe', id, topic, interval: 'realtime', params, deltas: true }));
    await waitForReplayEnd();
    socket.close();
    expect(kinds.filter((k) => k === 'delta').length).toBeGreaterThan(10);
    for (const { id, path, params } of subscriptions) {
      const held = tables.get(keys.get(id) ?? '')?.state.table as Record<string, unknown> | undefined;
      const rest = await api(path, { ...params, interval: 'realtime' });
      expect((held?.data as unknown[] | undefined)?.length ?? 0).toBeGreaterThan(0);
      // The source's state changed when the tape ended (no market tick announces that): compare its mode.
      const { dataSource, ...values } = rest;
      const { dataSource: heldSource, ...heldValues } = held ?? {};
      expect(heldValues).toEqual(values);
      expect((heldSource as { mode: string }).mode).toBe((dataSource as { mode: string }).mode);
    }
  }, 90_000);

  it('keep the premium page in step with the API while the market moves', async () => {
    // Opened while the replay runs: the page's table follows the deltas until the market stands still.
    const tape = await writeSimulatedTape(20, 11);
    const moving = await startServerProcess({ MARKET_SOURCE: `replay:${tape}`, REPLAY_SPEED: '2' });
    try {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        timezoneId: 'Asia/Seoul',
      });
      const page = await context.newPage();
      await page.goto(`${moving.url}/premium?search=BTC`);
      const gap = page.getByTestId('premium-row-BTC').getByTestId('gap');
      await gap.waitFor({ timeout: 30_000 });
      const seen = new Set<string>();
      const ended = async () => {
        const res = await fetch(`${moving.url}/api/v1/front/exchanges/connection`);
        const body = (await res.json()) as { dataSource: { reason: string | null } };
        return body.dataSource.reason?.startsWith('tape ended') === true;
      };
      while (!(await ended())) {
        seen.add((await gap.innerText()).trim());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // The premium moved on screen as the deltas came…
      expect(seen.size).toBeGreaterThan(1);
      // …and ends where the API says it is.
      const res = await fetch(
        `${moving.url}/api/v1/front/premium?${new URLSearchParams({ source: 'upbit', target: 'binance', search: 'BTC', conversionBase: 'USD' })}`,
      );
      const body = (await res.json()) as { data: { base: string; gapPercent: number }[] };
      const btc = body.data.find((row) => row.base === 'BTC');
      expect((await gap.innerText()).trim()).toBe(formatPercent(btc?.gapPercent ?? Number.NaN));
      await context.close();
    } finally {
      await moving.stop();
    }
  }, 120_000);
});

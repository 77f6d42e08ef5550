import type { MarketEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureRoutes, fixture, fixtureFetch, json } from '../../live/fixtures/fixture-http.ts';
import {
  type FixtureWsServer,
  type Frame,
  serveWs,
  type WsScript,
  waitFor,
} from '../../test-support/fixture-ws.ts';
import { startLive, stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase, streamFailureCases } from '../../test-support/venue-failures.ts';
import { of } from '../../test-support/venue-kit.ts';

/** Bybit's v5 public streams (spot and linear on their own paths) on recorded ticker frames. */

const own = (name: string) => json(`../../venues/ccxt/fixtures/bybit/${name}`);
const frames = JSON.parse(fixture('../../venues/ccxt/fixtures/bybit/ws-tickers.json')) as Record<
  string,
  unknown
>[];

const ROUTES: FixtureRoutes = {
  '/v5/market/instruments-info': (url) =>
    url.searchParams.get('category') === 'spot'
      ? own('instruments-spot.json')
      : url.searchParams.get('status') === 'PreLaunch'
        ? own('instruments-linear-prelaunch.json')
        : own('instruments-linear.json'),
  '/v5/market/tickers': (url) =>
    url.searchParams.get('category') === 'spot' ? own('tickers-spot.json') : own('tickers-linear.json'),
};

/** Bybit acknowledges `{ op: "subscribe", args }` and streams `tickers.<symbol>` snapshots per topic. */
const bybitScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { op: string; args?: string[]; req_id?: string };
  if (request.op === 'ping') {
    ctx.reply({ success: true, ret_msg: 'pong', conn_id: 'c1', req_id: request.req_id, op: 'ping' });
    return;
  }
  if (request.op !== 'subscribe') return;
  ctx.reply({ success: true, ret_msg: '', conn_id: 'c1', req_id: request.req_id, op: 'subscribe' });
  const linear = ctx.path.endsWith('/linear');
  for (const topic of request.args ?? []) {
    const frame = frames.find(
      (f) =>
        f.topic === topic &&
        (linear ? 'markPrice' in (f.data as object) : !('markPrice' in (f.data as object))),
    );
    if (!frame) continue;
    ctx.reply(frame as Frame);
    ctx.every(100, () => ({ ...frame, ts: Date.now() }) as Frame);
  }
};

let ws: FixtureWsServer | null = null;
afterEach(async () => {
  await stopAll();
  await ws?.close();
  ws = null;
});

const quotes = (events: readonly MarketEvent[]) => of(events, 'quote');

describe('Bybit streams', () => {
  it('streams spot and linear tickers from their own paths, at most 10 topics a subscription', async () => {
    ws = await serveWs(bybitScript);
    const { events, link } = await startLive(['bybit'], { bybit: { wsUrl: ws.url } }, fixtureFetch(ROUTES));
    await waitFor(
      () =>
        quotes(events).some((q) => q.market === 'perp' && q.last === 89_491.2) &&
        quotes(events).some((q) => q.market === 'spot' && q.last === 89_520),
      'streamed spot and perp quotes',
    );
    expect(quotes(events).find((q) => q.market === 'perp' && q.last === 89_491.2)).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      bid: 89_491.1,
      ask: 89_491.2,
      volume24h: 8_124_456_789.1,
    });
    const subscriptions = ws.received.map((r) => JSON.parse(r.message) as { op: string; args?: string[] });
    expect(subscriptions.every((s) => s.op !== 'subscribe' || (s.args?.length ?? 0) <= 10)).toBe(true);
    expect(ws.received.some((r) => r.path === '/stream.bybit.com/v5/public/spot')).toBe(true);
    expect(ws.received.some((r) => r.path === '/stream.bybit.com/v5/public/linear')).toBe(true);
    await waitFor(() => link('bybit')?.feeds?.[1]?.via === 'ws', 'perps via the stream');
  });
});

describe('Bybit failures', () => {
  streamFailureCases({
    venue: 'bybit',
    routes: ROUTES,
    script: bybitScript,
    feed: 'spot-tickers',
    streamed: (q) => q.market === 'spot' && q.last === 89_520,
    polled: (q) => q.market === 'spot' && q.last === 89_510.2,
    pathPart: '/spot',
    malformed: [
      '{"topic":"tickers.BTCUSDT","type":"snapshot","data":{"symbol":"BTCU',
      { topic: 'tickers.BTCUSDT', type: 'snapshot', ts: 1, data: 'n/a' },
      ['not', 'a', 'frame'],
    ],
  });
  restFailureCase({
    venue: 'bybit',
    routes: ROUTES,
    path: '/v5/market/tickers',
    feed: 'perp-tickers',
    host: 'api.bybit.com',
  });
});

/**
 * What the feeds soak needs from the feeds package's own test support: the loopback WebSocket venue and
 * Binance's recorded REST answers. Kept in one place so the benchmark reads like the tests it mirrors.
 */
import { readFileSync } from 'node:fs';
import { VENUES } from '@spreadscope/core';
import { LiveSource } from '@spreadscope/feeds';
import {
  BINANCE_ROUTES,
  type FixtureRoutes,
  fixtureFetch,
} from '../../packages/feeds/src/live/fixtures/fixture-http.ts';
import type { FetchLike } from '../../packages/feeds/src/live/http-seam.ts';
import { type Frame, serveWs, type WsScript } from '../../packages/feeds/src/test-support/fixture-ws.ts';

const fixtures = new URL('../../packages/feeds/src/venues/ccxt/fixtures/binance/', import.meta.url);
const load = (name: string) =>
  JSON.parse(readFileSync(new URL(name, fixtures), 'utf8')) as Record<string, unknown>[];

/** Binance's subscription answers, then frames every `everyMs` per subscription: tickers and continuing book diffs. */
export function binanceSoakScript(everyMs: number): WsScript {
  const spot = load('ws-ticker-spot.json');
  const perp = load('ws-ticker-perp.json');
  const spotDiff = load('ws-depth-btcusdt.json');
  const perpDiff = load('ws-depth-perp-btcusdt.json');
  return (message, ctx) => {
    const request = JSON.parse(message) as { method: string; params: string[]; id: number };
    ctx.reply({ result: null, id: request.id });
    if (request.method !== 'SUBSCRIBE') return;
    const futures = ctx.path.includes('fstream.binance.com');
    for (const param of request.params) {
      const [id, channel] = param.split('@');
      if (channel === 'ticker') {
        const frames = (futures ? perp : spot).filter((t) => String(t.s).toLowerCase() === id);
        let i = 0;
        ctx.every(everyMs, () => {
          const frame = frames[i++ % Math.max(1, frames.length)];
          return frame ? ({ ...frame, E: Date.now() } as Frame) : null;
        });
      }
      if (channel === 'depth') {
        const diffs = futures ? perpDiff : spotDiff;
        for (const diff of diffs) ctx.reply(diff as Frame);
        let last = Number(diffs.at(-1)?.u);
        // Levels move around the recorded book's own best bid and ask, never across them.
        const [bid, ask] = futures ? [89_540.6, 89_540.7] : [89_599.99, 89_600.5];
        ctx.every(everyMs, () => {
          const next = last + 1;
          const step = next % 5;
          const b = [[(bid - step).toFixed(2), '1']];
          const a = [[(ask + step).toFixed(2), '1']];
          const frame = futures
            ? { ...diffs[0], U: next, u: next, pu: last, b, a }
            : { ...diffs[0], U: next, u: next, b, a };
          last = next;
          return frame as Frame;
        });
      }
    }
  };
}

const korbitFixtures = new URL('../../packages/feeds/src/venues/korbit/fixtures/', import.meta.url);
const korbitJson = (name: string) => ({
  body: readFileSync(new URL(name, korbitFixtures), 'utf8'),
  contentType: 'application/json',
});

/** Korbit's recorded REST answers (Open API v2): tickers and the BTC book. */
export const KORBIT_ROUTES: FixtureRoutes = {
  '/v2/tickers': korbitJson('tickers.json'),
  '/v2/orderbook': korbitJson('orderbook-btc.json'),
};

/**
 * Korbit's raw socket (our `ws`-package adapter, not ccxt): each subscription answered with the recorded
 * snapshots, then a ticker frame every `everyMs` per symbol, prices walking a few ticks.
 */
export function korbitSoakScript(everyMs: number): WsScript {
  const frames = JSON.parse(readFileSync(new URL('ws-ticker.json', korbitFixtures), 'utf8')) as {
    symbol: string;
    data: Record<string, string>;
  }[];
  return (message, ctx) => {
    const requests = JSON.parse(message) as { method: string; type: string; symbols: string[] }[];
    for (const request of requests) {
      if (request.method !== 'subscribe' || request.type !== 'ticker') continue;
      for (const frame of frames.filter((f) => request.symbols.includes(f.symbol))) {
        ctx.reply(frame as unknown as Frame);
        let n = 0;
        const close = Number(frame.data.close);
        ctx.every(everyMs, () => {
          const price = String(close + (n++ % 5) * (frame.symbol === 'btc_krw' ? 1_000 : 1));
          return {
            ...frame,
            timestamp: Date.now(),
            snapshot: false,
            data: { ...frame.data, close: price },
          } as unknown as Frame;
        });
      }
    }
  };
}

/** Answers each request from the routes of the venue whose host it names. */
export function soakFetch(routes: Record<string, FixtureRoutes>): FetchLike {
  const byHost = Object.fromEntries(Object.entries(routes).map(([host, r]) => [host, fixtureFetch(r)]));
  return async (url, init) => {
    const host = new URL(url).host;
    const fetchFor = Object.entries(byHost).find(([h]) => host.endsWith(h))?.[1];
    if (!fetchFor) return new Response('{"code":404}', { status: 404 });
    return fetchFor(url, init);
  };
}

export { BINANCE_ROUTES, fixtureFetch, LiveSource, serveWs, VENUES };

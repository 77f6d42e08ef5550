import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { MarketEvent } from '@spreadscope/core';
import type { WsScript } from '../packages/feeds/src/test-support/fixture-ws.ts';
import {
  BINANCE_ROUTES,
  binanceSoakScript,
  KORBIT_ROUTES,
  korbitSoakScript,
  LiveSource,
  serveWs,
  soakFetch,
  VENUES,
} from './support/feeds-soak-deps.ts';
import { round, writeResult } from './support/write-result.ts';

/**
 * Live feeds under a long, hostile run: two venues — Binance through ccxt pro, and Korbit through our own
 * raw WebSocket adapter (the `ws` package) — play their recorded REST answers and WebSocket frames on
 * loopback, streaming tickers (and Binance's book diffs) as fast as the sockets carry them, while the fake
 * venue drops every socket every few seconds. The supervisor reconnects each time, REST stands in
 * meanwhile, books resync from fresh snapshots. RSS is sampled once warm and at the end, after a full GC
 * each time: it must stay flat (no listener, socket, timer or cache leak per reconnect).
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function rssMb(): number {
  gc();
  gc();
  return process.memoryUsage().rss / 1_048_576;
}

const heapMb = () => process.memoryUsage().heapUsed / 1_048_576;

export async function runFeedsSoakBench(
  seconds = Number(process.env.FEEDS_SOAK_SECONDS ?? 90),
): Promise<Record<string, number | boolean>> {
  const dropEveryMs = 3_000;
  // One loopback server plays both venues: each socket's path names the venue's host.
  const binance = binanceSoakScript(2);
  const korbit = korbitSoakScript(2);
  const script: WsScript = (message, ctx) =>
    ctx.path.includes('korbit.co.kr') ? korbit(message, ctx) : binance(message, ctx);
  const ws = await serveWs(script);
  const soaked = new Set(['binance', 'korbit']);
  const overrides = Object.fromEntries(
    VENUES.map((v) => [v.id, soaked.has(v.id) ? { wsUrl: ws.url } : { disabled: true }]),
  );
  const source = new LiveSource({
    venues: overrides,
    fetch: soakFetch({ 'binance.com': BINANCE_ROUTES, 'korbit.co.kr': KORBIT_ROUTES }),
    forexUrls: [],
    settings: {
      silenceMs: 2_000,
      pollIntervalMs: 500,
      bookIntervalMs: 500,
      fundingIntervalMs: 5_000,
      bookMarkets: 2,
      backoff: { baseMs: 50, maxMs: 500, jitter: 0.5 },
    },
  });
  let events = 0;
  let quotes = 0;
  let books = 0;
  let korbitQuotes = 0;
  const count = (e: MarketEvent) => {
    events++;
    if (e.type === 'quote') {
      quotes++;
      if (e.venue === 'korbit') korbitQuotes++;
    } else if (e.type === 'book') books++;
  };
  const rssBeforeStart = rssMb();
  await source.start(count);
  const dropper = setInterval(() => ws.drop(), dropEveryMs);
  const warmMs = Math.max(10_000, seconds * 100);
  await new Promise((resolve) => setTimeout(resolve, warmMs));
  const rssWarm = rssMb();
  const heapWarm = heapMb();
  const eventsWarm = events;
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000 - warmMs));
  const elapsed = (performance.now() - began) / 1000;
  const rssEnd = rssMb();
  const heapEnd = heapMb();
  clearInterval(dropper);
  const restartsOf = (venue: string) =>
    source
      .links()
      .find((l) => l.venue === venue)
      ?.feeds?.reduce((sum, f) => sum + f.restarts, 0) ?? 0;
  const restarts = restartsOf('binance');
  const korbitRestarts = restartsOf('korbit');
  await source.stop();
  await source.settled();
  await ws.close();
  const growth = rssEnd - rssWarm;
  return {
    seconds,
    socket_drops: Math.floor((seconds * 1000) / dropEveryMs),
    venues: 2,
    reconnects: restarts,
    reconnects_korbit_raw_ws: korbitRestarts,
    connections: ws.connections(),
    events,
    quotes,
    quotes_korbit_raw_ws: korbitQuotes,
    books,
    events_per_s_measured: round((events - eventsWarm) / elapsed, 0),
    rss_before_start_mb: round(rssBeforeStart, 1),
    rss_start_mb: round(rssWarm, 1),
    rss_end_mb: round(rssEnd, 1),
    rss_growth_mb: round(growth, 1),
    rss_growth_percent: round((growth / rssWarm) * 100, 1),
    heap_start_mb: round(heapWarm, 1),
    heap_end_mb: round(heapEnd, 1),
    flat: growth / rssWarm < 0.1,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runFeedsSoakBench();
  console.log('feeds-soak', result);
  writeResult('feeds-soak', result);
}

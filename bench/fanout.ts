import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import websocket from '@fastify/websocket';
import { MarketEngine } from '@spreadscope/engine';
import { Simulator } from '@spreadscope/feeds';
import Fastify from 'fastify';
import { BUS_TOPICS } from '../apps/server/src/bus/bus.ts';
import { createMemoryBus } from '../apps/server/src/bus/memory-bus.ts';
import { createMarketApi } from '../apps/server/src/modules/market/api.ts';
import { ManualSource } from '../apps/server/src/test-support/manual-source.ts';
import { TopicHub } from '../apps/server/src/ws/topic-hub.ts';
import { percentile, round, writeResult } from './support/write-result.ts';

interface Subscription {
  readonly topic: string;
  readonly params: Record<string, unknown>;
}

export interface FanoutOptions {
  readonly clients?: number;
  /**
   * Market ticks per second the driver aims for. With `realtimeMs` 0 each tick pushes every group at once, so
   * 2 is the product's own real-time rate (a group pushes at most every 500 ms) without the throttle's wait.
   */
  readonly ticksPerSecond?: number;
  readonly seconds?: number;
  /** Subscriptions per client profile; client i takes profile i mod the count. */
  readonly profiles?: readonly (readonly Subscription[])[];
  /** The hub's real-time throttle (ms between pushes of a group); the product's is 500. */
  readonly realtimeMs?: number;
  /** Processes the subscribers are spread over. */
  readonly processes?: number;
}

/** The query the web app's premium page subscribes to when it opens (spread-filters.ts spreadApiParams). */
const PREMIUM_PAGE = {
  currency: 'KRW',
  conversionBase: 'USD',
  interval: 'realtime',
  sort: 'gap',
  order: 'desc',
  page: 1,
  limit: 500,
  source: 'upbit',
  target: 'binance',
  premiumType: 'spot-spot',
};
/** …and the arbitrage pages' (every venue, best 500 by the gap after fees). */
const ARBITRAGE_PAGE = {
  currency: 'KRW',
  conversionBase: 'USD',
  interval: 'realtime',
  sort: 'netGap',
  order: 'desc',
  page: 1,
  limit: 500,
};
/** Next to its table, a page shows the premium index and the top of the funding ranking. */
const SIDE_TOPICS: readonly Subscription[] = [
  { topic: 'kimchi-premium-index', params: { conversionBase: 'USD' } },
  { topic: 'funding-ranking', params: { limit: 5 } },
];
const table = (topic: string, params: Record<string, unknown>): Subscription[] => [
  { topic, params },
  ...SIDE_TOPICS,
];

/**
 * Real table topics, in tenths of the clients: six on the premium page as it opens, one each on three other
 * premium views (in dollars, from Bithumb, against perpetuals), one on the spot-spot arbitrage page. Seven
 * filter groups in all (the side topics are shared).
 */
export const TABLE_PROFILES: readonly (readonly Subscription[])[] = [
  ...Array.from({ length: 6 }, () => table('premium', PREMIUM_PAGE)),
  table('premium', { ...PREMIUM_PAGE, currency: 'USD' }),
  table('premium', { ...PREMIUM_PAGE, source: 'bithumb' }),
  table('premium', { ...PREMIUM_PAGE, premiumType: 'spot-perp' }),
  table('arbitrage-spot-spot', ARBITRAGE_PAGE),
];

/** The small topics only (the figure this benchmark reported before it carried tables). */
export const SMALL_PROFILES: readonly (readonly Subscription[])[] = [
  [
    { topic: 'kimchi-premium-index', params: { conversionBase: 'USD' } },
    { topic: 'kimchi-premium-index', params: { conversionBase: 'USDT' } },
    { topic: 'funding-ranking', params: { limit: 5 } },
  ],
];

/**
 * WebSocket fan-out: the product's TopicHub behind Fastify on loopback, fed by the simulator (352 tokens,
 * every venue), `clients` subscribers in two other processes holding real table subscriptions (see
 * TABLE_PROFILES: the premium page's table is ~107 rows, ~250 KB of JSON; the arbitrage page's 500 rows,
 * ~1.1 MB). The driver moves one market per tick (a quote stamped now) and announces it as the runtime does;
 * the hub recomputes each group it pushes, serializes it once and writes the same frame to every member.
 *
 * msgs_per_s counts frames received by all clients; bytes_per_msg is their mean size; tick_to_client_* is
 * receive time − the tick's time, which every snapshot carries (a table page's updatedAt is the time of the
 * market state it shows, which the driver stamps at the tick). The default run pushes every group on every
 * tick at 2 ticks a second: the product's real-time rate, with the tick → client time free of the
 * throttle's deliberate wait. A faster tick rate measures capacity (the hub then falls behind: ticks_per_s
 * says how many it served).
 */
export async function runFanoutBench(options: FanoutOptions = {}): Promise<Record<string, number | string>> {
  const clients = options.clients ?? 1_000;
  const ticksPerSecond = options.ticksPerSecond ?? 2;
  const seconds = options.seconds ?? 10;
  const profiles = options.profiles ?? TABLE_PROFILES;
  const realtimeMs = options.realtimeMs ?? 0;
  const processes = options.processes ?? 2;

  const start = Date.now() - 120_000;
  const simulator = new Simulator({ seed: 3, startTime: start });
  const source = new ManualSource(start);
  const engine = new MarketEngine();
  await source.start((event) => engine.apply(event));
  for (const event of simulator.advanceTo(start + 60_000)) source.push(event);
  const bus = createMemoryBus();
  const api = createMarketApi({ engine, source });
  const hub = new TopicHub(api, bus, { realtimeMs });
  const app = Fastify({ logger: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: false } });
  app.get('/ws', { websocket: true }, (socket, request) =>
    hub.attach(socket, 'en', async () => 'visitor', request.raw.socket),
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address.replace('http', 'ws')}/ws`;

  // Subscribers live in separate processes, so the server's event loop only serves.
  const groups = Array.from(
    { length: processes },
    (_, i) => Math.floor(clients / processes) + (i < clients % processes ? 1 : 0),
  );
  let offset = 0;
  const children = groups.map((n) => {
    const child = fork(
      fileURLToPath(new URL('./fanout-clients.ts', import.meta.url)),
      [url, String(n), String(offset), JSON.stringify(profiles)],
      { execArgv: ['--import', 'tsx'] },
    );
    offset += n;
    return child;
  });
  const next = <T>(child: ChildProcess, event: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: { event: string } & T) => {
        if (message.event !== event) return;
        child.off('message', listener);
        resolve(message);
      };
      child.on('message', listener);
    });
  const all = <T>(cmd: string, event: string) =>
    Promise.all(
      children.map((child) => {
        const reply = next<T>(child, event);
        child.send({ cmd });
        return reply;
      }),
    );
  await all('connect', 'connected');

  // Quotes are generated beforehand so the simulator's cost does not count as the hub's.
  const quotes = simulator.advanceTo(start + 120_000).filter((e) => e.type === 'quote');
  let ticks = 0;
  let publishMs = 0;
  const timer = setInterval(() => {
    const quote = quotes[ticks % quotes.length];
    if (!quote) return;
    source.push({ ...quote, t: Date.now() });
    ticks++;
    const p0 = performance.now();
    bus.publish(BUS_TOPICS.marketTick, '{}');
    publishMs += performance.now() - p0;
  }, 1_000 / ticksPerSecond);

  await new Promise((r) => setTimeout(r, 3_000));
  for (const child of children) child.send({ cmd: 'start' });
  const ticks0 = ticks;
  const publish0 = publishMs;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1_000));
  const results = await all<{ received: number; bytes: number; latencies: number[]; closedEarly: number }>(
    'stop',
    'result',
  );
  const elapsed = (performance.now() - t0) / 1_000;
  const ticked = ticks - ticks0;
  const result = {
    received: results.reduce((sum, r) => sum + r.received, 0),
    bytes: results.reduce((sum, r) => sum + r.bytes, 0),
    latencies: results.flatMap((r) => r.latencies),
    closedEarly: results.reduce((sum, r) => sum + r.closedEarly, 0),
  };
  clearInterval(timer);
  const groupCount = hub.groupCount;
  hub.close();
  await app.close();
  const latencies = result.latencies.sort((a, b) => a - b);
  return {
    clients,
    groups: groupCount,
    subscriptions_per_client: Math.max(...profiles.map((p) => p.length)),
    topics: [...new Set(profiles.flatMap((p) => p.map((sub) => sub.topic)))].join(','),
    realtime_ms: realtimeMs,
    ticks_per_s: round(ticked / elapsed, 1),
    msgs_per_s: Math.round(result.received / elapsed),
    mb_per_s: round(result.bytes / elapsed / 1024 / 1024, 1),
    bytes_per_msg: Math.round(result.bytes / Math.max(1, result.received)),
    tick_to_client_p50_ms: round(percentile(latencies, 50), 1),
    tick_to_client_p99_ms: round(percentile(latencies, 99), 1),
    clients_dropped: result.closedEarly,
    publish_ms_per_tick: round((publishMs - publish0) / Math.max(1, ticked), 2),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Real table topics at the product's real-time rate; the same driven as fast as the hub can serve them
  // (capacity); and the small topics alone, as this benchmark measured before it carried tables.
  const tables = await runFanoutBench();
  const capacity = await runFanoutBench({ ticksPerSecond: 20 });
  const small = await runFanoutBench({ profiles: SMALL_PROFILES, ticksPerSecond: 200 });
  const prefixed = (prefix: string, figures: Record<string, number | string>) =>
    Object.fromEntries(Object.entries(figures).map(([k, v]) => [`${prefix}${k}`, v]));
  const figures = { ...tables, ...prefixed('capacity_', capacity), ...prefixed('small_topics_', small) };
  console.log('fanout', figures);
  console.log(`wrote ${writeResult('fanout', figures)}`);
  process.exit(0);
}

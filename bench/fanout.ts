import { loadavg } from 'node:os';
import websocket from '@fastify/websocket';
import { premiumQuerySchema } from '@spreadscope/contracts';
import type { MarketEvent, Role } from '@spreadscope/core';
import { MarketEngine } from '@spreadscope/engine';
import { Simulator } from '@spreadscope/feeds';
import Fastify from 'fastify';
import { BUS_TOPICS } from '../apps/server/src/bus/bus.ts';
import { createMemoryBus } from '../apps/server/src/bus/memory-bus.ts';
import { createMarketApi, type MarketApi } from '../apps/server/src/modules/market/api.ts';
import { ManualSource } from '../apps/server/src/test-support/manual-source.ts';
import { deflateWork, WS_DEFLATE_OPTIONS } from '../apps/server/src/ws/deflate.ts';
import { TopicHub } from '../apps/server/src/ws/topic-hub.ts';
import { type Recording, recordHub } from './support/bare-ws.ts';
import {
  type ClientTotals,
  type Profiles,
  type ClientSubscription as Subscription,
  startClientProcesses,
} from './support/client-processes.ts';
import { percentile, round, writeResult } from './support/write-result.ts';

export interface FanoutOptions {
  readonly clients?: number;
  /**
   * Market ticks a second the driver aims for: each applies the market's events up to the wall clock and
   * announces the tick as the runtime does. 2 is the product's real-time rate (a real-time group
   * pushes at most every 500 ms); a higher rate measures capacity (ticks_per_s says how many were served).
   */
  readonly ticksPerSecond?: number;
  readonly seconds?: number;
  /**
   * Subscriptions per client profile; client i takes profile i mod the count. A function picks them from the
   * warmed-up market (e.g. the most traded tokens).
   */
  readonly profiles?: Profiles | ((api: MarketApi) => Profiles);
  /** Who the clients are signed in as: tables are gated for visitors (spec §6), whole for paying plans. */
  readonly role?: Role;
  /** Every this-many-th client also parses, applies and checks every message as the web app does. */
  readonly checkEvery?: number;
  /** Clients ask for deltas on the table topics, as the web app does (false: whole snapshots every push). */
  readonly deltas?: boolean;
  /** Processes the subscribers are spread over. */
  readonly processes?: number;
  /**
   * The server offers permessage-deflate as the product does (ws/deflate.ts: no server context takeover, each
   * group frame compressed once) and the clients take it, inflating every compressed message.
   */
  readonly deflate?: boolean;
  /**
   * Filled with every message of every group as the hub sent it (a member of each group in this process), for
   * a bare `ws` server to send again (support/bare-ws.ts).
   */
  readonly record?: Recording;
}

/** The market before a run starts, so tables are full. */
const WARMUP_MS = 60_000;

interface Tape {
  readonly start: number;
  readonly warmup: readonly MarketEvent[];
  readonly live: readonly MarketEvent[];
}
let tape: Tape | null = null;

/**
 * The simulator's market (352 tokens on every simulated venue, ~6,000 events a second): a minute to start
 * from, then `seconds` to play in real time. Generated once per process, before any run (the simulator costs
 * more CPU than real time on this machine: it must not run inside the measured server), and replayed with
 * its times moved to the wall clock.
 */
function marketTape(seconds: number): Tape {
  const length = seconds * 1_000;
  if (tape && (tape.live.at(-1)?.t ?? 0) - tape.start - WARMUP_MS >= length - 1_000) return tape;
  const start = 1_800_000_000_000;
  const simulator = new Simulator({ seed: 3, startTime: start });
  const warmup = simulator.advanceTo(start + WARMUP_MS);
  tape = { start, warmup, live: simulator.advanceTo(start + WARMUP_MS + length) };
  return tape;
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

/** Tokens a per-token subscriber picks from, and how many it watches. */
const WATCHED_POOL = 40;
const WATCHED_PER_CLIENT = 8;

/**
 * The paid-API customer or pinning trader: the Kimchi premium of each of 8 tokens, Upbit KRW against Binance
 * USDT, as its own one-row premium subscription (`bases`), plus the premium index and the top of the funding
 * ranking. Tokens come from the 40 most traded on that route (client i watches tokens i, i + 5, … mod 40),
 * so 42 groups in all.
 */
export function watchedTokenProfiles(api: MarketApi): Profiles {
  const route = { ...PREMIUM_PAGE, sort: 'volume', limit: WATCHED_POOL };
  const { limit: _limit, sort: _sort, order: _order, page: _page, ...one } = PREMIUM_PAGE;
  const tokens = api.tables.premium(premiumQuerySchema.parse(route), 'full').data.map((row) => row.base);
  return Array.from({ length: tokens.length }, (_, i) => [
    ...SIDE_TOPICS,
    ...Array.from({ length: WATCHED_PER_CLIENT }, (_, k) => ({
      topic: 'premium',
      params: { ...one, bases: tokens[(i + 5 * k) % tokens.length] as string },
    })),
  ]);
}

/** The small topics only (the figure this benchmark reported before it carried tables). */
export const SMALL_PROFILES: readonly (readonly Subscription[])[] = [
  [
    { topic: 'kimchi-premium-index', params: { conversionBase: 'USD' } },
    { topic: 'kimchi-premium-index', params: { conversionBase: 'USDT' } },
    { topic: 'funding-ranking', params: { limit: 5 } },
  ],
];

/**
 * WebSocket fan-out: the product's TopicHub behind Fastify on loopback, fed by the simulator's market (352
 * tokens, every venue, ~6,000 events a second; see marketTape) in real time, `clients` subscribers in two other processes holding real
 * table subscriptions (see TABLE_PROFILES: the premium page's table is ~107 rows, ~250 KB as a snapshot; the
 * arbitrage page's 500 rows, ~1.1 MB). Each tick the driver applies the market's events up to the wall clock
 * to the engine, sets the market clock to the tick's time and announces the tick as the runtime
 * does; the hub recomputes each group once, diffs it against the state its members hold, serializes the
 * delta (or snapshot) once and writes the same frame to every member. Its real-time throttle is off, so a
 * tick's push is not delayed by the throttle's deliberate wait; at 2 ticks a second that is the product's own
 * real-time rate.
 *
 * The clients speak the real protocol (fanout-clients.ts): they parse every message, apply every delta to the
 * table they hold and check its base. msgs_per_s counts every message the clients read within the window;
 * bytes_per_msg is their mean size; tick_to_client_* is read time − the state's updatedAt, i.e. − the tick's
 * time. Each client process reads its 500 clients' copies of a tick's messages one after the other, so a
 * client's latency includes waiting behind the others of its process (a browser decodes only its own):
 * client_ms_per_msg is what one client spends on one message, and server_cpu_pct / client_processes_cpu_pct
 * say which side was the limit on this two-core machine.
 */
export async function runFanoutBench(options: FanoutOptions = {}): Promise<Record<string, number | string>> {
  const clients = options.clients ?? 1_000;
  const ticksPerSecond = options.ticksPerSecond ?? 2;
  const seconds = options.seconds ?? 10;
  const deltas = options.deltas ?? true;
  const processes = options.processes ?? 2;
  const role = options.role ?? 'visitor';
  const checkEvery = options.checkEvery ?? 10;
  const deflate = options.deflate ?? false;

  // A minute of market before the run; then the market plays in real time: events at the wall clock.
  const market = marketTape(seconds + 15);
  let shift = Date.now() - market.start - WARMUP_MS;
  const source = new ManualSource(market.start + shift);
  const engine = new MarketEngine();
  await source.start((event) => engine.apply(event));
  for (const event of market.warmup) source.push({ ...event, t: event.t + shift });
  const bus = createMemoryBus();
  const api = createMarketApi({ engine, source });
  const profiles =
    typeof options.profiles === 'function' ? options.profiles(api) : (options.profiles ?? TABLE_PROFILES);
  // Time the hub spends computing tables (the engine's part of a push), apart from diffing and writing.
  let computeMs = 0;
  for (const name of ['premium', 'arbitrage'] as const) {
    const compute = api.tables[name].bind(api.tables) as (...args: unknown[]) => unknown;
    (api.tables as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const t0 = performance.now();
      try {
        return compute(...args);
      } finally {
        computeMs += performance.now() - t0;
      }
    };
  }
  const hub = new TopicHub(api, bus, { realtimeMs: 0 });
  const app = Fastify({ logger: false });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, perMessageDeflate: deflate ? WS_DEFLATE_OPTIONS : false },
  });
  app.get('/ws', { websocket: true }, (socket, request) =>
    hub.attach(socket, 'en', async () => role, request.raw.socket),
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address.replace('http', 'ws')}/ws`;

  // Subscribers live in separate processes, so the server's event loop only serves.
  const clientProcesses = startClientProcesses({
    url,
    clients,
    processes,
    profiles,
    deltas,
    checkEvery,
    deflate,
  });
  const { all } = clientProcesses;
  const recorder = options.record ? recordHub(hub, profiles, role) : null;
  const phase = (name: string) =>
    process.env.FANOUT_DEBUG && console.error(`fanout: ${name} ${new Date().toISOString()}`);
  phase('connecting');
  await all('connect', 'connected');
  phase('connected');
  // Measure from 3 s after the first tick, for `seconds`.
  const from = Date.now() + 3_000;
  const until = from + seconds * 1_000;
  await all('window', 'armed', { from, until });
  phase('armed');

  // Connecting took a while: the market resumes where the warm-up left it.
  shift = Date.now() - market.start - WARMUP_MS;
  let cursor = 0;
  let ticks = 0;
  let applyMs = 0;
  let publishMs = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const a0 = performance.now();
    for (; cursor < market.live.length; cursor++) {
      const event = market.live[cursor] as MarketEvent;
      if (event.t + shift > now) break;
      source.push({ ...event, t: event.t + shift });
    }
    // The tick's time is the market clock: every state it produces carries it as updatedAt.
    source.clock = now;
    applyMs += performance.now() - a0;
    ticks++;
    const p0 = performance.now();
    bus.publish(BUS_TOPICS.marketTick, '{}');
    publishMs += performance.now() - p0;
  }, 1_000 / ticksPerSecond);

  await new Promise((r) => setTimeout(r, from - Date.now()));
  const cpu0 = process.cpuUsage();
  const ticks0 = ticks;
  const publish0 = publishMs;
  const compute0 = computeMs;
  const apply0 = applyMs;
  const deflate0 = { ...deflateWork };
  await new Promise((r) => setTimeout(r, until - Date.now()));
  const cpu = process.cpuUsage(cpu0);
  const deflated = {
    frames: deflateWork.frames - deflate0.frames,
    ms: deflateWork.ms - deflate0.ms,
    bytesIn: deflateWork.bytesIn - deflate0.bytesIn,
  };
  const groupCount = hub.groupCount;
  const ticked = Math.max(1, ticks - ticks0);
  const serverMs = { publish: publishMs - publish0, compute: computeMs - compute0, apply: applyMs - apply0 };
  clearInterval(timer);
  clientProcesses.stopping();
  if (recorder && options.record) Object.assign(options.record, recorder.done());
  // A client process that fell behind reads this late: what it read after the window does not count.
  phase('stopping');
  const results = await all<ClientTotals>('stop', 'result');
  phase('results');
  const elapsed = seconds;
  const sum = (key: Exclude<keyof ClientTotals, 'latencies'>) =>
    results.reduce((total, r) => total + r[key], 0);
  hub.close();
  await app.close();
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const received = sum('received');
  return {
    clients,
    groups: groupCount,
    subscriptions_per_client: Math.max(...profiles.map((p) => p.length)),
    topics: [...new Set(profiles.flatMap((p) => p.map((sub) => sub.topic)))].join(','),
    protocol: deltas ? 'deltas' : 'snapshots',
    permessage_deflate: deflate ? 'once per group frame' : 'off',
    role,
    clients_read: `every message of every client, whole (frames read, type, topic and updatedAt taken from the text); every ${checkEvery}th client also JSON.parses, applies and checks each`,
    ticks_asked_per_s: ticksPerSecond,
    ticks_per_s: round(ticked / elapsed, 1),
    msgs_per_s: Math.round(received / elapsed),
    mb_per_s: round(sum('bytes') / elapsed / 1024 / 1024, 1),
    bytes_per_msg: Math.round(sum('bytes') / Math.max(1, received)),
    // What crossed the socket per message (compressed frames when deflate is on), and what inflating cost.
    wire_bytes_per_msg: Math.round(sum('wireBytes') / Math.max(1, received)),
    wire_mb_per_s: round(sum('wireBytes') / elapsed / 1024 / 1024, 1),
    client_inflate_ms_per_msg: round(sum('inflateMs') / Math.max(1, received), 3),
    // Messages of the table topics (premium, arbitrage): snapshots and deltas.
    table_snapshots_per_s: Math.round(sum('snapshots') / elapsed),
    table_snapshot_bytes: Math.round(sum('snapshotBytes') / Math.max(1, sum('snapshots'))),
    table_deltas_per_s: Math.round(sum('deltas') / elapsed),
    table_delta_bytes: Math.round(sum('deltaBytes') / Math.max(1, sum('deltas'))),
    broken_deltas: sum('broken'),
    checked_msgs_per_s: Math.round(sum('checked') / elapsed),
    scan_mismatches: sum('scanMismatches'),
    // What the clients spend on one message, on average: reading it, and on the checking clients parsing and
    // applying it.
    client_ms_per_msg: round(results.reduce((total, r) => total + r.handling, 0) / Math.max(1, received), 3),
    tick_to_client_p50_ms: round(percentile(latencies, 50), 1),
    tick_to_client_p99_ms: round(percentile(latencies, 99), 1),
    latency_samples: latencies.length,
    clients_dropped: sum('closedEarly'),
    // Share of a core each side used in the window (this machine has two): the busier side is the limit.
    server_cpu_pct: Math.round((cpu.user + cpu.system) / 10 / seconds / 1_000),
    client_processes_cpu_pct: results.map((r) => Math.round(r.cpuPct)).join(' / '),
    market_apply_ms_per_tick: round(serverMs.apply / ticked, 2),
    publish_ms_per_tick: round(serverMs.publish / ticked, 2),
    table_compute_ms_per_tick: round(serverMs.compute / ticked, 2),
    // Compressing each group frame once; ws's per-socket deflate would do it once per member that reads it.
    server_deflate_frames_per_tick: round(deflated.frames / ticked, 1),
    server_deflate_ms_per_tick: round(deflated.ms / ticked, 2),
    server_deflate_ms_per_mb: round(deflated.ms / Math.max(1e-9, deflated.bytesIn / 1024 / 1024), 2),
    // The machine's load at the end of the window: other work on it slows both sides.
    run_load_avg_1m: round(loadavg()[0] ?? 0, 2),
  };
}

/** Tick rates the headline tries, highest first: it reports the highest whose p99 stays within 100 ms. */
const HEADLINE_RATES = (process.env.FANOUT_RATES ?? '24,20,16,12,8').split(',').map(Number);
const HEADLINE_P99_MS = 100;

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.env.FANOUT_ONLY;
  const prefixed = (prefix: string, figures: Record<string, number | string>) =>
    Object.fromEntries(Object.entries(figures).map(([k, v]) => [`${prefix}${k}`, v]));
  // The headline: 1,000 API subscribers each watching 8 tokens' premium rows, the index and the funding
  // ranking, at the highest tick rate (of HEADLINE_RATES) whose p99 stays within 100 ms. Then the premium and
  // arbitrage pages as the web app opens them at the product's real-time rate (2 pushes a second), with deltas
  // and with whole snapshots.
  const figures: Record<string, number | string> = {};
  if (!only || only === 'headline') {
    const tried: string[] = [];
    let best: Record<string, number | string> | null = null;
    for (const rate of HEADLINE_RATES) {
      const run = await runFanoutBench({
        profiles: watchedTokenProfiles,
        role: 'developer',
        ticksPerSecond: rate,
      });
      tried.push(`${rate}/s: ${run.msgs_per_s} msgs/s, p99 ${run.tick_to_client_p99_ms} ms`);
      console.log('fanout headline', tried.at(-1));
      const p99 = Number(run.tick_to_client_p99_ms);
      if (best === null || p99 < Number(best.tick_to_client_p99_ms)) best = run;
      if (p99 <= HEADLINE_P99_MS) {
        best = run;
        break;
      }
    }
    Object.assign(figures, best, {
      headline_target_p99_ms: HEADLINE_P99_MS,
      headline_rates_tried: tried.join('; '),
    });
  }
  if (!only || only === 'tables') Object.assign(figures, prefixed('tables_', await runFanoutBench()));
  if (!only || only === 'whole')
    Object.assign(figures, prefixed('whole_tables_', await runFanoutBench({ deltas: false })));
  // The same table pages with permessage-deflate, compressed once per group frame (issue 11.2: measured).
  if (!only || only === 'deflate')
    Object.assign(figures, prefixed('deflate_tables_', await runFanoutBench({ deflate: true })));
  console.log('fanout', figures);
  if (!only) console.log(`wrote ${writeResult('fanout', figures)}`);
  process.exit(0);
}

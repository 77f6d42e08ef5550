import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type AlertDataType, defaultHysteresis, type VenueId } from '@spreadscope/core';
import { AlertBook, type AlertRule, MarketEngine } from '@spreadscope/engine';
// The simulator without the live feeds (see packages/feeds/src/sim/index.ts).
import { Simulator } from '@spreadscope/feeds/sim';
import { percentile, round, writeResult } from './support/write-result.ts';

setFlagsFromString('--expose-gc');
const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (runInNewContext('gc') as () => void);

/**
 * Alert evaluation at the product's scale (issue 13): 100,000 active rules over the simulator's 7,000 tokens,
 * evaluated on the engine's tick (every 100 ms, as the runtime publishes it). Per tick the market takes
 * 100 ms of simulated events (not timed), then `AlertBook.evaluate` runs (timed): it finds the series whose
 * markets changed and runs only their triggers. Reported: evaluation cost per tick (p50, p99, max), series
 * evaluated per tick, firings, and the one-time cost of indexing the rules.
 *
 * The rule mix: Kimchi premium (Korean spot → overseas spot, fixed direction) 55 %, price gap among three
 * exchanges both ways 15 %, funding rate of one perpetual 15 %, funding gap between two perpetuals 10 %,
 * cross zero on a Kimchi premium 5 %; plus 20 "top funding rate" rules over every perpetual of a venue.
 * Thresholds sit near each series' current value, so rules do cross and fire during the run.
 */
const TOKENS = Number(process.env.ALERT_BENCH_TOKENS ?? 7_000);
const RULES = Number(process.env.ALERT_BENCH_RULES ?? 100_000);
const SECONDS = Number(process.env.ALERT_BENCH_SECONDS ?? 60);
const TICK_MS = 100;
const FORCE_GC = process.env.ALERT_BENCH_GC === '1';

/**
 * Nanoseconds the main thread has sat runnable waiting for a core (/proc/thread-self/schedstat, second field;
 * 0 where it is missing): the part of a wall figure the machine's load adds.
 */
function runQueueWait(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    return 0;
  }
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function rule(id: number, over: Partial<AlertRule> & Pick<AlertRule, 'dataType'>): AlertRule {
  const threshold = over.threshold ?? 0;
  return {
    id: `r${id}`,
    strategy: 'premium-price-gap',
    condition: 'greater-than',
    threshold,
    hysteresis: defaultHysteresis(threshold),
    minDurationMs: 0,
    once: false,
    intervalMs: 60_000,
    tokens: [],
    blacklist: [],
    exchanges: [],
    direction: 'fixed',
    premiumType: 'spot-spot',
    upbitQuote: 'KRW',
    minVolumeSpot: 0,
    minVolumeFutures: 0,
    fundingIntervalHours: 0,
    expiresAt: Number.POSITIVE_INFINITY,
    lastFiredAt: 0,
    active: true,
    ...over,
  };
}

function buildRules(bases: readonly string[]): AlertRule[] {
  const random = rng(13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const korean: VenueId[] = ['upbit', 'bithumb'];
  const overseas: VenueId[] = ['binance', 'okx', 'bybit', 'gateio', 'bitget'];
  const perps: VenueId[] = ['binance', 'bybit', 'okx', 'bitget'];
  const rules: AlertRule[] = [];
  for (let i = 0; i < RULES; i++) {
    const token = pick(bases);
    const r = random();
    const level = (1 + random() * 4) * (random() < 0.5 ? 1 : -1);
    if (r < 0.55) {
      const dataType: AlertDataType = random() < 0.5 ? 'price-gap-percent' : 'price-gap-usdt';
      rules.push(
        rule(i, {
          dataType,
          tokens: [token],
          exchanges: [pick(korean), pick(overseas)],
          condition: level > 0 ? 'greater-than' : 'less-than',
          threshold: level,
        }),
      );
    } else if (r < 0.7) {
      const a = pick(overseas);
      const b = pick(overseas.filter((v) => v !== a));
      rules.push(
        rule(i, {
          dataType: 'price-gap-percent',
          tokens: [token],
          exchanges: ['upbit', a, b],
          direction: 'any',
          threshold: Math.abs(level) / 4,
        }),
      );
    } else if (r < 0.85) {
      rules.push(
        rule(i, {
          strategy: 'single-funding',
          dataType: 'funding-rate-percent',
          tokens: [token],
          exchanges: [pick(perps)],
          threshold: 0.005 + random() * 0.02,
        }),
      );
    } else if (r < 0.95) {
      const a = pick(perps);
      rules.push(
        rule(i, {
          strategy: 'premium-funding-gap',
          dataType: 'funding-gap-percent',
          tokens: [token],
          exchanges: [a, pick(perps.filter((v) => v !== a))],
          premiumType: 'perp-perp',
          threshold: 0.005 + random() * 0.02,
        }),
      );
    } else {
      rules.push(
        rule(i, {
          dataType: 'price-gap-percent',
          condition: 'cross-zero',
          tokens: [token],
          exchanges: [pick(korean), pick(overseas)],
          hysteresis: 0.05,
        }),
      );
    }
  }
  for (let i = 0; i < 20; i++) {
    rules.push(
      rule(RULES + i, {
        strategy: 'top-funding-rate',
        dataType: 'funding-rate-percent',
        exchanges: [pick(perps)],
        direction: 'any',
        threshold: 0.01 + i * 0.002,
      }),
    );
  }
  return rules;
}

export async function runAlertsBench(): Promise<Record<string, number>> {
  const start = Date.UTC(2026, 0, 5, 0, 0, 0);
  const simulator = new Simulator({ seed: 7, startTime: start, tokenLimit: TOKENS });
  const engine = new MarketEngine();
  for (const event of simulator.advanceTo(start + 10_000)) engine.apply(event);
  engine.compact();
  const bases = engine.state.tokens.map((t) => t.base);
  const rules = buildRules(bases);

  const book = new AlertBook();
  const i0 = performance.now();
  book.evaluate(engine, simulator.time);
  for (const r of rules) book.upsert(r);
  // The first evaluation resolves markets and lays the index out; it also sees every series once.
  const firstTick = performance.now();
  book.evaluate(engine, simulator.time);
  const indexMs = performance.now() - i0;
  const firstTickMs = performance.now() - firstTick;
  let series = 0;
  for (const r of rules) series += book.watchesFor(r.id).length;

  // GC pauses on the main thread, to tell a slow tick that was collecting from one that was working.
  const pauses: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  const windows: { start: number; end: number }[] = [];
  const ticks: number[] = [];
  const cpu: number[] = [];
  const waited: number[] = [];
  let looked = 0;
  let exact = 0;
  let fires = 0;
  let events = 0;
  for (let t = simulator.time + TICK_MS; t <= start + 10_000 + SECONDS * 1000; t += TICK_MS) {
    const batch = simulator.advanceTo(t);
    events += batch.length;
    for (const event of batch) engine.apply(event);
    // GC runs where V8 puts it (as in the server). ALERT_BENCH_GC=1 forces a full collection before each
    // timed call instead: no collection lands on the clock, but every cache line is cold (≈ 4× slower).
    if (FORCE_GC) gc();
    const w0 = runQueueWait();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fires += book.evaluate(engine, t).length;
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    ticks.push(t1 - t0);
    cpu.push((c1.user + c1.system) / 1000);
    waited.push((runQueueWait() - w0) / 1e6);
    windows.push({ start: t0, end: t1 });
    looked += book.looked;
    exact += book.exactRuns;
    book.changed.clear();
  }
  await new Promise((r) => setTimeout(r, 50));
  observer.disconnect();
  // GC time that fell inside each timed call (both lists are in time order).
  const gcIn = ticks.map(() => 0);
  let p = 0;
  windows.forEach((w, i) => {
    while (p < pauses.length && (pauses[p] as { end: number }).end <= w.start) p++;
    for (let q = p; q < pauses.length && (pauses[q] as { start: number }).start < w.end; q++) {
      const g = pauses[q] as { start: number; end: number };
      gcIn[i] = (gcIn[i] ?? 0) + Math.min(g.end, w.end) - Math.max(g.start, w.start);
    }
  });
  const sorted = [...ticks].sort((a, b) => a - b);
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  const worst = ticks.map((_, i) => i).sort((a, b) => (ticks[b] ?? 0) - (ticks[a] ?? 0));
  const slow = worst.slice(0, Math.max(1, Math.ceil(ticks.length / 100)));
  const withGc = ticks.filter((_, i) => (gcIn[i] ?? 0) > 0).length;
  return {
    tokens: bases.length,
    markets: engine.state.instruments.length,
    rules: rules.length,
    series,
    ticks: ticks.length,
    events_per_tick: round(events / ticks.length, 1),
    eval_p50_ms: round(percentile(sorted, 50)),
    eval_p99_ms: round(percentile(sorted, 99)),
    eval_max_ms: round(sorted[sorted.length - 1] ?? Number.NaN),
    eval_mean_ms: round(ticks.reduce((a, b) => a + b, 0) / ticks.length),
    // CPU time over the call (getrusage, exact to the µs: the process, so a concurrent GC thread counts too):
    // what the work costs whatever the load; and the main thread's wait for a core (what the load adds).
    cpu_p50_ms: round(percentile(cpuSorted, 50)),
    cpu_p99_ms: round(percentile(cpuSorted, 99)),
    cpu_mean_ms: round(cpu.reduce((a, b) => a + b, 0) / cpu.length),
    wait_mean_ms: round(waited.reduce((a, b) => a + b, 0) / waited.length),
    ticks_with_gc: withGc,
    gc_ms_in_eval: round(gcIn.reduce((a, b) => a + b, 0)),
    // The slowest 1 % of ticks: their wall time, CPU time and GC time (what the p99 is made of).
    slowest_wall_ms: round(slow.reduce((a, i) => a + (ticks[i] ?? 0), 0) / slow.length),
    slowest_cpu_ms: round(slow.reduce((a, i) => a + (cpu[i] ?? 0), 0) / slow.length),
    slowest_wait_ms: round(slow.reduce((a, i) => a + (waited[i] ?? 0), 0) / slow.length),
    slowest_gc_ms: round(slow.reduce((a, i) => a + (gcIn[i] ?? 0), 0) / slow.length),
    target_p99_ms: 2,
    forced_gc: FORCE_GC ? 1 : 0,
    series_looked_per_tick: round(looked / ticks.length, 1),
    exact_evaluations_per_tick: round(exact / ticks.length, 1),
    fires,
    index_build_ms: round(indexMs, 1),
    first_tick_ms: round(firstTickMs, 1),
  };
}

const result = await runAlertsBench();
console.log('alerts', result);
writeResult('alerts', result);

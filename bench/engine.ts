import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MINUTE_MS, minuteStart } from '@spreadscope/core';
import { calcOptions, MarketEngine, RowMetrics, SpreadCalc } from '@spreadscope/engine';
// The simulator without the live feeds: see packages/feeds/src/sim/index.ts for why it matters here.
import { Simulator } from '@spreadscope/feeds/sim';
import { percentile, round, writeResult } from './support/write-result.ts';

/**
 * The analytics engine at the product's scale: the simulator synthesising 7,000 tokens on every simulated
 * venue (≈70,000 markets, ≈733,000 ordered combinations). Measures, on one core:
 *
 * - quote_updates_per_s: quotes applied per second with every combination of the quoted market current —
 *   its block (touch and reciprocals, whose products are both rows' ratios of each of its market pairs)
 *   written, each pair's last-price ratio and minute open/high/low followed — minute bars and rings
 *   updated; event generation is not timed, nor are the other events of each batch (order books, funding,
 *   wallets — applied just before the batch's quotes; books are timed on their own as book_updates_per_s),
 *   and a full GC runs before each timed batch so the simulator's garbage is not collected on the engine's
 *   clock; quote_updates_per_cpu_s divides by the process's CPU time instead (see recompute_cpu_*);
 * - recompute_p50_ms / recompute_p99_ms: a full recompute of every row's derived values (200 runs after 5
 *   untimed ones), with the pass a table's query runs over its candidates: RowMetrics over all combinations
 *   (computeAll; a query's computeRows runs the same loop over its candidates' pairs), spot-spot arbitrage
 *   reading in KRW by USD, taker fees, real-time freshness — for each row the gap, entry and exit gaps
 *   converted into one currency, the gap after both legs' fees, the funding gap and net funding per hour,
 *   and staleness, written to typed arrays (no allocation per row; row objects are built only for the page
 *   served);
 *   recompute_cpu_* are the process's CPU time for the same runs (other work on a shared machine stretches
 *   wall-clock time more than CPU time);
 * - page timings of the widest tables (kimchi premium, spot-spot arbitrage: scan, derive, rank, build 100
 *   rows);
 * - rss_mb: resident memory with the 24 h minute rings filled as after a day of running (written directly,
 *   since simulating a day of 7,000 tokens would take hours), after a GC.
 */
// Run as `npx tsx bench/engine.ts` as well as under `npm run bench` (--expose-gc): the flag can be set late,
// and a fresh context then sees gc().
setFlagsFromString('--expose-gc');
const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (runInNewContext('gc') as () => void);

export function runEngineBench(tokens = 7_000): Record<string, number> {
  const start = Date.UTC(2026, 0, 5, 0, 0, 0);
  const simulator = new Simulator({ seed: 7, startTime: start, tokenLimit: tokens });
  const engine = new MarketEngine();
  // Warm-up: every instrument quotes within 2 s; 10 s creates every market and combination.
  for (const event of simulator.advanceTo(start + 10_000)) engine.apply(event);
  // What the runtime does at its first minute boundary: lay combinations out by token.
  engine.compact();

  let applyMs = 0;
  let applyCpuMs = 0;
  let bookMs = 0;
  let quotes = 0;
  let books = 0;
  // One second of events at a time: the batches are not timed, but smaller ones keep the heap (and the
  // resident size measured below) close to what a running server holds.
  for (let t = start + 10_000; t < start + 40_000; t += 1_000) {
    const events = simulator.advanceTo(t + 1_000);
    const quoteEvents = events.filter((e) => e.type === 'quote');
    const bookEvents = events.filter((e) => e.type === 'book');
    for (const event of events) if (event.type !== 'quote' && event.type !== 'book') engine.apply(event);
    // The simulator's garbage (≈70,000 books and quotes a second at this scale) is collected here, not on
    // the engine's clock.
    gc();
    const b0 = performance.now();
    for (const event of bookEvents) engine.apply(event);
    bookMs += performance.now() - b0;
    books += bookEvents.length;
    gc();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const event of quoteEvents) engine.apply(event);
    applyMs += performance.now() - t0;
    const used = process.cpuUsage(c0);
    applyCpuMs += (used.user + used.system) / 1000;
    quotes += quoteEvents.length;
  }
  const now = simulator.time;

  const metrics = new RowMetrics();
  const calc = new SpreadCalc(
    engine,
    calcOptions('arbitrage', {
      currency: 'KRW',
      conversionBase: 'USD',
      interval: 'realtime',
      feeMode: 'taker',
    }),
    now,
  );
  // Wall-clock time, and the process's CPU time for the same runs: on a shared machine other processes
  // stretch the first, hardly the second.
  const time = (runs: number, work: () => void): { wall: number[]; cpu: number[] } => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < runs; i++) {
      const c0 = process.cpuUsage();
      const r0 = performance.now();
      work();
      wall.push(performance.now() - r0);
      const used = process.cpuUsage(c0);
      cpu.push((used.user + used.system) / 1000);
    }
    return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
  };
  // As for the quotes, the simulator's garbage is collected before the timed runs, and a few untimed runs
  // let V8 compile each pass first: a server runs them over and over.
  gc();
  for (let i = 0; i < 5; i++) metrics.computeAll(calc);
  const recompute = time(200, () => metrics.computeAll(calc));

  const base = {
    currency: 'KRW' as const,
    conversionBase: 'USD' as const,
    interval: 'realtime' as const,
    order: 'desc' as const,
    page: 1,
    limit: 100,
  };
  const premium: number[] = [];
  const arbitrage: number[] = [];
  for (let i = 0; i < 30; i++) {
    const p0 = performance.now();
    engine.premium({ ...base, sort: 'gap' }, now);
    premium.push(performance.now() - p0);
    const a0 = performance.now();
    engine.arbitrage('spot-spot', { ...base, sort: 'netGap' }, now);
    arbitrage.push(performance.now() - a0);
  }
  premium.sort((a, b) => a - b);
  arbitrage.sort((a, b) => a - b);

  // Steady-state memory: the rings hold 24 h of closes for every market.
  const ring = engine.bars.ring;
  const last = minuteStart(now) - MINUTE_MS;
  const instruments = engine.state.instruments.length;
  for (let m = last - (ring.slots - 1) * MINUTE_MS; m <= last; m += MINUTE_MS) {
    for (let id = 0; id < instruments; id++) ring.write(id, m, engine.state.last.array[id] as number);
  }
  gc();

  return {
    tokens,
    instruments,
    combos: engine.combos.count,
    market_pairs: engine.combos.pairCount,
    quotes_applied: quotes,
    quote_updates_per_s: Math.round(quotes / (applyMs / 1000)),
    quote_updates_per_cpu_s: Math.round(quotes / (applyCpuMs / 1000)),
    books_applied: books,
    book_updates_per_s: Math.round(books / (bookMs / 1000)),
    recompute_rows: metrics.count,
    recompute_p50_ms: round(percentile(recompute.wall, 50)),
    recompute_p99_ms: round(percentile(recompute.wall, 99)),
    recompute_cpu_p50_ms: round(percentile(recompute.cpu, 50)),
    recompute_cpu_p99_ms: round(percentile(recompute.cpu, 99)),
    premium_page_p50_ms: round(percentile(premium, 50)),
    arbitrage_page_p50_ms: round(percentile(arbitrage, 50)),
    arbitrage_page_p99_ms: round(percentile(arbitrage, 99)),
    rss_mb: Math.round(process.memoryUsage().rss / 1024 / 1024),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = runEngineBench();
  console.log('engine', figures);
  console.log(`wrote ${writeResult('engine', figures)}`);
}

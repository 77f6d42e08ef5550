import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { MarketEvent } from '@spreadscope/core';
import { MarketEngine } from '@spreadscope/engine';
import { createGatedSource, WorkerSource } from '@spreadscope/feeds';
import { KeyInterner } from '../apps/server/src/cluster/log-codec.ts';
import { encodeEntry } from '../apps/server/src/cluster/log-entry.ts';
import { round, writeResult } from './support/write-result.ts';

/**
 * The active ingest's two threads at full scale (SIM_TOKENS, default 7,000), in one process without Redis: the
 * market worker (simulator + gate + batch encoding) and the main thread doing what the ingest's does per event
 * (decode the batch, map the worker's market id to the log's, keep the latest event per market, apply it to
 * the engine, encode a log entry every 100 ms). CPU per thread from /proc (Linux), so a busy machine sways the
 * per-event figures less than wall time; the events/s reached says whether the threads kept up.
 */
const tokens = Number(process.env.SIM_TOKENS ?? 7000);
const warmupS = Number(process.env.INGEST_WARMUP_S ?? 20);
const measureS = Number(process.env.INGEST_SECONDS ?? 30);

/** CPU ms of one thread of this process (utime + stime, in the kernel's 1/100 s). */
function threadCpuMs(tid: number): number {
  const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

let skips = 0;
const source = createGatedSource({
  spec: 'sim',
  seed: 7,
  simTokens: tokens,
  logger: {
    info() {},
    warn: (message) => {
      if (message.includes('skipping ahead')) skips++;
    },
  },
});
if (!(source instanceof WorkerSource)) throw new Error('expected the market worker');
const worker = source;
const engine = new MarketEngine();
const interner = new KeyInterner();
const fromWorker: number[] = [];
const latest = new Map<number, MarketEvent>();
let batch: MarketEvent[] = [];
let batchIds: number[] = [];
let events = 0;
let entryBytes = 0;
let entries = 0;

await source.start((event) => {
  events++;
  const workerId = worker.eventId;
  let id = -1;
  if (workerId >= 0 && event.type !== 'forex' && 'venue' in event) {
    id = fromWorker[workerId] ?? -1;
    if (id < 0) {
      id = interner.idOf(event as Parameters<KeyInterner['idOf']>[0]);
      fromWorker[workerId] = id;
    }
    latest.set(event.type === 'book' ? id * 2 + 1 : id * 2, event);
  }
  batch.push(event);
  batchIds.push(id);
  engine.apply(event);
});
const timer = setInterval(() => {
  const entry = encodeEntry(Date.now(), Date.now(), batch, interner, undefined, batchIds);
  entryBytes += entry.length;
  entries++;
  batch = [];
  batchIds = [];
}, 100);

await new Promise((resolve) => setTimeout(resolve, warmupS * 1000));
const start = { events, main: threadCpuMs(process.pid), all: processCpuMs(), skips, at: Date.now() };
entryBytes = 0;
entries = 0;
const loadBefore = loadavg()[0] ?? 0;
await new Promise((resolve) => setTimeout(resolve, measureS * 1000));
const wallS = (Date.now() - start.at) / 1000;
const n = events - start.events;
const mainMs = threadCpuMs(process.pid) - start.main;
const allMs = processCpuMs() - start.all;
clearInterval(timer);
await source.stop();

const figures = {
  tokens,
  warmup_s: warmupS,
  measure_s: measureS,
  events_per_s: round(n / wallS, 0),
  simulator_skips: skips - start.skips,
  main_thread_cpu_pct: round((mainMs / (wallS * 1000)) * 100, 1),
  main_thread_us_per_event: round((mainMs * 1000) / n, 2),
  other_threads_cpu_pct: round(((allMs - mainMs) / (wallS * 1000)) * 100, 1),
  other_threads_us_per_event: round(((allMs - mainMs) * 1000) / n, 2),
  process_us_per_event: round((allMs * 1000) / n, 2),
  entry_kb: round(entryBytes / Math.max(1, entries) / 1024, 1),
  load_avg: `${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
};
console.log('ingest-threads', figures);
writeResult('ingest-threads', figures);

import type { MarketEvent } from '@spreadscope/core';
import { SIM_STEP_MS, Simulator } from '@spreadscope/feeds';
import { KeyInterner } from '../apps/server/src/cluster/log-codec.ts';
import { encodeEntry, KeyTable, readFrame } from '../apps/server/src/cluster/log-entry.ts';
import { round, writeResult } from './support/write-result.ts';

/**
 * The event log's entry format at full scale (SIM_TOKENS, default 7,000 tokens): simulator ticks of 100 ms,
 * encoded and decoded as the ingest and a replica do, in the JSON entries the log used before (each event
 * stringified, the entry parsed whole) and in the binary frames it uses now. Reports µs and bytes per event.
 */
const tokens = Number(process.env.SIM_TOKENS ?? 7000);
const seconds = Number(process.env.CODEC_SECONDS ?? 5);
const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);

/** CPU ms this process used so far: the figures below are CPU time, less swayed by a busy machine than wall. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const sim = new Simulator({ seed: 3, startTime: T0, tokenLimit: tokens });
// The first ticks emit every market at once; measure the steady rate after them.
sim.skipTo(T0 + 10_000);
const ticks: MarketEvent[][] = [];
const simStarted = cpuMs();
for (let t = T0 + 10_000 + SIM_STEP_MS; t <= T0 + 10_000 + seconds * 1000; t += SIM_STEP_MS) {
  ticks.push(sim.advanceTo(t));
}
// What the ingest's main thread spends producing the events, for comparison with encoding them.
const simMs = cpuMs() - simStarted;
const events = ticks.reduce((n, tick) => n + tick.length, 0);

function timed<T>(run: () => T): { ms: number; result: T } {
  const started = cpuMs();
  const result = run();
  return { ms: cpuMs() - started, result };
}

function best(rounds: number, run: () => void): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) min = Math.min(min, timed(run).ms);
  return min;
}

// The best of 3 rounds, in CPU time. Before: every event stringified as recorded, the entry joined; a replica parses the whole entry.
let jsonEntries: string[] = [];
const jsonEncodeMs = best(3, () => {
  jsonEntries = ticks.map((tick, i) => {
    const parts = tick.map((event) => JSON.stringify(event));
    return `{"at":${T0 + i},"publishedAt":${T0 + i},"events":[${parts.join(',')}]}`;
  });
});
const jsonDecodeMs = best(3, () => {
  for (const entry of jsonEntries) JSON.parse(entry);
});
const jsonBytes = jsonEntries.reduce((n, entry) => n + Buffer.byteLength(entry), 0);

// Now: binary frames. The interner (the ingest's) and the table (a replica's) live as long as the log, so the
// steady state is measured: every market named already (at start-up the first entry names ≈ 125,000 at once).
const interner = new KeyInterner();
for (const [i, tick] of ticks.entries()) encodeEntry(T0 + i, T0 + i, tick, interner);
let frames: Buffer[] = [];
const binaryEncodeMs = best(3, () => {
  frames = ticks.map((tick, i) => encodeEntry(T0 + i, T0 + i, tick, interner));
});
const binaryDecodeMs = best(3, () => {
  const table = new KeyTable();
  table.keys = interner.keys.slice();
  for (const frame of frames) table.entry(readFrame(frame));
});
const binaryBytes = frames.reduce((n, frame) => n + frame.length, 0);
const us = (ms: number) => round((ms * 1000) / events, 3);
const figures = {
  tokens,
  seconds,
  events,
  events_per_s: round(events / seconds, 0),
  simulator_cpu_us_per_event: us(simMs),
  json_encode_us_per_event: us(jsonEncodeMs),
  json_decode_us_per_event: us(jsonDecodeMs),
  json_bytes_per_event: round(jsonBytes / events, 1),
  json_entry_kb: round(jsonBytes / ticks.length / 1024, 1),
  binary_encode_us_per_event: us(binaryEncodeMs),
  binary_decode_us_per_event: us(binaryDecodeMs),
  binary_bytes_per_event: round(binaryBytes / events, 1),
  market_ids: interner.keys.length,
  binary_entry_kb: round(binaryBytes / ticks.length / 1024, 1),
  encode_speedup: round(jsonEncodeMs / binaryEncodeMs, 1),
  decode_speedup: round(jsonDecodeMs / binaryDecodeMs, 1),
};
console.log('log-codec', figures);
writeResult('log-codec', figures);

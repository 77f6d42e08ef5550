import type { MarketEvent } from '@spreadscope/core';
import { MarketEngine } from '@spreadscope/engine';
import { EventGate, SIM_STEP_MS, Simulator } from '@spreadscope/feeds';
import { KeyInterner } from '../apps/server/src/cluster/log-codec.ts';
import { encodeEntry } from '../apps/server/src/cluster/log-entry.ts';
import { round, writeResult } from './support/write-result.ts';

/**
 * Where the ingest's CPU goes per event at full scale (SIM_TOKENS, default 7,000): the simulator producing
 * 100 ms ticks, the gate, the log publisher's record (interning + latest per market), encoding the entry,
 * and the engine applying the event. CPU time (process.cpuUsage), best of a few rounds after a warm-up, so a
 * busy machine sways it less than wall time.
 */
const tokens = Number(process.env.SIM_TOKENS ?? 7000);
const seconds = Number(process.env.INGEST_SECONDS ?? 5);
const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const sim = new Simulator({ seed: 3, startTime: T0, tokenLimit: tokens });
sim.skipTo(T0 + 10_000);
const warm = sim.advanceTo(T0 + 10_000 + SIM_STEP_MS);
const ticks: MarketEvent[][] = [];
const simStarted = cpuMs();
for (let t = T0 + 10_000 + 2 * SIM_STEP_MS; t <= T0 + 10_000 + seconds * 1000; t += SIM_STEP_MS) {
  ticks.push(sim.advanceTo(t));
}
const simMs = cpuMs() - simStarted;
const events = ticks.reduce((n, tick) => n + tick.length, 0);
const us = (ms: number) => round((ms * 1000) / events, 3);

function stage(run: () => void): number {
  const started = cpuMs();
  run();
  return cpuMs() - started;
}

// Gate: a fresh gate that has seen the warm-up tick (every market once), as a running ingest's has.
const gate = new EventGate();
for (const event of warm) gate.admit(event, event.t);
const admitted: MarketEvent[][] = [];
const gateMs = stage(() => {
  for (const tick of ticks) {
    const kept: MarketEvent[] = [];
    for (const event of tick) if (gate.admit(event, event.t + 1)) kept.push(event);
    admitted.push(kept);
  }
});

// The publisher's record: intern + latest per market.
const interner = new KeyInterner();
for (const event of warm) if (event.type !== 'forex' && 'venue' in event) interner.idOf(event as never);
const latest = new Map<number | string, MarketEvent>();
const ids: number[][] = [];
const recordMs = stage(() => {
  for (const tick of admitted) {
    const tickIds: number[] = [];
    for (const event of tick) {
      const internable =
        event.type === 'quote' ||
        event.type === 'book' ||
        event.type === 'funding' ||
        event.type === 'wallet';
      const id = internable ? interner.idOf(event) : -1;
      tickIds.push(id);
      latest.set(event.type === 'book' ? id * 2 + 1 : id * 2, event);
    }
    ids.push(tickIds);
  }
});
interner.takeNew();
const encodeMs = stage(() => {
  for (const [i, tick] of admitted.entries()) encodeEntry(T0 + i, T0 + i, tick, interner, undefined, ids[i]);
});

// The engine: the first half of the ticks warms it (JIT, every market created), the second half is measured.
const engine = new MarketEngine();
for (const event of warm) engine.apply(event);
const half = Math.floor(admitted.length / 2);
for (const tick of admitted.slice(0, half)) for (const event of tick) engine.apply(event);
const measured = admitted.slice(half).reduce((n, tick) => n + tick.length, 0);
const engineMs =
  (stage(() => {
    for (const tick of admitted.slice(half)) for (const event of tick) engine.apply(event);
  }) *
    events) /
  measured;

const figures = {
  tokens,
  seconds,
  events,
  events_per_s: round(events / seconds, 0),
  simulator_us_per_event: us(simMs),
  gate_us_per_event: us(gateMs),
  record_us_per_event: us(recordMs),
  encode_us_per_event: us(encodeMs),
  engine_apply_us_per_event: us(engineMs),
};
console.log('ingest-path', figures);
writeResult('ingest-path', figures);

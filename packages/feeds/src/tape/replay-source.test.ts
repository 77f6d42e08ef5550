import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSourceState, MarketEvent, TapeLineError } from '@spreadscope/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulator } from '../sim/simulator.ts';
import { ReplaySource } from './replay-source.ts';
import { TapeWriter } from './tape-writer.ts';

const START = Date.UTC(2025, 10, 21, 3);
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spreadscope-replay-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function simTape(name: string, durationMs: number, tokenLimit = 10): Promise<string> {
  const path = join(dir, name);
  const writer = await TapeWriter.open(path, { source: 'test', start: START });
  await writer.writeAll(new Simulator({ seed: 1, startTime: START, tokenLimit }).generate(durationMs));
  await writer.close();
  return path;
}

function forexTape(times: readonly number[]): string {
  return `${times.map((t, i) => JSON.stringify({ t, type: 'forex', pair: 'USD/KRW', rate: 1400 + i })).join('\n')}\n`;
}

describe('ReplaySource', () => {
  it('at speed 0 drains a long tape at once, with the clock following tape time', async () => {
    const path = await simTape('ten-minutes.ndjson', 10 * 60_000, 3);
    const source = new ReplaySource({ path, speed: 0 });
    const states: DataSourceState[] = [];
    source.onStateChange((s) => states.push(s));
    const clockSeen: number[] = [];
    const events: MarketEvent[] = [];
    await source.start((e) => {
      events.push(e);
      clockSeen.push(source.now());
    });
    expect(source.now()).toBe(START);
    expect(source.state()).toMatchObject({ mode: 'replay', requested: `replay:${path}`, reason: null });
    await source.finished();
    // A paced replay of this ten-minute tape would outlast the test's timeout; finishing is the proof.
    expect(events.length).toBeGreaterThan(10_000);
    expect(events.some((e) => e.type === 'meta')).toBe(false);
    // The clock is the t of the last event applied, at every step.
    expect(clockSeen).toEqual(events.map((e) => e.t));
    const lastT = events.at(-1)?.t ?? 0;
    expect(lastT).toBeGreaterThan(START + 9 * 60_000);
    expect(source.now()).toBe(lastT);
    expect(source.state().reason).toMatch(/^tape ended at .*the clock stays at the last event$/);
    expect(states).toHaveLength(1);
    const links = new Map(source.links().map((l) => [l.venue, l]));
    expect(links.get('upbit')?.status).toBe('connected');
    expect(links.get('upbit')?.lastMessageAt).toBeGreaterThan(START);
    expect(links.get('klayswap')).toMatchObject({ status: 'unsupported', lastError: 'not in this tape' });
  });

  it('paces events by tape time divided by the speed', async () => {
    const path = join(dir, 'paced.ndjson');
    await writeFile(path, forexTape([START, START + 200, START + 400, START + 600]));
    for (const speed of [1, 3]) {
      // A virtual wall clock that moves only when the replay waits: the pacing is checked exactly.
      let wall = 1_000_000;
      const source = new ReplaySource({
        path,
        speed,
        wallClock: () => wall,
        sleep: async (ms) => {
          wall += ms;
        },
      });
      const arrivals: number[] = [];
      await source.start(() => arrivals.push(wall));
      await source.finished();
      const offsets = arrivals.map((a) => a - (arrivals[0] ?? 0));
      [0, 200, 400, 600].forEach((tape, i) => {
        expect(offsets[i]).toBeCloseTo(tape / speed, 6);
      });
      expect(offsets).toHaveLength(4);
      expect(source.now()).toBe(START + 600);
    }
  });

  it('reports malformed lines with their numbers and keeps replaying', async () => {
    const path = join(dir, 'broken.ndjson');
    await writeFile(
      path,
      [
        JSON.stringify({ t: START, type: 'meta', version: 1, source: 'hand' }),
        JSON.stringify({ t: START, type: 'forex', pair: 'USD/KRW', rate: 1400 }),
        'not json at all',
        JSON.stringify({
          t: START + 10,
          type: 'quote',
          venue: 'upbit',
          market: 'spot',
          base: 'BTC',
          quote: 'KRW',
        }),
        JSON.stringify({ t: START + 20, type: 'forex', pair: 'USD/KRW', rate: 1401 }),
      ].join('\n'),
    );
    const errors: TapeLineError[] = [];
    const events: MarketEvent[] = [];
    const source = new ReplaySource({ path, speed: 0, onLineError: (e) => errors.push(e) });
    await source.start((e) => events.push(e));
    await source.finished();
    expect(errors.map((e) => e.line)).toEqual([3, 4]);
    expect(events.map((e) => e.t)).toEqual([START, START + 20]);
    expect(source.progress()).toMatchObject({ applied: 2, lineErrors: 2 });
    expect(source.state().reason).toContain('2 malformed lines skipped');
  });

  it('never moves the clock backwards on a slightly unordered tape', async () => {
    const path = join(dir, 'unordered.ndjson');
    await writeFile(path, forexTape([START + 100, START + 50, START + 200]));
    const clocks: number[] = [];
    const source = new ReplaySource({ path, speed: 0 });
    await source.start(() => clocks.push(source.now()));
    await source.finished();
    expect(clocks).toEqual([START + 100, START + 100, START + 200]);
  });

  it('lets tape time flow through a gap in a paced replay, so silence shows instead of freezing the clock', async () => {
    const path = join(dir, 'forward-jump.ndjson');
    await writeFile(path, forexTape([START, START + 1_000, START + 3_600_000]));
    let wall = 5_000_000;
    let wake: (() => void) | null = null;
    const source = new ReplaySource({
      path,
      speed: 2,
      wallClock: () => wall,
      // The test decides when a wait ends; the wall clock moves only when the test moves it.
      sleep: (ms, signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => resolve());
          wake = () => {
            wall += ms;
            resolve();
          };
        }),
    });
    const applied: number[] = [];
    await source.start((e) => applied.push(e.t));
    const step = async () => {
      for (let i = 0; i < 100 && wake === null; i++) await new Promise((r) => setTimeout(r, 1));
      const w = wake as (() => void) | null;
      wake = null;
      w?.();
    };
    await step(); // START + 1 s arrives (half a second of wall at ×2)
    // …and the replay waits for the event an hour later.
    for (let i = 0; i < 100 && wake === null; i++) await new Promise((r) => setTimeout(r, 1));
    expect(applied).toEqual([START, START + 1_000]);
    expect(source.now()).toBe(START + 1_000);
    // Ten wall minutes into the hour-long gap at ×2: twenty tape minutes have passed, with no event.
    wall += 10 * 60_000;
    expect(source.now()).toBe(START + 1_000 + 20 * 60_000);
    // Never past the next event, however long the wait.
    wall += 10 * 3_600_000;
    expect(source.now()).toBe(START + 3_600_000);
    await source.stop();
  });

  it('stops promptly in the middle of a real-time replay', async () => {
    const path = join(dir, 'long-gap.ndjson');
    await writeFile(path, forexTape([START, START + 3_600_000]));
    const source = new ReplaySource({ path });
    const events: MarketEvent[] = [];
    await source.start((e) => events.push(e));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The next event is an hour away: stop() resolving within the test's timeout is the proof it cut the wait.
    await source.stop();
    expect(events).toHaveLength(1);
    expect(source.state().reason).toBeNull();
  });

  it('rejects a missing tape and a bad speed with clear messages', async () => {
    const missing = join(dir, 'nope.ndjson');
    await expect(new ReplaySource({ path: missing }).start(() => {})).rejects.toThrow(
      `cannot open tape ${missing}: no such file`,
    );
    expect(() => new ReplaySource({ path: missing, speed: -1 })).toThrow('replay speed must be a number ≥ 0');
  });
});

import type { MarketEvent } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { Simulator } from './simulator.ts';
import { SimulatorSource } from './simulator-source.ts';
import { SIMULATED_VENUE_IDS } from './venue-profiles.ts';

const START = Date.UTC(2025, 10, 21, 3);

describe('SimulatorSource', () => {
  it('advances the simulator to the wall clock and labels itself simulated', async () => {
    let wall = START;
    const source = new SimulatorSource({ seed: 1, tokenLimit: 20, tickMs: 5, clock: () => wall });
    const events: MarketEvent[] = [];
    await source.start((e) => events.push(e));
    expect(source.state()).toMatchObject({ mode: 'simulated', requested: 'sim', reason: null, since: START });
    wall = START + 2_000;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(events.length).toBeGreaterThan(100);
    // (The simulated listings stamp their events at the clock's own time: the window's end is included.)
    expect(events.every((e) => e.t >= START && e.t <= START + 2_000)).toBe(true);
    expect(source.now()).toBe(START + 2_000);
    await source.stop();
    const count = events.length;
    wall = START + 10_000;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(events.length).toBe(count);
  });

  it('hands a quote over once its time has passed, not when its 100 ms step ends; none lost, none twice', async () => {
    // What the simulator draws for these 1.1 s with this seed (the simulated listings add quotes of their own).
    const simulator = new Simulator({
      seed: 3,
      startTime: START,
      venues: [...SIMULATED_VENUE_IDS],
      tokenLimit: 20,
    });
    const key = (e: MarketEvent) => JSON.stringify(e);
    const drawn = simulator.advanceTo(START + 1_100).filter((e) => e.type === 'quote');
    const drawnKeys = new Set(drawn.map(key));
    let wall = START;
    const source = new SimulatorSource({ seed: 3, tokenLimit: 20, tickMs: 5, clock: () => wall });
    const events: MarketEvent[] = [];
    await source.start((e) => events.push(e));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
    const quotes = () => events.filter((e) => drawnKeys.has(key(e)));
    // Mid-step: the step [1000, 1100) is drawn, and its quotes before 1040 are out, none later.
    wall = START + 1_040;
    await settle();
    expect(quotes().some((e) => e.t > START + 1_000)).toBe(true);
    expect(quotes().every((e) => e.t < START + 1_040)).toBe(true);
    wall = START + 1_100;
    await settle();
    await source.stop();
    expect(quotes().map(key).sort()).toEqual(drawn.map(key).sort());
    const times = quotes().map((e) => e.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('skips ahead after a long stall instead of replaying the backlog', async () => {
    let wall = START;
    const warnings: string[] = [];
    const source = new SimulatorSource({
      seed: 1,
      tokenLimit: 20,
      tickMs: 5,
      clock: () => wall,
      logger: { info() {}, warn: (m) => warnings.push(m) },
    });
    const events: MarketEvent[] = [];
    await source.start((e) => events.push(e));
    // The start's back-filled notices (stamped at start) are not the backlog.
    const atStart = events.length;
    wall = START + 3 * 3_600_000;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(warnings).toEqual(['simulator: 10800 s behind the clock; skipping ahead']);
    expect(events.length).toBeGreaterThan(atStart);
    expect(events.slice(atStart).every((e) => e.t >= wall - 1_000)).toBe(true);
    await source.stop();
  });

  it('reports simulated venues connected, disabled ones disabled and the rest unsupported', async () => {
    let wall = START;
    const source = new SimulatorSource({
      seed: 1,
      tokenLimit: 5,
      tickMs: 5,
      clock: () => wall,
      disabledVenues: ['bithumb'],
      requested: 'auto',
      reason: 'no live exchange answered within 15 s',
    });
    await source.start(() => {});
    wall = START + 3_000;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const links = new Map(source.links().map((l) => [l.venue, l]));
    expect(links.get('upbit')?.status).toBe('connected');
    expect(links.get('upbit')?.lastMessageAt).toBeGreaterThanOrEqual(START);
    expect(links.get('hyperliquid')?.status).toBe('connected');
    expect(links.get('bithumb')).toMatchObject({
      status: 'disabled',
      lastError: 'disabled by configuration',
    });
    expect(links.get('uniswapv3')).toMatchObject({ status: 'unsupported', lastError: 'not simulated' });
    expect(source.state()).toMatchObject({
      requested: 'auto',
      reason: 'no live exchange answered within 15 s',
    });
    await source.stop();
  });
});

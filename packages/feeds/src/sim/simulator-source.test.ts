import type { MarketEvent } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { SimulatorSource } from './simulator-source.ts';

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

import type { DataSourceState, MarketEvent } from '@spreadscope/core';
import { VENUES } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { VenueOverrides } from '../common/venue-overrides.ts';
import { EventGate } from '../guard/event-gate.ts';
import { GuardedSource } from '../guard/guarded-source.ts';
import { closedPort } from '../live/fixtures/fixture-http.ts';
import type { GatedSource } from '../market-source.ts';
import { SIM_LISTING_TOKENS } from '../sim/sim-listings.ts';
import { Simulator } from '../sim/simulator.ts';
import { SIMULATED_VENUE_IDS } from '../sim/venue-profiles.ts';
import { createGatedSource } from './create-gated-source.ts';
import { MAX_IN_FLIGHT } from './worker-protocol.ts';
import { WorkerSource } from './worker-source.ts';

const started: GatedSource[] = [];
afterEach(async () => {
  for (const source of started.splice(0)) await source.stop();
});

async function waitFor(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const quiet = { info() {}, warn() {} };

describe('the market worker', () => {
  it('hands over the simulator’s gated events in the simulator’s own order, numbers intact', async () => {
    const source = createGatedSource({ spec: 'sim', seed: 5, simTokens: 40, logger: quiet });
    expect(source).toBeInstanceOf(WorkerSource);
    started.push(source);
    const events: MarketEvent[] = [];
    const ids: number[] = [];
    await source.start((event) => {
      events.push(event);
      ids.push((source as WorkerSource).eventId);
    });
    expect(source.state()).toMatchObject({ mode: 'simulated', requested: 'sim', reason: null });
    await waitFor(() => events.length > 3_000);
    await source.stop();
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(events.length).toBe(count);

    // The same seed from the same start, run and gated here: the worker's events are its prefix, exactly.
    const sim = new Simulator({
      seed: 5,
      startTime: source.state().since,
      venues: [...SIMULATED_VENUE_IDS],
      tokenLimit: 40,
    });
    const gate = new EventGate();
    const expected: MarketEvent[] = [];
    const last = Math.max(...events.map((event) => event.t));
    // (A step may stamp its events a little before the step's own time: run a second past the last one.)
    for (const event of sim.advanceTo(last + 1_000)) if (gate.admit(event, event.t)) expected.push(event);
    // The source adds its own streams beside the simulator's market (notices and their back-fill, token updates,
    // cautions, borrow rates, open interest, liquidations, the simulated listings' markets): the market events
    // are compared.
    const extra = new Set(['notice', 'token_update', 'caution', 'borrow', 'oi', 'liquidation']);
    const listed = new Set(SIM_LISTING_TOKENS);
    const market = events.filter(
      (event) =>
        !extra.has(event.type) &&
        !('base' in event && listed.has(event.base)) &&
        !('asset' in event && listed.has(event.asset)),
    );
    expect(market.length).toBeGreaterThan(1_000);
    expect(expected.length).toBeGreaterThanOrEqual(market.length);
    // Compared field by field (a decoded event lists its fields in the codec's order).
    const canonical = (event: MarketEvent | undefined) =>
      event && JSON.stringify(Object.entries(event).sort(([a], [b]) => a.localeCompare(b)));
    const differs = market.findIndex((event, i) => canonical(event) !== canonical(expected[i]));
    expect({ differs, got: market[differs], want: expected[differs] }).toEqual({
      differs: -1,
      got: undefined,
      want: undefined,
    });
    // Each event names its market by the worker's id, and equal markets by equal ids.
    const worker = source as WorkerSource;
    for (const [i, event] of events.entries()) {
      const id = ids[i] as number;
      if (event.type === 'quote' || event.type === 'book') {
        expect(worker.keys[id]).toEqual(['m', event.venue, event.market, event.base, event.quote]);
      } else if (event.type === 'forex') {
        expect(id).toBe(-1);
      }
    }
    expect(worker.eventId).toBe(-1);
    // Links come from the worker's source, with the venues it simulated marked connected.
    const upbit = source.links().find((link) => link.venue === 'upbit');
    expect(upbit).toMatchObject({ status: 'connected' });
    expect(source.rejects().size).toBe(0);
  });

  it('carries auto’s switch to the simulator across the thread, state before the new mode’s events', async () => {
    const port = await closedPort();
    const venues: VenueOverrides = {};
    for (const { id } of VENUES) venues[id] = { baseUrl: `http://127.0.0.1:${port}` };
    const source = createGatedSource({
      spec: 'auto',
      simTokens: 20,
      venues,
      forexUrls: [`http://127.0.0.1:${port}/forex`],
      logger: quiet,
    });
    expect(source).toBeInstanceOf(WorkerSource);
    started.push(source);
    const states: DataSourceState[] = [];
    source.onStateChange((state) => states.push(state));
    const modes: string[] = [];
    await source.start(() => modes.push(source.state().mode));
    expect(source.state()).toMatchObject({ mode: 'live', requested: 'auto' });
    await waitFor(() => modes.length > 100);
    expect(states.map((s) => s.mode)).toContain('simulated');
    expect(source.state().reason).toMatch(/^every live exchange failed/);
    expect(new Set(modes)).toEqual(new Set(['simulated']));
    expect(source.liveFailures?.().length).toBeGreaterThan(3);
  });

  it('holds the source back while this thread is behind, instead of piling batches up', async () => {
    const source = createGatedSource({ spec: 'sim', seed: 2, simTokens: 40, logger: quiet });
    started.push(source);
    const worker = source as WorkerSource;
    let blocked = false;
    let pendingAfterStall = -1;
    await source.start(() => {
      if (blocked) return;
      blocked = true;
      // This thread stalls for 2 s: the simulator ticks every 100 ms, so 20 batches would be waiting.
      const until = Date.now() + 2_000;
      while (Date.now() < until) {}
      pendingAfterStall = worker.pendingBatches;
    });
    await waitFor(() => pendingAfterStall >= 0);
    expect(pendingAfterStall).toBeGreaterThanOrEqual(2);
    // Without the limit 17–20 are waiting by now (measured with the limit lifted).
    expect(MAX_IN_FLIGHT).toBeLessThanOrEqual(8);
    expect(pendingAfterStall).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    await waitFor(() => worker.pendingBatches <= 1);
  });

  it('keeps a replay, and a source given functions, on this thread', () => {
    const replay = createGatedSource({ spec: 'replay:/tmp/none.ndjson', replaySpeed: 0 });
    expect(replay).toBeInstanceOf(GuardedSource);
    const fetched = createGatedSource({ spec: 'live', fetch: globalThis.fetch });
    expect(fetched).toBeInstanceOf(GuardedSource);
    expect(createGatedSource({ spec: 'sim', thread: 'main' })).toBeInstanceOf(GuardedSource);
    expect(() => createGatedSource({ spec: 'simulator' })).toThrow('got "simulator"');
  });
});

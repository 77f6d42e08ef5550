import type { DataSourceState, MarketEvent, VenueId } from '@spreadscope/core';
import { quote } from '@spreadscope/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { AutoSource } from './auto-source.ts';
import type { LiveSource } from './live/live-source.ts';
import type { EventSink, VenueLink } from './market-source.ts';
import type { SimulatorSource } from './sim/simulator-source.ts';

/**
 * The hand-over between the simulator and live venues, with both sources under the test's control: whoever
 * keeps per-source state (the server's engine and history) must hear of a switch before the first event of
 * the new source, and must never receive an event of the old one afterwards.
 */

class FakeLive {
  readonly liveVenues: readonly VenueId[] = ['upbit'];
  sink: EventSink | null = null;
  private status: VenueLink['status'] = 'connecting';
  private readonly listeners = new Set<(links: readonly VenueLink[]) => void>();

  async start(sink: EventSink): Promise<void> {
    this.sink = sink;
  }
  async stop(): Promise<void> {}
  now(): number {
    return Date.now();
  }
  links(): readonly VenueLink[] {
    return [{ venue: 'upbit', status: this.status, lastMessageAt: null, lastError: 'HTTP 503' }];
  }
  onLinksChange(listener: (links: readonly VenueLink[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  setStatus(status: VenueLink['status']): void {
    this.status = status;
    for (const listener of this.listeners) listener(this.links());
  }
}

class FakeSimulator {
  sink: EventSink | null = null;
  /** stop() waits for this (a second at most), so the test can emit while the simulator is still stopping. */
  release: () => void = () => {};
  private readonly released = new Promise<void>((resolve) => {
    this.release = resolve;
    setTimeout(resolve, 1_000).unref();
  });

  async start(sink: EventSink): Promise<void> {
    this.sink = sink;
  }
  async stop(): Promise<void> {
    await this.released;
  }
  now(): number {
    return Date.now();
  }
  links(): readonly VenueLink[] {
    return [];
  }
}

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const started: AutoSource[] = [];
afterEach(async () => {
  for (const source of started.splice(0)) await source.stop();
});

describe('auto switching between the simulator and live', () => {
  it('announces each switch before the first event of the new source, and lets none of the old one through', async () => {
    const lives: FakeLive[] = [];
    const simulators: FakeSimulator[] = [];
    const source = new AutoSource({
      live: () => {
        const live = new FakeLive();
        lives.push(live);
        return live as unknown as LiveSource;
      },
      simulator: () => {
        const simulator = new FakeSimulator();
        simulators.push(simulator);
        return simulator as unknown as SimulatorSource;
      },
      timeoutMs: 2_000,
      retryMs: 10,
      random: () => 0.5,
    });
    started.push(source);
    /** Every announcement and every event, with the mode the source claimed when the event arrived. */
    const log: string[] = [];
    source.onStateChange((state: DataSourceState) => log.push(`state ${state.mode}`));
    await source.start((event: MarketEvent) =>
      log.push(`${source.state().mode} ${'venue' in event ? event.venue : event.type}`),
    );

    // Every live venue fails: the simulator takes over, announced before its first event.
    lives[0]?.setStatus('down');
    await waitFor(() => simulators[0]?.sink !== null && simulators.length === 1);
    const simulator = simulators[0] as FakeSimulator;
    simulator.sink?.(quote(Date.now(), 'kbit', 'BTC', 'KRW', 1));
    expect(log).toEqual(['state simulated', 'simulated kbit']);
    // The first live attempt, stopped, cannot slip an event in.
    lives[0]?.sink?.(quote(Date.now(), 'upbit', 'BTC', 'KRW', 2));
    expect(log).toHaveLength(2);

    // A background try finds upbit answering; its events held back until the switch.
    await waitFor(() => lives.length === 2 && lives[1]?.sink !== null);
    const probe = lives[1] as FakeLive;
    probe.sink?.(quote(Date.now(), 'upbit', 'BTC', 'KRW', 3));
    expect(log).toHaveLength(2);
    probe.setStatus('connected');
    await waitFor(() => log.includes('state live'));
    // The simulator is still stopping: whatever it emits now goes nowhere; live flows at once.
    simulator.sink?.(quote(Date.now(), 'kbit', 'BTC', 'KRW', 4));
    probe.sink?.(quote(Date.now(), 'upbit', 'BTC', 'KRW', 5));
    simulator.release();
    await waitFor(() => log.length === 4);
    expect(log).toEqual(['state simulated', 'simulated kbit', 'state live', 'live upbit']);
  });
});

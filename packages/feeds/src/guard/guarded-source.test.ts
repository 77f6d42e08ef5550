import type { DataSourceState, MarketEvent } from '@spreadscope/core';
import { quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import type { EventSink, MarketSource, VenueLink } from '../market-source.ts';
import { GuardedSource } from './guarded-source.ts';

const T = Date.UTC(2025, 10, 21, 3);

/** The smallest source: the test pushes events and switches modes, as `auto` does. */
class PushSource implements MarketSource {
  sink: EventSink | null = null;
  current: DataSourceState = { mode: 'live', requested: 'auto', since: T, reason: null };
  async start(sink: EventSink) {
    this.sink = sink;
  }
  async stop() {}
  now() {
    return T + 60_000;
  }
  state() {
    return this.current;
  }
  links(): VenueLink[] {
    return [{ venue: 'upbit', status: 'connected', lastMessageAt: T, lastError: null }];
  }
  onStateChange() {
    return () => {};
  }
}

describe('GuardedSource', () => {
  it('passes what the gate admits, counts the rest on the venue’s link, and starts afresh on a mode switch', async () => {
    const inner = new PushSource();
    const source = new GuardedSource(inner);
    const seen: MarketEvent[] = [];
    await source.start((e) => seen.push(e));
    inner.sink?.(quote(T, 'upbit', 'ENS', 'KRW', 30_000));
    inner.sink?.(quote(T + 1, 'upbit', 'ENS', 'KRW', 300_000));
    expect(seen.map((e) => e.t)).toEqual([T]);
    expect(source.links()[0]?.rejects).toMatchObject({ total: 1, counts: { jump: 1 } });
    // The simulator takes over: its prices are its own, not a jump from live ones.
    inner.current = { ...inner.current, mode: 'simulated' };
    inner.sink?.(quote(T + 2, 'upbit', 'ENS', 'KRW', 300_000));
    expect(seen.map((e) => e.t)).toEqual([T, T + 2]);
  });
});

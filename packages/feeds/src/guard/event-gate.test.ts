import type { BookEvent, MarketEvent } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { Simulator } from '../sim/simulator.ts';
import { EventGate } from './event-gate.ts';

const T = Date.UTC(2025, 10, 21, 3);

function book(t: number, venue: string, bids: [number, number][], asks: [number, number][]): BookEvent {
  return { t, type: 'book', venue, market: 'spot', base: 'BTC', quote: 'USDT', bids, asks };
}

/** Feeds events through a fresh gate on a clock at the latest event time; returns which were admitted. */
function run(events: MarketEvent[], gate = new EventGate()): boolean[] {
  let now = T;
  return events.map((e) => {
    now = Math.max(now, e.t);
    return gate.admit(e, now);
  });
}

describe('EventGate', () => {
  it('refuses crossed quotes and books, and numbers that are no price, counting each per venue and reason', () => {
    const gate = new EventGate();
    const admitted = run(
      [
        quote(T, 'binance', 'BTC', 'USDT', 100_000, { bid: 99_999, ask: 100_001 }),
        quote(T + 1, 'binance', 'BTC', 'USDT', 100_000, { bid: 100_010, ask: 99_990 }),
        book(T + 2, 'binance', [[100_010, 1]], [[99_990, 1]]),
        book(
          T + 3,
          'binance',
          [
            [99_990, 1],
            [99_995, 1],
          ],
          [[100_010, 1]],
        ),
        quote(T + 4, 'okx', 'BTC', 'USDT', 1e300),
        quote(T + 5, 'okx', 'BTC', 'USDT', 1e-300),
        quote(T + 6, 'okx', 'BTC', 'USDT', Number.NaN),
        quote(T + 7, 'okx', 'BTC', 'USDT', 100_000, { volume24h: Number.POSITIVE_INFINITY }),
        book(T + 8, 'binance', [[99_990, 1]], [[100_010, 1]]),
      ],
      gate,
    );
    expect(admitted).toEqual([true, false, false, false, false, false, false, false, true]);
    expect(gate.rejectsOf('binance')).toMatchObject({
      total: 3,
      counts: { crossed: 2, invalid: 1, jump: 0, 'out-of-order': 0, future: 0 },
      last: { reason: 'invalid', market: 'spot BTC/USDT' },
    });
    expect(gate.rejectsOf('okx')?.counts.invalid).toBe(4);
  });

  it('drops an event older than the last applied for its market, whatever its price', () => {
    const gate = new EventGate();
    const admitted = run(
      [
        quote(T + 10_000, 'upbit', 'BTC', 'KRW', 150_000_000),
        quote(T, 'upbit', 'BTC', 'KRW', 75_000_000),
        quote(T + 5_000, 'upbit', 'BTC', 'KRW', 150_100_000),
        // Another market of the venue keeps its own order.
        quote(T + 1_000, 'upbit', 'ETH', 'KRW', 5_000_000),
        quote(T + 10_000, 'upbit', 'BTC', 'KRW', 150_200_000),
      ],
      gate,
    );
    expect(admitted).toEqual([true, false, false, true, true]);
    expect(gate.rejectsOf('upbit')?.counts['out-of-order']).toBe(2);
  });

  it('refuses a spike against the market’s own recent price, and believes a level that holds', () => {
    const gate = new EventGate();
    const prices = [100, 101, 400, 102, 30, 103];
    const spikes = run(
      prices.map((p, i) => quote(T + i * 1000, 'bybit', 'SOL', 'USDT', p)),
      gate,
    );
    expect(spikes).toEqual([true, true, false, true, false, true]);
    expect(gate.rejectsOf('bybit')?.counts.jump).toBe(2);
    // A redenomination: ×1000 print after print. The run is refused a few times, then believed.
    const moved = run(
      Array.from({ length: 8 }, (_, i) => quote(T + 10_000 + i * 1000, 'bybit', 'SOL', 'USDT', 103_000 + i)),
      gate,
    );
    expect(moved.indexOf(true)).toBeGreaterThan(0);
    expect(moved.slice(moved.indexOf(true))).toEqual(moved.slice(moved.indexOf(true)).map(() => true));
  });

  it('checks a venue’s first price against other venues, leaving room for a token that truly trades apart', () => {
    const gate = new EventGate();
    const admitted = run(
      [
        forex(T, 1400),
        quote(T, 'binance', 'ENS', 'USDT', 20),
        quote(T, 'okx', 'ENS', 'USDT', 20.1),
        // Three times the overseas price on a Korean venue (a listing pump): believed.
        quote(T + 1, 'bithumb', 'ENS', 'KRW', 60 * 1400),
        // A thousand times (a unit slip): refused.
        quote(T + 2, 'upbit', 'ENS', 'KRW', 20_000 * 1400),
        // A quote-only venue with no dollar reference is not judged.
        quote(T + 3, 'upbit', 'ENS', 'BTC', 0.0002),
      ],
      gate,
    );
    expect(admitted).toEqual([true, true, true, true, false, true]);
    expect(gate.rejectsOf('upbit')?.last?.detail).toMatch(/first price/);
  });

  it('refuses events stamped far ahead of the clock, funding that is no rate and forex that leaps', () => {
    const gate = new EventGate();
    expect(gate.admit(quote(T + 3_600_000, 'mexc', 'BTC', 'USDT', 100_000), T)).toBe(false);
    expect(
      gate.admit(
        { t: T, type: 'funding', venue: 'mexc', base: 'BTC', quote: 'USDT', rate: 3, intervalHours: 8 },
        T,
      ),
    ).toBe(false);
    expect(gate.rejectsOf('mexc')?.counts).toMatchObject({ future: 1, invalid: 1 });
    expect(run([forex(T, 1400), forex(T + 1, 140), forex(T + 2, 1401)], gate)).toEqual([true, false, true]);
    expect(gate.rejectsOf('forex')?.counts.jump).toBe(1);
  });

  it('refuses nothing the simulator produces', () => {
    const gate = new EventGate();
    const sim = new Simulator({ seed: 7, startTime: T, tokenLimit: 20 });
    let refused = 0;
    let total = 0;
    for (const event of sim.generate(2 * 60_000)) {
      total++;
      if (!gate.admit(event, event.t)) refused++;
    }
    expect(total).toBeGreaterThan(10_000);
    expect(refused).toBe(0);
  });
});

import {
  type LiquidationEvent,
  type MarketEvent,
  marketEventSchema,
  type OpenInterestEvent,
} from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { DerivativesSimulator } from './derivatives-sim.ts';
import { Simulator } from './simulator.ts';

const START = 1_764_000_000_000;

function quote(t: number, last: number): MarketEvent {
  return {
    t,
    type: 'quote',
    venue: 'binance',
    market: 'perp',
    base: 'BTC',
    quote: 'USDT',
    last,
    volume24h: 5e9,
  };
}

describe('simulated borrow rates, open interest and liquidations', () => {
  it('borrow rates for every margin venue the simulator runs, at the venue’s own VIP levels, every 5 minutes', () => {
    const sim = new DerivativesSimulator(1, ['binance', 'bybit', 'okx', 'huobi', 'upbit'], START);
    const first = sim.observe([quote(START, 90_000)]).filter((e) => e.type === 'borrow');
    expect(new Set(first.map((e) => e.venue))).toEqual(new Set(['binance', 'bybit', 'okx', 'huobi']));
    const okxBtc = first.filter((e) => e.venue === 'okx' && e.asset === 'BTC');
    expect(okxBtc.map((e) => e.vipLevel)).toEqual(['Lv1', 'VIP1', 'VIP2', 'VIP3']);
    // Higher VIP levels borrow cheaper.
    expect(okxBtc[3]?.hourlyRate).toBeLessThan(okxBtc[0]?.hourlyRate ?? 0);
    expect(first.find((e) => e.venue === 'huobi')).toMatchObject({ marginType: 'isolated' });
    expect(sim.observe([quote(START + 60_000, 90_000)]).filter((e) => e.type === 'borrow')).toHaveLength(0);
    expect(sim.observe([quote(START + 300_000, 90_000)]).filter((e) => e.type === 'borrow').length).toBe(
      first.length,
    );
    for (const event of first) expect(marketEventSchema.safeParse(event).success).toBe(true);
  });

  it('a sharp drop liquidates longs in a burst and open interest falls; a rally builds it', () => {
    const sim = new DerivativesSimulator(3, ['binance'], START);
    sim.observe([quote(START, 90_000)]);
    const oiAt = (events: MarketEvent[]) => events.filter((e): e is OpenInterestEvent => e.type === 'oi');
    const before = oiAt(sim.observe([quote(START + 60_000, 90_000)]))[0]?.openInterest ?? 0;
    const crash = sim.observe([quote(START + 71_000, 88_000)]);
    const liquidations = crash.filter((e): e is LiquidationEvent => e.type === 'liquidation');
    expect(liquidations.length).toBeGreaterThanOrEqual(4);
    expect(liquidations.every((e) => e.side === 'long' && e.price <= 88_000)).toBe(true);
    const after = oiAt(sim.observe([quote(START + 120_000, 88_000)]))[0]?.openInterest ?? 0;
    expect(after).toBeLessThan(before);
    // A steady climb (no 10 s jump sharp enough to liquidate) builds positions.
    const climb = [1, 2, 3, 4, 5, 6].map((i) => quote(START + 120_000 + i * 10_000, 88_000 + i * 140));
    const rallyEvents = sim.observe(climb);
    expect(rallyEvents.some((e) => e.type === 'liquidation' && e.side === 'long')).toBe(false);
    const rally = oiAt(rallyEvents)[0]?.openInterest ?? 0;
    expect(rally).toBeGreaterThan(after);
    const squeeze = sim.observe([quote(START + 191_000, 91_500)]).filter((e) => e.type === 'liquidation');
    expect(squeeze.every((e) => e.type === 'liquidation' && e.side === 'short')).toBe(true);
  });

  it('on the real simulator: every event validates and OI flows for perpetuals within the first minutes', () => {
    const simulator = new Simulator({ seed: 2, startTime: START, tokenLimit: 20, books: false });
    const sim = new DerivativesSimulator(2, simulator.venues, START);
    const out: MarketEvent[] = [];
    for (const batch of simulator.batches(3 * 60_000)) out.push(...sim.observe(batch));
    const oi = out.filter((e) => e.type === 'oi');
    expect(oi.length).toBeGreaterThan(20);
    for (const event of out) expect(marketEventSchema.safeParse(event).success).toBe(true);
    // Same seed, same market: deterministic.
    const again = new Simulator({ seed: 2, startTime: START, tokenLimit: 20, books: false });
    const sim2 = new DerivativesSimulator(2, again.venues, START);
    const out2: MarketEvent[] = [];
    for (const batch of again.batches(3 * 60_000)) out2.push(...sim2.observe(batch));
    expect(out2).toEqual(out);
  });
});

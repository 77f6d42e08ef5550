import type { VenueId } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { simListingPath, simulatedListingCases } from './sim-listing-cases.ts';
import { SIM_TRADING_AFTER_MS } from './sim-listings.ts';

const venues = new Set<VenueId>(['upbit', 'bithumb', 'binance', 'okx', 'bybit']);
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('a simulated listing’s minute path', () => {
  it('prices abroad before the notice, the KRW market from trading start, at the premium its case reports', () => {
    const [c] = simulatedListingCases(7, venues, NOW);
    if (!c) throw new Error('the simulator lists nothing');
    const from = c.announcedAt - 3 * 3_600_000;
    const path = simListingPath(7, venues, c, { from, to: c.announcedAt + 86_400_000, usdtKrw: 1_400 });
    expect(path).not.toBeNull();
    const minutes = path ?? [];
    expect(minutes).toHaveLength(27 * 60);
    expect(minutes.every((m) => m.abroadUsdt > 0)).toBe(true);
    const listedAt = c.announcedAt + SIM_TRADING_AFTER_MS;
    expect(minutes.filter((m) => m.t < listedAt).every((m) => m.krw === null)).toBe(true);
    const first = minutes.find((m) => m.krw !== null);
    expect(first?.t).toBe(Math.ceil(listedAt / 60_000) * 60_000);
    // The same path the stored case was computed from: its listing price is the first minute's.
    expect(minutes.find((m) => m.t === c.listedAt)?.krw).toBe(c.listingPrice);
  });

  it('answers null for a listing the simulator did not make', () => {
    const [c] = simulatedListingCases(7, venues, NOW);
    if (!c) throw new Error('the simulator lists nothing');
    const range = { from: c.announcedAt, to: c.announcedAt + 60_000, usdtKrw: 1_400 };
    expect(simListingPath(7, venues, { ...c, base: 'NOPE' }, range)).toBeNull();
    expect(simListingPath(7, venues, { ...c, announcedAt: c.announcedAt + 3 * 3_600_000 }, range)).toBeNull();
  });
});

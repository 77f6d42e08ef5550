import type { MarketEvent, VenueId } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { parseListingNotice } from '../notices/listing-notice.ts';
import { SimListings } from './sim-listings.ts';

const VENUES = new Set<VenueId>(['upbit', 'bithumb', 'binance', 'okx', 'bybit']);
const CYCLE = 6 * 3_600_000;

describe('simulated listings', () => {
  it('announces, opens deposits, then opens the KRW market at a run-up premium that fades', () => {
    const sim = new SimListings(7, VENUES);
    const events: MarketEvent[] = [];
    const start = 100 * CYCLE;
    for (let t = start - 3_600_000; t <= start + 5 * 3_600_000; t += 2_000) events.push(...sim.advanceTo(t));
    const notice = events.find(
      (e) => e.type === 'notice' && e.publishedAt !== undefined && e.publishedAt >= start,
    );
    expect(notice?.type).toBe('notice');
    if (notice?.type !== 'notice') return;
    expect(notice.simulated).toBe(true);
    const parsed = parseListingNotice(notice.title, notice.summary ?? null, notice.publishedAt ?? notice.t);
    expect(parsed?.tradingAt).toBe((notice.publishedAt ?? 0) + 90 * 60_000);
    const base = parsed?.tokens[0]?.base;
    const home = notice.venue;
    const wallets = events.filter((e) => e.type === 'wallet' && e.venue === home && e.asset === base);
    expect(wallets.some((e) => e.type === 'wallet' && !e.deposit)).toBe(true);
    expect(wallets.some((e) => e.type === 'wallet' && e.deposit)).toBe(true);
    const krw = events.filter((e) => e.type === 'quote' && e.venue === home && e.base === base);
    const abroad = events.filter((e) => e.type === 'quote' && e.venue === 'binance' && e.base === base);
    expect(krw.length).toBeGreaterThan(0);
    const first = krw[0] as Extract<MarketEvent, { type: 'quote' }>;
    expect(first.t).toBeGreaterThanOrEqual(parsed?.tradingAt ?? 0);
    const near = abroad.find((e) => e.t === first.t) as Extract<MarketEvent, { type: 'quote' }>;
    const premium = first.last / (near.last * 1_400) - 1;
    expect(premium).toBeGreaterThan(0.2);
    const last = krw.at(-1) as Extract<MarketEvent, { type: 'quote' }>;
    const lastAbroad = abroad.find((e) => e.t === last.t) as Extract<MarketEvent, { type: 'quote' }>;
    expect(last.last / (lastAbroad.last * 1_400) - 1).toBeLessThan(premium);
  });
});

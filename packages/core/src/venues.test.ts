import { describe, expect, it } from 'vitest';
import { CENTRALIZED_VENUES, findVenue, getVenue, KOREAN_VENUES, VENUE_IDS, VENUES } from './venues.ts';

// Spec §9 "Supported exchanges", in the spec's own order.
const SPEC_VENUES =
  'bithumb, upbit, binance, bybit, okx, mexc, bitget, dydx, gateio, hashkey, huobi, hyperliquid, lighter, dragonswap, klayswap, pancakeswap, uniswapv3, capybara, edgex, backpack, aster, kbit'.split(
    ', ',
  );

describe('venue registry', () => {
  it('holds every exchange the spec supports, plus Coinone and Korbit, once', () => {
    expect([...VENUE_IDS].sort()).toEqual([...SPEC_VENUES, 'coinone', 'korbit'].sort());
    expect(new Set(VENUES.map((v) => v.id)).size).toBe(VENUES.length);
  });

  it('shows huobi as HTX', () => {
    expect(getVenue('huobi').name).toBe('HTX');
  });

  it('reads bithumb, upbit, kbit, coinone and korbit as the Korean KRW venues, keeping the map reading of kbit visible', () => {
    expect(KOREAN_VENUES.map((v) => v.id).sort()).toEqual(['bithumb', 'coinone', 'kbit', 'korbit', 'upbit']);
    for (const venue of KOREAN_VENUES) expect(venue.quotes).toEqual(['KRW']);
    expect(getVenue('kbit').mapRegion).toBe('overseas');
  });

  it('classifies venue kinds', () => {
    const kinds = Object.fromEntries(VENUES.map((v) => [v.id, v.kind]));
    for (const id of ['dragonswap', 'klayswap', 'pancakeswap', 'uniswapv3', 'capybara'])
      expect(kinds[id]).toBe('amm-dex');
    for (const id of ['dydx', 'hyperliquid', 'lighter', 'edgex', 'aster']) expect(kinds[id]).toBe('perp-dex');
    expect(CENTRALIZED_VENUES.map((v) => v.id)).toContain('binance');
    expect(CENTRALIZED_VENUES.every((v) => v.kind === 'cex')).toBe(true);
  });

  it('gives AMM venues a chain and only spot markets; perp DEXes have perpetuals', () => {
    for (const venue of VENUES) {
      if (venue.kind === 'amm-dex') {
        expect(venue.chain).toBeTruthy();
        expect(venue.markets).toEqual(['spot']);
      }
      if (venue.kind === 'perp-dex') expect(venue.markets).toContain('perp');
    }
  });

  it('finds venues by id and rejects unknown ids', () => {
    expect(findVenue('binance')?.name).toBe('Binance');
    expect(findVenue('nasdaq')).toBeUndefined();
  });
});

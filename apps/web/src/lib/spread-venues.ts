import { CENTRALIZED_VENUES, type MarketType, type VenueId, type VenueInfo } from '@spreadscope/core';
import type { KimchiPremiumType, LegQuote, SpreadKind } from './spread-filters.ts';

/**
 * Which exchanges each side of a table can pick. Perp DEXes and AMM pools are a plan feature (the API's `dex`
 * flag) and price differently, so the pickers list centralized exchanges; the tables themselves follow the API.
 */
function marketOf(kind: SpreadKind, side: 'source' | 'target', premiumType: KimchiPremiumType): MarketType {
  if (kind === 'premium') return side === 'source' ? 'spot' : premiumType === 'spot-perp' ? 'perp' : 'spot';
  const [source, target] = kind.split('-') as [MarketType, MarketType];
  return side === 'source' ? source : target;
}

export function venueChoices(
  kind: SpreadKind,
  side: 'source' | 'target',
  premiumType: KimchiPremiumType = 'spot-spot',
): readonly VenueInfo[] {
  const market = marketOf(kind, side, premiumType);
  return CENTRALIZED_VENUES.filter((venue) => {
    if (!venue.markets.includes(market)) return false;
    // The Kimchi premium sets Korean KRW markets (source) against overseas ones (target).
    if (kind === 'premium') return side === 'source' ? venue.region === 'korea' : venue.region === 'overseas';
    return true;
  });
}

/**
 * The quotes a leg of an arbitrage table can have: those of the venues its side can pick (or of the one
 * picked) that list that leg's market. No Korean venue lists perpetuals, so a perpetual leg never offers KRW:
 * a choice that can only ever return no rows is not offered at all.
 */
export function legQuoteChoices(
  kind: SpreadKind,
  side: 'source' | 'target',
  venue: VenueId | null,
): LegQuote[] {
  const venues = venueChoices(kind, side).filter((v) => venue === null || v.id === venue);
  const quotes = new Set<string>(venues.flatMap((v) => v.quotes));
  const order: readonly LegQuote[] = ['KRW', 'USDT', 'USDC'];
  return ['any', ...order.filter((quote) => quotes.has(quote))];
}

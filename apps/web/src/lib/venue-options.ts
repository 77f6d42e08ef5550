import { KOREAN_VENUES, OVERSEAS_VENUES, type VenueId, type VenueInfo } from '@spreadscope/core';

/** Source side of the Kimchi premium: Korean KRW spot venues. */
export const SOURCE_VENUES: readonly VenueInfo[] = KOREAN_VENUES;

/** Target side: overseas order-book venues with a USDT spot market (AMM pools price differently). */
export const TARGET_VENUES: readonly VenueInfo[] = OVERSEAS_VENUES.filter(
  (v) => v.kind !== 'amm-dex' && v.markets.includes('spot') && v.quotes.includes('USDT'),
);

export const DEFAULT_SOURCE: VenueId = 'upbit';
export const DEFAULT_TARGET: VenueId = 'binance';

export function isSourceVenue(id: string): id is VenueId {
  return SOURCE_VENUES.some((v) => v.id === id);
}

export function isTargetVenue(id: string): id is VenueId {
  return TARGET_VENUES.some((v) => v.id === id);
}

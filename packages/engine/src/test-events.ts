import type { BookEvent, FundingEvent, WalletEvent } from '@spreadscope/core';
import type { PremiumFilter } from './spread-types.ts';

/** Event builders for the engine's hand-written tapes (quotes and forex come from @spreadscope/core/testing). */

export function funding(
  t: number,
  venue: string,
  base: string,
  rate: number,
  intervalHours: number,
  extra: Partial<FundingEvent> = {},
): FundingEvent {
  return { t, type: 'funding', venue, base, quote: 'USDT', rate, intervalHours, ...extra };
}

export function book(
  t: number,
  venue: string,
  base: string,
  quoteToken: string,
  bids: [number, number][],
  asks: [number, number][],
  market: 'spot' | 'perp' = 'spot',
): BookEvent {
  return { t, type: 'book', venue, market, base, quote: quoteToken, bids, asks };
}

export function wallet(
  t: number,
  venue: string,
  asset: string,
  network: string,
  open: { deposit: boolean; withdraw: boolean },
  extra: Partial<WalletEvent> = {},
): WalletEvent {
  return { t, type: 'wallet', venue, asset, network, ...open, ...extra };
}

/** A premium table query as the tests ask it: KRW at the forex rate, 30 s freshness, by gap, first 10 rows. */
export function premiumFilter(over: Partial<PremiumFilter> = {}): PremiumFilter {
  return {
    currency: 'KRW',
    conversionBase: 'USD',
    interval: '30s',
    sort: 'gap',
    order: 'desc',
    page: 1,
    limit: 10,
    ...over,
  };
}

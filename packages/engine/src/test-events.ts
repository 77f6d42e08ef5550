import type { BookEvent, FundingEvent, WalletEvent } from '@spreadscope/core';

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

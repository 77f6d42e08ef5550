import { tokenIdOf, tokenName } from '@spreadscope/core';
import type { HeldLiquidation, HeldOpenInterest } from '../derivatives/derivatives-desk.ts';

/**
 * Shared pieces of the liquidation, open-interest and symbol operations: the contract's Token, OIEntry and
 * LiqEvent objects (camelCase, shared/formats/public-api.md §2.13–2.14) built from what the derivatives desk
 * holds, and the native symbols the SDK passes.
 */

const QUOTES = ['USDT', 'USDC', 'FDUSD', 'USD', 'KRW', 'BTC', 'ETH'] as const;

/** `BTC-USDT`, `BTC_USDT`, `BTC/USDT` or a venue's native `BTCUSDT` as base and quote; null when unreadable. */
export function readNativeSymbol(raw: string): { base: string; quote: string } | null {
  const value = raw.trim().toUpperCase();
  const split = /^([A-Z0-9]{1,20})[-_/:]([A-Z0-9]{1,12})$/.exec(value);
  if (split) return { base: split[1] as string, quote: split[2] as string };
  if (!/^[A-Z0-9]{2,32}$/.test(value)) return null;
  for (const quote of QUOTES) {
    if (value.length > quote.length && value.endsWith(quote)) {
      return { base: value.slice(0, -quote.length), quote };
    }
  }
  return null;
}

/** The contract's Token: id, name, symbol, icon (a URL path of our own) and cmc_id (we keep none). */
export function tokenOf(base: string) {
  return {
    id: tokenIdOf(base),
    name: tokenName(base)?.en ?? base,
    symbol: base,
    icon: `/api/v1/front/icons/tokens/${base}`,
    cmc_id: null,
  };
}

/** OIEntry: the latest open interest of one perpetual (native units, and USD where the quote is a dollar). */
export function oiEntry(o: HeldOpenInterest) {
  return {
    exchange: o.venue,
    symbol: `${o.base}-${o.quote}`,
    base: o.base,
    quote: o.quote,
    tokenId: tokenIdOf(o.base),
    openInterest: o.openInterest,
    openInterestUsd: o.openInterestUsd,
    timestamp: o.at,
  };
}

/**
 * LiqEvent. `side` is the forced order's side as the venues print it: a long position is liquidated by a
 * sell, a short one by a buy (so `longUsd` totals the sells, as the contract's stats say); `positionSide`
 * names the position outright.
 */
export function liqEvent(l: HeldLiquidation) {
  return {
    exchange: l.venue,
    symbol: `${l.base}-${l.quote}`,
    base: l.base,
    quote: l.quote,
    tokenId: tokenIdOf(l.base),
    side: l.side === 'long' ? 'sell' : 'buy',
    positionSide: l.side,
    price: l.price,
    priceUsd: l.valueUsd === null ? null : l.price,
    volume: l.size,
    volumeUsd: l.valueUsd,
    timestamp: l.at,
  };
}

/** The token id (`bitcoin`) or ticker (`BTC`) among the bases given; null when none matches. */
export function baseOfToken(tokenId: string, bases: Iterable<string>): string | null {
  const wanted = tokenId.trim().toLowerCase();
  for (const base of bases) {
    if (base.toLowerCase() === wanted || tokenIdOf(base) === wanted) return base;
  }
  return null;
}

/** Hour-on-hour change of a perpetual's open interest in %, from the desk's hourly marks. */
export function oiChange(o: HeldOpenInterest, hoursAgo: number): number | null {
  const hour = Math.floor(o.at / 3_600_000) * 3_600_000 - hoursAgo * 3_600_000;
  const then = o.hourly.get(hour);
  return then === undefined || then <= 0 ? null : (o.openInterest / then - 1) * 100;
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

import {
  type BookEvent,
  bookEventSchema,
  DEPTH_WINDOW,
  type MarketType,
  type VenueId,
} from '@spreadscope/core';

/** Levels kept per side at most: enough for ±2 % on every venue we know, bounded for the tape's sake. */
export const MAX_BOOK_LEVELS = 200;

export interface RawBook {
  readonly t: number;
  readonly venue: VenueId;
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
  /** [price, size] levels in any order; bad levels (non-numbers, zero or negative) are dropped. */
  readonly bids: readonly (readonly unknown[])[];
  readonly asks: readonly (readonly unknown[])[];
}

export type BookResult =
  | { readonly kind: 'book'; readonly event: BookEvent }
  | { readonly kind: 'crossed'; readonly bestBid: number; readonly bestAsk: number }
  | { readonly kind: 'empty' };

function levels(raw: readonly (readonly unknown[])[], descending: boolean): [number, number][] {
  const out: [number, number][] = [];
  for (const level of raw) {
    const price = Number(level[0]);
    const size = Number(level[1]);
    if (Number.isFinite(price) && price > 0 && Number.isFinite(size) && size > 0) out.push([price, size]);
  }
  out.sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]));
  return out;
}

/**
 * A venue's book → a tape `book` event holding the ±2 % depth window around the mid price (spec §9), best
 * level first. A crossed book (best bid at or above best ask) is never published: it means the local copy
 * missed an update, and the caller should fetch a fresh snapshot.
 */
export function windowBook(raw: RawBook, window = DEPTH_WINDOW): BookResult {
  const bids = levels(raw.bids, true);
  const asks = levels(raw.asks, false);
  const bestBid = bids[0]?.[0];
  const bestAsk = asks[0]?.[0];
  if (bestBid === undefined && bestAsk === undefined) return { kind: 'empty' };
  if (bestBid !== undefined && bestAsk !== undefined && bestBid >= bestAsk) {
    return { kind: 'crossed', bestBid, bestAsk };
  }
  const reference =
    bestBid !== undefined && bestAsk !== undefined ? (bestBid + bestAsk) / 2 : (bestBid ?? bestAsk ?? 0);
  const low = reference * (1 - window);
  const high = reference * (1 + window);
  const event = bookEventSchema.safeParse({
    t: raw.t,
    type: 'book',
    venue: raw.venue,
    market: raw.market,
    base: raw.base,
    quote: raw.quote,
    bids: bids.filter(([p]) => p >= low).slice(0, MAX_BOOK_LEVELS),
    asks: asks.filter(([p]) => p <= high).slice(0, MAX_BOOK_LEVELS),
  });
  return event.success ? { kind: 'book', event: event.data } : { kind: 'empty' };
}

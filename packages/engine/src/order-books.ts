import { type BookEvent, DEPTH_WINDOW } from '@spreadscope/core';
import { Float64Column } from './growable.ts';

export interface BookSide {
  /** Prices, best first (a view of the market's own buffer, sized to the levels). */
  readonly prices: Float64Array;
  readonly sizes: Float64Array;
}

export interface Book {
  readonly bids: BookSide;
  readonly asks: BookSide;
  readonly at: number;
}

/**
 * The latest order-book snapshot per market, and its depth within ±2 % of the book's mid (spec §9), summed in
 * the quote currency when the book arrives so tables read it in O(1).
 */
/** What the market keeps: one book object per market, refilled in place by each snapshot. */
interface HeldSide {
  prices: Float64Array;
  sizes: Float64Array;
}
interface HeldBook {
  bids: HeldSide;
  asks: HeldSide;
  at: number;
}

export class OrderBooks {
  private readonly books: (HeldBook | undefined)[] = [];
  readonly bidDepth = new Float64Column();
  readonly askDepth = new Float64Column();
  readonly bookAt = new Float64Column(1024, 0);

  apply(id: number, event: BookEvent): void {
    const previous = this.books[id];
    const bids = side(event.bids, 'desc', previous?.bids);
    const asks = side(event.asks, 'asc', previous?.asks);
    this.bidDepth.ensure(id + 1);
    this.askDepth.ensure(id + 1);
    this.bookAt.ensure(id + 1);
    // Refilled in place: a new object per snapshot lived until the market's next one (seconds), so every one
    // was copied by the young-generation collector and then left for the old generation's.
    if (previous) {
      previous.bids = bids;
      previous.asks = asks;
      previous.at = event.t;
    } else {
      this.books[id] = { bids, asks, at: event.t };
    }
    this.bookAt.array[id] = event.t;
    const bestBid = bids.prices[0];
    const bestAsk = asks.prices[0];
    if (bestBid === undefined || bestAsk === undefined) {
      this.bidDepth.array[id] = Number.NaN;
      this.askDepth.array[id] = Number.NaN;
      return;
    }
    const mid = (bestBid + bestAsk) / 2;
    this.bidDepth.array[id] = notionalAbove(bids, mid * (1 - DEPTH_WINDOW));
    this.askDepth.array[id] = notionalBelow(asks, mid * (1 + DEPTH_WINDOW));
  }

  get(id: number): Book | undefined {
    return this.books[id];
  }

  /** Depth summed when the book arrived; NaN without a book or when the book is older than `freshAfter`. */
  depth(id: number, sideName: 'bid' | 'ask', freshAfter: number): number {
    if ((this.bookAt.array[id] ?? 0) < freshAfter) return Number.NaN;
    return (sideName === 'bid' ? this.bidDepth.array[id] : this.askDepth.array[id]) ?? Number.NaN;
  }
}

/**
 * Venues send books best first; a feed that does not is sorted here rather than trusted. A book is copied
 * straight into the market's previous buffers when they are large enough (and into the previous side itself
 * when the level count is unchanged, the usual case), so a steady stream of books allocates almost nothing.
 * Readers hold a book only within one query.
 */
function side(
  levels: readonly (readonly [number, number])[],
  order: 'asc' | 'desc',
  reuse: HeldSide | undefined,
): HeldSide {
  const direction = order === 'asc' ? 1 : -1;
  let n = 0;
  let ordered = true;
  let last = Number.NaN;
  // Indexed loops: destructuring every level through the iterator cost more than the copy (≈ 200,000 books/s).
  for (let k = 0; k < levels.length; k++) {
    const level = levels[k] as readonly [number, number];
    const p = level[0];
    const s = level[1];
    if (!(p > 0 && s > 0)) continue;
    if (n > 0 && !((p - last) * direction > 0)) ordered = false;
    last = p;
    n++;
  }
  if (!ordered) {
    const sorted = levels.filter(([p, s]) => p > 0 && s > 0);
    sorted.sort(order === 'asc' ? (a, b) => a[0] - b[0] : (a, b) => b[0] - a[0]);
    levels = sorted;
  }
  const same = reuse !== undefined && reuse.prices.length === n;
  const capacity = reuse ? reuse.prices.buffer.byteLength / 8 : 0;
  const prices = same
    ? reuse.prices
    : capacity >= n && reuse
      ? new Float64Array(reuse.prices.buffer, 0, n)
      : new Float64Array(n);
  const sizes = same
    ? reuse.sizes
    : capacity >= n && reuse
      ? new Float64Array(reuse.sizes.buffer, 0, n)
      : new Float64Array(n);
  let i = 0;
  for (let k = 0; k < levels.length; k++) {
    const level = levels[k] as readonly [number, number];
    const p = level[0];
    const s = level[1];
    if (!(p > 0 && s > 0)) continue;
    prices[i] = p;
    sizes[i] = s;
    i++;
  }
  return same ? reuse : { prices, sizes };
}

/** Notional of the best levels priced at or above `floor` (bids, best first). */
function notionalAbove(book: BookSide, floor: number): number {
  let total = 0;
  for (let i = 0; i < book.prices.length; i++) {
    const price = book.prices[i] as number;
    if (!(price >= floor)) break;
    total += price * (book.sizes[i] as number);
  }
  return total;
}

/** Notional of the best levels priced at or below `ceiling` (asks, best first). */
function notionalBelow(book: BookSide, ceiling: number): number {
  let total = 0;
  for (let i = 0; i < book.prices.length; i++) {
    const price = book.prices[i] as number;
    if (!(price <= ceiling)) break;
    total += price * (book.sizes[i] as number);
  }
  return total;
}

import { describe, expect, it } from 'vitest';
import { OrderBooks } from './order-books.ts';
import { book } from './test-events.ts';

const T0 = 1_763_700_000_000;
const levels = (side: { prices: Float64Array; sizes: Float64Array } | undefined) =>
  side ? [...side.prices].map((p, i) => [p, side.sizes[i]]) : [];

describe('order books', () => {
  it('keeps each snapshot best first, whatever order and size the next one comes in', () => {
    const books = new OrderBooks();
    books.apply(
      0,
      book(
        T0,
        'binance',
        'BTC',
        'USDT',
        [
          [100, 1],
          [99, 2],
          [98, 3],
        ],
        [
          [101, 1],
          [102, 2],
          [103, 3],
        ],
      ),
    );
    expect(levels(books.get(0)?.bids)).toEqual([
      [100, 1],
      [99, 2],
      [98, 3],
    ]);
    // Smaller: the buffers are reused, the old levels do not show through.
    books.apply(
      0,
      book(
        T0 + 1,
        'binance',
        'BTC',
        'USDT',
        [[100.5, 4]],
        [
          [101.5, 5],
          [102.5, 6],
        ],
      ),
    );
    expect(levels(books.get(0)?.bids)).toEqual([[100.5, 4]]);
    expect(levels(books.get(0)?.asks)).toEqual([
      [101.5, 5],
      [102.5, 6],
    ]);
    // Larger and out of order, with an empty level: sorted, the empty level dropped.
    books.apply(
      0,
      book(
        T0 + 2,
        'binance',
        'BTC',
        'USDT',
        [
          [97, 1],
          [100, 2],
          [99, 0],
          [98, 3],
        ],
        [
          [104, 1],
          [101, 2],
          [103, 3],
          [102, 4],
        ],
      ),
    );
    expect(levels(books.get(0)?.bids)).toEqual([
      [100, 2],
      [98, 3],
      [97, 1],
    ]);
    expect(levels(books.get(0)?.asks)).toEqual([
      [101, 2],
      [102, 4],
      [103, 3],
      [104, 1],
    ]);
    // Depth within ±2 % of the mid (100.5): bids ≥ 98.49, asks ≤ 102.51.
    expect(books.depth(0, 'bid', T0)).toBeCloseTo(100 * 2, 10);
    expect(books.depth(0, 'ask', T0)).toBeCloseTo(101 * 2 + 102 * 4, 10);
    // The same number of levels (refilled in place): new levels, new time, new depth.
    books.apply(
      0,
      book(
        T0 + 3,
        'binance',
        'BTC',
        'USDT',
        [
          [90, 5],
          [89, 6],
          [88, 7],
        ],
        [
          [91, 1],
          [92, 1],
          [93, 1],
          [200, 1],
        ],
      ),
    );
    expect(levels(books.get(0)?.bids)).toEqual([
      [90, 5],
      [89, 6],
      [88, 7],
    ]);
    expect(levels(books.get(0)?.asks)).toEqual([
      [91, 1],
      [92, 1],
      [93, 1],
      [200, 1],
    ]);
    expect(books.get(0)?.at).toBe(T0 + 3);
    // Mid 90.5: bids ≥ 88.69, asks ≤ 92.31.
    expect(books.depth(0, 'bid', T0 + 3)).toBeCloseTo(90 * 5 + 89 * 6, 10);
    expect(books.depth(0, 'ask', T0 + 3)).toBeCloseTo(91 + 92, 10);
  });
});

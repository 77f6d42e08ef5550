import { describe, expect, it } from 'vitest';
import { windowBook } from './book-window.ts';

const base = { t: 1, venue: 'binance', market: 'spot', base: 'BTC', quote: 'USDT' } as const;

describe('windowBook', () => {
  it('keeps the ±2 % window around the mid, best level first, dropping junk levels', () => {
    const result = windowBook({
      ...base,
      bids: [
        ['99', '1'],
        ['100', '2'],
        ['97.9', '5'],
        ['98.5', '0'],
        ['abc', '1'],
      ],
      asks: [
        ['102.1', '3'],
        ['101', '1'],
        ['103', '9'],
      ],
    });
    // mid 100.5 → window 98.49 … 102.51
    expect(result).toEqual({
      kind: 'book',
      event: {
        ...base,
        type: 'book',
        bids: [
          [100, 2],
          [99, 1],
        ],
        asks: [
          [101, 1],
          [102.1, 3],
        ],
      },
    });
  });

  it('never publishes a crossed book', () => {
    expect(
      windowBook({
        ...base,
        bids: [[101, 1]],
        asks: [[100, 1]],
      }),
    ).toEqual({ kind: 'crossed', bestBid: 101, bestAsk: 100 });
    expect(windowBook({ ...base, bids: [[100, 1]], asks: [[100, 1]] }).kind).toBe('crossed');
  });

  it('handles one-sided and empty books', () => {
    expect(windowBook({ ...base, bids: [], asks: [] })).toEqual({ kind: 'empty' });
    const oneSided = windowBook({
      ...base,
      bids: [],
      asks: [
        [50, 1],
        [52, 1],
      ],
    });
    expect(oneSided.kind === 'book' && oneSided.event.asks).toEqual([[50, 1]]);
  });
});

import { describe, expect, it } from 'vitest';
import { makeRow } from './premium-row.fixture.ts';
import { arrangeRows, discountRanking, holdOrder, premiumRanking } from './row-order.ts';

const ids = (rows: readonly { base: string }[]) => rows.map((row) => row.base);

describe('holding row order while the pointer is over the table', () => {
  it('keeps shown rows in place, appends new ones and drops vanished ones', () => {
    const previous = ['upbit-binance-A', 'upbit-binance-B', 'upbit-binance-C'];
    const fresh = [makeRow('D'), makeRow('C'), makeRow('A')];
    expect(ids(holdOrder(previous, fresh))).toEqual(['A', 'C', 'D']);
  });

  it('is the server order when nothing was shown yet', () => {
    expect(ids(holdOrder([], [makeRow('B'), makeRow('A')]))).toEqual(['B', 'A']);
  });
});

describe('arranging rows', () => {
  const rows = [
    makeRow('A', { priceDiff: 10, gapPercent: 1 }),
    makeRow('B', { priceDiff: 30, gapPercent: 3, stale: true }),
    makeRow('C', { priceDiff: -5, gapPercent: -1 }),
    makeRow('D', { priceDiff: Number.NaN, gapPercent: Number.NaN }),
  ];

  it('sorts price difference in the browser, missing values last', () => {
    expect(ids(arrangeRows(rows, 'priceDiff', 'desc'))).toEqual(['A', 'C', 'D', 'B']);
    expect(ids(arrangeRows(rows, 'priceDiff', 'asc'))).toEqual(['C', 'A', 'D', 'B']);
  });

  it('sorts every column the way the server does, sinking stale rows when ranking by gap', () => {
    expect(ids(arrangeRows(rows, 'gap', 'desc'))).toEqual(['A', 'C', 'D', 'B']);
    expect(ids(arrangeRows(rows, 'gap', 'asc'))).toEqual(['C', 'A', 'D', 'B']);
    expect(ids(arrangeRows(rows, 'base', 'desc'))).toEqual(['D', 'C', 'B', 'A']);
    expect(ids(arrangeRows(rows, 'sourcePrice', 'asc'))).toEqual(['A', 'B', 'C', 'D']);
  });

  it('keeps the incoming order for equal keys', () => {
    const tied = [makeRow('X', { volume: 5 }), makeRow('Y', { volume: 5 }), makeRow('Z', { volume: 9 })];
    expect(ids(arrangeRows(tied, 'volume', 'desc'))).toEqual(['Z', 'X', 'Y']);
  });
});

describe('rankings', () => {
  const rows = [
    makeRow('BTC', { gapPercent: 2.1 }),
    makeRow('PEPE', { gapPercent: 9.9, stale: true }),
    makeRow('XRP', { gapPercent: 4.2 }),
    makeRow('DOGE', { gapPercent: -1.3 }),
    makeRow('NAN', { gapPercent: Number.NaN }),
    makeRow('SUI', { gapPercent: -0.4 }),
  ];

  it('ranks the Kimchi premium without stale rows', () => {
    expect(ids(premiumRanking(rows, 3))).toEqual(['XRP', 'BTC', 'SUI']);
  });

  it('ranks reverse premiums, negatives only', () => {
    expect(ids(discountRanking(rows, 5))).toEqual(['DOGE', 'SUI']);
  });
});

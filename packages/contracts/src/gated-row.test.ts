import { describe, expect, it } from 'vitest';
import { type GatedRow, isGatedRow, mergeGatedRows } from './gated-row.ts';

const gated = (position: number, id: string): GatedRow => ({
  position,
  id,
  base: id,
  source: { exchange: 'upbit', market: 'spot', quote: 'KRW' },
  target: { exchange: 'binance', market: 'spot', quote: 'USDT' },
  gated: 'login',
});
const full = (id: string) => ({ id });

describe('mergeGatedRows', () => {
  it('puts each gated row back at its place in the page', () => {
    const page = mergeGatedRows([full('d'), full('e')], [gated(0, 'a'), gated(2, 'c'), gated(1, 'b')]);
    expect(page.map((row) => row.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const between = mergeGatedRows([full('a'), full('c'), full('e')], [gated(3, 'd'), gated(1, 'b')]);
    expect(between.map((row) => row.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('appends gated rows placed past the full rows, and leaves a page without any as it is', () => {
    expect(mergeGatedRows([full('a')], [gated(5, 'z')]).map((row) => row.id)).toEqual(['a', 'z']);
    const rows = [full('a'), full('b')];
    expect(mergeGatedRows(rows, undefined)).toEqual(rows);
    expect(mergeGatedRows(rows, [])).toEqual(rows);
  });

  it('tells gated rows from full ones', () => {
    expect(isGatedRow(gated(0, 'a'))).toBe(true);
    expect(isGatedRow(full('a'))).toBe(false);
    expect(isGatedRow(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageRange } from './table-paging.ts';

describe('table paging', () => {
  it('counts the pages every row needs, at least one', () => {
    expect(pageCount(18_654, 500)).toBe(38);
    expect(pageCount(500, 500)).toBe(1);
    expect(pageCount(501, 500)).toBe(2);
    expect(pageCount(0, 500)).toBe(1);
  });

  it('names the rows of a page, the last one partly filled', () => {
    expect(pageRange(1, 500, 18_654)).toEqual({ from: 1, to: 500 });
    expect(pageRange(2, 500, 18_654)).toEqual({ from: 501, to: 1_000 });
    expect(pageRange(38, 500, 18_654)).toEqual({ from: 18_501, to: 18_654 });
  });

  it('keeps a page that no longer exists within the table', () => {
    expect(clampPage(7, 500, 1_200)).toBe(3);
    expect(clampPage(0, 500, 1_200)).toBe(1);
    expect(clampPage(2, 500, 1_200)).toBe(2);
  });
});

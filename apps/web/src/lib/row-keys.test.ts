import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestRising, RowKeys } from './row-keys.ts';

/**
 * The elements React moves when a keyed list changes from `before` to `after` (its reconciliation: an element
 * met after one that came later in the old list is moved; the others stay).
 */
function reactMoves(before: readonly string[], after: readonly string[]): number {
  const oldIndex = new Map(before.map((key, i) => [key, i]));
  let lastPlaced = 0;
  let moves = 0;
  for (const key of after) {
    const at = oldIndex.get(key);
    if (at === undefined) continue;
    if (at < lastPlaced) moves++;
    else lastPlaced = at;
  }
  return moves;
}

describe('row keys of a live table', () => {
  it('keeps every key while the order holds, and as rows come and go', () => {
    const keys = new RowKeys();
    expect(keys.keys(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(keys.keys(['a', 'x', 'b', 'd', 'e'])).toEqual(['a', 'x', 'b', 'd', 'e']);
  });

  it('gives a row that jumped up past others a new key instead of letting React move them', () => {
    const keys = new RowKeys();
    const first = keys.keys(['a', 'b', 'c', 'd', 'e', 'f']);
    const second = keys.keys(['a', 'f', 'b', 'c', 'd', 'e']);
    expect(reactMoves(first, second)).toBe(0);
    // Only the row that jumped is drawn anew; the run it jumped over keeps its keys.
    expect(second.filter((key, i) => key !== ['a', 'f', 'b', 'c', 'd', 'e'][i])).toHaveLength(1);
    expect(second[1]).not.toBe('f');
    // The next re-sort reads the new key's place like any other.
    expect(reactMoves(second, keys.keys(['a', 'f', 'b', 'c', 'd', 'e']))).toBe(0);
  });

  it('keeps the key of the row with the keyboard focus, even when it jumps (a row just pinned)', () => {
    const keys = new RowKeys();
    keys.keys(['a', 'b', 'c', 'd']);
    expect(keys.keys(['d', 'a', 'b', 'c'], 'd')).toEqual(['d', 'a', 'b', 'c']);
    expect(keys.keys(['a', 'b', 'c', 'd'], 'b')).toEqual(['a', 'b', 'c', 'd~1']);
  });

  it('never lets React move a row, and redraws no more rows than must change places', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }), {
          minLength: 1,
          maxLength: 6,
        }),
        (lists) => {
          const keys = new RowKeys();
          let shown: string[] = [];
          let shownIds: string[] = [];
          for (const list of lists) {
            const ids = list.map((n) => `r${n}`);
            const next = keys.keys(ids);
            expect(next.map((key) => key.split('~')[0])).toEqual(ids);
            expect(new Set(next).size).toBe(next.length);
            expect(reactMoves(shown, next)).toBe(0);
            const placeBefore = new Map(shownIds.map((id, i) => [id, i]));
            const stayed = ids.map((id) => placeBefore.get(id) ?? -1);
            const fewest =
              stayed.filter((at) => at >= 0).length - longestRising(stayed).filter(Boolean).length;
            const redrawn = next.filter(
              (key, i) => (stayed[i] as number) >= 0 && !shown.includes(key),
            ).length;
            expect(redrawn).toBe(fewest);
            shown = next;
            shownIds = ids;
          }
        },
      ),
    );
  });

  it('finds a longest rising run, skipping rows that are new', () => {
    const kept = longestRising([3, -1, 0, 1, 7, 2, 5, -1, 6]);
    const values = [3, -1, 0, 1, 7, 2, 5, -1, 6].filter((_, i) => kept[i]);
    expect(values).toEqual([0, 1, 2, 5, 6]);
  });
});

/**
 * React keys for the rows in view of a live table, chosen so that a re-sort never makes React move a run of
 * rows. React keeps in place the rows it meets in their old order and moves every other one: when a row jumps
 * up past N others, it moves those N rows down one by one rather than the one row up, and each moved row is
 * styled and laid out afresh. Here the rows that keep their relative order (the longest such run) keep their
 * keys and every other row that was already shown gets a new key, so React draws it anew in its new place: one
 * row drawn instead of N moved. The row holding the keyboard focus always keeps its key: the focus holds the
 * order, but a new view (a row just pinned from the keyboard) re-sorts at once.
 */
export class RowKeys {
  /** Where each key was in the last list of keys. */
  private placeOf = new Map<string, number>();
  /** How many times a row got a new key, for the rows shown now. */
  private generation = new Map<string, number>();

  /**
   * The keys of the rows `ids`, in view in this order. `focused`: the row holding the keyboard focus, which must
   * keep its element (a row redrawn would drop the focus); if it would need a new key, React moves rows instead.
   */
  keys(ids: readonly string[], focused: string | null = null): string[] {
    const keys = ids.map((id) => this.keyOf(id));
    const before = keys.map((key) => this.placeOf.get(key) ?? -1);
    const kept = longestRising(before);
    const mustStay = focused === null ? -1 : ids.indexOf(focused);
    const redraw = mustStay < 0 || (before[mustStay] as number) < 0 || kept[mustStay];
    for (let i = 0; redraw && i < ids.length; i++) {
      if ((before[i] as number) < 0 || kept[i]) continue;
      const id = ids[i] as string;
      this.generation.set(id, (this.generation.get(id) ?? 0) + 1);
      keys[i] = this.keyOf(id);
    }
    const shown = new Set(ids);
    for (const id of this.generation.keys()) if (!shown.has(id)) this.generation.delete(id);
    this.placeOf = new Map(keys.map((key, i) => [key, i]));
    return keys;
  }

  private keyOf(id: string): string {
    const generation = this.generation.get(id);
    return generation === undefined ? id : `${id}~${generation}`;
  }
}

/**
 * Marks a longest strictly rising subsequence of the non-negative values (negative values are never part of
 * it): patience sorting, O(n log n).
 */
export function longestRising(values: readonly number[]): boolean[] {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (value < 0) continue;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((values[tails[mid] as number] as number) < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1] as number;
    tails[low] = i;
  }
  const kept = new Array<boolean>(values.length).fill(false);
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i] as number) kept[i] = true;
  return kept;
}

import { type RefObject, useMemo, useRef } from 'react';
import { holdOrder } from '../lib/row-order.ts';

/**
 * Rows keep their place while `heldRef` is true (pointer over the table). The hold is read, not subscribed
 * to: leaving the table changes nothing until the next snapshot re-sorts it, as UI.md asks. A new view
 * (other filters or sort) always shows its own order at once.
 */
export function useHeldOrder<T extends { id: string }>(
  rows: readonly T[],
  heldRef: RefObject<boolean>,
  viewKey: string,
  /** False while the rows are a placeholder from the previous view: nothing is held from those. */
  settled: boolean,
): readonly T[] {
  // The rows as last shown; their ids are only read when the order is held.
  const shown = useRef<readonly T[]>([]);
  const lastView = useRef<string | null>(null);
  return useMemo(() => {
    if (!settled) {
      lastView.current = null;
      return rows;
    }
    const hold = heldRef.current && lastView.current === viewKey;
    const arranged = hold
      ? holdOrder(
          shown.current.map((row) => row.id),
          rows,
        )
      : rows;
    shown.current = arranged;
    lastView.current = viewKey;
    return arranged;
  }, [rows, viewKey, heldRef, settled]);
}

import type { PremiumRow } from '@spreadscope/contracts';
import { useMemo, useRef } from 'react';
import { type DisplayOf, type FlashState, FlashTracker } from '../lib/cell-flash.ts';

/**
 * Flash state for a live table's rows, updated once per snapshot (lib/cell-flash.ts). Snapshots are compared only
 * within one view: switching currency, base or filters changes every number without anything having moved, and
 * must not light up the table; placeholder rows from the previous view are not compared at all.
 */
export function useRowFlashes(
  rows: readonly PremiumRow[] | undefined,
  viewKey: string,
  isPlaceholder: boolean,
  display: DisplayOf,
): FlashState {
  const tracker = useRef<FlashTracker | null>(null);
  tracker.current ??= new FlashTracker();
  const current = tracker.current;
  return useMemo(() => {
    if (!rows || isPlaceholder) return current.state;
    // Taking the same snapshot twice (a render React restarts) changes nothing.
    return current.update(rows, viewKey, Date.now(), display);
  }, [current, rows, viewKey, isPlaceholder, display]);
}

import { type RefObject, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

const EDGE_PX = 16;

/** Scrolls the row (only the row: scrollIntoView would move the page too) so its current tab is whole. */
function bringCurrentIntoView(row: HTMLElement): void {
  const current = row.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current || row.scrollWidth <= row.clientWidth) return;
  const start = current.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
  const end = start + current.getBoundingClientRect().width;
  // A little of the neighbour stays in view, so the row still reads as one that scrolls.
  if (start - EDGE_PX < row.scrollLeft) row.scrollLeft = Math.max(0, start - EDGE_PX);
  else if (end + EDGE_PX > row.scrollLeft + row.clientWidth) row.scrollLeft = end + EDGE_PX - row.clientWidth;
}

/**
 * A tab row that scrolls sideways on a phone keeps its current tab ([aria-current="page"]) in view: opening
 * /arbitrage/perpetuals at 360 px must not show the third tab cut at the edge. The tabs' widths are only known
 * once their font has loaded (the web font swaps in after the first paint, and a system font may be wider than
 * the one the layout was drawn with), so the row is scrolled again whenever a tab's size changes.
 */
export function useCurrentInView(ref: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab moves with the route, read from the DOM
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    bringCurrentIntoView(row);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => bringCurrentIntoView(row));
    observer.observe(row);
    for (const tab of row.children) observer.observe(tab);
    return () => observer.disconnect();
  }, [ref, pathname]);
}

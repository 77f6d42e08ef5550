import { type RefObject, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

const EDGE_PX = 16;

/**
 * A tab row that scrolls sideways on a phone keeps its current tab ([aria-current="page"]) in view: opening
 * /arbitrage/perpetuals at 360 px must not show the third tab cut in half at the edge. Only the row scrolls;
 * the page does not move (scrollIntoView would also scroll the page).
 */
export function useCurrentInView(ref: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab moves with the route, read from the DOM
  useLayoutEffect(() => {
    const row = ref.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const start = current.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    const end = start + current.getBoundingClientRect().width;
    // A little of the neighbour stays in view, so the row still reads as one that scrolls.
    if (start - EDGE_PX < row.scrollLeft) row.scrollLeft = Math.max(0, start - EDGE_PX);
    else if (end + EDGE_PX > row.scrollLeft + row.clientWidth)
      row.scrollLeft = end + EDGE_PX - row.clientWidth;
  }, [ref, pathname]);
}

import type { Locator } from 'playwright-core';

/** What of a table does not fit the screen: anything here means a reader has to swipe sideways to see it. */
export interface PhoneFit {
  /** How far the whole page scrolls sideways. */
  readonly pageOverflow: number;
  /** How far the table's own scroll box (its parent) scrolls sideways. */
  readonly tableOverflow: number;
  /** Text of every shown cell whose right edge lies past the screen's. */
  readonly cellsPast: readonly string[];
}

/**
 * How a table sits in the viewport: a phone layout must leave every figure on screen, with nothing to scroll
 * sideways inside its card either (a card's scroll box hides the overflow from the page's own scroll width).
 */
export function phoneFit(table: Locator): Promise<PhoneFit> {
  return table.evaluate((element) => {
    const root = document.documentElement;
    const wrap = element.parentElement;
    const cells = [...element.querySelectorAll('th, td')].filter(
      // Cells a layout hides (display: none) have no boxes; half a pixel allows for sub-pixel rounding.
      (cell) =>
        cell.getClientRects().length > 0 && cell.getBoundingClientRect().right > root.clientWidth + 0.5,
    );
    return {
      pageOverflow: root.scrollWidth - root.clientWidth,
      tableOverflow: wrap ? wrap.scrollWidth - wrap.clientWidth : 0,
      cellsPast: cells.map((cell) => (cell.textContent ?? '').trim()),
    };
  });
}

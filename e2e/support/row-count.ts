import type { Page } from 'playwright-core';

/**
 * The number in the table's row counter ("1,237개 코인", "37 rows"). Read as a number so that a poll waiting
 * for 37 cannot stop early on "1,237".
 */
export async function shownRowCount(page: Page): Promise<number | null> {
  const text = await page.getByTestId('premium-count').innerText();
  const digits = text.replace(/[^0-9]/g, '');
  return digits === '' ? null : Number(digits);
}

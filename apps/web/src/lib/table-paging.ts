/**
 * Paging of the live tables: the API answers at most 500 rows a call (spec §9), so a wide view (every venue,
 * 18,000 combinations) is read page by page in the server's order. Pure helpers, tested on their own.
 */

/** Pages needed for `total` rows; at least one, so an empty table still has a page 1. */
export function pageCount(total: number, pageSize: number): number {
  if (!(pageSize > 0)) return 1;
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The 1-based row numbers a page holds, for the "501–1,000 of 18,654" label; from > to when it is empty. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize) };
}

/** A page that still exists once the total shrank (filters applied elsewhere, markets delisted). */
export function clampPage(page: number, pageSize: number, total: number): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

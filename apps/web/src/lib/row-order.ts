import type { PremiumRow } from '@spreadscope/contracts';
import type { SortOrder, TableSortKey } from './premium-filters.ts';

/**
 * Rows keep their place while the pointer is over the table (UI.md: nothing jumps). Rows already shown keep
 * their previous order; rows that appeared go below them in server order; rows that vanished are dropped.
 */
export function holdOrder<T extends { id: string }>(
  previousOrder: readonly string[],
  rows: readonly T[],
): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const held: T[] = [];
  const seen = new Set<string>();
  for (const id of previousOrder) {
    const row = byId.get(id);
    if (row) {
      held.push(row);
      seen.add(id);
    }
  }
  for (const row of rows) if (!seen.has(row.id)) held.push(row);
  return held;
}

function sortValue(row: PremiumRow, key: TableSortKey): number | string {
  switch (key) {
    case 'base':
      return row.base;
    case 'sourcePrice':
      return row.source.price;
    case 'targetPrice':
      return row.target.price;
    case 'gap':
      return row.gapPercent;
    case 'priceDiff':
      return row.priceDiff;
    case 'volume':
      return row.source.volume24h ?? Number.NaN;
  }
}

/**
 * The order rows are shown in. The server sorts the same way (it pages by it), but sorting here too means a
 * click on a column header re-orders the rows on screen at once instead of after a round trip, and covers
 * price difference, which the server does not sort by. Display prices are the native ones times one positive
 * rate, so both orders agree. Stale rows are never shown as an opportunity: ranking by gap or difference puts
 * them below every fresh row. The sort is stable, so equal keys keep the server's order.
 */
export function arrangeRows(rows: readonly PremiumRow[], key: TableSortKey, order: SortOrder): PremiumRow[] {
  const sign = order === 'asc' ? 1 : -1;
  const arranged = [...rows].sort((a, b) => {
    const va = sortValue(a, key);
    const vb = sortValue(b, key);
    if (typeof va === 'string' || typeof vb === 'string') return sign * String(va).localeCompare(String(vb));
    // Missing numbers sink to the bottom whichever way the column is sorted.
    if (!Number.isFinite(va)) return Number.isFinite(vb) ? 1 : 0;
    if (!Number.isFinite(vb)) return -1;
    return sign * (va - vb);
  });
  if (key !== 'gap' && key !== 'priceDiff') return arranged;
  return [...arranged.filter((row) => !row.stale), ...arranged.filter((row) => row.stale)];
}

/** The Kimchi premium ranking: fresh rows only, highest premium first. */
export function premiumRanking(rows: readonly PremiumRow[], count: number): PremiumRow[] {
  return rows
    .filter((row) => !row.stale && Number.isFinite(row.gapPercent))
    .sort((a, b) => b.gapPercent - a.gapPercent)
    .slice(0, count);
}

/** The deepest reverse premiums (역프): fresh rows only, lowest premium first. */
export function discountRanking(rows: readonly PremiumRow[], count: number): PremiumRow[] {
  return rows
    .filter((row) => !row.stale && Number.isFinite(row.gapPercent) && row.gapPercent < 0)
    .sort((a, b) => a.gapPercent - b.gapPercent)
    .slice(0, count);
}

import type { PremiumTableRow } from '@spreadscope/contracts';
import type { SortOrder } from './premium-filters.ts';
import type { SpreadTableSortKey } from './spread-filters.ts';

/** Premium and arbitrage rows share one shape (contracts spread-row.ts). */
export type SpreadRow = PremiumTableRow;

function sortValue(row: SpreadRow, key: SpreadTableSortKey): number | string | null {
  switch (key) {
    case 'base':
      return row.base;
    case 'sourcePrice':
      return row.source.price;
    case 'targetPrice':
      return row.target.price;
    case 'gap':
      return row.gapPercent;
    case 'entryGap':
      return row.entryGapPercent;
    case 'exitGap':
      return row.exitGapPercent;
    case 'netGap':
      return row.fees.netGapPercent;
    case 'priceDiff':
      return row.priceDiff;
    case 'volume':
      return row.source.volume24h;
    case 'fundingGap':
      return row.funding.gapPercent;
    case 'netFunding':
      return row.funding.annualizedPercent;
    case 'duration':
      // The earlier the run began, the longer it has lasted.
      return row.durationSince === null ? null : -row.durationSince;
  }
}

/**
 * The order rows are shown in. The server sorts the same way (it pages by it); sorting here too makes a header
 * click instant and covers price difference, which the server does not sort by. Stale rows never rank as an
 * opportunity, so they sink below every fresh row for any key but the token name; missing numbers sink to the
 * bottom either way. Pinned rows come first, in the same order. The sort is stable.
 *
 * `previous` (the order shown for the last snapshot) only makes it faster: a live table re-sorts 7,000 rows
 * several times a second, and between two snapshots few rows move, so starting from the last order lets the
 * sort (TimSort) run over long presorted stretches instead of sorting from scratch. The result is the same
 * with or without it: ties are broken by the position in `rows`, so the comparison is a total order.
 */
export function arrangeSpreadRows(
  rows: readonly SpreadRow[],
  key: SpreadTableSortKey,
  order: SortOrder,
  pinned: ReadonlySet<string> = new Set(),
  previous?: readonly SpreadRow[],
): SpreadRow[] {
  const n = rows.length;
  const indexes =
    previous && previous.length > 0 ? lastOrder(rows, previous) : Array.from({ length: n }, (_, i) => i);
  sortIndexes(rows, key, order, pinned, indexes);
  const arranged = new Array<SpreadRow>(n);
  for (let i = 0; i < n; i++) arranged[i] = rows[indexes[i] as number] as SpreadRow;
  return arranged;
}

/** Sorts positions in `rows` into the shown order (see arrangeSpreadRows), starting from the order given. */
function sortIndexes(
  rows: readonly SpreadRow[],
  key: SpreadTableSortKey,
  order: SortOrder,
  pinned: ReadonlySet<string>,
  indexes: number[],
): void {
  sortByKeys(indexes, readSortKeys(rows, key, pinned), key, order);
}

/** What rows are sorted by, read once per row rather than once per comparison. */
interface SortKeys {
  readonly ranks: Uint8Array;
  readonly numbers: Float64Array;
  readonly names: string[];
}

function readSortKeys(
  rows: readonly SpreadRow[],
  key: SpreadTableSortKey,
  pinned: ReadonlySet<string>,
): SortKeys {
  const n = rows.length;
  const ranks = new Uint8Array(n);
  const numbers = new Float64Array(n);
  const names: string[] = key === 'base' ? new Array<string>(n) : [];
  const anyPinned = pinned.size > 0;
  for (let i = 0; i < n; i++) {
    const row = rows[i] as SpreadRow;
    ranks[i] = (anyPinned && pinned.has(row.id) ? 0 : 2) + (key !== 'base' && row.stale ? 1 : 0);
    const value = sortValue(row, key);
    if (typeof value === 'string') names[i] = value;
    else numbers[i] = value !== null && Number.isFinite(value) ? value : Number.NaN;
  }
  return { ranks, numbers, names };
}

/** The shown order as a comparison of positions in `rows`: a total order (ties go by position). */
function byKeys(keys: SortKeys, key: SpreadTableSortKey, order: SortOrder): (a: number, b: number) => number {
  const { ranks, numbers, names } = keys;
  const sign = order === 'asc' ? 1 : -1;
  return (a, b) => {
    const byRank = (ranks[a] as number) - (ranks[b] as number);
    if (byRank !== 0) return byRank;
    if (key === 'base') return sign * (names[a] as string).localeCompare(names[b] as string) || a - b;
    const va = numbers[a] as number;
    const vb = numbers[b] as number;
    // Missing numbers sink to the bottom whichever way the column is sorted.
    if (Number.isNaN(va)) return Number.isNaN(vb) ? a - b : 1;
    if (Number.isNaN(vb)) return -1;
    return sign * (va - vb) || a - b;
  };
}

function sortByKeys(indexes: number[], keys: SortKeys, key: SpreadTableSortKey, order: SortOrder): void {
  indexes.sort(byKeys(keys, key, order));
}

/**
 * Whether `rows` are already in the shown order. A live table sorted like the server's page (the default) almost
 * always is: then the order is confirmed in one pass, without sorting or building the index lists.
 */
function inOrder(n: number, keys: SortKeys, key: SpreadTableSortKey, order: SortOrder): boolean {
  const compare = byKeys(keys, key, order);
  for (let i = 1; i < n; i++) if (compare(i - 1, i) > 0) return false;
  return true;
}

/**
 * The order of one live table, snapshot after snapshot: the same result as arrangeSpreadRows, found with far
 * fewer comparisons. A row that is where it was in the last snapshot (a feed lists its rows in a stable order,
 * or in the server's own sort, which the shown order follows) and still sorts by the same value keeps its
 * place relative to the others like it, so those rows are one presorted run; only the rows that moved, came
 * or changed their value are sorted in (TimSort merges them into the run). Rows are matched by their place in
 * the snapshot, not looked up by id.
 */
export class LiveSpreadOrder {
  private ids: readonly string[] = [];
  /** Where each row of the last snapshot (by its place in that snapshot) was shown, and what it sorted by. */
  private shownAt = new Int32Array(0);
  private keys: SortKeys | null = null;
  private view: { key: SpreadTableSortKey; order: SortOrder; pinned: ReadonlySet<string> } | null = null;

  arrange(
    rows: readonly SpreadRow[],
    key: SpreadTableSortKey,
    order: SortOrder,
    pinned: ReadonlySet<string> = new Set(),
  ): SpreadRow[] {
    const n = rows.length;
    const keys = readSortKeys(rows, key, pinned);
    if (inOrder(n, keys, key, order)) return this.keep(rows, keys, { key, order, pinned });
    const view = this.view;
    const sameView = view !== null && view.key === key && view.order === order && view.pinned === pinned;
    const last = sameView ? this.keys : null;
    const { ids: lastIds, shownAt } = this;
    const byShown = new Int32Array(last ? lastIds.length : 0).fill(-1);
    const indexes: number[] = [];
    const moved: number[] = [];
    const ids = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const id = (rows[i] as SpreadRow).id;
      ids[i] = id;
      if (last && i < lastIds.length && lastIds[i] === id && sameKey(keys, last, i)) {
        byShown[shownAt[i] as number] = i;
      } else moved.push(i);
    }
    for (const i of byShown) if (i >= 0) indexes.push(i);
    for (const i of moved) indexes.push(i);
    sortByKeys(indexes, keys, key, order);
    const arranged = new Array<SpreadRow>(n);
    const nextShownAt = new Int32Array(n);
    for (let at = 0; at < n; at++) {
      const i = indexes[at] as number;
      arranged[at] = rows[i] as SpreadRow;
      nextShownAt[i] = at;
    }
    this.ids = ids;
    this.shownAt = nextShownAt;
    this.keys = keys;
    this.view = { key, order, pinned };
    return arranged;
  }

  /** Rows already in the shown order: each is shown at its own place. */
  private keep(
    rows: readonly SpreadRow[],
    keys: SortKeys,
    view: NonNullable<LiveSpreadOrder['view']>,
  ): SpreadRow[] {
    const n = rows.length;
    const ids = new Array<string>(n);
    const shownAt = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      ids[i] = (rows[i] as SpreadRow).id;
      shownAt[i] = i;
    }
    this.ids = ids;
    this.shownAt = shownAt;
    this.keys = keys;
    this.view = view;
    return rows.slice();
  }
}

function sameKey(a: SortKeys, b: SortKeys, i: number): boolean {
  if (a.ranks[i] !== b.ranks[i]) return false;
  const x = a.numbers[i] as number;
  const y = b.numbers[i] as number;
  return (x === y || (Number.isNaN(x) && Number.isNaN(y))) && a.names[i] === b.names[i];
}

/** Positions in `rows`, listed in the order their ids had in `previous`; rows new to the table go last. */
function lastOrder(rows: readonly SpreadRow[], previous: readonly SpreadRow[]): number[] {
  const n = rows.length;
  const at = new Map<string, number>();
  for (let i = 0; i < n; i++) at.set((rows[i] as SpreadRow).id, i);
  const placed = new Uint8Array(n);
  const indexes: number[] = [];
  for (const row of previous) {
    const i = at.get(row.id);
    if (i === undefined || placed[i] === 1) continue;
    placed[i] = 1;
    indexes.push(i);
  }
  for (let i = 0; i < n; i++) if (placed[i] === 0) indexes.push(i);
  return indexes;
}

/** Rows of the user's owned tokens only (applied in the browser: the API has no token-list filter). */
export function onlyOwned(rows: readonly SpreadRow[], owned: ReadonlySet<string>): SpreadRow[] {
  return rows.filter((row) => owned.has(row.base));
}

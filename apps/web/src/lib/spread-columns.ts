import type { SpreadKind, SpreadTableSortKey } from './spread-filters.ts';

/**
 * The columns of the premium and arbitrage tables. Token, both prices and the gap are always there (a phone
 * keeps exactly those, UI.md); the rest are optional: each table has a default set per breakpoint, and a user
 * who customizes picks which and in what order (remembered per user, column-prefs.ts).
 */
export const CORE_COLUMNS = ['token', 'sourcePrice', 'targetPrice', 'gap'] as const;
export const OPTIONAL_COLUMNS = [
  'entryGap',
  'exitGap',
  'netGap',
  'priceDiff',
  'volume',
  'targetVolume',
  'change',
  'duration',
  'gap5m',
  'gap15m',
  'gap30m',
  'gap1h',
  'gap4h',
  'gap24h',
  'depth',
  'sourceFunding',
  'targetFunding',
  'fundingGap',
  'netFunding',
  'transfer',
  'estimate',
  'maxEntry',
  'sourceBook',
  'targetBook',
] as const;
export type CoreColumnId = (typeof CORE_COLUMNS)[number];
export type OptionalColumnId = (typeof OPTIONAL_COLUMNS)[number];
export type ColumnId = CoreColumnId | OptionalColumnId;

export type Width = 'sm' | 'md' | 'lg' | 'xl';
const WIDTH_ORDER: Readonly<Record<Width, number>> = { sm: 0, md: 1, lg: 2, xl: 3 };

export interface ColumnSpec {
  readonly id: ColumnId;
  readonly sort?: SpreadTableSortKey;
  /** Narrowest track in px; the table scrolls sideways rather than squeeze a column below it. */
  readonly minPx: number;
  readonly fr: number;
  /** Only meaningful when a leg is a perpetual. */
  readonly perpOnly?: boolean;
}

export const COLUMN_SPECS: Readonly<Record<ColumnId, ColumnSpec>> = {
  // Pin, arrow, an eight-letter ticker (MOODENG, FARTCOIN) and a stale mark side by side.
  token: { id: 'token', sort: 'base', minPx: 140, fr: 1 },
  sourcePrice: { id: 'sourcePrice', sort: 'sourcePrice', minPx: 92, fr: 1.2 },
  targetPrice: { id: 'targetPrice', sort: 'targetPrice', minPx: 92, fr: 1.2 },
  gap: { id: 'gap', sort: 'gap', minPx: 72, fr: 0.8 },
  entryGap: { id: 'entryGap', sort: 'entryGap', minPx: 70, fr: 0.7 },
  exitGap: { id: 'exitGap', sort: 'exitGap', minPx: 70, fr: 0.7 },
  netGap: { id: 'netGap', sort: 'netGap', minPx: 78, fr: 0.8 },
  priceDiff: { id: 'priceDiff', sort: 'priceDiff', minPx: 90, fr: 1 },
  volume: { id: 'volume', sort: 'volume', minPx: 80, fr: 0.9 },
  targetVolume: { id: 'targetVolume', minPx: 80, fr: 0.9 },
  change: { id: 'change', minPx: 64, fr: 0.6 },
  duration: { id: 'duration', sort: 'duration', minPx: 70, fr: 0.7 },
  gap5m: { id: 'gap5m', minPx: 64, fr: 0.6 },
  gap15m: { id: 'gap15m', minPx: 64, fr: 0.6 },
  gap30m: { id: 'gap30m', minPx: 64, fr: 0.6 },
  gap1h: { id: 'gap1h', minPx: 64, fr: 0.6 },
  gap4h: { id: 'gap4h', minPx: 64, fr: 0.6 },
  gap24h: { id: 'gap24h', minPx: 64, fr: 0.6 },
  depth: { id: 'depth', minPx: 110, fr: 1 },
  sourceFunding: { id: 'sourceFunding', minPx: 116, fr: 1, perpOnly: true },
  targetFunding: { id: 'targetFunding', minPx: 116, fr: 1, perpOnly: true },
  fundingGap: { id: 'fundingGap', sort: 'fundingGap', minPx: 76, fr: 0.7, perpOnly: true },
  netFunding: { id: 'netFunding', sort: 'netFunding', minPx: 84, fr: 0.8, perpOnly: true },
  transfer: { id: 'transfer', minPx: 120, fr: 1.1 },
  estimate: { id: 'estimate', minPx: 86, fr: 0.8 },
  maxEntry: { id: 'maxEntry', minPx: 90, fr: 0.9 },
  sourceBook: { id: 'sourceBook', minPx: 150, fr: 1.5 },
  targetBook: { id: 'targetBook', minPx: 150, fr: 1.5 },
};

export function hasPerpLeg(kind: SpreadKind, premiumType: string): boolean {
  return kind === 'premium' ? premiumType !== 'spot-spot' : kind !== 'spot-spot';
}

/** Columns a user can choose for a table: funding columns only where a leg is a perpetual. */
export function choosableColumns(kind: SpreadKind, premiumType: string): OptionalColumnId[] {
  const perp = hasPerpLeg(kind, premiumType);
  return OPTIONAL_COLUMNS.filter((id) => perp || !COLUMN_SPECS[id].perpOnly);
}

type Defaults = Readonly<Record<Exclude<Width, 'sm'>, readonly OptionalColumnId[]>>;

/** What each table shows at each width before a user customizes; arbitrage leads with what a trade nets. */
const PREMIUM_DEFAULTS: Defaults = {
  md: ['priceDiff', 'volume'],
  lg: ['entryGap', 'exitGap', 'priceDiff', 'volume', 'targetVolume', 'change', 'duration', 'transfer'],
  xl: [
    'entryGap',
    'exitGap',
    'netGap',
    'priceDiff',
    'volume',
    'targetVolume',
    'change',
    'gap1h',
    'duration',
    'depth',
    'transfer',
    'sourceBook',
    'targetBook',
  ],
};
const ARBITRAGE_DEFAULTS: Defaults = {
  md: ['netGap', 'volume'],
  lg: ['entryGap', 'exitGap', 'netGap', 'fundingGap', 'volume', 'duration', 'depth', 'transfer'],
  xl: [
    'entryGap',
    'exitGap',
    'netGap',
    'sourceFunding',
    'targetFunding',
    'fundingGap',
    'netFunding',
    'volume',
    'targetVolume',
    'duration',
    'depth',
    'transfer',
    'estimate',
    'maxEntry',
  ],
};

export function defaultColumns(kind: SpreadKind, width: Exclude<Width, 'sm'>): OptionalColumnId[] {
  const table = kind === 'premium' ? PREMIUM_DEFAULTS : ARBITRAGE_DEFAULTS;
  return [...table[width]];
}

/** Gap metrics a phone's one gap slot can show: the one the table is sorted by, so the rows read in order. */
export const PHONE_GAP_METRICS: ReadonlySet<ColumnId> = new Set<ColumnId>([
  'gap',
  'entryGap',
  'exitGap',
  'netGap',
]);

/** The gap column a phone shows: the table's sort key when that is a gap metric, the raw gap otherwise. */
export function phoneGapColumn(sort: SpreadTableSortKey | undefined): ColumnId {
  return sort !== undefined && PHONE_GAP_METRICS.has(sort as ColumnId) ? (sort as ColumnId) : 'gap';
}

/**
 * The columns on screen, in order. A phone keeps the core four (the rest opens in a row's detail), its gap
 * slot showing the gap metric the rows are sorted by (arbitrage sorts by the gap after fees: a raw gap there
 * would make the rows look unsorted); wider screens show the user's choice, or the table's default for that
 * width. Columns that do not apply to the current view (funding on spot-only tables) are left out, not
 * forgotten.
 */
export function visibleColumns(
  kind: SpreadKind,
  premiumType: string,
  width: Width,
  chosen: readonly string[] | null,
  sort?: SpreadTableSortKey,
): ColumnId[] {
  if (WIDTH_ORDER[width] === 0) {
    const gap = phoneGapColumn(sort);
    return CORE_COLUMNS.map((id) => (id === 'gap' ? gap : id));
  }
  const allowed = new Set<string>(choosableColumns(kind, premiumType));
  const picked = chosen ?? defaultColumns(kind, width as Exclude<Width, 'sm'>);
  const optional = [...new Set(picked)].filter((id): id is OptionalColumnId => allowed.has(id));
  return [...CORE_COLUMNS, ...optional];
}

/**
 * A phone's four columns. The token keeps room for the row's arrow and a seven- or eight-letter ticker
 * (MOODENG, FARTCOIN) at 360 px (the pin star moves into the row's detail there); the prices share the rest,
 * wide enough for an eleven-digit won price, and the gap keeps `+12.34%` whole.
 */
const PHONE_TRACKS: Readonly<Partial<Record<ColumnId, { minPx: number; fr: number }>>> = {
  token: { minPx: 88, fr: 1 },
  sourcePrice: { minPx: 0, fr: 1 },
  targetPrice: { minPx: 0, fr: 1 },
  gap: { minPx: 66, fr: 0.7 },
  entryGap: { minPx: 66, fr: 0.7 },
  exitGap: { minPx: 66, fr: 0.7 },
  netGap: { minPx: 66, fr: 0.7 },
};

/** The grid tracks and the width below which the table scrolls sideways instead of squeezing. */
export function gridTemplate(
  columns: readonly ColumnId[],
  gapPx: number,
  /** The token cell also names the route (buy → sell exchange) when a side lists every venue. */
  withRoute = false,
  /** Phone widths: the four core columns share the screen and prices may shrink (they drop the ₩ sign). */
  compact = false,
): { tracks: string; minWidth: number } {
  const specs = columns.map((id) => {
    if (compact) {
      // A route (buy → sell exchange) under the ticker needs about 100 px in Korean.
      const route = id === 'token' && withRoute ? { minPx: 106 } : {};
      return { ...COLUMN_SPECS[id], ...PHONE_TRACKS[id], ...route };
    }
    return id === 'token' && withRoute ? { ...COLUMN_SPECS.token, minPx: 160, fr: 1.4 } : COLUMN_SPECS[id];
  });
  return {
    tracks: specs.map((spec) => `minmax(${spec.minPx}px, ${spec.fr}fr)`).join(' '),
    minWidth: specs.reduce((sum, spec) => sum + spec.minPx, 0) + gapPx * Math.max(0, specs.length - 1),
  };
}

/** Moves a column one place up or down in a chosen list (the customization dialog's arrows). */
export function moveColumn<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

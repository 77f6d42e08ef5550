import type { GatedRow } from './gated-row.ts';
import type { WsTopic } from './ws.ts';

/**
 * The constants and helpers of the contracts that the web app runs, in a module without a schema: the browser
 * imports these alone, so none of the zod schemas (nor zod) is bundled into the first screen. The schema
 * modules re-export them.
 */

/** Sort keys of the premium and arbitrage tables; stale rows sink below fresh ones for every key but base. */
export const SPREAD_SORT_KEYS = [
  'gap',
  'entryGap',
  'exitGap',
  'netGap',
  'base',
  'volume',
  'sourcePrice',
  'targetPrice',
  'fundingGap',
  'netFunding',
  'duration',
] as const;
export type SpreadSortKey = (typeof SPREAD_SORT_KEYS)[number];

export const FUNDING_SORT_KEYS = [
  'rate',
  'annualized',
  'base',
  'exchange',
  'nextFundingTime',
  'volume',
] as const;

/** The topics whose subscribers may receive deltas: tables of rows keyed by `id`. */
export const WS_DELTA_TOPICS = [
  'premium',
  'arbitrage-spot-spot',
  'arbitrage-spot-perp',
  'arbitrage-perp-perp',
] as const satisfies readonly WsTopic[];
export type WsDeltaTopic = (typeof WS_DELTA_TOPICS)[number];

export function isDeltaTopic(topic: string): topic is WsDeltaTopic {
  return (WS_DELTA_TOPICS as readonly string[]).includes(topic);
}

/** The page in display order: full rows and gated rows merged at their positions. */
export function mergeGatedRows<R>(
  data: readonly R[],
  gated: readonly GatedRow[] | undefined,
): (R | GatedRow)[] {
  if (!gated || gated.length === 0) return [...data];
  const out: (R | GatedRow)[] = [];
  const sorted = [...gated].sort((a, b) => a.position - b.position);
  let next = 0;
  for (const row of data) {
    while (next < sorted.length && (sorted[next] as GatedRow).position <= out.length)
      out.push(sorted[next++] as GatedRow);
    out.push(row);
  }
  while (next < sorted.length) out.push(sorted[next++] as GatedRow);
  return out;
}

export function isGatedRow(row: unknown): row is GatedRow {
  return (
    typeof row === 'object' && row !== null && 'gated' in row && typeof (row as GatedRow).gated === 'string'
  );
}

/**
 * The premium page's REST query on a first visit (default filters and settings: Upbit against Binance, KRW,
 * real time, the first page of 500), as the web app sends it. The server inlines this answer into the page
 * it serves at /premium, so a first visit paints the table without another request; the web app's tests
 * keep the two in step.
 */
export const PREMIUM_FIRST_SCREEN = {
  path: '/premium',
  query: {
    currency: 'KRW',
    conversionBase: 'USD',
    interval: 'realtime',
    sort: 'gap',
    order: 'desc',
    page: 1,
    limit: 500,
    source: 'upbit',
    target: 'binance',
    premiumType: 'spot-spot',
  },
} as const;

/** What the served page carries in `<script type="application/json" id="ss-boot">` (see PREMIUM_FIRST_SCREEN). */
export interface BootData {
  /** The market source (live, simulated, replay) as the page was served: the banner shows from the first paint. */
  readonly dataSource?: unknown;
  /** A table answer for a query the page is expected to send: used instead of that first request. */
  readonly table?: {
    readonly path: string;
    readonly query: Readonly<Record<string, string | number>>;
    /** The answer's ETag (REST), which a WebSocket subscription may send as `since`. */
    readonly etag: string;
    readonly data: unknown;
  };
}

/** Global search's result types (search.ts). */
export const SEARCH_TYPES = [
  'all',
  'premium',
  'funding-rate',
  'telegram-channel',
  'telegram-post',
  'naver-search',
  'exchanges',
  'announcements',
] as const;

/** The trend sources and why one is off, each worded on the screens under trend.reasons (trends.ts). */
export const TREND_SOURCES = ['telegram', 'naver', 'google'] as const;
export type TrendSource = (typeof TREND_SOURCES)[number];

export const TREND_OFF_REASONS = [
  'needs_key',
  'no_source',
  'rate_limited',
  'rejected',
  'http_error',
  'network',
  'malformed',
  'unavailable',
] as const;

/** Saved views of the tables (saved-views.ts): a visitor's are kept in the browser under the same rules. */
export const SAVED_VIEW_TABLES = ['premium', 'spot-spot', 'spot-perp', 'perp-perp'] as const;
export type SavedViewTable = (typeof SAVED_VIEW_TABLES)[number];

/** Column layouts are shared by the three arbitrage tables (their columns are the same set). */
export const COLUMN_GROUPS = ['premium', 'arbitrage'] as const;

/** Not set by the spec: enough presets for every habit, few enough to fit one menu and one row of chips. */
export const SAVED_VIEW_LIMITS = { presets: 20, shortcuts: 5 } as const;

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

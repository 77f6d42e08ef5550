import {
  GAP_WINDOW_MINUTES,
  LOW_VOLUME_KRW,
  LOW_VOLUME_USD,
  tokenSearchMatcher,
  VENUE_IDS,
} from '@spreadscope/core';
import { SOURCE_DEX, SOURCE_PERP, TARGET_DEX, TARGET_PERP } from './combos.ts';
import type { IntList } from './growable.ts';
import { RowMetrics } from './row-metrics.ts';
import { selectPage } from './select-page.ts';
import { type CalcOptions, type EngineParts, SpreadCalc } from './spread-calc.ts';
import { buildSpreadRow } from './spread-row.ts';
import type { Rates, SpreadFilter, SpreadPage, SpreadSortKey } from './spread-types.ts';
import { tidyRow } from './tidy-numbers.ts';
import { keptRows } from './token-rows.ts';

/** Which combinations a table draws from, beyond the caller's filters. */
export interface TableScope {
  readonly lists: readonly IntList[];
  /** A combination's kind byte must satisfy (kind & mask) === value. */
  readonly kindMask: number;
  readonly kindValue: number;
  /** Quotes the source and the target market must have, when set. */
  readonly sourceQuote?: string | undefined;
  readonly targetQuote?: string | undefined;
  readonly minGap?: number | undefined;
  readonly maxGap?: number | undefined;
}

/** Sorts on these compare rows on facts, not opportunity, so stale rows keep their place among them. */
const NEUTRAL_SORTS: ReadonlySet<SpreadSortKey> = new Set(['base', 'volume', 'sourcePrice', 'targetPrice']);
const VENUE_INDEX = new Map<string, number>(VENUE_IDS.map((id, i) => [id, i]));

/** Scratch buffers reused by every query (queries run one at a time on the event loop). */
const metrics = new RowMetrics();
let ids = new Int32Array(0);
let keys = new Float64Array(0);
let staleFlags = new Uint8Array(0);
/** The candidate rows of a narrow table (few tokens kept), drawn from the token index. */
const narrow = { array: new Int32Array(0), length: 0 };
/** A table keeping at most this share of the tokens scans their rows only. */
const NARROW_SHARE = 0.25;

function ensureScratch(size: number): void {
  if (ids.length >= size) return;
  const capacity = Math.max(size, ids.length * 2, 4_096);
  ids = new Int32Array(capacity);
  keys = new Float64Array(capacity);
  staleFlags = new Uint8Array(capacity);
}

export function ratesOf(parts: EngineParts): Rates {
  const { state } = parts;
  const at = Math.max(state.usdKrwAt, state.usdtKrwAt);
  return {
    usdKrw: Number.isFinite(state.usdKrw) ? state.usdKrw : null,
    usdtKrw: Number.isFinite(state.usdtKrw) ? state.usdtKrw : null,
    updatedAt: at > 0 ? at : null,
  };
}

/**
 * Filters, ranks and pages one premium or arbitrage table: one pass over the table's combinations for the
 * structural filters (venues, tokens, quotes, volume, funding interval, route), one RowMetrics pass computing
 * every derived number of the candidates, the filters on those, a bounded-heap selection of the page, and
 * full rows only for it.
 */
export function querySpreadTable(
  parts: EngineParts,
  options: CalcOptions,
  filter: SpreadFilter,
  scope: TableScope,
  now: number,
): SpreadPage {
  const calc = new SpreadCalc(parts, options, now);
  const { combos, total } = rankSpreadTable(calc, filter, scope);
  return {
    page: filter.page,
    limit: filter.limit,
    updatedAt: now,
    currency: filter.currency,
    conversionBase: filter.conversionBase,
    rates: ratesOf(parts),
    data: spreadRows(calc, combos),
    total,
  };
}

/** The page's combinations, ranked, each with its gap: what a caller merging several tables ranks on. */
export interface RankedPage {
  readonly combos: number[];
  readonly gaps: number[];
  /** Rows that passed the filters. */
  readonly total: number;
}

/**
 * The filters and ranking of querySpreadTable without building rows: a caller merging several tables (the paid
 * API's premium, twelve tables into one page) builds only the rows it serves (spreadRows).
 */
export function rankSpreadTablePage(
  parts: EngineParts,
  options: CalcOptions,
  filter: SpreadFilter,
  scope: TableScope,
  now: number,
): RankedPage {
  const calc = new SpreadCalc(parts, options, now);
  const { combos, total } = rankSpreadTable(calc, filter, scope);
  // In double precision, as the rows carry it (the pass's column is single precision).
  return { combos, gaps: combos.map((c) => calc.gap(c)), total };
}

/** Full rows of combinations, in the given order, as querySpreadTable's page holds them. */
export function spreadRows(calc: SpreadCalc, combos: readonly number[]): SpreadPage['data'] {
  return combos.map((c) => tidyRow(buildSpreadRow(calc, c)));
}

function rankSpreadTable(
  calc: SpreadCalc,
  filter: SpreadFilter,
  scope: TableScope,
): { combos: number[]; total: number } {
  const parts = calc.parts;
  if (!Number.isFinite(calc.rate)) return { combos: [], total: 0 };

  const { state, combos } = parts;
  const source = combos.source.array;
  const target = combos.target.array;
  const kinds = combos.kind.array;
  const venueOf = state.venueOf.array;
  const volume = state.volume24h.array;
  const intervals = state.fundingIntervalHours.array;
  const kindMask = scope.kindMask | (filter.dex ? 0 : SOURCE_DEX | TARGET_DEX);
  const kindValue = scope.kindValue;
  const sourceVenue = filter.source === undefined ? -1 : (VENUE_INDEX.get(filter.source) ?? -2);
  const targetVenue = filter.target === undefined ? -1 : (VENUE_INDEX.get(filter.target) ?? -2);
  const tokenMatch = tokenFilter(parts, filter);
  const minVolume = filter.hideLowVolume ? (filter.currency === 'KRW' ? LOW_VOLUME_KRW : LOW_VOLUME_USD) : -1;
  const fundingHours =
    filter.fundingInterval && filter.fundingInterval !== 'all'
      ? Number.parseInt(filter.fundingInterval, 10)
      : 0;
  const key = sortKey(calc, filter.sort, filter.sort === 'base' ? tokenRanks(parts) : new Int32Array(0));
  const rangeOnSort = filter.sort === 'entryGap' || filter.sort === 'exitGap' || filter.sort === 'netGap';
  const { minGap, maxGap } = scope;

  let lists: readonly { readonly array: Int32Array; readonly length: number }[] = scope.lists;
  if (tokenMatch && scope.lists.length === 1 && keptCount(tokenMatch) <= NARROW_SHARE * tokenMatch.length) {
    keptRows(state, combos, scope.lists[0] as IntList, tokenMatch, narrow);
    lists = [narrow];
  }
  let total = 0;
  for (const list of lists) total += list.length;
  ensureScratch(total);
  let n = 0;
  for (const list of lists) {
    const members = list.array;
    for (let i = 0; i < list.length; i++) {
      const c = members[i] as number;
      if (((kinds[c] as number) & kindMask) !== kindValue) continue;
      const s = source[c] as number;
      const t = target[c] as number;
      if (sourceVenue !== -1 && venueOf[s] !== sourceVenue) continue;
      if (targetVenue !== -1 && venueOf[t] !== targetVenue) continue;
      const info = state.instruments[s];
      if (!info) continue;
      if (tokenMatch && !tokenMatch[info.token]) continue;
      if (scope.sourceQuote && info.quote !== scope.sourceQuote) continue;
      if (scope.targetQuote && state.instruments[t]?.quote !== scope.targetQuote) continue;
      if (minVolume >= 0) {
        if (!((volume[s] as number) * calc.displayFactor(s) >= minVolume)) continue;
        if (!((volume[t] as number) * calc.displayFactor(t) >= minVolume)) continue;
      }
      if (fundingHours > 0) {
        const kind = kinds[c] as number;
        const sourceMatches = (kind & SOURCE_PERP) !== 0 && intervals[s] === fundingHours;
        const targetMatches = (kind & TARGET_PERP) !== 0 && intervals[t] === fundingHours;
        if (!sourceMatches && !targetMatches) continue;
      }
      if (filter.transferable !== undefined) {
        const open = calc.transferNeeded(c) && calc.route(c).networks.length > 0;
        if (open !== filter.transferable) continue;
      }
      ids[n] = c;
      n++;
    }
  }

  // Every derived number of the candidates in one pass; then the filters on them.
  metrics.computeRows(calc, ids, n);
  {
    const gaps = metrics.gap;
    const ranged = rangeOnSort ? rangeColumn(filter.sort) : gaps;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const c = ids[i] as number;
      if (Number.isNaN(gaps[c] as number)) continue;
      if (minGap !== undefined && !((ranged[c] as number) >= minGap)) continue;
      if (maxGap !== undefined && !((ranged[c] as number) <= maxGap)) continue;
      ids[kept++] = c;
    }
    n = kept;
  }

  // Duration is the one costly filter: applied last, to what survived the cheap ones.
  if (filter.minDuration && filter.minDuration !== 'all') {
    const needMs = GAP_WINDOW_MINUTES[filter.minDuration] * 60_000;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const c = ids[i] as number;
      if (calc.durationMs(c) >= needMs) ids[kept++] = c;
    }
    n = kept;
  }

  const rankStale = !NEUTRAL_SORTS.has(filter.sort);
  // Rows whose legs are different tokens behind one ticker rank with the stale ones: after every real row.
  const conflicted = parts.wallets.conflictedAssets();
  for (let i = 0; i < n; i++) {
    const c = ids[i] as number;
    keys[i] = key(c);
    let flag = rankStale ? (metrics.stale[c] as number) : 0;
    if (rankStale && flag === 0 && conflicted.size > 0 && calc.tokenMismatch(c)) flag = 1;
    staleFlags[i] = flag;
  }
  const positions = selectPage(
    n,
    keys,
    rankStale ? staleFlags : null,
    filter.order === 'asc' ? 1 : -1,
    (filter.page - 1) * filter.limit,
    filter.limit,
  );
  return { combos: positions.map((p) => ids[p] as number), total: n };
}

/**
 * Which tokens a table keeps, by token index: those containing the search text and, when a list is given (the
 * owned tokens), on it. Null keeps every token.
 */
function tokenFilter(parts: EngineParts, filter: SpreadFilter): Uint8Array | null {
  const { state } = parts;
  // Ticker contains the text, or the token's Korean or English name answers it (core token-names).
  const matches = tokenSearchMatcher(filter.search) ?? (() => true);
  const bases = filter.bases && filter.bases.length > 0 ? filter.bases : null;
  if (!filter.search?.trim() && !bases) return null;
  const keep = new Uint8Array(state.tokens.length);
  if (bases) {
    for (const base of bases) {
      const token = state.findToken(base);
      if (token && matches(token.base)) keep[token.id] = 1;
    }
  } else {
    for (const token of state.tokens) if (matches(token.base)) keep[token.id] = 1;
  }
  return keep;
}

function keptCount(keep: Uint8Array): number {
  let n = 0;
  for (let k = 0; k < keep.length; k++) n += keep[k] as number;
  return n;
}

/** The column a min/max gap range applies to when the table sorts on a gap of the trade. */
function rangeColumn(sort: SpreadSortKey): Float32Array {
  return sort === 'entryGap' ? metrics.entry : sort === 'exitGap' ? metrics.exit : metrics.net;
}

/** A row's sort key; the gaps and funding read the pass's columns (`metrics`), computed before ranking. */
function sortKey(calc: SpreadCalc, sort: SpreadSortKey, ranks: Int32Array): (c: number) => number {
  const { state, combos } = calc.parts;
  const source = combos.source.array;
  const target = combos.target.array;
  switch (sort) {
    case 'gap':
      return (c) => metrics.gap[c] as number;
    case 'entryGap':
      return (c) => metrics.entry[c] as number;
    case 'exitGap':
      return (c) => metrics.exit[c] as number;
    case 'netGap':
      return (c) => metrics.net[c] as number;
    case 'base':
      return (c) => ranks[state.instruments[source[c] as number]?.token ?? 0] as number;
    // Source volume and prices in the display currency: one factor per unit, so rows compare across quotes.
    case 'volume':
      return (c) => {
        const s = source[c] as number;
        return (state.volume24h.array[s] as number) * calc.displayFactor(s);
      };
    case 'sourcePrice':
      return (c) => {
        const s = source[c] as number;
        return (state.last.array[s] as number) * calc.displayFactor(s);
      };
    case 'targetPrice':
      return (c) => {
        const t = target[c] as number;
        return (state.last.array[t] as number) * calc.displayFactor(t);
      };
    case 'fundingGap':
      return (c) => metrics.fundingGap[c] as number;
    case 'netFunding':
      return (c) => metrics.netFunding[c] as number;
    case 'duration':
      return (c) => calc.durationMs(c);
  }
}

/** Alphabetical rank of every token, recomputed only when new tokens appeared. */
const rankCache = new WeakMap<EngineParts['state'], { count: number; ranks: Int32Array }>();

function tokenRanks(parts: EngineParts): Int32Array {
  const tokens = parts.state.tokens;
  const cached = rankCache.get(parts.state);
  if (cached && cached.count === tokens.length) return cached.ranks;
  const order = tokens
    .map((t) => t.id)
    .sort((a, b) => (tokens[a]?.base ?? '').localeCompare(tokens[b]?.base ?? ''));
  const ranks = new Int32Array(tokens.length);
  order.forEach((id, rank) => {
    ranks[id] = rank;
  });
  rankCache.set(parts.state, { count: tokens.length, ranks });
  return ranks;
}

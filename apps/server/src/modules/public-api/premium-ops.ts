import type { PremiumTableRow } from '@spreadscope/contracts';
import {
  getVenue,
  PREMIUM_TYPES,
  type PremiumType,
  tokenMatches,
  VENUE_IDS,
  type VenueId,
} from '@spreadscope/core';
import type { MarketEngine, PremiumFilter } from '@spreadscope/engine';
import { z } from 'zod';
import { premiumDetail } from './premium-detail.ts';
import {
  flag,
  int,
  MARKETS,
  multi,
  number,
  oneOf,
  oneOfOr,
  sortParam,
  text,
  toMarketType,
} from './public-params.ts';

export const premiumQuery = z.object({
  source_exchange: multi(),
  target_exchange: multi(),
  asset: multi(),
  source_quote: multi(),
  target_quote: multi(),
  source_market: oneOf(MARKETS),
  target_market: oneOf(MARKETS),
  premium_type: multi(),
  currency: oneOfOr(['USD', 'KRW'] as const, 'USD'),
  conversion_base: oneOfOr(['USDT', 'USD'] as const, 'USDT'),
  page: int(1, 1, 100_000),
  limit: int(10, 1, 1_000),
  sort: sortParam('desc'),
  key: text(32).transform((value) => value ?? 'pdp'),
  query: text(40),
  only_transferable: flag(false),
  network: multi(),
  min_sv: number(),
  min_tv: number(),
  token_include: multi(200),
  token_exclude: multi(200),
});
export type PublicPremiumQuery = z.infer<typeof premiumQuery>;

/** A /premium page with the contract's pagination echo. */
export interface PremiumAnswer {
  readonly data: ReturnType<typeof premiumDetail>[];
  readonly page: number;
  readonly limit: number;
  readonly total: number;
  readonly sort: PublicPremiumQuery['sort'];
  readonly key: string;
  readonly currency: PublicPremiumQuery['currency'];
  readonly conversion_base: PublicPremiumQuery['conversion_base'];
}

/** The SDK's premium types and our market pairs: `futures` is a perpetual. */
const TYPE_OF: Record<string, PremiumType> = {
  'spot-spot': 'spot-spot',
  'futures-futures': 'perp-perp',
  'spot-futures': 'spot-perp',
  'futures-spot': 'perp-spot',
};

/** Rows asked of the engine per scope and market pair: enough for any page the SDK walks at its limit. */
const ENGINE_ROWS = 5_000;

/**
 * GET /premium: every premium the product follows (Korean over overseas and overseas over overseas), filtered
 * the way the SDK's parameters say. Filters the engine has (one source, one target, tokens, search,
 * transferable) are pushed down; the rest (several exchanges, quotes, networks, volumes, token ids) are applied
 * here before sorting and paging.
 */
export function premiumAnswer(engine: MarketEngine, q: PublicPremiumQuery, now: number): PremiumAnswer {
  const run = premiumAnswerSteps(engine, q, now);
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
  }
}

/**
 * premiumAnswer in slices: it yields after each engine table (about a millisecond each at 352 tokens), so a
 * server computing it between requests (AnswerCache.answerSliced) is never held for the dozen tables at once.
 * Ranked combinations are engine row indices, valid until the engine compacts its rows: if it did between
 * slices, the ranking starts again.
 */
export function* premiumAnswerSteps(
  engine: MarketEngine,
  q: PublicPremiumQuery,
  now: number,
): Generator<void, PremiumAnswer> {
  const generation = engine.combos.generation;
  const one = (list: readonly string[] | undefined) => (list?.length === 1 ? list[0] : undefined);
  const rowFilter = keep(q);
  // Without filters of our own and sorted by the gap, each engine table gives its best rows first: the page
  // needs no more than page × limit of them, and the totals come from the engine.
  const quick = q.key === 'pdp' && !needsRowFilter(q);
  const need = Math.min(ENGINE_ROWS, q.page * q.limit);
  const direction = q.sort === 'asc' ? 1 : -1;
  const start = (q.page - 1) * q.limit;
  const filterOf = (call: EngineCall, limit: number): PremiumFilter => ({
    scope: call.scope,
    premiumType: call.type,
    ...pushDown(call.scope, known(one(q.source_exchange)), known(one(q.target_exchange))),
    bases: q.asset?.map((a) => a.toUpperCase()),
    search: q.query,
    transferable: q.only_transferable || undefined,
    targetQuote: 'any',
    currency: q.currency,
    conversionBase: q.conversion_base,
    interval: 'realtime',
    sort: 'gap',
    // A flipped gap falls as the original rises: the flipped table's best are the original's worst.
    order: call.flipped === (q.sort === 'desc') ? 'asc' : 'desc',
    page: 1,
    limit,
  });
  let total = 0;
  let data: ReturnType<typeof premiumDetail>[];
  if (quick) {
    // Ranked by the gap alone: each table gives its best combinations and their gaps, the merge keeps the
    // page, and only the page's rows are built (building the dozen tables' rows was most of an answer).
    const picks: { call: number; combo: number; gap: number }[] = [];
    const calls = engineCalls(q);
    for (const [index, call] of calls.entries()) {
      const ranked = engine.premiumRanked(filterOf(call, need), now);
      total += ranked.total;
      ranked.combos.forEach((combo, i) => {
        const gap = ranked.gaps[i] as number;
        picks.push({ call: index, combo, gap: call.flipped ? inverseGap(gap) : gap });
      });
      yield;
    }
    if (engine.combos.generation !== generation) return yield* premiumAnswerSteps(engine, q, now);
    picks.sort((a, b) => (a.gap - b.gap) * direction);
    const page = picks.slice(start, start + q.limit);
    const rowOf = new Map<string, PremiumTableRow>();
    for (const [index, call] of calls.entries()) {
      const combos = page.filter((p) => p.call === index).map((p) => p.combo);
      if (combos.length === 0) continue;
      const rows = engine.premiumRows(filterOf(call, need), combos, now) as PremiumTableRow[];
      for (const [i, row] of rows.entries()) {
        rowOf.set(`${index}:${combos[i]}`, call.flipped ? flipRow(row) : row);
      }
    }
    data = page.flatMap((p) => {
      const row = rowOf.get(`${p.call}:${p.combo}`);
      return row ? [premiumDetail(row, now)] : [];
    });
    // The tables were ranked a slice apart and the rows built after: quotes that moved meanwhile must not leave
    // the page out of the order its own numbers show.
    data.sort((a, b) => compareKey(a.detail, b.detail, q.key, direction));
  } else {
    const rows: PremiumTableRow[] = [];
    for (const call of engineCalls(q)) {
      const page = engine.premium(filterOf(call, ENGINE_ROWS), now);
      for (const row of page.data as PremiumTableRow[]) {
        const oriented = call.flipped ? flipRow(row) : row;
        if (rowFilter(oriented)) rows.push(oriented);
      }
      yield;
    }
    total = rows.length;
    const detailed = rows.map((row) => premiumDetail(row, now));
    detailed.sort((a, b) => compareKey(a.detail, b.detail, q.key, direction));
    data = detailed.slice(start, start + q.limit);
  }
  return {
    data,
    page: q.page,
    limit: q.limit,
    total,
    sort: q.sort,
    key: q.key,
    currency: q.currency,
    conversion_base: q.conversion_base,
  };
}

interface EngineCall {
  readonly scope: 'kimchi' | 'global';
  /** The engine's table (Kimchi rows have the Korean market first). */
  readonly type: PremiumType;
  /** Served the other way round: DataMaxi+ rows are ordered pairs either way, so overseas over Korean too. */
  readonly flipped: boolean;
}

/** The engine tables a call reads: those whose rows, as served, have a wanted type and market sides. */
function engineCalls(q: PublicPremiumQuery): EngineCall[] {
  const wanted = wantedTypes(q);
  const sourceMarket = q.source_market ? toMarketType(q.source_market) : undefined;
  const targetMarket = q.target_market ? toMarketType(q.target_market) : undefined;
  const calls: EngineCall[] = [];
  for (const scope of ['kimchi', 'global'] as const) {
    for (const type of PREMIUM_TYPES) {
      for (const flipped of scope === 'kimchi' ? [false, true] : [false]) {
        const served = flipped ? mirror(type) : type;
        const [source, target] = served.split('-');
        if (!wanted.has(served)) continue;
        if ((sourceMarket && source !== sourceMarket) || (targetMarket && target !== targetMarket)) continue;
        // Rows as served have a Korean side only in the Kimchi tables: first unflipped, second flipped.
        const koreanSource = scope === 'kimchi' && !flipped;
        const koreanTarget = scope === 'kimchi' && flipped;
        if (!sideMayBe(q.source_exchange, koreanSource) || !sideMayBe(q.target_exchange, koreanTarget))
          continue;
        calls.push({ scope, type, flipped });
      }
    }
  }
  return calls;
}

/** Whether a side that is (or is not) Korean can hold one of the named exchanges. */
function sideMayBe(named: readonly string[] | undefined, korean: boolean): boolean {
  if (!named?.length) return true;
  return named.some((name) => {
    const venue = known(name);
    return venue !== undefined && (getVenue(venue).region === 'korea') === korean;
  });
}

/** Whether any filter is left for us after the engine's (several exchanges, quotes, networks, volumes, ids). */
function needsRowFilter(q: PublicPremiumQuery): boolean {
  return (
    (q.source_exchange?.length ?? 0) > 1 ||
    (q.target_exchange?.length ?? 0) > 1 ||
    // One named exchange the engine cannot narrow to (both names Korean, say) is still ours to check.
    (q.source_exchange?.length === 1 && known(q.source_exchange[0]) === undefined) ||
    (q.target_exchange?.length === 1 && known(q.target_exchange[0]) === undefined) ||
    (q.source_exchange?.length === 1 && q.target_exchange?.length === 1) ||
    Boolean(q.source_quote?.length || q.target_quote?.length || q.network?.length) ||
    q.min_sv !== undefined ||
    q.min_tv !== undefined ||
    Boolean(q.token_include?.length || q.token_exclude?.length)
  );
}

/** The same pair read the other way round: the target's premium over the source. */
export function flipRow(row: PremiumTableRow): PremiumTableRow {
  const inverse = (gap: number | null) => (gap === null ? null : inverseGap(gap));
  const gapAgo = Object.fromEntries(
    Object.entries(row.gapAgo).map(([window, gap]) => [window, inverse(gap)]),
  ) as PremiumTableRow['gapAgo'];
  return {
    ...row,
    id: `${row.id}:flipped`,
    source: row.target,
    target: row.source,
    priceDiff: -row.priceDiff,
    gapPercent: inverse(row.gapPercent) ?? 0,
    entryGapPercent: inverse(row.exitGapPercent),
    exitGapPercent: inverse(row.entryGapPercent),
    gapAgo,
    funding: {
      gapPercent: row.funding.gapPercent === null ? null : -row.funding.gapPercent,
      netRate8hPercent: row.funding.netRate8hPercent === null ? null : -row.funding.netRate8hPercent,
      annualizedPercent: row.funding.annualizedPercent === null ? null : -row.funding.annualizedPercent,
    },
  };
}

/** The gap of the pair read the other way round, in percent. */
function inverseGap(gap: number): number {
  return 100 / (1 + gap / 100) - 100;
}

/** The market pairs a call asks for (all when it names none), as row types after any flip. */
function wantedTypes(q: PublicPremiumQuery): Set<PremiumType> {
  const named = q.premium_type?.flatMap((t) => {
    const type = TYPE_OF[t.toLowerCase()];
    return type ? [type] : [];
  });
  return new Set(named?.length ? named : PREMIUM_TYPES);
}

function mirror(type: PremiumType): PremiumType {
  const [a, b] = type.split('-');
  return `${b}-${a}` as PremiumType;
}

/**
 * One named exchange per side narrows the engine's work. A Kimchi row has the Korean market first, and its
 * flip the other way round, so there the Korean one of the two names is the engine's source.
 */
function pushDown(scope: 'kimchi' | 'global', source: VenueId | undefined, target: VenueId | undefined) {
  if (scope === 'global') return { source, target };
  const korean = (v: VenueId | undefined) => v !== undefined && getVenue(v).region === 'korea';
  const pick = (want: boolean) => [source, target].filter((v) => v !== undefined && korean(v) === want);
  const [k, extraK] = pick(true);
  const [o, extraO] = pick(false);
  return { source: extraK ? undefined : k, target: extraO ? undefined : o };
}

function known(venue: string | undefined) {
  const id = venue?.toLowerCase();
  return id && (VENUE_IDS as readonly string[]).includes(id) ? (id as (typeof VENUE_IDS)[number]) : undefined;
}

function keep(q: PublicPremiumQuery) {
  const set = (list: readonly string[] | undefined, fold: (v: string) => string) =>
    list?.length ? new Set(list.map(fold)) : null;
  const sources = set(q.source_exchange, (v) => v.toLowerCase());
  const targets = set(q.target_exchange, (v) => v.toLowerCase());
  const sourceQuotes = set(q.source_quote, (v) => v.toUpperCase());
  const targetQuotes = set(q.target_quote, (v) => v.toUpperCase());
  const networks = set(q.network, (v) => v.toUpperCase());
  const types = wantedTypes(q);
  const sourceMarket = q.source_market ? toMarketType(q.source_market) : undefined;
  const targetMarket = q.target_market ? toMarketType(q.target_market) : undefined;
  return (row: PremiumTableRow): boolean => {
    if (!types.has(`${row.source.market}-${row.target.market}` as PremiumType)) return false;
    if (sourceMarket && row.source.market !== sourceMarket) return false;
    if (targetMarket && row.target.market !== targetMarket) return false;
    if (sources && !sources.has(row.source.exchange)) return false;
    if (targets && !targets.has(row.target.exchange)) return false;
    if (sourceQuotes && !sourceQuotes.has(row.source.quote)) return false;
    if (targetQuotes && !targetQuotes.has(row.target.quote)) return false;
    if (q.only_transferable && row.transfer.transferable !== true) return false;
    if (networks && !row.transfer.networks.some((n) => networks.has(n.network.toUpperCase()))) return false;
    if (q.min_sv !== undefined && !((row.source.volume24h ?? -1) >= q.min_sv)) return false;
    if (q.min_tv !== undefined && !((row.target.volume24h ?? -1) >= q.min_tv)) return false;
    if (q.token_include?.length && !q.token_include.some((f) => tokenMatches(f, row.base))) return false;
    if (q.token_exclude?.some((f) => tokenMatches(f, row.base))) return false;
    return true;
  };
}

/** Sorts on any detail key the caller names (the SDK's `key` is free text); nulls and text last. */
function compareKey(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  key: string,
  direction: number,
): number {
  const x = a[key];
  const y = b[key];
  const xn = typeof x === 'number' && Number.isFinite(x);
  const yn = typeof y === 'number' && Number.isFinite(y);
  if (xn && yn) return ((x as number) - (y as number)) * direction;
  if (xn !== yn) return xn ? -1 : 1;
  if (typeof x === 'string' && typeof y === 'string') return x.localeCompare(y) * direction;
  return 0;
}

/** Exchanges that appear on either side of a premium row. */
export function premiumExchanges(engine: MarketEngine): string[] {
  const { sources, targets } = engine.views.premiumExchanges();
  return [...sources, ...targets].map((venue) => venue.exchange);
}

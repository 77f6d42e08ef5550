import { SPREAD_SORT_KEYS, type SpreadSortKey } from '@spreadscope/contracts';
import {
  type ArbitrageKind,
  type ConversionBase,
  type Currency,
  DURATION_FILTERS,
  type DurationFilter,
  FEE_MODES,
  type FeeMode,
  FUNDING_INTERVAL_FILTERS,
  type FundingIntervalFilter,
  NETWORK_CHOICES,
  type NetworkChoice,
  type UpdateInterval,
  type VenueId,
} from '@spreadscope/core';
import { cleanSearch, MIN_PREMIUM_RANGE, parseMinPremium, type SortOrder } from './premium-filters.ts';
import { legQuoteChoices, venueChoices } from './spread-venues.ts';

/**
 * What a premium or arbitrage table shows (spec §5 filters), as it lives in the URL query so a shared link
 * reproduces the view. Display settings (currency, interval) are per user and stay out of it; so do column
 * choice and pins, which are remembered per user rather than per link.
 */
export type SpreadKind = 'premium' | ArbitrageKind;
export const SPREAD_KINDS = ['premium', 'spot-spot', 'spot-perp', 'perp-perp'] as const;

/** Server sort keys plus price difference, which the browser sorts on its own. */
export type SpreadTableSortKey = SpreadSortKey | 'priceDiff';
export const SPREAD_TABLE_SORT_KEYS: readonly SpreadTableSortKey[] = [...SPREAD_SORT_KEYS, 'priceDiff'];

/** Premium types a Kimchi row can have: Korean venues trade spot only, so the source side is spot. */
export const KIMCHI_PREMIUM_TYPES = ['spot-spot', 'spot-perp'] as const;
export type KimchiPremiumType = (typeof KIMCHI_PREMIUM_TYPES)[number];

export const TARGET_QUOTES = ['USDT', 'USDC', 'any'] as const;
export type TargetQuote = (typeof TARGET_QUOTES)[number];

/** Arbitrage only: the quote of the leg bought and of the leg sold ('any': every quote). */
export const LEG_QUOTES = ['any', 'KRW', 'USDT', 'USDC'] as const;
export type LegQuote = (typeof LEG_QUOTES)[number];

export const TRANSFER_FILTERS = ['all', 'yes', 'no'] as const;
export type TransferFilter = (typeof TRANSFER_FILTERS)[number];

export interface SpreadFilters {
  /** null: every venue on that side. */
  readonly source: VenueId | null;
  readonly target: VenueId | null;
  /** Premium only: whether the overseas leg is spot or perpetual. */
  readonly premiumType: KimchiPremiumType;
  /** Premium only: quote of the overseas market. */
  readonly quote: TargetQuote;
  /** Arbitrage only: quotes of the leg bought and of the leg sold. */
  readonly sourceQuote: LegQuote;
  readonly targetQuote: LegQuote;
  readonly search: string;
  /** Keep rows whose gap is at least this percent; null keeps all. */
  readonly minGap: number | null;
  readonly minDuration: DurationFilter;
  readonly fundingInterval: FundingIntervalFilter;
  readonly feeMode: FeeMode;
  readonly networkChoice: NetworkChoice;
  readonly hideLowVolume: boolean;
  readonly transferable: TransferFilter;
  /**
   * Only the user's owned tokens (kept per user): sent to the server as `bases`, so the filter covers every
   * combination rather than the rows one page holds.
   */
  readonly owned: boolean;
  /** Include perp-DEX and AMM venues: a plan feature (dexData), refused by the server without it. */
  readonly dex: boolean;
  readonly conversionBase: ConversionBase;
  readonly sort: SpreadTableSortKey;
  readonly order: SortOrder;
}

const COMMON_DEFAULTS = {
  premiumType: 'spot-spot',
  quote: 'USDT',
  sourceQuote: 'any',
  targetQuote: 'any',
  search: '',
  minGap: null,
  minDuration: 'all',
  fundingInterval: 'all',
  feeMode: 'taker',
  networkChoice: 'all',
  hideLowVolume: false,
  transferable: 'all',
  owned: false,
  dex: false,
  conversionBase: 'USD',
  order: 'desc',
} as const;

/** The premium page opens on Upbit against Binance (the reference pair traders quote); arbitrage on every venue. */
export function defaultSpreadFilters(kind: SpreadKind): SpreadFilters {
  if (kind === 'premium') return { ...COMMON_DEFAULTS, source: 'upbit', target: 'binance', sort: 'gap' };
  return { ...COMMON_DEFAULTS, source: null, target: null, sort: 'netGap' };
}

/** The URL key of the minimum gap: premium links from the first release said minPremium. */
export function minGapKey(kind: SpreadKind): 'minPremium' | 'minGap' {
  return kind === 'premium' ? 'minPremium' : 'minGap';
}

function pick<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function readVenue(
  kind: SpreadKind,
  side: 'source' | 'target',
  premiumType: KimchiPremiumType,
  value: string | null,
  fallback: VenueId | null,
): VenueId | null {
  if (value === 'all') return null;
  if (value === null) return fallback;
  const choice = venueChoices(kind, side, premiumType).find((venue) => venue.id === value);
  return choice ? choice.id : fallback;
}

/** Reads a view from a query string; unknown or invalid values fall back to the default of that field. */
export function spreadFiltersFromSearch(kind: SpreadKind, params: URLSearchParams): SpreadFilters {
  const defaults = defaultSpreadFilters(kind);
  const premiumType =
    kind === 'premium' ? pick(KIMCHI_PREMIUM_TYPES, params.get('type'), 'spot-spot') : 'spot-spot';
  const flag = (key: string) => params.get(key) === '1' || params.get(key) === 'true';
  const source = readVenue(kind, 'source', premiumType, params.get('source'), defaults.source);
  const target = readVenue(kind, 'target', premiumType, params.get('target'), defaults.target);
  // A leg quote no venue of that side lists (KRW on a perpetual leg) reads as every quote.
  const legQuote = (side: 'source' | 'target', venue: VenueId | null): LegQuote =>
    kind === 'premium'
      ? 'any'
      : pick(
          legQuoteChoices(kind, side, venue),
          params.get(side === 'source' ? 'sourceQuote' : 'targetQuote'),
          'any',
        );
  return {
    source,
    target,
    premiumType,
    quote: kind === 'premium' ? pick(TARGET_QUOTES, params.get('quote'), defaults.quote) : defaults.quote,
    sourceQuote: legQuote('source', source),
    targetQuote: legQuote('target', target),
    search: cleanSearch(params.get('search') ?? ''),
    minGap: parseMinPremium(params.get(minGapKey(kind))),
    minDuration: pick(DURATION_FILTERS, params.get('duration'), defaults.minDuration),
    fundingInterval: pick(FUNDING_INTERVAL_FILTERS, params.get('funding'), defaults.fundingInterval),
    feeMode: pick(FEE_MODES, params.get('fee'), defaults.feeMode),
    networkChoice: pick(NETWORK_CHOICES, params.get('network'), defaults.networkChoice),
    hideLowVolume: flag('hideLowVolume'),
    transferable: pick(TRANSFER_FILTERS, params.get('transferable'), defaults.transferable),
    owned: flag('owned'),
    dex: flag('dex'),
    conversionBase: pick(['USD', 'USDT'] as const, params.get('conversionBase'), defaults.conversionBase),
    sort: pick(SPREAD_TABLE_SORT_KEYS, params.get('sort'), defaults.sort),
    order: pick(['asc', 'desc'] as const, params.get('order'), defaults.order),
  };
}

/** Writes only what differs from the defaults, so the plain page keeps a plain URL. */
export function spreadFiltersToSearch(kind: SpreadKind, filters: SpreadFilters): URLSearchParams {
  const d = defaultSpreadFilters(kind);
  const params = new URLSearchParams();
  const set = (key: string, value: string, same: boolean) => {
    if (!same) params.set(key, value);
  };
  set('source', filters.source ?? 'all', filters.source === d.source);
  set('target', filters.target ?? 'all', filters.target === d.target);
  if (kind === 'premium') {
    set('type', filters.premiumType, filters.premiumType === d.premiumType);
    set('quote', filters.quote, filters.quote === d.quote);
  } else {
    set('sourceQuote', filters.sourceQuote, filters.sourceQuote === d.sourceQuote);
    set('targetQuote', filters.targetQuote, filters.targetQuote === d.targetQuote);
  }
  set('search', filters.search, filters.search === '');
  set(minGapKey(kind), String(filters.minGap), filters.minGap === null);
  set('duration', filters.minDuration, filters.minDuration === d.minDuration);
  set('funding', filters.fundingInterval, filters.fundingInterval === d.fundingInterval);
  set('fee', filters.feeMode, filters.feeMode === d.feeMode);
  set('network', filters.networkChoice, filters.networkChoice === d.networkChoice);
  set('hideLowVolume', '1', !filters.hideLowVolume);
  set('transferable', filters.transferable, filters.transferable === d.transferable);
  set('owned', '1', !filters.owned);
  set('dex', '1', !filters.dex);
  set('conversionBase', filters.conversionBase, filters.conversionBase === d.conversionBase);
  set('sort', filters.sort, filters.sort === d.sort);
  set('order', filters.order, filters.order === d.order);
  return params;
}

/** How many filters beyond the always-visible ones differ from the defaults (the "more filters" badge). */
export function extraFilterCount(kind: SpreadKind, filters: SpreadFilters): number {
  const d = defaultSpreadFilters(kind);
  const keys = [
    'quote',
    'sourceQuote',
    'targetQuote',
    'premiumType',
    'minDuration',
    'fundingInterval',
    'feeMode',
    'networkChoice',
    'hideLowVolume',
    'transferable',
    'dex',
  ] as const;
  return keys.filter((key) => filters[key] !== d[key]).length;
}

/** The API's row limit: one page of a venue pair holds every token; wider views show the best 500. */
export const SPREAD_PAGE_LIMIT = 500;

export type SpreadApiParams = Record<string, string | number>;

/** The server takes at most this many tokens in `bases` (the owned-tokens limit, spec §9). */
export const BASES_LIMIT = 20;

/**
 * The `bases` parameter of the owned-tokens filter: sorted, so the same set is the same query (one shared
 * WebSocket group); null when the filter is off or names no token (the browser then shows nothing).
 */
export function ownedBasesParam(owned: boolean, tokens: readonly string[]): string | null {
  if (!owned) return null;
  const list = [...new Set(tokens.map((t) => t.trim().toUpperCase()).filter(Boolean))].sort();
  return list.length > 0 ? list.slice(0, BASES_LIMIT).join(',') : null;
}

/** Query of GET /premium or /arbitrage/<kind> and of the matching WebSocket topic; defaults are left out. */
export function spreadApiParams(
  kind: SpreadKind,
  filters: SpreadFilters,
  currency: Currency,
  interval: UpdateInterval,
  limit = SPREAD_PAGE_LIMIT,
  ownedTokens: readonly string[] = [],
  page = 1,
): SpreadApiParams {
  const params: SpreadApiParams = {
    currency,
    conversionBase: filters.conversionBase,
    interval,
    // Price difference orders as the gap does within one venue pair; the browser refines it.
    sort: filters.sort === 'priceDiff' ? 'gap' : filters.sort,
    order: filters.order,
    page,
    limit,
  };
  if (filters.source) params.source = filters.source;
  if (filters.target) params.target = filters.target;
  if (kind === 'premium') {
    params.premiumType = filters.premiumType;
    if (filters.quote !== 'USDT') params.targetQuote = filters.quote;
  } else {
    if (filters.sourceQuote !== 'any') params.sourceQuote = filters.sourceQuote;
    if (filters.targetQuote !== 'any') params.targetQuote = filters.targetQuote;
  }
  const bases = ownedBasesParam(filters.owned, ownedTokens);
  if (bases) params.bases = bases;
  if (filters.search) params.search = filters.search;
  if (filters.minGap !== null) params[minGapKey(kind)] = filters.minGap;
  if (filters.minDuration !== 'all') params.minDuration = filters.minDuration;
  if (filters.fundingInterval !== 'all') params.fundingInterval = filters.fundingInterval;
  if (filters.feeMode !== 'taker') params.feeMode = filters.feeMode;
  if (filters.networkChoice !== 'all') params.networkChoice = filters.networkChoice;
  if (filters.hideLowVolume) params.hideLowVolume = 'true';
  if (filters.dex) params.dex = 'true';
  if (filters.transferable !== 'all') params.transferable = filters.transferable === 'yes' ? 'true' : 'false';
  return params;
}

/** Clicking a column header: a new column starts in its natural order, the same column flips. */
export function nextSpreadSort(
  current: Pick<SpreadFilters, 'sort' | 'order'>,
  key: SpreadTableSortKey,
): Pick<SpreadFilters, 'sort' | 'order'> {
  if (current.sort === key) return { sort: key, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { sort: key, order: key === 'base' ? 'asc' : 'desc' };
}

export { MIN_PREMIUM_RANGE };

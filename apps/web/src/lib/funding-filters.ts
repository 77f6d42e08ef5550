import { FUNDING_SORT_KEYS } from '@spreadscope/contracts';
import {
  CENTRALIZED_VENUES,
  FUNDING_INTERVAL_FILTERS,
  type FundingIntervalFilter,
  HISTORY_RANGES,
  type HistoryRange,
  type VenueId,
} from '@spreadscope/core';
import { cleanSearch, type SortOrder } from './premium-filters.ts';

/** The funding list's view, held in the URL query like the premium tables'. */
export type FundingSortKey = (typeof FUNDING_SORT_KEYS)[number];
export const FUNDING_QUOTES = ['all', 'USDT', 'USDC'] as const;
export type FundingQuote = (typeof FUNDING_QUOTES)[number];

export interface FundingFilters {
  readonly exchange: VenueId | null;
  readonly quote: FundingQuote;
  readonly interval: FundingIntervalFilter;
  readonly search: string;
  readonly sort: FundingSortKey;
  readonly order: SortOrder;
}

export const DEFAULT_FUNDING_FILTERS: FundingFilters = {
  exchange: null,
  quote: 'all',
  interval: 'all',
  search: '',
  sort: 'annualized',
  order: 'desc',
};

/** Exchanges with perpetuals a visitor can see (perp DEXes are a plan feature). */
export const FUNDING_VENUES = CENTRALIZED_VENUES.filter((venue) => venue.markets.includes('perp'));

function pick<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function fundingFiltersFromSearch(params: URLSearchParams): FundingFilters {
  const exchange = params.get('exchange');
  return {
    exchange: FUNDING_VENUES.find((venue) => venue.id === exchange)?.id ?? null,
    quote: pick(FUNDING_QUOTES, params.get('quote'), 'all'),
    interval: pick(FUNDING_INTERVAL_FILTERS, params.get('interval'), 'all'),
    search: cleanSearch(params.get('search') ?? ''),
    sort: pick(FUNDING_SORT_KEYS, params.get('sort'), DEFAULT_FUNDING_FILTERS.sort),
    order: pick(['asc', 'desc'] as const, params.get('order'), 'desc'),
  };
}

export function fundingFiltersToSearch(filters: FundingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.exchange) params.set('exchange', filters.exchange);
  if (filters.quote !== 'all') params.set('quote', filters.quote);
  if (filters.interval !== 'all') params.set('interval', filters.interval);
  if (filters.search) params.set('search', filters.search);
  if (filters.sort !== DEFAULT_FUNDING_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.order !== DEFAULT_FUNDING_FILTERS.order) params.set('order', filters.order);
  return params;
}

/** Query of GET /funding-rate/latest and the `funding-latest` topic (contracts funding.ts). */
export const FUNDING_PAGE_LIMIT = 500;

export function fundingApiParams(
  filters: FundingFilters,
  limit = FUNDING_PAGE_LIMIT,
  page = 1,
): Record<string, string | number> {
  const params: Record<string, string | number> = {
    sort: filters.sort,
    order: filters.order,
    page,
    limit,
  };
  if (filters.exchange) params.exchange = filters.exchange;
  if (filters.quote !== 'all') params.quote = filters.quote;
  if (filters.interval !== 'all') params.interval = filters.interval;
  if (filters.search) params.search = filters.search;
  return params;
}

export function nextFundingSort(
  current: FundingFilters,
  key: FundingSortKey,
): Pick<FundingFilters, 'sort' | 'order'> {
  if (current.sort === key) return { sort: key, order: current.order === 'desc' ? 'asc' : 'desc' };
  return {
    sort: key,
    order: key === 'base' || key === 'exchange' || key === 'nextFundingTime' ? 'asc' : 'desc',
  };
}

/** /funding-rate/{id}: the id is a token (btc, BTC); anything else is not a funding page. */
export function parseFundingId(id: string | undefined): string | null {
  if (!id || !/^[A-Za-z0-9]{1,20}$/.test(id)) return null;
  return id.toUpperCase();
}

export function parseHistoryRange(value: string | null): HistoryRange {
  return pick(HISTORY_RANGES, value, '7d');
}

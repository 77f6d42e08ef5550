import type { ConversionBase, Currency, UpdateInterval, VenueId } from '@spreadscope/core';
import { DEFAULT_SOURCE, DEFAULT_TARGET, isSourceVenue, isTargetVenue } from './venue-options.ts';

/**
 * What the premium table shows, as it lives in the URL query so a shared link reproduces the view. Display
 * settings (currency, interval, theme) are per user, not per link, and stay out of it.
 */
export const TABLE_SORT_KEYS = ['base', 'sourcePrice', 'targetPrice', 'gap', 'priceDiff', 'volume'] as const;
export type TableSortKey = (typeof TABLE_SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

export interface PremiumFilters {
  readonly source: VenueId;
  readonly target: VenueId;
  readonly search: string;
  /** Keep rows whose gap is at least this percent; null keeps all. */
  readonly minPremium: number | null;
  readonly conversionBase: ConversionBase;
  readonly sort: TableSortKey;
  readonly order: SortOrder;
}

export const DEFAULT_FILTERS: PremiumFilters = {
  source: DEFAULT_SOURCE,
  target: DEFAULT_TARGET,
  search: '',
  minPremium: null,
  conversionBase: 'USD',
  sort: 'gap',
  order: 'desc',
};

/** The server accepts -100…1000 % and 40 characters of search (contracts/premium.ts). */
export const MIN_PREMIUM_RANGE = { min: -100, max: 1000 } as const;
export const SEARCH_MAX_LENGTH = 40;

/**
 * A search is a ticker or a token's name in any script (BTC, 비트코인, bitcoin): letters and digits are kept,
 * spaces and punctuation a user pastes are dropped. Text with nothing left after that is sent as typed, never silently
 * ignored: the table then says it found nothing (spec §8) instead of showing every row.
 */
export function cleanSearch(input: string): string {
  // Spaces do not matter either: tickers have none and names are compared without them.
  const kept = input.normalize('NFC').replace(/[^\p{L}\p{N}]/gu, '');
  const text = kept === '' ? input.trim() : kept;
  return text.slice(0, SEARCH_MAX_LENGTH).toUpperCase();
}

export function parseMinPremium(input: string | null | undefined): number | null {
  if (input === null || input === undefined || input.trim() === '') return null;
  const value = Number(input.trim());
  if (!Number.isFinite(value)) return null;
  return Math.min(MIN_PREMIUM_RANGE.max, Math.max(MIN_PREMIUM_RANGE.min, value));
}

function isSortKey(value: string | null): value is TableSortKey {
  return value !== null && (TABLE_SORT_KEYS as readonly string[]).includes(value);
}

/** Reads filters from a query string; unknown or invalid values fall back to the default of that field. */
export function filtersFromSearch(params: URLSearchParams): PremiumFilters {
  const source = params.get('source') ?? '';
  const target = params.get('target') ?? '';
  const base = params.get('conversionBase');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    source: isSourceVenue(source) ? source : DEFAULT_FILTERS.source,
    target: isTargetVenue(target) ? target : DEFAULT_FILTERS.target,
    search: cleanSearch(params.get('search') ?? ''),
    minPremium: parseMinPremium(params.get('minPremium')),
    conversionBase: base === 'USD' || base === 'USDT' ? base : DEFAULT_FILTERS.conversionBase,
    sort: isSortKey(sort) ? sort : DEFAULT_FILTERS.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_FILTERS.order,
  };
}

/** Writes only what differs from the defaults, so the plain page keeps a plain URL. */
export function filtersToSearch(filters: PremiumFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.source !== DEFAULT_FILTERS.source) params.set('source', filters.source);
  if (filters.target !== DEFAULT_FILTERS.target) params.set('target', filters.target);
  if (filters.search) params.set('search', filters.search);
  if (filters.minPremium !== null) params.set('minPremium', String(filters.minPremium));
  if (filters.conversionBase !== DEFAULT_FILTERS.conversionBase) {
    params.set('conversionBase', filters.conversionBase);
  }
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.order !== DEFAULT_FILTERS.order) params.set('order', filters.order);
  return params;
}

/** Server sort keys (contracts PREMIUM_SORT_KEYS); price difference is sorted in the browser. */
type ServerSortKey = 'gap' | 'base' | 'volume' | 'sourcePrice' | 'targetPrice';

export function serverSortKey(sort: TableSortKey): ServerSortKey {
  return sort === 'priceDiff' ? 'gap' : sort;
}

/** The API's row limit; a Korean venue lists a few hundred KRW markets, so one page holds a pair. */
export const PREMIUM_PAGE_LIMIT = 500;

/** Query parameters for GET /premium and the WebSocket subscription, as strings and numbers on the wire. */
export interface PremiumApiParams {
  source: VenueId;
  target: VenueId;
  search?: string;
  minPremium?: number;
  currency: Currency;
  conversionBase: ConversionBase;
  interval: UpdateInterval;
  sort: ServerSortKey;
  order: SortOrder;
  page: number;
  limit: number;
}

export function toApiParams(
  filters: PremiumFilters,
  currency: Currency,
  interval: UpdateInterval,
  limit = PREMIUM_PAGE_LIMIT,
): PremiumApiParams {
  const params: PremiumApiParams = {
    source: filters.source,
    target: filters.target,
    currency,
    conversionBase: filters.conversionBase,
    interval,
    sort: serverSortKey(filters.sort),
    order: filters.order,
    page: 1,
    limit,
  };
  if (filters.search) params.search = filters.search;
  if (filters.minPremium !== null) params.minPremium = filters.minPremium;
  return params;
}

/** Clicking a column header: a new column starts in its natural order, the same column flips. */
export function nextSort(current: PremiumFilters, key: TableSortKey): Pick<PremiumFilters, 'sort' | 'order'> {
  if (current.sort === key) return { sort: key, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { sort: key, order: key === 'base' ? 'asc' : 'desc' };
}

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FUNDING_FILTERS,
  fundingApiParams,
  fundingFiltersFromSearch,
  fundingFiltersToSearch,
  nextFundingSort,
  parseFundingId,
  parseHistoryRange,
} from './funding-filters.ts';

describe('funding list filters', () => {
  it('round-trips a view and keeps the plain page plain', () => {
    expect(fundingFiltersToSearch(DEFAULT_FUNDING_FILTERS).toString()).toBe('');
    const view = {
      exchange: 'bybit',
      quote: 'USDT',
      interval: '8h',
      search: 'ETH',
      sort: 'rate',
      order: 'asc',
    } as const;
    expect(fundingFiltersFromSearch(fundingFiltersToSearch(view))).toEqual(view);
  });

  it('drops exchanges without perpetuals and nonsense values', () => {
    expect(
      fundingFiltersFromSearch(new URLSearchParams('exchange=upbit&interval=3h&sort=x&quote=KRW')),
    ).toEqual(DEFAULT_FUNDING_FILTERS);
  });

  it('asks the API with the contract names', () => {
    expect(fundingApiParams({ ...DEFAULT_FUNDING_FILTERS, exchange: 'okx', interval: '4h' })).toEqual({
      exchange: 'okx',
      interval: '4h',
      sort: 'annualized',
      order: 'desc',
      page: 1,
      limit: 500,
    });
  });

  it('starts times and names ascending, rates descending', () => {
    expect(nextFundingSort(DEFAULT_FUNDING_FILTERS, 'nextFundingTime').order).toBe('asc');
    expect(nextFundingSort(DEFAULT_FUNDING_FILTERS, 'rate').order).toBe('desc');
    expect(nextFundingSort(DEFAULT_FUNDING_FILTERS, 'annualized').order).toBe('asc');
  });
});

describe('funding detail id', () => {
  it('accepts a token in any case and refuses anything else', () => {
    expect(parseFundingId('btc')).toBe('BTC');
    expect(parseFundingId('1000PEPE')).toBe('1000PEPE');
    expect(parseFundingId('btc-usdt')).toBeNull();
    expect(parseFundingId('')).toBeNull();
    expect(parseFundingId(undefined)).toBeNull();
    expect(parseFundingId('x'.repeat(21))).toBeNull();
  });

  it('reads a history range, 7 days by default', () => {
    expect(parseHistoryRange('1y')).toBe('1y');
    expect(parseHistoryRange('2y')).toBe('7d');
  });
});

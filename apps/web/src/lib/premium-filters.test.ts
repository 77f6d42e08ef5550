import { describe, expect, it } from 'vitest';
import {
  cleanSearch,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  nextSort,
  type PremiumFilters,
  parseMinPremium,
  toApiParams,
} from './premium-filters.ts';

describe('premium filters in the URL', () => {
  it('the default view has an empty query', () => {
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersFromSearch(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips a full view through the query string', () => {
    const view: PremiumFilters = {
      source: 'bithumb',
      target: 'okx',
      search: 'XRP',
      minPremium: 1.5,
      conversionBase: 'USDT',
      sort: 'priceDiff',
      order: 'asc',
    };
    const query = filtersToSearch(view).toString();
    expect(query).toBe(
      'source=bithumb&target=okx&search=XRP&minPremium=1.5&conversionBase=USDT&sort=priceDiff&order=asc',
    );
    expect(filtersFromSearch(new URLSearchParams(query))).toEqual(view);
  });

  it('ignores invalid values field by field', () => {
    const parsed = filtersFromSearch(
      new URLSearchParams(
        'source=binance&target=upbit&minPremium=abc&conversionBase=EUR&sort=hack&order=up&search=b t-c',
      ),
    );
    // binance is not a Korean venue and upbit not an overseas one, so both fall back.
    expect(parsed).toEqual({ ...DEFAULT_FILTERS, search: 'BTC' });
  });

  it('keeps negative premiums (역프) and clamps to the API range', () => {
    expect(parseMinPremium('-2')).toBe(-2);
    expect(parseMinPremium('5000')).toBe(1000);
    expect(parseMinPremium('-500')).toBe(-100);
    expect(parseMinPremium('')).toBeNull();
    expect(parseMinPremium('  ')).toBeNull();
    expect(parseMinPremium(null)).toBeNull();
  });

  it('cleans search input to token characters', () => {
    expect(cleanSearch(' eth ')).toBe('ETH');
    expect(cleanSearch('<script>')).toBe('SCRIPT');
    expect(cleanSearch('a'.repeat(60))).toHaveLength(40);
  });

  it('keeps Korean and English token names, and never drops what was typed', () => {
    expect(cleanSearch('비트코인')).toBe('비트코인');
    expect(cleanSearch(' 이더리움  클래식 ')).toBe('이더리움클래식');
    expect(cleanSearch('bitcoin cash')).toBe('BITCOINCASH');
    // Nothing searchable left: sent as typed, so the table answers "No results found." rather than every row.
    expect(cleanSearch('???')).toBe('???');
    expect(cleanSearch('   ')).toBe('');
  });
});

describe('API parameters', () => {
  it('maps the view, currency and interval to the premium query', () => {
    expect(toApiParams({ ...DEFAULT_FILTERS, minPremium: 0, search: 'SOL' }, 'USD', '3s')).toEqual({
      source: 'upbit',
      target: 'binance',
      search: 'SOL',
      minPremium: 0,
      currency: 'USD',
      conversionBase: 'USD',
      interval: '3s',
      sort: 'gap',
      order: 'desc',
      page: 1,
      limit: 500,
    });
  });

  it('sorts price difference in the browser, asking the server for gap order', () => {
    expect(toApiParams({ ...DEFAULT_FILTERS, sort: 'priceDiff' }, 'KRW', 'realtime').sort).toBe('gap');
  });

  it('flips the order on the same column and starts a new one in its natural order', () => {
    expect(nextSort(DEFAULT_FILTERS, 'gap')).toEqual({ sort: 'gap', order: 'asc' });
    expect(nextSort(DEFAULT_FILTERS, 'volume')).toEqual({ sort: 'volume', order: 'desc' });
    expect(nextSort(DEFAULT_FILTERS, 'base')).toEqual({ sort: 'base', order: 'asc' });
  });
});

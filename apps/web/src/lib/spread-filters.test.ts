import { describe, expect, it } from 'vitest';
import {
  defaultSpreadFilters,
  extraFilterCount,
  nextSpreadSort,
  ownedBasesParam,
  type SpreadFilters,
  spreadApiParams,
  spreadFiltersFromSearch,
  spreadFiltersToSearch,
} from './spread-filters.ts';
import { legQuoteChoices, venueChoices } from './spread-venues.ts';

describe('spread filters in the URL', () => {
  it('keeps the default view on a plain URL, for every table', () => {
    for (const kind of ['premium', 'spot-spot', 'spot-perp', 'perp-perp'] as const) {
      const defaults = defaultSpreadFilters(kind);
      expect(spreadFiltersToSearch(kind, defaults).toString()).toBe('');
      expect(spreadFiltersFromSearch(kind, new URLSearchParams())).toEqual(defaults);
    }
  });

  it('reads links of the first premium screen the same way', () => {
    const view = spreadFiltersFromSearch(
      'premium',
      new URLSearchParams(
        'source=bithumb&target=okx&search=XRP&minPremium=1.5&conversionBase=USDT&sort=priceDiff&order=asc',
      ),
    );
    expect(view).toMatchObject({
      source: 'bithumb',
      target: 'okx',
      search: 'XRP',
      minGap: 1.5,
      conversionBase: 'USDT',
      sort: 'priceDiff',
      order: 'asc',
    });
  });

  it('round-trips every spec §5 filter through the query string', () => {
    const view: SpreadFilters = {
      ...defaultSpreadFilters('premium'),
      source: null,
      target: 'bybit',
      premiumType: 'spot-perp',
      quote: 'any',
      minGap: -2,
      minDuration: '15m',
      fundingInterval: '8h',
      feeMode: 'withdrawal',
      networkChoice: 'cheaper',
      hideLowVolume: true,
      transferable: 'yes',
      owned: true,
      sort: 'duration',
    };
    const query = spreadFiltersToSearch('premium', view);
    expect(query.get('source')).toBe('all');
    expect(spreadFiltersFromSearch('premium', query)).toEqual(view);
  });

  it('falls back field by field on nonsense, including venues that cannot trade that side', () => {
    const view = spreadFiltersFromSearch(
      'premium',
      new URLSearchParams(
        'source=binance&target=upbit&duration=2m&fee=free&funding=3h&sort=hack&order=up&type=perp-perp',
      ),
    );
    expect(view).toEqual(defaultSpreadFilters('premium'));
    // Upbit has no perpetuals, so it cannot be the short leg of spot-to-perpetual.
    expect(spreadFiltersFromSearch('spot-perp', new URLSearchParams('target=upbit')).target).toBeNull();
    expect(spreadFiltersFromSearch('spot-perp', new URLSearchParams('source=upbit')).source).toBe('upbit');
  });

  it('counts the filters folded under "more"', () => {
    const base = defaultSpreadFilters('spot-spot');
    expect(extraFilterCount('spot-spot', base)).toBe(0);
    expect(extraFilterCount('spot-spot', { ...base, feeMode: 'maker', hideLowVolume: true })).toBe(2);
  });
});

describe('spread API parameters', () => {
  it('names the premium query exactly as the contract does, leaving defaults out', () => {
    const params = spreadApiParams(
      'premium',
      {
        ...defaultSpreadFilters('premium'),
        minGap: 2,
        hideLowVolume: true,
        transferable: 'no',
        quote: 'USDC',
      },
      'USD',
      '3s',
    );
    expect(params).toEqual({
      source: 'upbit',
      target: 'binance',
      premiumType: 'spot-spot',
      targetQuote: 'USDC',
      currency: 'USD',
      conversionBase: 'USD',
      interval: '3s',
      sort: 'gap',
      order: 'desc',
      page: 1,
      limit: 500,
      minPremium: 2,
      hideLowVolume: 'true',
      transferable: 'false',
    });
  });

  it('uses minGap on arbitrage tables and sends price difference as a gap sort', () => {
    const params = spreadApiParams(
      'perp-perp',
      { ...defaultSpreadFilters('perp-perp'), minGap: 0.3, sort: 'priceDiff', fundingInterval: '1h' },
      'KRW',
      'realtime',
    );
    expect(params.minGap).toBe(0.3);
    expect(params.minPremium).toBeUndefined();
    expect(params.sort).toBe('gap');
    expect(params.fundingInterval).toBe('1h');
    expect(params.source).toBeUndefined();
  });

  it('sends the owned tokens as bases, sorted, so the server filters every combination', () => {
    const filters = { ...defaultSpreadFilters('spot-spot'), owned: true };
    const params = spreadApiParams('spot-spot', filters, 'KRW', 'realtime', 500, ['xrp', 'BTC', 'XRP']);
    expect(params.bases).toBe('BTC,XRP');
    // Off, or nothing owned: no parameter (the browser shows an empty table for the latter).
    expect(
      spreadApiParams('spot-spot', { ...filters, owned: false }, 'KRW', 'realtime', 500, ['BTC']).bases,
    ).toBeUndefined();
    expect(ownedBasesParam(true, [])).toBeNull();
    // Never more than the server's limit.
    const many = Array.from({ length: 25 }, (_, i) => `T${String(i).padStart(2, '0')}`);
    expect(ownedBasesParam(true, many)?.split(',')).toHaveLength(20);
  });

  it('sends the arbitrage quote filters by the contract’s names, and keeps them out of the premium query', () => {
    const arbitrage = spreadApiParams(
      'spot-spot',
      { ...defaultSpreadFilters('spot-spot'), sourceQuote: 'KRW', targetQuote: 'USDC' },
      'KRW',
      'realtime',
    );
    expect(arbitrage).toMatchObject({ sourceQuote: 'KRW', targetQuote: 'USDC' });
    expect(
      spreadApiParams('spot-perp', defaultSpreadFilters('spot-perp'), 'KRW', 'realtime'),
    ).not.toHaveProperty('sourceQuote');
    const query = spreadFiltersToSearch('spot-spot', {
      ...defaultSpreadFilters('spot-spot'),
      sourceQuote: 'KRW',
      targetQuote: 'USDT',
    });
    expect(query.toString()).toBe('sourceQuote=KRW&targetQuote=USDT');
    expect(spreadFiltersFromSearch('spot-spot', query)).toMatchObject({
      sourceQuote: 'KRW',
      targetQuote: 'USDT',
    });
    expect(spreadFiltersFromSearch('spot-spot', new URLSearchParams('sourceQuote=EUR')).sourceQuote).toBe(
      'any',
    );
    expect(spreadFiltersFromSearch('premium', new URLSearchParams('sourceQuote=KRW')).sourceQuote).toBe(
      'any',
    );
  });

  it('flips the same column and starts a new one in its natural order', () => {
    expect(nextSpreadSort({ sort: 'gap', order: 'desc' }, 'gap')).toEqual({ sort: 'gap', order: 'asc' });
    expect(nextSpreadSort({ sort: 'gap', order: 'desc' }, 'base')).toEqual({ sort: 'base', order: 'asc' });
    expect(nextSpreadSort({ sort: 'base', order: 'asc' }, 'netGap')).toEqual({
      sort: 'netGap',
      order: 'desc',
    });
  });
});

describe('venue choices', () => {
  it('sets Korean KRW venues against overseas ones on the premium table', () => {
    expect(venueChoices('premium', 'source').every((v) => v.region === 'korea')).toBe(true);
    expect(venueChoices('premium', 'target').every((v) => v.region === 'overseas')).toBe(true);
  });

  it('offers only venues with perpetuals for a perpetual leg', () => {
    expect(venueChoices('perp-perp', 'source').every((v) => v.markets.includes('perp'))).toBe(true);
    expect(venueChoices('spot-perp', 'source').some((v) => v.id === 'upbit')).toBe(true);
    expect(venueChoices('premium', 'target', 'spot-perp').every((v) => v.markets.includes('perp'))).toBe(
      true,
    );
  });
});

describe('leg quotes on offer', () => {
  it('never offers KRW on a perpetual leg, where it could only return no rows', () => {
    expect(legQuoteChoices('perp-perp', 'source', null)).not.toContain('KRW');
    expect(legQuoteChoices('perp-perp', 'target', null)).not.toContain('KRW');
    expect(legQuoteChoices('spot-perp', 'target', null)).not.toContain('KRW');
    expect(legQuoteChoices('spot-perp', 'source', null)).toContain('KRW');
    expect(legQuoteChoices('spot-spot', 'target', null)).toEqual(['any', 'KRW', 'USDT', 'USDC']);
  });

  it('offers only the quotes of the venue picked on that side', () => {
    expect(legQuoteChoices('spot-spot', 'source', 'upbit')).toEqual(['any', 'KRW']);
    expect(legQuoteChoices('spot-spot', 'source', 'binance')).not.toContain('KRW');
  });

  it('reads a quote that side cannot have as every quote', () => {
    const view = spreadFiltersFromSearch(
      'perp-perp',
      new URLSearchParams('sourceQuote=KRW&targetQuote=USDC'),
    );
    expect(view.sourceQuote).toBe('any');
    expect(view.targetQuote).toBe('USDC');
  });
});

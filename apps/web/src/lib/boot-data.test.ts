import { PREMIUM_FIRST_SCREEN } from '@spreadscope/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { bootDataSource, resetBootData, takeBootTable } from './boot-data.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import { defaultSpreadFilters, SPREAD_PAGE_LIMIT, spreadApiParams } from './spread-filters.ts';

function servePage(boot: unknown): void {
  const text = JSON.stringify(boot);
  (globalThis as { document?: unknown }).document = {
    getElementById: (id: string) => (id === 'ss-boot' ? { textContent: text } : null),
  };
  resetBootData();
}

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
  resetBootData();
});

describe('the first screen inlined by the server', () => {
  it('is exactly the query the premium page sends on a first visit', () => {
    // If this fails, the server inlines a table nobody asks for: keep PREMIUM_FIRST_SCREEN in step.
    const params = spreadApiParams(
      'premium',
      defaultSpreadFilters('premium'),
      DEFAULT_SETTINGS.currency,
      DEFAULT_SETTINGS.interval,
      SPREAD_PAGE_LIMIT,
      [],
      1,
    );
    servePage({ table: { ...PREMIUM_FIRST_SCREEN, etag: 'W/"x"', data: { data: [] } } });
    expect(takeBootTable('/premium', params)).toEqual({ data: [] });
  });

  it('is handed out once, and only for the same path and query', () => {
    const data = { data: [{ id: 'upbit-BTC' }] };
    servePage({ dataSource: { mode: 'simulated' }, table: { ...PREMIUM_FIRST_SCREEN, etag: 'W/"x"', data } });
    expect(bootDataSource()).toEqual({ mode: 'simulated' });
    expect(takeBootTable('/premium', { ...PREMIUM_FIRST_SCREEN.query, currency: 'USD' })).toBeNull();
    expect(takeBootTable('/arbitrage/spot-spot', PREMIUM_FIRST_SCREEN.query)).toBeNull();
    const stringly = Object.fromEntries(
      Object.entries(PREMIUM_FIRST_SCREEN.query).map(([k, v]) => [k, String(v)]),
    );
    expect(takeBootTable('/premium', stringly)).toEqual(data);
    expect(takeBootTable('/premium', stringly)).toBeNull();
  });

  it('is nothing on a page served without it', () => {
    resetBootData();
    expect(bootDataSource()).toBeNull();
    expect(takeBootTable('/premium', PREMIUM_FIRST_SCREEN.query)).toBeNull();
  });
});

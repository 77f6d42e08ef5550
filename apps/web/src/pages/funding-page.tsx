import type { FundingHeatmapResponse, FundingLatestResponse } from '@spreadscope/contracts';
import { FUNDING_INTERVAL_FILTERS, type VenueId } from '@spreadscope/core';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FundingHeatmap } from '../components/funding-heatmap.tsx';
import { FundingTable } from '../components/funding-table.tsx';
import { SegmentedControl } from '../components/segmented-control.tsx';
import { feedErrorText } from '../components/table-state.tsx';
import { useDebouncedCallback } from '../hooks/use-debounced-callback.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLiveTable } from '../hooks/use-live-table.ts';
import { useMarketQuery } from '../hooks/use-market-query.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { useClampedPage, useTablePage } from '../hooks/use-table-page.ts';
import { ApiError } from '../lib/api-client.ts';
import { formatIntervalCode } from '../lib/duration.ts';
import {
  FUNDING_PAGE_LIMIT,
  FUNDING_QUOTES,
  FUNDING_VENUES,
  type FundingFilters,
  type FundingSortKey,
  fundingApiParams,
  fundingFiltersFromSearch,
  fundingFiltersToSearch,
  nextFundingSort,
} from '../lib/funding-filters.ts';
import { MARKET_PATHS } from '../lib/market-api.ts';
import { cleanSearch, SEARCH_MAX_LENGTH } from '../lib/premium-filters.ts';
import './premium-page.css';
import './arbitrage-page.css';
import '../components/premium-filter-bar.css';
import './funding-page.css';

const HEATMAP_REFRESH_MS = 60_000;

/** /funding-rate: every perpetual's funding, live, and the 24 h heatmap. */
export function FundingPage() {
  const { t } = useTranslation();
  const [settings] = useSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => fundingFiltersFromSearch(searchParams), [searchParams]);
  const view = searchParams.get('view') === 'heatmap' ? 'heatmap' : 'list';
  useDocumentTitle(t('fundingRate.title'));
  // Every perpetual is reachable page by page in the server's order; other filters start on page 1 again.
  const [page, setPage] = useTablePage(fundingFiltersToSearch(filters).toString());
  const params = useMemo(() => fundingApiParams(filters, FUNDING_PAGE_LIMIT, page), [filters, page]);
  const feed = useLiveTable<FundingLatestResponse>(
    'funding-latest',
    MARKET_PATHS.fundingLatest,
    params,
    settings.interval,
    view === 'list',
  );
  const total = feed.data?.total;
  useClampedPage(page, setPage, FUNDING_PAGE_LIMIT, feed.isPlaceholder ? undefined : total);
  const pager = useMemo(
    () => (total === undefined ? undefined : { page, pageSize: FUNDING_PAGE_LIMIT, total, onPage: setPage }),
    [page, total, setPage],
  );
  const heatmapParams = useMemo(
    () => (filters.exchange ? { exchange: filters.exchange, limit: 60 } : { limit: 60 }),
    [filters.exchange],
  );
  const heatmap = useMarketQuery<FundingHeatmapResponse>(
    MARKET_PATHS.fundingHeatmap,
    heatmapParams,
    HEATMAP_REFRESH_MS,
    view === 'heatmap',
  );

  const change = useCallback(
    (patch: Partial<FundingFilters> & { view?: 'list' | 'heatmap' }) =>
      setSearchParams(
        (current) => {
          const { view: nextView, ...rest } = patch;
          const next = fundingFiltersToSearch({ ...fundingFiltersFromSearch(current), ...rest });
          const v = nextView ?? (current.get('view') === 'heatmap' ? 'heatmap' : 'list');
          if (v === 'heatmap') next.set('view', 'heatmap');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const sort = useCallback((key: FundingSortKey) => change(nextFundingSort(filters, key)), [change, filters]);
  const ids = { exchange: useId(), quote: useId(), search: useId() };
  const [search, setSearch] = useState(filters.search);
  useEffect(
    () => setSearch((typed) => (cleanSearch(typed) === filters.search ? typed : filters.search)),
    [filters.search],
  );
  const pushSearch = useDebouncedCallback((value: string) => change({ search: cleanSearch(value) }), 250);

  return (
    <div className="premium-page">
      <div className="premium-page__head">
        <h1>{t('fundingRate.title')}</h1>
        <p className="premium-page__subtitle">{t('fundingRate.subtitle')}</p>
      </div>
      <nav className="sub-tabs" aria-label={t('fundingRate.viewsLabel')}>
        {(['list', 'heatmap'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className="sub-tabs__tab"
            aria-current={view === v ? 'page' : undefined}
            data-testid={`funding-view-${v}`}
            onClick={() => change({ view: v })}
          >
            {t(`fundingRate.views.${v}`)}
          </button>
        ))}
      </nav>
      <form
        className="filter-bar funding-filters"
        aria-label={t('premium.filters.label')}
        data-testid="funding-filters"
        onSubmit={(event) => {
          event.preventDefault();
          pushSearch.flush(search);
        }}
      >
        <div className="filter-bar__field filter-bar__venue">
          <label htmlFor={ids.exchange}>{t('fundingRate.exchange')}</label>
          <select
            id={ids.exchange}
            value={filters.exchange ?? 'all'}
            data-testid="funding-filter-exchange"
            onChange={(event) =>
              change({ exchange: event.target.value === 'all' ? null : (event.target.value as VenueId) })
            }
          >
            <option value="all">
              {t(view === 'heatmap' ? 'fundingRate.averageVenues' : 'filters.allVenues')}
            </option>
            {FUNDING_VENUES.map((venue) => (
              <option key={venue.id} value={venue.id}>
                {t(`venues.${venue.id}`)}
              </option>
            ))}
          </select>
        </div>
        {view === 'list' ? (
          <>
            <div className="filter-bar__field filter-bar__search">
              <label htmlFor={ids.search}>{t('premium.filters.search')}</label>
              <input
                id={ids.search}
                type="search"
                autoComplete="off"
                spellCheck={false}
                maxLength={SEARCH_MAX_LENGTH}
                placeholder={t('premium.filters.searchPlaceholder')}
                value={search}
                data-testid="funding-filter-search"
                onChange={(event) => {
                  setSearch(event.target.value);
                  pushSearch.call(event.target.value);
                }}
              />
            </div>
            <div className="filter-bar__field filter-bar__venue">
              <label htmlFor={ids.quote}>{t('fundingRate.quote')}</label>
              <select
                id={ids.quote}
                value={filters.quote}
                data-testid="funding-filter-quote"
                onChange={(event) => change({ quote: event.target.value as FundingFilters['quote'] })}
              >
                {FUNDING_QUOTES.map((quote) => (
                  <option key={quote} value={quote}>
                    {quote === 'all' ? t('filters.durations.all') : quote}
                  </option>
                ))}
              </select>
            </div>
            <div className="filter-bar__field funding-filters__interval">
              <span className="filter-bar__label" aria-hidden="true">
                {t('filters.fundingInterval')}
              </span>
              <SegmentedControl
                label={t('filters.fundingInterval')}
                value={filters.interval}
                size="md"
                testId="funding-filter-interval"
                options={FUNDING_INTERVAL_FILTERS.map((value) => ({
                  value,
                  testId: `funding-interval-${value}`,
                  label: value === 'all' ? t('filters.durations.all') : formatIntervalCode(value, t),
                }))}
                onChange={(interval) => change({ interval })}
              />
            </div>
          </>
        ) : null}
      </form>
      {view === 'list' ? (
        <FundingTable feed={feed} filters={filters} onSort={sort} pager={pager} />
      ) : (
        <section className="funding-page__heatmap" aria-labelledby="heatmap-title">
          <h2 id="heatmap-title" className="funding-page__section-title">
            {t('fundingRate.heatmap.title')}
          </h2>
          {heatmap.data ? (
            <FundingHeatmap data={heatmap.data} />
          ) : heatmap.error ? (
            <p className="funding-page__message" role="alert" data-testid="heatmap-error">
              {feedErrorText(
                heatmap.error instanceof ApiError ? heatmap.error : new ApiError('unknown', '', null),
                t,
              )}
            </p>
          ) : (
            <p className="funding-page__message" role="status">
              {t('common.loading')}
            </p>
          )}
        </section>
      )}
    </div>
  );
}

import type { ArbitrageResponse, PremiumResponse } from '@spreadscope/contracts';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SavedViewsBar } from '../components/saved-views-bar.tsx';
import { SpreadFilterBar } from '../components/spread-filter-bar.tsx';
import { SpreadTable } from '../components/spread-table.tsx';
import { useColumnPrefsSync } from '../hooks/use-column-prefs.ts';
import { useFavorites } from '../hooks/use-favorites.ts';
import { useLiveTable } from '../hooks/use-live-table.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { useClampedPage, useTablePage } from '../hooks/use-table-page.ts';
import { useVenueConnections } from '../hooks/use-venue-connections.ts';
import { ARBITRAGE_PATHS, MARKET_PATHS } from '../lib/market-api.ts';
import {
  nextSpreadSort,
  SPREAD_PAGE_LIMIT,
  type SpreadFilters,
  type SpreadKind,
  type SpreadTableSortKey,
  spreadApiParams,
  spreadFiltersFromSearch,
  spreadFiltersToSearch,
} from '../lib/spread-filters.ts';
import './premium-page.css';

interface Props {
  readonly kind: SpreadKind;
  readonly title: string;
  readonly subtitle: string;
  readonly tableLabel: string;
  /** Tabs between the arbitrage tables. */
  readonly tabs?: ReactNode;
}

/** A live premium or arbitrage table with its filter bar; the view is held in the URL query. */
export function SpreadPage({ kind, title, subtitle, tableLabel, tabs }: Props) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [settings] = useSettings();
  const { to } = useLocale();
  const filters = useMemo(() => spreadFiltersFromSearch(kind, searchParams), [kind, searchParams]);
  const favorites = useFavorites();
  // Column choice follows a signed-in user across devices (the table reads it from the same store).
  useColumnPrefsSync();
  const ownedList = favorites.ownedList;
  // Every row is reachable page by page, in the server's order; other filters start on page 1 again.
  const [page, setPage] = useTablePage(`${kind}:${searchParams.toString()}:${ownedList.join(',')}`);
  // The owned-tokens filter runs on the server (`bases`), over every combination, not over one page of rows.
  const params = useMemo(
    () =>
      spreadApiParams(
        kind,
        filters,
        settings.currency,
        settings.interval,
        SPREAD_PAGE_LIMIT,
        ownedList,
        page,
      ),
    [kind, filters, settings.currency, settings.interval, ownedList, page],
  );
  const endpoint =
    kind === 'premium' ? { path: MARKET_PATHS.premium, topic: 'premium' as const } : ARBITRAGE_PATHS[kind];
  const feed = useLiveTable<PremiumResponse | ArbitrageResponse>(
    endpoint.topic,
    endpoint.path,
    params,
    settings.interval,
  );
  const venues = useVenueConnections();
  const total = feed.data?.total;
  useClampedPage(page, setPage, SPREAD_PAGE_LIMIT, feed.isPlaceholder ? undefined : total);
  const pager = useMemo(
    () => (total === undefined ? undefined : { page, pageSize: SPREAD_PAGE_LIMIT, total, onPage: setPage }),
    [page, total, setPage],
  );

  // Replace, not push: typing a filter should not leave one history entry per keystroke.
  const change = useCallback(
    (patch: Partial<SpreadFilters>) =>
      setSearchParams(
        (current) => spreadFiltersToSearch(kind, { ...spreadFiltersFromSearch(kind, current), ...patch }),
        { replace: true },
      ),
    [setSearchParams, kind],
  );
  const sort = useCallback(
    (key: SpreadTableSortKey) => change(nextSpreadSort(filters, key)),
    [change, filters],
  );
  const detailPath = useCallback((symbol: string) => to(`/premium/${symbol}`), [to]);
  // A saved view is the table's query in canonical form, so the same filters always compare equal.
  const currentView = useMemo(
    () => Object.fromEntries(spreadFiltersToSearch(kind, filters)),
    [kind, filters],
  );
  const applyView = useCallback(
    (view: Readonly<Record<string, string>>) =>
      setSearchParams(spreadFiltersToSearch(kind, spreadFiltersFromSearch(kind, new URLSearchParams(view)))),
    [setSearchParams, kind],
  );

  return (
    <div className="premium-page">
      <div className="premium-page__head">
        <h1>{title}</h1>
        <p className="premium-page__subtitle">{subtitle}</p>
      </div>
      {tabs}
      <SavedViewsBar table={kind} current={currentView} onApply={applyView} />
      <SpreadFilterBar
        kind={kind}
        filters={filters}
        rates={feed.data?.rates}
        onChange={change}
        ownedCount={favorites.owned.size}
      />
      <SpreadTable
        kind={kind}
        feed={feed}
        filters={filters}
        onSort={sort}
        venues={venues.data?.venues}
        favorites={favorites}
        label={tableLabel}
        detailPath={detailPath}
        pager={pager}
      />
    </div>
  );
}

import type { FundingLatestResponse, FundingMarket } from '@spreadscope/contracts';
import { type Currency, formatClock, formatPercent, formatPrice, type Language } from '@spreadscope/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LiveFeed } from '../hooks/use-live-table.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useNow } from '../hooks/use-now.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { useWidthClass } from '../hooks/use-width-class.ts';
import { type Flash, flashClass } from '../lib/cell-flash.ts';
import type { FundingFilters, FundingSortKey } from '../lib/funding-filters.ts';
import { formatNativePrice, tone } from '../lib/number-display.ts';
import { formatCompactIn, formatPriceIn, type KrwRates, krwPerUnit } from '../lib/stable-conversion.ts';
import { nextValueFlashes } from '../lib/value-flash.ts';
import { type PagerProps, TablePager } from './table-pager.tsx';
import { TableState } from './table-state.tsx';
import './premium-table.css';
import './funding-table.css';
import { formatDuration } from '../lib/duration.ts';

interface Props {
  readonly feed: LiveFeed<FundingLatestResponse>;
  readonly filters: FundingFilters;
  readonly onSort: (key: FundingSortKey) => void;
  /** Pages beyond the first 500 perpetuals, in the server's order. */
  readonly pager?: PagerProps | undefined;
}

type ColumnId = 'token' | 'exchange' | 'rate' | 'interval' | 'annualized' | 'next' | 'mark' | 'volume';
type Width = ReturnType<typeof useWidthClass>;
const FROM: Readonly<Record<Width, number>> = { sm: 0, md: 1, lg: 2, xl: 2 };

/** Each column with the narrowest screen it shows on and its grid track (the row's cells follow it). */
const COLUMNS: readonly { id: ColumnId; sort?: FundingSortKey; from: Width; track: string }[] = [
  { id: 'token', sort: 'base', from: 'sm', track: 'minmax(96px, 1.1fr)' },
  { id: 'exchange', sort: 'exchange', from: 'sm', track: 'minmax(70px, 1fr)' },
  { id: 'rate', sort: 'rate', from: 'sm', track: 'minmax(84px, 1fr)' },
  { id: 'interval', from: 'lg', track: 'minmax(60px, 0.6fr)' },
  { id: 'annualized', sort: 'annualized', from: 'sm', track: 'minmax(80px, 0.9fr)' },
  { id: 'next', sort: 'nextFundingTime', from: 'md', track: 'minmax(80px, 0.9fr)' },
  { id: 'mark', from: 'md', track: 'minmax(100px, 1.1fr)' },
  { id: 'volume', sort: 'volume', from: 'lg', track: 'minmax(90px, 1fr)' },
];

function useRateFlashes(rows: readonly FundingMarket[] | undefined, viewKey: string, placeholder: boolean) {
  const last = useRef<{ view: string; values: Map<string, number>; flashes: Map<string, Flash> }>({
    view: '',
    values: new Map(),
    flashes: new Map(),
  });
  return useMemo(() => {
    if (!rows || placeholder) return last.current.flashes;
    const values = new Map(rows.map((row) => [row.symbol, row.fundingRatePercent]));
    const before = last.current.view === viewKey ? last.current.values : new Map<string, number>();
    const flashes = nextValueFlashes(before, last.current.flashes, values, Date.now());
    last.current = { view: viewKey, values, flashes };
    return flashes;
  }, [rows, viewKey, placeholder]);
}

/** Latest funding of every perpetual, live; the rate cell flashes when it moves, stale rows are greyed. */
export function FundingTable({ feed, filters, onSort, pager }: Props) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const width = useWidthClass();
  const wide = width !== 'sm';
  const now = useNow(1_000);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = feed.data?.data ?? [];
  const reducedMotion = useReducedMotion();
  const flashes = useRateFlashes(feed.data?.data, feed.viewKey, feed.isPlaceholder);
  // A tablet shows when the next funding is and the mark price; interval and volume from the laptop width.
  const columns = COLUMNS.filter((c) => FROM[width] >= FROM[c.from]);
  const tracks = columns.map((c) => c.track).join(' ');
  const [settings] = useSettings();
  const rates = feed.data?.rates ?? null;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (wide ? 34 : 40),
    overscan: 12,
    getItemKey: (index) => rows[index]?.symbol ?? index,
  });

  return (
    <div className="ptable-wrap funding-table-wrap">
      <div className="ptable-toolbar">
        <span className="num" data-testid="funding-count">
          {feed.data ? t('fundingRate.count', { count: feed.data.total }) : ''}
        </span>
        {pager ? (
          <TablePager
            {...pager}
            onPage={(page) => {
              scrollRef.current?.scrollTo({ top: 0 });
              pager.onPage(page);
            }}
          />
        ) : feed.data && feed.data.total > rows.length ? (
          <span className="ptable-toolbar__partial">
            {t('premium.partial', { shown: rows.length, total: feed.data.total })}
          </span>
        ) : null}
        <span className="ptable-toolbar__spacer" />
        {feed.data ? <ConversionNote currency={settings.currency} rates={rates} /> : null}
        <span className="num" data-testid="funding-updated">
          {feed.data ? t('status.lastUpdate', { time: formatClock(feed.data.updatedAt, language) }) : ''}
        </span>
      </div>
      <div ref={scrollRef} className={`ptable-scroll${feed.isPlaceholder ? ' is-pending' : ''}`}>
        <table
          className={`ptable funding-table${wide ? ' funding-table--wide' : ''}`}
          style={{ '--ptable-cols': tracks } as CSSProperties}
          aria-label={t('fundingRate.tableLabel')}
          aria-rowcount={rows.length + 1}
          data-testid="funding-table"
        >
          <thead className="ptable__head-group">
            <tr className="ptable__head" aria-rowindex={1}>
              {columns.map((column) => {
                const label = t(`fundingRate.columns.${column.id}`);
                const active = column.sort !== undefined && filters.sort === column.sort;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={`ptable__cell ptable__th${column.id === 'token' || column.id === 'exchange' ? ' ptable__th--start' : ''}`}
                    aria-sort={active ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sort ? (
                      <button
                        type="button"
                        className="ptable__sort"
                        data-testid={`funding-sort-${column.sort}`}
                        title={t('premium.sortBy', { column: label })}
                        onClick={() => column.sort && onSort(column.sort)}
                      >
                        <span className="ptable__th-label">
                          {label}
                          {active ? (
                            <span className="ptable__sort-arrow" aria-hidden="true">
                              {filters.order === 'asc' ? '▲' : '▼'}
                            </span>
                          ) : null}
                        </span>
                      </button>
                    ) : (
                      <span className="ptable__static">
                        <span className="ptable__th-label">{label}</span>
                      </span>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="ptable__body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <FundingRow
                  key={item.key}
                  row={row}
                  index={item.index}
                  start={item.start}
                  columns={columns.map((c) => c.id)}
                  flash={flashClass(
                    row.stale || reducedMotion ? undefined : flashes.get(row.symbol),
                    Date.now(),
                  )}
                  now={now}
                  language={language}
                  currency={settings.currency}
                  rates={rates}
                  detailPath={to(`/funding-rate/${row.baseToken.toLowerCase()}`)}
                />
              );
            })}
          </tbody>
        </table>
        <TableState
          feed={feed}
          empty={rows.length === 0}
          emptyHint={filters.search ? t('spread.searchEmpty', { search: filters.search }) : undefined}
        />
      </div>
    </div>
  );
}

const FundingRow = memo(function FundingRow({
  row,
  index,
  start,
  columns,
  flash,
  now,
  language,
  currency,
  rates,
  detailPath,
}: {
  row: FundingMarket;
  index: number;
  start: number;
  columns: readonly ColumnId[];
  flash: string;
  now: number;
  language: Language;
  currency: Currency;
  rates: KrwRates | null;
  detailPath: string;
}) {
  const { t } = useTranslation();
  const staleTitle = row.stale ? t('fundingRate.staleTitle') : undefined;
  const cell = (id: ColumnId) => {
    switch (id) {
      case 'token':
        return (
          <td key={id} className="ptable__cell ptable__token">
            <Link to={detailPath} className="funding-table__token" data-testid="funding-token-link">
              {row.baseToken}
              <span className="funding-table__quote">{row.quoteToken}</span>
            </Link>
            {row.stale ? (
              <span className="stale-mark" title={staleTitle} data-testid="stale-marker">
                {t('premium.stale')}
              </span>
            ) : null}
          </td>
        );
      case 'exchange':
        return (
          <td key={id} className="ptable__cell funding-table__exchange">
            {t(`venues.${row.exchange}`)}
          </td>
        );
      case 'rate':
        return (
          <td
            key={id}
            className={`ptable__cell ptable__num num ptable__gap ${row.stale ? '' : tone(row.fundingRatePercent)}`}
            data-testid="funding-rate"
            data-value={row.fundingRatePercent}
            title={staleTitle}
          >
            <span className={`ptable__val ${flash}`}>{formatPercent(row.fundingRatePercent, 4)}</span>
          </td>
        );
      case 'interval':
        return (
          <td key={id} className="ptable__cell ptable__num num" data-testid="funding-interval">
            {t('fundingRate.everyHours', { hours: row.intervalHours })}
          </td>
        );
      case 'annualized':
        return (
          <td
            key={id}
            className={`ptable__cell ptable__num num ${row.stale ? '' : tone(row.annualizedPercent)}`}
            data-testid="funding-annualized"
          >
            {formatPercent(row.annualizedPercent)}
          </td>
        );
      case 'next':
        return (
          <td key={id} className="ptable__cell ptable__num num" data-testid="funding-next">
            {row.nextFundingTime === null ? (
              '—'
            ) : (
              <span title={formatClock(row.nextFundingTime, language)}>
                {formatDuration(Math.max(0, row.nextFundingTime - now), t)}
              </span>
            )}
          </td>
        );
      case 'mark':
        return (
          <td
            key={id}
            className="ptable__cell ptable__num num"
            data-testid="funding-mark"
            data-value={row.markPrice ?? undefined}
            title={t('fundingRate.nativeTitle', {
              value: formatNativePrice(row.markPrice, row.quoteToken, language),
            })}
          >
            {formatPriceIn(row.markPrice, row.quoteToken, currency, rates, language)}
          </td>
        );
      case 'volume':
        return (
          <td
            key={id}
            className="ptable__cell ptable__num num"
            data-testid="funding-volume"
            data-value={row.volume24h ?? undefined}
          >
            {formatCompactIn(row.volume24h, row.quoteToken, currency, rates, language)}
          </td>
        );
    }
  };
  return (
    <tr
      className={`ptable__row${row.stale ? ' ptable__row--stale' : ''}`}
      style={{ transform: `translateY(${start}px)` }}
      aria-rowindex={index + 2}
      data-testid={`funding-row-${row.symbol}`}
      data-stale={row.stale ? 'true' : 'false'}
    >
      {columns.map(cell)}
    </tr>
  );
});

/** The rates every converted amount on screen uses (UI.md: the conversion base is always visible). */
export function ConversionNote({ currency, rates }: { currency: Currency; rates: KrwRates | null }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  if (currency === 'USD') {
    return (
      <span className="ptable-toolbar__note" data-testid="conversion-note">
        {t('fundingRate.conversionUsd')}
      </span>
    );
  }
  const usdt = krwPerUnit('USDT', rates);
  const usd = krwPerUnit('USDC', rates);
  return (
    <span className="ptable-toolbar__note" data-testid="conversion-note">
      {usdt === null || usd === null
        ? t('fundingRate.conversionPending')
        : t('fundingRate.conversionKrw', {
            usdt: formatPrice(usdt, 'KRW', language),
            usd: formatPrice(usd, 'KRW', language),
          })}
    </span>
  );
}

import type { TokenRow, TokenSort } from '@spreadscope/contracts';
import { type Currency, type Language, MISSING } from '@spreadscope/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWidthClass } from '../../hooks/use-width-class.ts';
import { tone } from '../../lib/number-display.ts';
import { percentOrDash, tokenDisplayName, tokenPrice, tokenVolume } from './token-format.ts';

type ColumnId =
  | 'rank'
  | 'token'
  | 'price'
  | 'change'
  | 'volume'
  | 'premium'
  | 'exchanges'
  | 'funding'
  | 'trend';
type Width = ReturnType<typeof useWidthClass>;
const FROM: Readonly<Record<Width, number>> = { sm: 0, md: 1, lg: 2, xl: 2 };

/** Columns with the narrowest screen they show on: a phone keeps token, price, change and premium. */
const COLUMNS: readonly { id: ColumnId; sort?: TokenSort; from: Width; track: string }[] = [
  { id: 'rank', from: 'md', track: '44px' },
  { id: 'token', sort: 'symbol', from: 'sm', track: 'minmax(96px, 1.4fr)' },
  { id: 'price', sort: 'price', from: 'sm', track: 'minmax(84px, 1fr)' },
  { id: 'change', sort: 'percent_change_24h', from: 'sm', track: 'minmax(64px, 0.8fr)' },
  { id: 'volume', sort: 'volume_24h', from: 'md', track: 'minmax(80px, 0.9fr)' },
  { id: 'premium', sort: 'premium', from: 'sm', track: 'minmax(64px, 0.8fr)' },
  { id: 'exchanges', sort: 'exchanges', from: 'lg', track: 'minmax(120px, 1.3fr)' },
  { id: 'funding', sort: 'funding_rate', from: 'md', track: 'minmax(72px, 0.8fr)' },
  { id: 'trend', sort: 'trend_rank', from: 'lg', track: 'minmax(64px, 0.6fr)' },
];

interface Props {
  readonly rows: readonly TokenRow[];
  readonly sort: TokenSort;
  readonly order: 'asc' | 'desc';
  readonly onSort: (key: TokenSort) => void;
  readonly currency: Currency;
  readonly language: Language;
  readonly to: (path: string) => string;
  readonly pending: boolean;
}

/** Every token in one scroll: only the rows in view are in the DOM (7,000 tokens stay smooth). */
export function TokenListTable({ rows, sort, order, onSort, currency, language, to, pending }: Props) {
  const { t } = useTranslation();
  const width = useWidthClass();
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useMemo(() => COLUMNS.filter((c) => FROM[width] >= FROM[c.from]), [width]);
  // One array while the width class holds: a new one every render would redraw every row in view on each
  // scrolled frame (TokenListRow is memoized on its props).
  const columnIds = useMemo(() => columns.map((c) => c.id), [columns]);
  const tracks = columns.map((c) => c.track).join(' ');
  // Stable until the rows change: the virtualizer recomputes all 7,000 measurements when its key function does.
  const getItemKey = useCallback((index: number) => rows[index]?.base ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (width === 'sm' ? 44 : 36),
    overscan: 12,
    getItemKey,
    // Scroll renders join React's batch instead of forcing a synchronous commit inside the scroll event.
    useFlushSync: false,
  });
  return (
    <div ref={scrollRef} className={`ptable-scroll token-list__scroll${pending ? ' is-pending' : ''}`}>
      <table
        className="ptable token-list__table"
        style={{ '--ptable-cols': tracks } as CSSProperties}
        aria-label={t('tokens.tableLabel')}
        aria-rowcount={rows.length + 1}
        data-testid="token-list-table"
      >
        <thead className="ptable__head-group">
          <tr className="ptable__head" aria-rowindex={1}>
            {columns.map((column) => {
              const label = t(`tokens.columns.${column.id}`);
              const active = column.sort !== undefined && column.sort === sort;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={`ptable__cell ptable__th${column.id === 'token' ? ' ptable__th--start' : ''}`}
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      className="ptable__sort"
                      data-testid={`token-sort-${column.sort}`}
                      title={t('tokens.sortBy', { column: label })}
                      onClick={() => column.sort && onSort(column.sort)}
                    >
                      <span className="ptable__th-label">
                        {label}
                        {active ? (
                          <span className="ptable__sort-arrow" aria-hidden="true">
                            {order === 'asc' ? '▲' : '▼'}
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
              <TokenListRow
                key={item.key}
                row={row}
                index={item.index}
                start={item.start}
                columns={columnIds}
                currency={currency}
                language={language}
                path={to(`/token/${row.base}`)}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const TokenListRow = memo(function TokenListRow({
  row,
  index,
  start,
  columns,
  currency,
  language,
  path,
}: {
  row: TokenRow;
  index: number;
  start: number;
  columns: readonly ColumnId[];
  currency: Currency;
  language: Language;
  path: string;
}) {
  const { t } = useTranslation();
  const name = tokenDisplayName(row, language);
  const cell = (id: ColumnId) => {
    switch (id) {
      case 'rank':
        return (
          <td key={id} className="ptable__cell ptable__num num token-list__rank">
            {index + 1}
          </td>
        );
      case 'token':
        return (
          <td key={id} className="ptable__cell ptable__token">
            <Link to={path} className="token-list__token" data-testid="token-link">
              <span className="token-list__ticker">{row.base}</span>
              {name ? <span className="token-list__name">{name}</span> : null}
            </Link>
          </td>
        );
      case 'price':
        return (
          <td key={id} className="ptable__cell ptable__num num" data-testid="token-price">
            {tokenPrice(row, currency, language)}
          </td>
        );
      case 'change':
        return (
          <td
            key={id}
            className={`ptable__cell ptable__num num ${tone(row.change24hPercent)}`}
            data-testid="token-change"
          >
            {percentOrDash(row.change24hPercent)}
          </td>
        );
      case 'volume':
        return (
          <td key={id} className="ptable__cell ptable__num num" data-testid="token-volume">
            {tokenVolume(row, currency, language)}
          </td>
        );
      case 'premium':
        return (
          <td
            key={id}
            className={`ptable__cell ptable__num num ${tone(row.premiumPercent)}`}
            data-testid="token-premium"
          >
            {percentOrDash(row.premiumPercent)}
          </td>
        );
      case 'exchanges':
        return (
          <td
            key={id}
            className="ptable__cell token-list__venues"
            title={row.exchanges.map((v) => t(`venues.${v}`)).join(', ')}
          >
            {t('tokens.exchangesCount', { count: row.exchanges.length })}
            <span className="token-list__venue-names">
              {' '}
              {row.exchanges
                .slice(0, 3)
                .map((v) => t(`venues.${v}`))
                .join(', ')}
            </span>
          </td>
        );
      case 'funding':
        return (
          <td
            key={id}
            className={`ptable__cell ptable__num num ${tone(row.fundingRatePercent)}`}
            data-testid="token-funding"
          >
            {percentOrDash(row.fundingRatePercent, 4)}
          </td>
        );
      case 'trend':
        return (
          <td key={id} className="ptable__cell ptable__num num" data-testid="token-trend">
            {row.trendRank ?? MISSING}
          </td>
        );
    }
  };
  return (
    <tr
      className="ptable__row"
      style={{ transform: `translateY(${start}px)` }}
      aria-rowindex={index + 2}
      data-testid={`token-row-${row.base}`}
    >
      {columns.map(cell)}
    </tr>
  );
});

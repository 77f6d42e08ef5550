import type { VenueConnection } from '@spreadscope/contracts';
import type { VenueId } from '@spreadscope/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnId } from '../lib/spread-columns.ts';
import { COLUMN_SPECS } from '../lib/spread-columns.ts';
import type { SpreadFilters, SpreadKind, SpreadTableSortKey } from '../lib/spread-filters.ts';
import { columnTitle } from './spread-column-labels.ts';
import { VenueStatusBadge } from './venue-status-badge.tsx';

interface Props {
  readonly kind: SpreadKind;
  readonly columns: readonly ColumnId[];
  readonly filters: SpreadFilters;
  readonly onSort: (key: SpreadTableSortKey) => void;
  readonly venues: readonly VenueConnection[] | undefined;
  readonly sideNames: { readonly source: string; readonly target: string };
  /** A phone: its one gap column may be the entry, exit or net gap (the sort key), named as a gap. */
  readonly compact: boolean;
}

/** Column headers; sortable ones are buttons and announce their order with aria-sort. */
export function SpreadTableHeader({ kind, columns, filters, onSort, venues, sideNames, compact }: Props) {
  const { t } = useTranslation();
  const venue = (id: VenueId | null) => (id ? venues?.find((v) => v.id === id) : undefined);
  const legSub = (side: 'source' | 'target'): ReactNode => {
    const id = filters[side];
    if (kind !== 'premium') {
      const market = kind.split('-')[side === 'source' ? 0 : 1] as 'spot' | 'perp';
      const role = t(side === 'source' ? 'arbitrage.buy' : 'arbitrage.sell');
      return (
        <>
          {role} · {t(`arbitrage.markets.${market}`)}
          {id ? <VenueStatusBadge venue={venue(id)} /> : null}
        </>
      );
    }
    return id ? <VenueStatusBadge venue={venue(id)} /> : t('filters.allVenues');
  };

  return (
    <tr aria-rowindex={1} className="ptable__head">
      {columns.map((id) => {
        const sort = COLUMN_SPECS[id].sort;
        const label =
          id === 'token'
            ? t('premium.columns.token')
            : id === 'gap'
              ? t(kind === 'premium' ? 'premium.columns.gap' : 'columns.gapArbitrage')
              : compact && (id === 'netGap' || id === 'entryGap' || id === 'exitGap')
                ? t(`columns.phoneGap.${id}`)
                : columnTitle(id, t, sideNames.source, sideNames.target);
        let sub: ReactNode = null;
        if (id === 'sourcePrice') sub = legSub('source');
        if (id === 'targetPrice') sub = legSub('target');
        if (id === 'gap') {
          sub = (
            <span className="ptable__basis" data-testid="gap-basis">
              {t('premium.columns.gapBasis', {
                base: t(`premium.filters.basesShort.${filters.conversionBase}`),
              })}
            </span>
          );
        }
        if (id === 'netGap') sub = t(`filters.feeModes.${filters.feeMode}`);
        if (id === 'depth') sub = t('columns.depthSub');
        const active = sort !== undefined && filters.sort === sort;
        const ariaSort = active ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined;
        const content = (
          <>
            <span className="ptable__th-label">
              {label}
              {active ? (
                <span className="ptable__sort-arrow" aria-hidden="true">
                  {filters.order === 'asc' ? '▲' : '▼'}
                </span>
              ) : null}
            </span>
            {sub ? <span className="ptable__th-sub">{sub}</span> : null}
          </>
        );
        return (
          <th
            key={id}
            scope="col"
            aria-sort={ariaSort}
            className={`ptable__cell ptable__th${id === 'token' ? ' ptable__th--start' : ''}`}
          >
            {sort ? (
              <button
                type="button"
                className="ptable__sort"
                data-testid={`sort-${sort}`}
                title={t('premium.sortBy', { column: label })}
                onClick={() => onSort(sort)}
              >
                {content}
              </button>
            ) : (
              <span className="ptable__static">{content}</span>
            )}
          </th>
        );
      })}
    </tr>
  );
}

import type { PremiumTableRow } from '@spreadscope/contracts';
import type { Currency, Language } from '@spreadscope/core';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { flashClass, type RowFlashes } from '../lib/cell-flash.ts';
import { cachedLabel } from '../lib/label-cache.ts';
import { rowPlace } from '../lib/row-place.ts';
import { type ColumnId, PHONE_GAP_METRICS } from '../lib/spread-columns.ts';
import { cellView } from './spread-cells.tsx';
import { SpreadRowDetail } from './spread-row-detail.tsx';

interface CellProps {
  readonly row: PremiumTableRow;
  readonly columns: readonly ColumnId[];
  readonly flashes: RowFlashes | undefined;
  readonly expanded: boolean;
  readonly pinned: boolean;
  readonly owned: boolean;
  /** Either side lists every venue: the token cell names the route of this row. */
  readonly showRoute: boolean;
  readonly onToggle: (id: string) => void;
  readonly onPin: (id: string) => void;
  readonly currency: Currency;
  readonly language: Language;
  readonly compact: boolean;
  /** What a stale mark says (the freshness window of the user's interval), worded once for the whole table. */
  readonly staleTitle: string;
  readonly t: TFunction;
}

interface Props extends CellProps {
  readonly index: number;
  /** Where the row lies in the table body (px from its top): lib/row-place.ts. */
  readonly start: number;
  readonly onOwn: (base: string) => void;
  readonly detailPath: string;
  /** Only open rows are measured: closed rows have the fixed row height. */
  readonly measure: ((element: HTMLTableRowElement | null) => void) | undefined;
}

/**
 * Equal JSON values (a snapshot's rows are decoded afresh every time): NaN equals NaN, key order does not
 * matter. A row is compared only when React is about to draw it, so this runs for the rows in view, not for
 * every row of the table.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    keys++;
    if (!Object.hasOwn(right, key) || !sameValue(left[key], right[key])) return false;
  }
  for (const key in right) if (Object.hasOwn(right, key)) keys--;
  return keys === 0;
}

/** Props compared as React.memo does, except the row, which only has to hold the same values. */
function sameProps<P extends { readonly row: PremiumTableRow }>(before: P, after: P): boolean {
  for (const key in after) {
    if (key !== 'row' && !Object.is(before[key], after[key])) return false;
  }
  return sameValue(before.row, after.row);
}

/**
 * The cells of a row. Kept apart from the row element so a row that only moved (a re-sort, a scroll) updates
 * its position without redrawing a cell; cells redraw when the row's values, flashes or the view change.
 */
const SpreadRowCells = memo(function SpreadRowCells({
  row,
  columns,
  flashes,
  expanded,
  pinned,
  owned,
  showRoute,
  onToggle,
  onPin,
  currency,
  language,
  compact,
  staleTitle,
  t,
}: CellProps) {
  const ctx = { currency, language, compact, t };
  // Read when the cells are drawn: a flash whose time ran out is not replayed when its row scrolls back in view.
  const now = Date.now();
  const detailId = `spread-detail-${row.id}`;
  const venueName = (id: string) => cachedLabel(t, `venues.${id}`);
  return columns.map((id) => {
    if (id === 'token') {
      const pinLabel = cachedLabel(t, pinned ? 'favorites.unpin' : 'favorites.pin', row.base);
      return (
        <td key={id} className="ptable__cell ptable__token">
          <button
            type="button"
            className={`spread-pin${pinned ? ' is-on' : ''}`}
            aria-pressed={pinned}
            aria-label={pinLabel}
            title={pinLabel}
            data-testid="pin-toggle"
            onClick={() => onPin(row.id)}
          >
            <span aria-hidden="true">{pinned ? '★' : '☆'}</span>
          </button>
          <button
            type="button"
            className="ptable__expand"
            aria-expanded={expanded}
            aria-controls={detailId}
            aria-label={cachedLabel(t, expanded ? 'premium.collapse' : 'premium.expand', row.base)}
            onClick={() => onToggle(row.id)}
          >
            <span className="ptable__chevron" aria-hidden="true" />
            <span className="spread-token">
              <span className="ptable__base">
                {row.base}
                {owned ? (
                  <span className="spread-owned" title={cachedLabel(t, 'favorites.ownedMark')}>
                    {cachedLabel(t, 'favorites.ownedShort')}
                  </span>
                ) : null}
                {row.tokenMismatch ? (
                  <span
                    className="spread-mismatch"
                    data-testid="token-mismatch"
                    title={cachedLabel(t, 'mismatch.title')}
                  >
                    {cachedLabel(t, 'mismatch.badge')}
                  </span>
                ) : null}
              </span>
              {showRoute ? (
                <span className="spread-route" data-testid="route">
                  {venueName(row.source.exchange)} → {venueName(row.target.exchange)}
                </span>
              ) : null}
            </span>
          </button>
          {row.stale ? (
            <span className="stale-mark" title={staleTitle} data-testid="stale-marker">
              {cachedLabel(t, 'premium.stale')}
            </span>
          ) : null}
        </td>
      );
    }
    const view = cellView(id, row, ctx);
    const legStale = view.leg ? row[view.leg].stale : false;
    // Stale values never draw the eye: no flash on a stale leg, nor on a pair value of a stale row.
    const flashOff = legStale || (!view.leg && row.stale);
    const flash = view.flash && !flashOff ? flashClass(flashes?.[view.flash], now) : '';
    // The gap slot (on a phone, whichever gap metric the rows are sorted by) is the row's headline figure.
    const gapSlot = id === 'gap' || (compact && PHONE_GAP_METRICS.has(id));
    const title = legStale || (row.stale && gapSlot) ? staleTitle : view.title;
    return (
      <td
        key={id}
        className={`ptable__cell ptable__num num${gapSlot ? ' ptable__gap' : ''}${legStale ? ' is-stale' : ''} ${
          view.tone ?? ''
        }`}
        data-testid={view.testId}
        data-value={view.value ?? undefined}
        title={title}
      >
        <span className={`ptable__val ${flash}`}>{view.text}</span>
      </td>
    );
  });
}, sameProps);

/** One combination of two markets. Stale legs and rows are greyed and marked, and never flash. */
export const SpreadTableRow = memo(function SpreadTableRow({
  index,
  start,
  onOwn,
  detailPath,
  measure,
  ...cells
}: Props) {
  const { row, expanded, pinned, columns, currency, language, owned, onPin } = cells;
  return (
    <tr
      aria-rowindex={index + 2}
      className={`ptable__row${row.stale ? ' ptable__row--stale' : ''}${expanded ? ' ptable__row--open' : ''}${
        pinned ? ' ptable__row--pinned' : ''
      }`}
      style={rowPlace(start)}
      data-index={index}
      data-testid={`premium-row-${row.base}`}
      data-row-id={row.id}
      data-stale={row.stale ? 'true' : 'false'}
      data-pinned={pinned ? 'true' : 'false'}
      ref={measure}
    >
      <SpreadRowCells {...cells} />
      {expanded ? (
        <td
          id={`spread-detail-${row.id}`}
          className="ptable__detail"
          colSpan={columns.length}
          data-testid="row-detail"
        >
          <SpreadRowDetail
            row={row}
            currency={currency}
            language={language}
            hidden={columns}
            owned={owned}
            onOwn={onOwn}
            pinned={pinned}
            onPin={onPin}
            detailPath={detailPath}
          />
        </td>
      ) : null}
    </tr>
  );
}, sameProps);

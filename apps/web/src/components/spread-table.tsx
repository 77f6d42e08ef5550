import {
  type ArbitrageResponse,
  type GatedRow,
  isGatedRow,
  mergeGatedRows,
  type PremiumResponse,
  type VenueConnection,
} from '@spreadscope/contracts';
import {
  type Currency,
  FRESHNESS_MS,
  formatClock,
  formatCompact,
  formatPercent,
  formatPrice,
  type Language,
} from '@spreadscope/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import {
  type CSSProperties,
  memo,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { AssumedViewportContext } from '../app/contexts.ts';
import { useColumnPrefs } from '../hooks/use-column-prefs.ts';
import type { Favorites } from '../hooks/use-favorites.ts';
import { useHeldOrder } from '../hooks/use-held-order.ts';
import type { LiveFeed } from '../hooks/use-live-table.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { useRowFlashes } from '../hooks/use-row-flashes.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { useWidthClass } from '../hooks/use-width-class.ts';
import type { DisplayOf, FlashState } from '../lib/cell-flash.ts';
import { RowKeys } from '../lib/row-keys.ts';
import { type ColumnId, gridTemplate, visibleColumns } from '../lib/spread-columns.ts';
import type { SpreadFilters, SpreadKind, SpreadTableSortKey } from '../lib/spread-filters.ts';
import { LiveSpreadOrder, onlyOwned, type SpreadRow } from '../lib/spread-order.ts';
import { venuesUp } from '../lib/venues-up.ts';
import { ColumnPicker } from './column-picker.tsx';
import { GatedTableRow } from './gated-table-row.tsx';
import { SpreadTableHeader } from './spread-table-header.tsx';
import { SpreadTableRow } from './spread-table-row.tsx';
import { type PagerProps, TablePager } from './table-pager.tsx';
import { TableState } from './table-state.tsx';
import './premium-table.css';
import './spread-table.css';

export type SpreadResponse = PremiumResponse | ArbitrageResponse;

interface Props {
  readonly kind: SpreadKind;
  readonly feed: LiveFeed<SpreadResponse>;
  readonly filters: SpreadFilters;
  readonly onSort: (key: SpreadTableSortKey) => void;
  readonly venues: readonly VenueConnection[] | undefined;
  readonly favorites: Favorites;
  readonly label: string;
  /** The premium detail page of a row (localized). */
  readonly detailPath: (symbol: string) => string;
  /** Pages of a view wider than one answer (500 rows): every row stays reachable, in the server's order. */
  readonly pager?: PagerProps | undefined;
}

const GAP_PX = { sm: 8, md: 12, lg: 12, xl: 12 } as const;

// Re-drawn only when their own props change: a snapshot or a scroll frame leaves them as they are.
const Header = memo(SpreadTableHeader);
const Columns = memo(ColumnPicker);

/** No cell flashes (the reader prefers reduced motion). */
const NO_FLASHES: FlashState = new Map();
/**
 * The live premium or arbitrage table: only the rows in view are in the DOM (TanStack Virtual), so thousands
 * of rows scroll like fifty. While the pointer is over the body rows hold their place; flashes still show
 * what moved. Columns follow the user's choice; pinned rows stay on top.
 */
export function SpreadTable({
  kind,
  feed,
  filters,
  onSort,
  venues,
  favorites,
  label,
  detailPath,
  pager,
}: Props) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [settings] = useSettings();
  const width = useWidthClass();
  const [chosen, setChosen] = useColumnPrefs(kind === 'premium' ? 'premium' : 'arbitrage');
  const columns = useMemo(
    () => visibleColumns(kind, filters.premiumType, width, chosen, filters.sort),
    [kind, filters.premiumType, width, chosen, filters.sort],
  );
  const showRoute = filters.source === null || filters.target === null;
  const grid = useMemo(
    () => gridTemplate(columns, GAP_PX[width], showRoute, width === 'sm'),
    [columns, width, showRoute],
  );
  const scrollRef = useRef<HTMLElement>(null);
  const heldRef = useRef(false);
  const [held, setHeld] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  const response = feed.data;
  const source = response?.data;
  const { pins, owned } = favorites;
  // The order last shown: the next snapshot's sort starts from it (same result, far fewer comparisons).
  const liveOrder = useRef<LiveSpreadOrder | null>(null);
  const arranged = useMemo(() => {
    const rows = source ?? [];
    const kept = filters.owned ? onlyOwned(rows, owned) : rows;
    liveOrder.current ??= new LiveSpreadOrder();
    return liveOrder.current.arrange(kept, filters.sort, filters.order, pins);
  }, [source, filters.owned, filters.sort, filters.order, owned, pins]);
  const orderKey = useMemo(
    () => `${kind}:${JSON.stringify(filters)}:${[...pins].join(',')}`,
    [kind, filters, pins],
  );
  const fullRows = useHeldOrder(arranged, heldRef, orderKey, !feed.isPlaceholder);
  // Rows the server gated (spec §6) go back to their places; they carry no numbers to sort or flash.
  const gatedRows = response?.gatedRows;
  const rows = useMemo(
    () => mergeGatedRows(fullRows, filters.owned ? gatedRows?.filter((g) => owned.has(g.base)) : gatedRows),
    [fullRows, gatedRows, filters.owned, owned],
  );
  const display = useCallback<DisplayOf>(
    (field, value) => {
      if (field === 'volume') return formatCompact(value, settings.currency, language);
      if (field === 'sourcePrice' || field === 'targetPrice' || field === 'priceDiff') {
        return formatPrice(value, settings.currency, language);
      }
      return formatPercent(value);
    },
    [settings.currency, language],
  );
  const reducedMotion = useReducedMotion();
  const tracked = useRowFlashes(source, feed.viewKey, feed.isPlaceholder, display);
  const flashes = reducedMotion ? NO_FLASHES : tracked;
  const compact = width === 'sm';
  // Closed rows have a fixed height (CSS matches it), so only open rows need measuring.
  const rowHeight = (compact ? 40 : 34) + (showRoute ? 8 : 0);

  // The order holds while the pointer is over the rows, the keyboard focus is in them or a row is open: on a
  // phone there is no hover, and a row opened by a tap must not slide away while its details are read.
  const holders = useRef({ pointer: false, focus: false, open: false });
  const setHold = useCallback((value: boolean, by: 'pointer' | 'focus' | 'open') => {
    holders.current[by] = value;
    const hold = holders.current.pointer || holders.current.focus || holders.current.open;
    heldRef.current = hold;
    setHeld(hold);
  }, []);
  const anyOpen = expanded.size > 0;
  useEffect(() => setHold(anyOpen, 'open'), [anyOpen, setHold]);
  const toggle = useCallback((id: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const sideNames = useMemo(() => {
    const venueName = (id: string | null, side: 'source' | 'target') =>
      id
        ? t(`venues.${id}` as 'venues.upbit')
        : t(side === 'source' ? 'spread.anySource' : 'spread.anyTarget');
    return { source: venueName(filters.source, 'source'), target: venueName(filters.target, 'target') };
  }, [t, filters.source, filters.target]);
  const staleTitle = t('premium.staleTitle', { seconds: FRESHNESS_MS[settings.interval] / 1000 });
  const total = response?.total ?? 0;
  const style = {
    '--ptable-cols': grid.tracks,
    '--row-height': `${rowHeight}px`,
    minWidth: compact ? undefined : `${grid.minWidth + 2 * 16}px`,
  } as CSSProperties;

  return (
    <div className="ptable-wrap">
      <div className="ptable-toolbar">
        <span className="ptable-toolbar__count num" data-testid="premium-count">
          {response ? t('spread.count', { count: rows.length }) : feed.error ? '' : t('common.loading')}
        </span>
        {compact ? (
          <span className="num">
            {t('premium.unit', { currency: t(`settings.currencies.${settings.currency}`) })}
          </span>
        ) : null}
        {pager ? (
          <TablePager
            {...pager}
            onPage={(page) => {
              scrollRef.current?.scrollTo({ top: 0 });
              pager.onPage(page);
            }}
          />
        ) : response && total > (source?.length ?? 0) ? (
          <span className="ptable-toolbar__partial">
            {t('premium.partial', { shown: source?.length ?? 0, total })}
          </span>
        ) : null}
        {pins.size > 0 ? (
          <span className="ptable-toolbar__pins" data-testid="pin-count">
            {t('favorites.pinCount', { count: pins.size, max: favorites.limits.pins })}
          </span>
        ) : null}
        <span className="ptable-toolbar__spacer" />
        {/* Always laid out, shown only while held: appearing would re-wrap a narrow toolbar and move the rows
            down under the pointer or finger that just reached for one. */}
        <span
          className={`ptable-toolbar__held${held ? '' : ' is-off'}`}
          data-testid={held ? 'order-held' : undefined}
          title={held ? t('premium.heldTitle') : undefined}
          aria-hidden={!held}
        >
          <span aria-hidden="true">⏸</span> {t('premium.held')}
        </span>
        <span className="ptable-toolbar__updated num" data-testid="premium-updated">
          {response ? t('status.lastUpdate', { time: formatClock(response.updatedAt, language) }) : ''}
        </span>
        {compact ? null : (
          <Columns
            kind={kind}
            premiumType={filters.premiumType}
            width={width}
            chosen={chosen}
            onChange={setChosen}
            sideNames={sideNames}
          />
        )}
      </div>
      <section
        ref={scrollRef}
        aria-label={label}
        className={`ptable-scroll spread-scroll${feed.isPlaceholder ? ' is-pending' : ''}`}
        onPointerEnter={(event) => {
          if (event.pointerType === 'mouse' || event.pointerType === 'pen') setHold(true, 'pointer');
        }}
        onPointerLeave={() => setHold(false, 'pointer')}
        // While a control in a row has the keyboard focus the order holds too: the focused row stays where the
        // reader's eyes are, and Tab goes on to the row shown below it.
        onFocus={() => setHold(true, 'focus')}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHold(false, 'focus');
        }}
      >
        <table
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-busy={feed.isLoading || feed.isPlaceholder}
          className="ptable spread-table"
          style={style}
          data-testid="premium-table"
          data-kind={kind}
          // Which snapshot the rows on screen come from (the benchmark counts the snapshots actually drawn).
          data-updated-at={response?.updatedAt}
        >
          <thead className="ptable__head-group">
            <Header
              kind={kind}
              columns={columns}
              filters={filters}
              onSort={onSort}
              venues={venues}
              sideNames={sideNames}
              compact={compact}
            />
          </thead>
          <SpreadTableBody
            rows={rows}
            scrollRef={scrollRef}
            rowHeight={rowHeight}
            columns={columns}
            flashes={flashes}
            expanded={expanded}
            pins={pins}
            owned={owned}
            showRoute={showRoute}
            onToggle={toggle}
            onPin={favorites.togglePin}
            onOwn={favorites.toggleOwned}
            currency={settings.currency}
            language={language}
            compact={compact}
            staleTitle={staleTitle}
            t={t}
            detailPath={detailPath}
          />
        </table>
        <TableState
          feed={feed}
          empty={rows.length === 0}
          venuesUp={venues ? venuesUp(venues).up : undefined}
          emptyHint={
            filters.owned
              ? t('favorites.ownedEmpty')
              : filters.search
                ? t('spread.searchEmpty', { search: filters.search })
                : undefined
          }
        />
      </section>
    </div>
  );
}

interface BodyProps {
  readonly rows: readonly (SpreadRow | GatedRow)[];
  readonly scrollRef: RefObject<HTMLElement | null>;
  readonly rowHeight: number;
  readonly columns: readonly ColumnId[];
  readonly flashes: FlashState;
  readonly expanded: ReadonlySet<string>;
  readonly pins: ReadonlySet<string>;
  readonly owned: ReadonlySet<string>;
  readonly showRoute: boolean;
  readonly onToggle: (id: string) => void;
  readonly onPin: (id: string) => void;
  readonly onOwn: (base: string) => void;
  readonly currency: Currency;
  readonly language: Language;
  readonly compact: boolean;
  readonly staleTitle: string;
  readonly t: TFunction;
  readonly detailPath: (symbol: string) => string;
}

/** The id of the row in `table` holding the keyboard focus. */
function focusedRow(table: HTMLElement | null): string | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  if (!table || !active || !table.contains(active)) return null;
  return active.closest('[data-row-id]')?.getAttribute('data-row-id') ?? null;
}

const FIRST_PAINT_RECT = { width: 1280, height: 800 };
/**
 * The server's drawing (first-paint/render-page.tsx) is not scrolled before the app replaces it: it holds the
 * rows a 1080-px-high screen shows below the page's header and none beyond, each one more for the browser to lay
 * out and paint before its first frame.
 */
const DRAWN_RECT = { width: 1280, height: 720 };

/** Item keys while no row is open: every row has the fixed height, so the index is all the size cache needs. */
const byIndex = (index: number) => index;

/**
 * The rows in view (TanStack Virtual). The virtualizer lives here, so a scroll frame re-renders this body and
 * not the toolbar and headers; each row skips re-rendering unless its values, flashes or place changed.
 */
const SpreadTableBody = memo(function SpreadTableBody({
  rows,
  scrollRef,
  rowHeight,
  columns,
  flashes,
  expanded,
  pins,
  owned,
  showRoute,
  onToggle,
  onPin,
  onOwn,
  currency,
  language,
  compact,
  staleTitle,
  t,
  detailPath,
}: BodyProps) {
  // With a row open, keys follow the rows (an open row is a different item for the size cache, so closing it
  // falls back to the fixed height). With none open they stay the same between snapshots: a new key function
  // makes the virtualizer rebuild its measurements of every row.
  const byRow = useCallback(
    (index: number) => {
      const id = rows[index]?.id;
      if (id === undefined) return index;
      return expanded.has(id) ? `${id}:open` : id;
    },
    [rows, expanded],
  );
  const drawn = useContext(AssumedViewportContext) > 0;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // Before the scroll area is measured (the server's first paint, the browser's first render): a screenful of
    // rows, so the table paints with its rows instead of a frame later.
    initialRect: drawn ? DRAWN_RECT : FIRST_PAINT_RECT,
    overscan: drawn ? 0 : 6,
    getItemKey: expanded.size > 0 ? byRow : byIndex,
    // Scroll renders join React's batch instead of forcing a synchronous commit inside the scroll event.
    useFlushSync: false,
    // A scroll re-renders the rows only when it brings rows in or out of view: a closed row's place is fixed
    // (its index × the row height), so a scroll within the same rows has nothing for React to do. (The library
    // would also place measured rows itself, but none are measured while all are closed; with a row open every
    // scroll re-renders, so rows below it follow its measured height.)
    directDomUpdates: expanded.size === 0,
  });
  const items = virtualizer.getVirtualItems();
  const rowKeys = useRef<RowKeys | null>(null);
  rowKeys.current ??= new RowKeys();
  const keys = rowKeys.current.keys(
    items.map((item) => rows[item.index]?.id ?? `#${item.index}`),
    focusedRow(scrollRef.current),
  );
  return (
    <tbody className="ptable__body" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item, at) => {
        const row = rows[item.index];
        const key = keys[at];
        if (!row) return null;
        if (isGatedRow(row)) {
          return (
            <GatedTableRow
              key={key}
              row={row}
              index={item.index}
              start={item.start}
              columnCount={columns.length}
              showRoute={showRoute}
              t={t}
            />
          );
        }
        const open = expanded.has(row.id);
        return (
          // Keyed by row (lib/row-keys.ts): after a re-sort the rows that only shifted keep their elements (only
          // their transform changes, lib/row-place.ts), and only rows that came into view, jumped or changed their
          // values draw anew. Keyed by place, every row below one that came or went would show another row's
          // numbers, so each tick rewrote and re-laid out the whole screen.
          <SpreadTableRow
            key={key}
            row={row}
            index={item.index}
            start={item.start}
            columns={columns}
            flashes={flashes.get(row.id)}
            expanded={open}
            pinned={pins.has(row.id)}
            owned={owned.has(row.base)}
            showRoute={showRoute}
            onToggle={onToggle}
            onPin={onPin}
            onOwn={onOwn}
            currency={currency}
            language={language}
            compact={compact}
            staleTitle={staleTitle}
            t={t}
            detailPath={detailPath(row.source.symbol)}
            measure={open ? virtualizer.measureElement : undefined}
          />
        );
      })}
    </tbody>
  );
});

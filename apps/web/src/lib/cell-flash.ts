import type { PremiumRow, PremiumTableRow } from '@spreadscope/contracts';

/**
 * Which cells changed between two snapshots, and which way, so the table can flash them in the direction's
 * colour (UI.md "Live data"). Kept free of React so the rules are testable.
 */
export const FLASH_FIELDS = [
  'sourcePrice',
  'targetPrice',
  'gap',
  'priceDiff',
  'volume',
  'entryGap',
  'exitGap',
  'netGap',
] as const;
export type FlashField = (typeof FLASH_FIELDS)[number];
export type Direction = 'up' | 'down';

/** The full spread row (premium and arbitrage tables) adds entry, exit and fee-adjusted gaps to the first row. */
type FlashRow = PremiumRow & Partial<Pick<PremiumTableRow, 'entryGapPercent' | 'exitGapPercent' | 'fees'>>;

/** The number behind a flashing cell (NaN when the row has none). */
export function fieldValue(row: FlashRow, field: FlashField): number {
  switch (field) {
    case 'sourcePrice':
      return row.source.price;
    case 'targetPrice':
      return row.target.price;
    case 'gap':
      return row.gapPercent;
    case 'priceDiff':
      return row.priceDiff;
    case 'volume':
      return row.source.volume24h ?? Number.NaN;
    case 'entryGap':
      return row.entryGapPercent ?? Number.NaN;
    case 'exitGap':
      return row.exitGapPercent ?? Number.NaN;
    case 'netGap':
      return row.fees?.netGapPercent ?? Number.NaN;
  }
}

export function direction(previous: number, next: number): Direction | null {
  if (!Number.isFinite(previous) || !Number.isFinite(next) || previous === next) return null;
  return next > previous ? 'up' : 'down';
}

/**
 * How a value reads on screen. A change the reader cannot see (a gap moving in its fifth decimal as the rate
 * jitters) must not flash, so values that format alike count as unchanged.
 */
export type DisplayOf = (field: FlashField, value: number) => string;

/**
 * A running flash: its direction, when it started, and a parity bit. The parity alternates between two
 * identical CSS animations so a cell that changes again mid-flash restarts its animation instead of being
 * ignored by the browser (same class, same running animation).
 */
export interface Flash {
  readonly dir: Direction;
  readonly at: number;
  readonly parity: 0 | 1;
}
/** A row's flashes: a cell keeps its last flash (run out or not) until the cell changes again. */
export type RowFlashes = Readonly<Partial<Record<FlashField, Flash>>>;
export type FlashState = ReadonlyMap<string, RowFlashes>;

/** Matches --flash-ms in styles/tokens.css: long enough to notice, short enough for 0.5 s updates. */
export const FLASH_MS = 700;

/**
 * The flashes of one live table, carried from snapshot to snapshot. Snapshots are compared only within one view:
 * switching currency, base or filters changes every number without anything having moved, and must not light
 * up the table; a row that just appeared does not flash either.
 *
 * A row's record is replaced only when one of its cells moves, so every other row keeps the same record (and
 * the table can skip re-rendering it); records whose flash ran out stay, and `flashClass` shows nothing for
 * them. Keeping them also lets a cell that moves again alternate its parity, so its animation restarts even if
 * the previous flash ended without the cell being redrawn. Each row is compared against the numbers it had in
 * the previous snapshot, kept in place: a 7,000-row table is compared several times a second.
 */
export class FlashTracker {
  private view: string | null = null;
  /**
   * The numbers each row showed last: FIELD_COUNT numbers (FLASH_FIELDS order) per slot, a slot per row id.
   * Numbers, not the rows themselves: a decoded snapshot is thousands of new objects, and holding the previous
   * one until the next arrives would keep two whole tables alive (and make the garbage collector copy both).
   */
  private values = new Float64Array(0);
  /** How each of those numbers reads on screen, where known (`display` of the last change), by the same index. */
  private shown: (string | undefined)[] = [];
  private lastDisplay: DisplayOf | undefined;
  private readonly slotOf = new Map<string, number>();
  private freeSlots: number[] = [];
  /** The ids of the last snapshot in its order, and their slots: a row that kept its place needs no lookup. */
  private ids: string[] = [];
  private slotAt = new Int32Array(0);
  /**
   * The row whose numbers each slot holds. After an update these are the rows of that snapshot (alive anyway), so
   * nothing older is kept; a row that is still the same object, wherever it moved in the order, is skipped
   * without reading a number (a feed built from deltas keeps every row that did not change).
   */
  private rowOf: (FlashRow | undefined)[] = [];
  private readonly records = new Map<string, RowFlashes>();

  get state(): FlashState {
    return this.records;
  }

  /**
   * Takes a snapshot (applying it twice changes nothing) and returns the flash records of its rows. `display`
   * tells whether a change shows on screen.
   */
  update(rows: readonly FlashRow[], view: string, now: number, display?: DisplayOf): FlashState {
    const { records, slotOf } = this;
    const fresh = view !== this.view;
    // Another language or currency reads numbers differently: what was shown says nothing about the new text.
    if (display !== this.lastDisplay) {
      this.lastDisplay = display;
      this.shown.fill(undefined);
    }
    if (fresh) {
      this.view = view;
      slotOf.clear();
      records.clear();
      this.freeSlots = [];
      this.ids = [];
      this.rowOf = [];
      this.shown.fill(undefined);
    }
    const n = rows.length;
    const ids = new Array<string>(n);
    const slotAt = new Int32Array(n);
    const { ids: lastIds, slotAt: lastSlotAt } = this;
    const { rowOf } = this;
    for (let i = 0; i < n; i++) {
      const row = rows[i] as FlashRow;
      const id = row.id;
      ids[i] = id;
      const slot = lastIds[i] === id ? (lastSlotAt[i] as number) : (slotOf.get(id) ?? -1);
      if (slot < 0) {
        // A row new to the table (or to the view): its numbers become the baseline, nothing flashes.
        const added = this.allocate(id);
        slotAt[i] = added;
        rowOf[added] = row;
        readFields(row, this.values, added * FIELD_COUNT);
        continue;
      }
      slotAt[i] = slot;
      if (rowOf[slot] === row) continue;
      rowOf[slot] = row;
      const record = this.compare(row, slot, now, display);
      if (record) records.set(id, record);
    }
    this.ids = ids;
    this.slotAt = slotAt;
    if (slotOf.size > n) {
      // Rows left the table: forget them, so a row that comes back later does not flash against old numbers.
      const present = new Set<string>(ids);
      for (const [id, slot] of slotOf) {
        if (present.has(id)) continue;
        slotOf.delete(id);
        records.delete(id);
        rowOf[slot] = undefined;
        this.freeSlots.push(slot);
      }
    }
    return records;
  }

  /** The row's new flash record when one of its cells moved visibly, after storing its numbers in the slot. */
  private compare(
    row: FlashRow,
    slot: number,
    now: number,
    display: DisplayOf | undefined,
  ): RowFlashes | undefined {
    const { values, scratch, shown } = this;
    readFields(row, scratch, 0);
    const at = slot * FIELD_COUNT;
    let record: Partial<Record<FlashField, Flash>> | undefined;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const from = values[at + f] as number;
      const to = scratch[f] as number;
      if (from === to || (Number.isNaN(from) && Number.isNaN(to))) continue;
      values[at + f] = to;
      const dir = direction(from, to);
      const field = FLASH_FIELDS[f] as FlashField;
      if (!dir) {
        shown[at + f] = undefined;
        continue;
      }
      if (display) {
        // What the cell read before is usually known from the last change: one number formatted, not two.
        const before = shown[at + f] ?? display(field, from);
        const after = display(field, to);
        shown[at + f] = after;
        if (before === after) continue;
      }
      record ??= { ...this.records.get(row.id) };
      const previous = record[field];
      record[field] = { dir, at: now, parity: previous?.parity === 0 ? 1 : 0 };
    }
    return record;
  }

  private allocate(id: string): number {
    let slot = this.freeSlots.pop();
    if (slot !== undefined) this.shown.fill(undefined, slot * FIELD_COUNT, (slot + 1) * FIELD_COUNT);
    else {
      slot = this.slotOf.size;
      if ((slot + 1) * FIELD_COUNT > this.values.length) {
        const grown = new Float64Array(Math.max(64, 2 * (slot + 1)) * FIELD_COUNT);
        grown.set(this.values);
        this.values = grown;
        const shown = new Array<string | undefined>(grown.length).fill(undefined);
        for (let i = 0; i < this.shown.length; i++) shown[i] = this.shown[i];
        this.shown = shown;
      }
    }
    this.slotOf.set(id, slot);
    return slot;
  }

  private readonly scratch = new Float64Array(FIELD_COUNT);
}

const FIELD_COUNT = FLASH_FIELDS.length;

/**
 * The numbers of every flashing field of a row, in FLASH_FIELDS order (as `fieldValue` reads them), written into
 * `out` from `at`. Spelled out rather than looped over `fieldValue`: it runs for every row of every snapshot.
 */
function readFields(row: FlashRow, out: Float64Array, at: number): void {
  out[at] = row.source.price;
  out[at + 1] = row.target.price;
  out[at + 2] = row.gapPercent;
  out[at + 3] = row.priceDiff;
  out[at + 4] = row.source.volume24h ?? Number.NaN;
  out[at + 5] = row.entryGapPercent ?? Number.NaN;
  out[at + 6] = row.exitGapPercent ?? Number.NaN;
  out[at + 7] = row.fees?.netGapPercent ?? Number.NaN;
}

/** The class a cell wears now, or '' once its flash has run out (so a remounted row does not replay it). */
export function flashClass(flash: Flash | undefined, now: number, ttl = FLASH_MS): string {
  if (!flash || now - flash.at >= ttl) return '';
  return `flash-${flash.dir}-${flash.parity}`;
}

import type { OrderEntry, RowPatch } from './ws.ts';

/**
 * The delta protocol of the table topics (ws.ts explains it): `diffTable` is what the server sends to turn one
 * state of a table into the next, `applyTableDelta` what a client does with it. Both treat values as JSON
 * does: a key holding `undefined` is absent, and applying a delta to the parsed base gives the parsed next
 * state, value for value.
 */

/** A row of a table topic: keyed by `id`. */
export interface DeltaRow {
  readonly id: string;
}

/** A table response: its rows in display order, and other fields (updatedAt, total, rates, …). */
export interface DeltaTable<R extends DeltaRow = DeltaRow> {
  readonly data: readonly R[];
  readonly updatedAt?: number;
}

/** A delta message without its envelope (type, topic, key, seq, base). Empty parts are omitted. */
export interface TableDeltaBody<R extends DeltaRow = DeltaRow> {
  upserts?: R[];
  paths?: string[];
  patches?: RowPatch[];
  removed?: string[];
  order?: OrderEntry[];
  fields?: Record<string, unknown>;
  unset?: string[];
}

type Json = Record<string, unknown>;

const SHAPE = Symbol('shape');

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two values read the same as JSON (keys holding undefined are absent; key order is irrelevant). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN is not JSON: both sides would send null.
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const x = a as Json;
  const y = b as Json;
  for (const key in x) if (x[key] !== undefined && !sameJson(x[key], y[key])) return false;
  for (const key in y) if (y[key] !== undefined && x[key] === undefined) return false;
  return true;
}

/** Two arrays of objects, of one length: patched element by element. */
function sameLengthObjects(a: unknown, b: unknown): a is Json[] {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length || a.length === 0) return false;
  for (let i = 0; i < a.length; i++) if (!isObject(a[i]) || !isObject(b[i])) return false;
  return true;
}

/** The paths a delta's patches set, each numbered once. */
class PathTable {
  readonly paths: string[] = [];
  private readonly index = new Map<string, number>();
  of(path: string): number {
    let at = this.index.get(path);
    if (at === undefined) {
      at = this.paths.length;
      this.paths.push(path);
      this.index.set(path, at);
    }
    return at;
  }
}

/**
 * What changed from `a` to `b`, as (path, value) pairs appended to `out`: false when nothing did, SHAPE when a
 * key came or went (a patch only sets values, so such a row travels whole) or a key holds a dot.
 */
function patchOf(a: Json, b: Json, prefix: string, paths: PathTable, out: unknown[]): boolean | typeof SHAPE {
  let changed = false;
  for (const key in b) {
    const bv = b[key];
    const av = a[key];
    if (bv === undefined || av === undefined) {
      if (bv !== av) return SHAPE;
      continue;
    }
    if (av === bv) continue;
    if (sameLengthObjects(av, bv)) {
      // Elements patched in place (a network's fee value moves with the price); whole when one changed shape.
      if (key.includes('.')) return SHAPE;
      const inner: unknown[] = [];
      let shape = false;
      let moved = false;
      for (let i = 0; i < av.length && !shape; i++) {
        const step = patchOf(av[i] as Json, (bv as Json[])[i] as Json, `${prefix}${key}.${i}.`, paths, inner);
        if (step === SHAPE) shape = true;
        else moved ||= step;
      }
      if (shape) out.push(paths.of(`${prefix}${key}`), bv);
      else if (moved) for (const value of inner) out.push(value);
      changed ||= shape || moved;
      continue;
    }
    if (isObject(av) && isObject(bv)) {
      if (key.includes('.')) return SHAPE;
      const inner = patchOf(av, bv, `${prefix}${key}.`, paths, out);
      if (inner === SHAPE) return SHAPE;
      changed ||= inner;
      continue;
    } else if (sameJson(av, bv)) continue;
    if (key.includes('.')) return SHAPE;
    out.push(paths.of(`${prefix}${key}`), bv);
    changed = true;
  }
  for (const key in a) if (a[key] !== undefined && b[key] === undefined) return SHAPE;
  return changed;
}

/**
 * The delta from `base` to `next`: rows matched by id, changed rows as patches (whole when their shape
 * changed), the order as runs of the base order when it changed, and the other fields that changed.
 */
export function diffTable<R extends DeltaRow>(base: DeltaTable<R>, next: DeltaTable<R>): TableDeltaBody<R> {
  const baseRows = base.data;
  const nextRows = next.data;
  const before = base as unknown as Json;
  const after = next as unknown as Json;
  const baseIndex = new Map<string, number>();
  for (let i = 0; i < baseRows.length; i++) baseIndex.set((baseRows[i] as R).id, i);

  const body: TableDeltaBody<R> = {};
  const upserts: R[] = [];
  const patches: RowPatch[] = [];
  const paths = new PathTable();
  let sameOrder = baseRows.length === nextRows.length;
  for (let i = 0; i < nextRows.length; i++) {
    const row = nextRows[i] as R;
    const at = baseIndex.get(row.id);
    if (at !== i) sameOrder = false;
    if (at === undefined) {
      upserts.push(row);
      continue;
    }
    const patch: RowPatch = [row.id];
    const changed = patchOf(baseRows[at] as unknown as Json, row as unknown as Json, '', paths, patch);
    if (changed === SHAPE) upserts.push(row);
    else if (changed) patches.push(patch);
  }
  if (upserts.length > 0) body.upserts = upserts;
  if (patches.length > 0) {
    body.paths = paths.paths;
    body.patches = patches;
  }

  if (!sameOrder) {
    const order: OrderEntry[] = [];
    const present = new Set<string>();
    let run: [number, number] | null = null;
    for (const row of nextRows) {
      present.add(row.id);
      const at = baseIndex.get(row.id);
      if (at === undefined) {
        order.push(row.id);
        run = null;
      } else if (run !== null && run[0] + run[1] === at) run[1]++;
      else {
        run = [at, 1];
        order.push(run);
      }
    }
    body.order = order;
    const removed = baseRows.filter((row) => !present.has(row.id)).map((row) => row.id);
    if (removed.length > 0) body.removed = removed;
  }

  const fields: Json = {};
  let changed = false;
  for (const key in after) {
    if (key === 'data' || after[key] === undefined || sameJson(before[key], after[key])) continue;
    fields[key] = after[key];
    changed = true;
  }
  if (changed) body.fields = fields;
  const unset = Object.keys(before).filter(
    (key) => key !== 'data' && before[key] !== undefined && after[key] === undefined,
  );
  if (unset.length > 0) body.unset = unset;
  return body;
}

/** `value[key]` when `key` is its own (an array's index within it), else undefined. */
function ownValue(value: Json | unknown[], key: string): unknown {
  if (Array.isArray(value)) {
    const i = Number(key);
    return Number.isInteger(i) && i >= 0 && i < value.length && String(i) === key ? value[i] : undefined;
  }
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Whether a delta changes nothing at all. */
export function isEmptyDelta(body: TableDeltaBody): boolean {
  for (const key in body) if (body[key as keyof TableDeltaBody] !== undefined) return false;
  return true;
}

/** A delta that does not fit the state it was applied to: the client must resubscribe. */
export class DeltaMismatchError extends Error {
  override readonly name = 'DeltaMismatchError';
}

/** A client's copy of a table: the table as last built, and its rows by id. */
export interface TableState<T extends DeltaTable> {
  readonly table: T;
  readonly rows: Map<string, T['data'][number]>;
}

export function tableState<T extends DeltaTable>(table: T): TableState<T> {
  const rows = new Map<string, T['data'][number]>();
  for (const row of table.data) rows.set(row.id, row);
  return { table, rows };
}

/**
 * A copy of `row` with the values of a flat patch set at their paths: each
 * object on the way is copied once — an object of the copy that is still the row's own has not been — and
 * the others stay shared with `row`.
 */
function patched(row: DeltaRow, patch: RowPatch, paths: readonly string[][]): DeltaRow {
  const original = row as unknown as Json;
  const out: Json = { ...original };
  for (let k = 1; k < patch.length; k += 2) {
    const path = paths[patch[k] as number];
    if (path === undefined) throw new DeltaMismatchError(`unknown path ${String(patch[k])}`);
    let parent = out;
    let before: Json | undefined = original;
    for (let s = 0; s < path.length - 1; s++) {
      const key = path[s] as string;
      const child = ownValue(parent, key);
      if (!isObject(child) && !Array.isArray(child))
        throw new DeltaMismatchError(`no object at ${path.slice(0, s + 1).join('.')}`);
      const own: unknown = before === undefined ? undefined : ownValue(before, key);
      if (child === own) {
        const copy = Array.isArray(child) ? [...child] : { ...child };
        parent[key] = copy;
        parent = copy as Json;
      } else parent = child as Json;
      before = isObject(own) || Array.isArray(own) ? (own as Json) : undefined;
    }
    const last = path[path.length - 1] as string;
    if (Array.isArray(parent) && ownValue(parent, last) === undefined)
      throw new DeltaMismatchError(`no element at ${path.join('.')}`);
    parent[last] = patch[k + 1];
  }
  return out as unknown as DeltaRow;
}

/**
 * The next state: rows the delta does not touch stay the very objects they were, changed rows are new objects that share their unchanged parts. The previous state's row index
 * is updated in place and handed on: keep only the state returned. Throws DeltaMismatchError when the delta
 * names rows or places the state does not have.
 */
export function applyTableDelta<T extends DeltaTable>(
  state: TableState<T>,
  delta: TableDeltaBody,
): TableState<T> {
  type Row = T['data'][number];
  const { rows } = state;
  const baseRows = state.table.data;
  const upserts = delta.upserts ?? [];
  const patches = delta.patches ?? [];
  const changed = upserts.length + patches.length > 0 ? new Map<string, Row>() : null;
  for (const row of upserts) {
    if (!delta.order && !rows.has(row.id)) throw new DeltaMismatchError(`new row ${row.id} without an order`);
    changed?.set(row.id, row as Row);
  }
  const paths = (delta.paths ?? []).map((path) => path.split('.'));
  for (const patch of patches) {
    const id = patch[0];
    const before = rows.get(id);
    if (before === undefined) throw new DeltaMismatchError(`patch of unknown row ${id}`);
    changed?.set(id, patched(before, patch, paths) as Row);
  }
  // A row of the base: its new version, or itself.
  const nextOf = (row: Row): Row => changed?.get(row.id) ?? row;

  let data: Row[];
  if (delta.order) {
    data = [];
    for (const entry of delta.order) {
      if (typeof entry === 'string') {
        const known = changed?.get(entry) ?? rows.get(entry);
        if (known === undefined) throw new DeltaMismatchError(`unknown row ${entry}`);
        data.push(known);
        continue;
      }
      const [start, count] = entry;
      if (start + count > baseRows.length) throw new DeltaMismatchError(`run ${start}+${count} out of range`);
      for (let i = start; i < start + count; i++) data.push(nextOf(baseRows[i] as Row));
    }
    for (const id of delta.removed ?? []) rows.delete(id);
  } else {
    if ((delta.removed?.length ?? 0) > 0) throw new DeltaMismatchError('rows removed without an order');
    data = baseRows.map(nextOf);
  }
  // The index follows every row that is a new object.
  if (changed) for (const [id, row] of changed) rows.set(id, row);
  if (rows.size !== data.length) throw new DeltaMismatchError('the rows do not add up to the page');

  const table = { ...(state.table as unknown as Json) };
  for (const key of delta.unset ?? []) delete table[key];
  if (delta.fields) Object.assign(table, delta.fields);
  table.data = data;
  return { table: table as unknown as T, rows };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyTableDelta,
  DeltaMismatchError,
  diffTable,
  isEmptyDelta,
  sameJson,
  type TableDeltaBody,
  tableState,
} from './ws-delta.ts';

interface Row {
  id: string;
  durationSince: number | null;
  gap: number;
  stale: boolean;
  leg: { price: number; bid: number | null; venue: string };
  maxEntry: { size: number; sizeUsd?: number } | null;
  networks: { network: string; fee: number | null }[];
  note?: string;
}
interface Table {
  data: Row[];
  total: number;
  updatedAt: number;
  rates: { usdKrw: number | null };
  gatedRows?: { id: string; position: number }[];
}

/** What goes over the wire and comes out of JSON.parse on the other side. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const rowArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    durationSince: fc.option(fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }), { nil: null }),
    gap: fc.double({ min: -50, max: 50, noNaN: true }),
    stale: fc.boolean(),
    leg: fc.record({
      price: fc.double({ min: 0.0001, max: 1e6, noNaN: true }),
      bid: fc.option(fc.double({ min: 0.0001, max: 1e6, noNaN: true }), { nil: null }),
      venue: fc.constantFrom('upbit', 'binance', 'okx'),
    }),
    maxEntry: fc.option(
      fc.record(
        { size: fc.integer({ min: 0, max: 1e6 }), sizeUsd: fc.integer({ min: 0, max: 1e6 }) },
        { requiredKeys: ['size'] },
      ),
      { nil: null },
    ),
    networks: fc.array(
      fc.record({
        network: fc.constantFrom('ETH', 'SOL'),
        fee: fc.option(fc.integer({ max: 100 }), { nil: null }),
      }),
      { maxLength: 2 },
    ),
    note: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }),
  });

const ID_POOL = Array.from({ length: 30 }, (_, i) => `upbit-binance-T${i}`);

const tableArb: fc.Arbitrary<Table> = fc
  .tuple(
    fc.shuffledSubarray(ID_POOL, { minLength: 0, maxLength: 20 }),
    fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }),
    fc.option(fc.integer({ min: 1300, max: 1500 }), { nil: null }),
    fc.option(
      fc.array(fc.record({ id: fc.constantFrom(...ID_POOL), position: fc.nat(20) }), { maxLength: 3 }),
      {
        nil: undefined,
      },
    ),
  )
  .chain(([ids, updatedAt, usdKrw, gatedRows]) =>
    fc.tuple(...ids.map(rowArb)).map((data) => ({
      data,
      total: data.length,
      updatedAt,
      rates: { usdKrw },
      ...(gatedRows === undefined ? {} : { gatedRows }),
    })),
  );

/**
 * The next state of a table the way a market moves one: some rows change a few values, some leave, some come,
 * the order changes or not, the clock moves, other fields change.
 */
function nextOf(base: Table, maxElapsed = 5_000): fc.Arbitrary<Table> {
  return fc
    .record({
      elapsed: fc.integer({ min: 0, max: maxElapsed }),
      changes: fc.array(fc.tuple(fc.nat(), fc.nat(6), fc.double({ min: -1e3, max: 1e3, noNaN: true })), {
        maxLength: 8,
      }),
      drop: fc.array(fc.nat(), { maxLength: 3 }),
      add: fc.shuffledSubarray(ID_POOL, { maxLength: 3 }).chain((ids) => fc.tuple(...ids.map(rowArb))),
      reorder: fc.boolean(),
      seed: fc.nat(),
      usdKrw: fc.option(fc.integer({ min: 1300, max: 1500 }), { nil: null }),
      gated: fc.option(fc.array(fc.record({ id: fc.constantFrom(...ID_POOL), position: fc.nat(20) })), {
        nil: undefined,
      }),
    })
    .map(({ elapsed, changes, drop, add, reorder, seed, usdKrw, gated }) => {
      let data = [...base.data];
      for (const [at, what, value] of changes) {
        const i = at % Math.max(1, data.length);
        const row = data[i];
        if (!row) continue;
        const copy: Row = { ...row, leg: { ...row.leg } };
        if (what === 0) copy.gap = value;
        else if (what === 1) copy.leg.bid = copy.leg.bid === null ? value : null;
        else if (what === 2) copy.maxEntry = copy.maxEntry ? null : { size: value };
        else if (what === 3) copy.durationSince = value > 0 ? base.updatedAt - Math.round(value) : null;
        else if (what === 4) copy.networks = [...copy.networks, { network: 'ETH', fee: 1 }];
        else if (what === 6 && copy.networks.length > 0)
          copy.networks = copy.networks.map((n, k) => (k === 0 ? { ...n, fee: Math.round(value) } : n));
        else if (copy.note === undefined) copy.note = 'a';
        else delete copy.note;
        data[i] = copy;
      }
      const gone = new Set(drop.map((k) => data[k % Math.max(1, data.length)]?.id));
      data = data.filter((row) => !gone.has(row.id));
      const present = new Set(data.map((row) => row.id));
      data.push(...add.filter((row) => !present.has(row.id)));
      if (reorder) {
        let s = seed;
        for (let i = data.length - 1; i > 0; i--) {
          s = (s * 1103515245 + 12345) >>> 0;
          const j = s % (i + 1);
          [data[i], data[j]] = [data[j] as Row, data[i] as Row];
        }
      }
      return {
        data,
        total: data.length,
        updatedAt: base.updatedAt + elapsed,
        rates: { usdKrw },
        ...(gated === undefined ? {} : { gatedRows: gated }),
      };
    });
}

describe('diffTable and applyTableDelta', () => {
  it('turn every state into the next, as read from JSON, through a chain of deltas', () => {
    const chain = tableArb.chain((first) =>
      fc
        .array(fc.nat(), { minLength: 1, maxLength: 6 })
        .chain((steps) =>
          steps.reduce<fc.Arbitrary<Table[]>>(
            (acc) => acc.chain((tables) => nextOf(tables.at(-1) as Table).map((t) => [...tables, t])),
            fc.constant([first]),
          ),
        ),
    );
    fc.assert(
      fc.property(chain, (tables) => {
        let state = tableState(wire(tables[0] as Table));
        for (let i = 1; i < tables.length; i++) {
          const delta = wire(diffTable(tables[i - 1] as Table, tables[i] as Table));
          const previous = state.table;
          const before = wire(previous);
          state = applyTableDelta(state, delta);
          expect(state.table).toEqual(wire(tables[i]));
          // The previous table is left as it was (what a UI still shows must not change under it).
          expect(previous).toEqual(before);
          expect(state.rows.size).toBe(state.table.data.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the rows the delta leaves alone as the very objects they were', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        tableArb.chain((base) => nextOf(base, 0).map((next) => [base, next] as const)),
        ([base, next]) => {
          const before = tableState(wire(base));
          const delta = wire(diffTable(base, next));
          const touched = new Set([
            ...(delta.upserts ?? []).map((row) => row.id),
            ...(delta.patches ?? []).map((patch) => patch[0]),
          ]);
          const oldRows = new Map(before.table.data.map((row) => [row.id, row]));
          const after = applyTableDelta(before, delta);
          checked++;
          for (const row of after.table.data)
            if (!touched.has(row.id) && oldRows.has(row.id)) expect(row).toBe(oldRows.get(row.id));
        },
      ),
      { numRuns: 200 },
    );
    expect(checked).toBe(200);
  });

  it('sends only what changed: values of changed rows, the moved order as runs, and changed fields', () => {
    const row = (id: string, gap: number, durationSince: number | null = 500): Row => ({
      id,
      durationSince,
      gap,
      stale: false,
      leg: { price: 100, bid: 99, venue: 'upbit' },
      maxEntry: null,
      networks: [],
    });
    const base: Table = {
      data: [row('a', 3), row('b', 2), row('c', 1), row('d', 0)],
      total: 4,
      updatedAt: 1_000,
      rates: { usdKrw: 1400 },
    };
    const moved: Row[] = [
      { ...row('c', 5), leg: { price: 101, bid: 99, venue: 'upbit' } },
      row('a', 3),
      row('b', 2),
      row('e', -1),
    ];
    const delta = diffTable(base, { ...base, data: moved, updatedAt: 1_500 });
    expect(delta).toEqual({
      upserts: [row('e', -1)],
      paths: ['gap', 'leg.price'],
      patches: [['c', 0, 5, 1, 101]],
      order: [[2, 1], [0, 2], 'e'],
      removed: ['d'],
      fields: { updatedAt: 1_500 },
    });
    expect(isEmptyDelta(diffTable(base, wire(base)))).toBe(true);
    // The clock moving alone changes no row: premium durations travel as their start.
    expect(diffTable(base, { ...base, updatedAt: 61_000 })).toEqual({ fields: { updatedAt: 61_000 } });
    // A value inside a list of objects travels alone, by the element's position.
    const routes = (fee: number): Row => ({
      ...row('a', 3),
      networks: [
        { network: 'ETH', fee: 1 },
        { network: 'SOL', fee },
      ],
    });
    expect(diffTable({ ...base, data: [routes(1)] }, { ...base, data: [routes(2)] })).toEqual({
      paths: ['networks.1.fee'],
      patches: [['a', 0, 2]],
    });
    // A run that restarts changes that row only.
    const restarted = [row('a', 3, 60_000), row('b', 2), row('c', 1), row('d', 0)];
    expect(diffTable(base, { ...base, data: restarted })).toEqual({
      paths: ['durationSince'],
      patches: [['a', 0, 60_000]],
    });
  });

  it('refuses a delta that does not fit the state, so the client resubscribes', () => {
    const state = tableState({
      data: [
        { id: 'a', durationSince: null },
        { id: 'b', list: [{ fee: 1 }] },
      ],
      updatedAt: 1,
    });
    const bad: TableDeltaBody[] = [
      { paths: ['gap'], patches: [['zz', 0, 1]] },
      { paths: ['gap'], patches: [['a', 1, 1]] },
      { paths: ['durationSince.x'], patches: [['a', 0, 1]] },
      { paths: ['list.1.fee'], patches: [['b', 0, 1]] },
      { paths: ['list.x'], patches: [['b', 0, 1]] },
      { order: [[0, 3]] },
      { upserts: [{ id: 'new' }] },
      { removed: ['a'] },
      { order: [], removed: [] },
    ];
    for (const delta of bad)
      expect(() => applyTableDelta(tableState(state.table), delta)).toThrow(DeltaMismatchError);
  });

  it('compares as JSON does', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: [1, { x: null }] }, { a: [1, { x: null }] })).toBe(true);
    expect(sameJson({ a: null }, { a: 0 })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson(Number.NaN, Number.NaN)).toBe(true);
  });
});

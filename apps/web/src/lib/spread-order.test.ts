import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrangeSpreadRows, LiveSpreadOrder, onlyOwned } from './spread-order.ts';
import { makeSpreadRow } from './spread-row.fixture.ts';

const ids = (rows: { base: string }[]) => rows.map((row) => row.base);

describe('spread row order', () => {
  const rows = [
    makeSpreadRow('AAA', { gapPercent: 1, fees: { ...makeSpreadRow('x').fees, netGapPercent: 0.5 } }),
    makeSpreadRow('BBB', { gapPercent: 3, fees: { ...makeSpreadRow('x').fees, netGapPercent: -1 } }),
    makeSpreadRow('CCC', { gapPercent: 5, stale: true }),
    makeSpreadRow('DDD', { gapPercent: 2, durationSince: null }),
  ];

  it('ranks by the chosen column and never ranks a stale row above a fresh one', () => {
    expect(ids(arrangeSpreadRows(rows, 'gap', 'desc'))).toEqual(['BBB', 'DDD', 'AAA', 'CCC']);
    expect(ids(arrangeSpreadRows(rows, 'gap', 'asc'))).toEqual(['AAA', 'DDD', 'BBB', 'CCC']);
    // DDD nets 1.8 % after fees (fixture: gap − 0.2), AAA 0.5 %, BBB loses 1 %.
    expect(ids(arrangeSpreadRows(rows, 'netGap', 'desc'))).toEqual(['DDD', 'AAA', 'BBB', 'CCC']);
  });

  it('sorts names alphabetically with stale rows in place', () => {
    expect(ids(arrangeSpreadRows(rows, 'base', 'desc'))).toEqual(['DDD', 'CCC', 'BBB', 'AAA']);
  });

  it('puts unknown values last whichever way the column is sorted', () => {
    expect(ids(arrangeSpreadRows(rows, 'duration', 'desc')).at(-2)).toBe('DDD');
    expect(ids(arrangeSpreadRows(rows, 'duration', 'asc')).at(-2)).toBe('DDD');
  });

  it('keeps pinned rows on top, in the sorted order', () => {
    const pinned = new Set(['upbit-binance-AAA', 'upbit-binance-CCC']);
    expect(ids(arrangeSpreadRows(rows, 'gap', 'desc', pinned))).toEqual(['AAA', 'CCC', 'BBB', 'DDD']);
  });

  it('gives the same order whatever order the last snapshot was shown in', () => {
    const spec = fc.record({
      base: fc.constantFrom('AAA', 'BBB', 'CCC'),
      gap: fc.oneof(fc.constantFrom(0, 1, 2, Number.NaN), fc.double({ min: -5, max: 5, noNaN: true })),
      stale: fc.boolean(),
      duration: fc.option(fc.constantFrom(1, 2, 3)),
      pinned: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(spec, { maxLength: 40 }),
        fc.constantFrom('base', 'gap', 'netGap', 'duration', 'volume' as const),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.array(fc.integer(), { minLength: 41, maxLength: 41 }),
        fc.nat(3),
        (specs, key, order, shuffle, dropped) => {
          const rows = specs.map((s, i) =>
            makeSpreadRow(s.base, {
              id: `r${i}`,
              gapPercent: s.gap,
              stale: s.stale,
              durationSince: s.duration === null ? null : -s.duration,
            }),
          );
          const pinned = new Set(rows.filter((_, i) => specs[i]?.pinned).map((row) => row.id));
          // Any earlier order, with a row no longer there and some of today's rows missing (new ones).
          const previous = [...rows, makeSpreadRow('GONE', { id: 'gone' })]
            .map((row, i) => ({ row, at: shuffle[i] ?? 0 }))
            .sort((a, b) => a.at - b.at)
            .map(({ row }) => row)
            .slice(dropped);
          const fresh = arrangeSpreadRows(rows, key, order, pinned).map((row) => row.id);
          expect(arrangeSpreadRows(rows, key, order, pinned, previous).map((row) => row.id)).toEqual(fresh);
        },
      ),
    );
  });

  it('arranges a live table snapshot after snapshot exactly as a fresh sort would', () => {
    const spec = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
      gap: fc.oneof(fc.constantFrom(0, 1, Number.NaN), fc.double({ min: -5, max: 5, noNaN: true })),
      stale: fc.boolean(),
    });
    fc.assert(
      fc.property(
        // Each snapshot lists some of the same rows with new numbers: in the last snapshot's order, or in any,
        // or already in the shown order (a server sorting its page the same way).
        fc.array(
          fc.record({
            keep: fc.boolean(),
            presorted: fc.boolean(),
            specs: fc.uniqueArray(spec, { selector: (s) => s.id, maxLength: 8 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.constantFrom('base', 'gap', 'volume' as const),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.constantFrom([], ['b', 'e']),
        (snapshots, key, order, pins) => {
          const live = new LiveSpreadOrder();
          const pinned = new Set(pins);
          let ids: string[] = [];
          for (const { keep, presorted, specs } of snapshots) {
            const listed = specs.map((s, i) => {
              const id = keep ? (ids[i] ?? `new${i}`) : s.id;
              return makeSpreadRow(id, { id, gapPercent: s.gap, stale: s.stale });
            });
            const rows = presorted ? arrangeSpreadRows(listed, key, order, pinned) : listed;
            ids = rows.map((row) => row.id);
            const expected = arrangeSpreadRows(rows, key, order, pinned).map((row) => row.id);
            expect(live.arrange(rows, key, order, pinned).map((row) => row.id)).toEqual(expected);
          }
        },
      ),
    );
  });

  it('keeps only owned tokens when asked', () => {
    expect(ids(onlyOwned(rows, new Set(['BBB', 'ZZZ'])))).toEqual(['BBB']);
  });
});

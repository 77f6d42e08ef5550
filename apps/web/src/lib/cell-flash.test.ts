import { describe, expect, it } from 'vitest';
import { direction, FLASH_MS, FlashTracker, flashClass } from './cell-flash.ts';
import { makeRow } from './premium-row.fixture.ts';
import { makeSpreadRow } from './spread-row.fixture.ts';

/** The changes a second snapshot makes, as a map of row id → the directions of the cells that flash. */
function changes(
  first: Parameters<FlashTracker['update']>[0],
  second: typeof first,
  display?: (f: string, v: number) => string,
) {
  const tracker = new FlashTracker();
  tracker.update(first, 'view', 0, display);
  const state = tracker.update(second, 'view', 100, display);
  return new Map(
    [...state].map(([id, cells]) => [
      id,
      Object.fromEntries(Object.entries(cells).map(([f, flash]) => [f, flash?.dir])),
    ]),
  );
}

describe('cell changes between snapshots', () => {
  it('reads the direction of a change, ignoring equal and missing values', () => {
    expect(direction(1, 2)).toBe('up');
    expect(direction(2, 1)).toBe('down');
    expect(direction(1, 1)).toBeNull();
    expect(direction(Number.NaN, 1)).toBeNull();
    expect(direction(1, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('flags only the cells that moved, each with its direction', () => {
    const moved = changes(
      [makeRow('BTC'), makeRow('ETH')],
      [makeRow('BTC', { sourcePrice: 100_500, targetPrice: 97_000 }), makeRow('ETH')],
    );
    expect(moved.get('upbit-binance-ETH')).toBeUndefined();
    expect(moved.get('upbit-binance-BTC')).toEqual({ sourcePrice: 'up', gap: 'up', priceDiff: 'up' });
  });

  it('ignores changes that read the same on screen', () => {
    const display = (_field: string, value: number) => value.toFixed(2);
    const same = changes(
      [makeRow('BTC', { gapPercent: 2.0811 })],
      [makeRow('BTC', { gapPercent: 2.0849 })],
      display,
    );
    expect(same.get('upbit-binance-BTC')?.gap).toBeUndefined();
    const moved = changes(
      [makeRow('BTC', { gapPercent: 2.0811 })],
      [makeRow('BTC', { gapPercent: 2.0951 })],
      display,
    );
    expect(moved.get('upbit-binance-BTC')?.gap).toBe('up');
  });

  it('does not flash rows that just appeared', () => {
    expect(changes([makeRow('BTC')], [makeRow('BTC'), makeRow('SOL')]).size).toBe(0);
  });

  it('flags each cell of a full spread row under its own column when only that number moves', () => {
    const row = makeSpreadRow('BTC');
    const moves = {
      sourcePrice: { ...row, source: { ...row.source, price: row.source.price + 1 } },
      targetPrice: { ...row, target: { ...row.target, price: row.target.price + 1 } },
      gap: { ...row, gapPercent: row.gapPercent + 1 },
      priceDiff: { ...row, priceDiff: row.priceDiff + 1 },
      volume: { ...row, source: { ...row.source, volume24h: (row.source.volume24h ?? 0) + 1 } },
      entryGap: { ...row, entryGapPercent: (row.entryGapPercent ?? 0) + 1 },
      exitGap: { ...row, exitGapPercent: (row.exitGapPercent ?? 0) + 1 },
      netGap: { ...row, fees: { ...row.fees, netGapPercent: (row.fees.netGapPercent ?? 0) + 1 } },
    };
    for (const [field, moved] of Object.entries(moves)) {
      expect(changes([row], [moved]).get(row.id)).toEqual({ [field]: 'up' });
    }
  });

  it('flashes the same whether a feed reuses the rows that did not move or decodes every row afresh', () => {
    const rows = ['BTC', 'ETH', 'XRP', 'SOL'].map((base) => makeSpreadRow(base));
    const shared = new FlashTracker();
    const decoded = new FlashTracker();
    const copy = (list: typeof rows) => list.map((row) => structuredClone(row));
    shared.update(rows, 'view', 0);
    decoded.update(copy(rows), 'view', 0);
    let current = rows;
    for (let step = 1; step <= 40; step++) {
      // One row moves per snapshot; the others are the very objects they were.
      const index = step % current.length;
      const row = current[index] as (typeof rows)[number];
      current = current.with(index, { ...row, gapPercent: row.gapPercent + (step % 3) - 1 });
      const a = shared.update(current, 'view', step);
      const b = decoded.update(copy(current), 'view', step);
      expect(new Map(a)).toEqual(new Map(b));
    }
    expect(shared.state.size).toBeGreaterThan(0);
  });

  it('flashes the same when the reused rows also change places (a re-sorted table built from a delta)', () => {
    const rows = ['BTC', 'ETH', 'XRP', 'SOL', 'ADA'].map((base) => makeSpreadRow(base));
    const shared = new FlashTracker();
    const decoded = new FlashTracker();
    const copy = (list: typeof rows) => list.map((row) => structuredClone(row));
    shared.update(rows, 'view', 0);
    decoded.update(copy(rows), 'view', 0);
    let current = rows;
    for (let step = 1; step <= 40; step++) {
      const index = (step * 3) % current.length;
      const row = current[index] as (typeof rows)[number];
      const moved = current.with(index, { ...row, gapPercent: row.gapPercent + 1 });
      // The changed row jumps to the front; every other row is the same object one place further down.
      current = [moved[index] as (typeof rows)[number], ...moved.filter((_, i) => i !== index)];
      const a = shared.update(current, 'view', step);
      const b = decoded.update(copy(current), 'view', step);
      expect(new Map(a)).toEqual(new Map(b));
      expect(a.get(row.id)?.gap).toEqual({ dir: 'up', at: step, parity: expect.any(Number) });
    }
  });

  it('flags a falling target price as down and the widening gap as up', () => {
    const moved = changes([makeRow('XRP')], [makeRow('XRP', { targetPrice: 96_000 })]);
    expect(moved.get('upbit-binance-XRP')).toEqual({ targetPrice: 'down', gap: 'up', priceDiff: 'up' });
  });

  it('compares snapshots of one view only: a new view starts without flashes', () => {
    const tracker = new FlashTracker();
    tracker.update([makeRow('BTC')], 'KRW', 0);
    expect(tracker.update([makeRow('BTC', { sourcePrice: 1 })], 'USD', 100).size).toBe(0);
  });

  it('does not flash a row that left and came back against the numbers it had before', () => {
    const tracker = new FlashTracker();
    tracker.update([makeRow('BTC'), makeRow('ETH')], 'view', 0);
    tracker.update([makeRow('ETH')], 'view', 100);
    expect(tracker.update([makeRow('BTC', { sourcePrice: 1 }), makeRow('ETH')], 'view', 200).size).toBe(0);
  });
});

describe('flash lifecycle', () => {
  const id = 'upbit-binance-BTC';
  const up = (price: number) => [makeRow('BTC', { sourcePrice: price })];

  it('starts a flash, keeps it while running and shows nothing once its time is up', () => {
    const tracker = new FlashTracker();
    tracker.update(up(100_000), 'view', 0);
    let state = tracker.update(up(100_500), 'view', 1_000);
    expect(flashClass(state.get(id)?.gap, 1_000)).toBe('flash-up-0');
    // A later snapshot without this change keeps the running flash.
    state = tracker.update(up(100_500), 'view', 1_500);
    expect(flashClass(state.get(id)?.gap, 1_500)).toBe('flash-up-0');
    // Once expired it is not rendered, so a row scrolled back into view does not replay it.
    expect(flashClass(state.get(id)?.gap, 1_000 + FLASH_MS)).toBe('');
  });

  it('keeps the record of a row that did not move, so the row need not be drawn again', () => {
    const tracker = new FlashTracker();
    tracker.update([...up(100_000), makeRow('ETH')], 'view', 0);
    const record = tracker.update([...up(100_500), makeRow('ETH')], 'view', 100).get(id);
    // New objects with the same numbers, as a decoded snapshot holds them: nothing moved.
    expect(tracker.update([...up(100_500), makeRow('ETH')], 'view', 200).get(id)).toBe(record);
    expect(tracker.state.get('upbit-binance-ETH')).toBeUndefined();
  });

  it('alternates parity whenever a cell changes again, so the animation restarts', () => {
    const tracker = new FlashTracker();
    tracker.update(up(100_000), 'view', 0);
    tracker.update(up(100_500), 'view', 0);
    let state = tracker.update(up(101_000), 'view', 500);
    expect(flashClass(state.get(id)?.gap, 500)).toBe('flash-up-1');
    state = tracker.update(up(100_000), 'view', 800);
    expect(flashClass(state.get(id)?.gap, 800)).toBe('flash-down-0');
    // Long after that flash ran out, the next move in the same direction still gets a class the cell lacks.
    state = tracker.update(up(99_000), 'view', 5_000);
    expect(flashClass(state.get(id)?.gap, 5_000)).toBe('flash-down-1');
  });

  it('keeps other cells of the row flashing when one cell changes', () => {
    const tracker = new FlashTracker();
    tracker.update([makeRow('BTC')], 'view', 0);
    tracker.update([makeRow('BTC', { targetPrice: 97_500, gapPercent: 3 })], 'view', 0);
    const state = tracker.update([makeRow('BTC', { targetPrice: 97_500, gapPercent: 3.5 })], 'view', 300);
    expect(flashClass(state.get(id)?.targetPrice, 300)).toBe('flash-up-0');
    expect(flashClass(state.get(id)?.gap, 300)).toBe('flash-up-1');
  });
});

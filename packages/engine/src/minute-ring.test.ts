import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MinuteRing } from './minute-ring.ts';

const M = 60_000;

describe('minute ring', () => {
  it('answers the close of each minute, carrying quiet minutes forward', () => {
    const ring = new MinuteRing(10);
    ring.write(0, 100 * M, 1);
    ring.write(0, 103 * M, 4);
    expect([99, 100, 101, 102, 103, 104].map((m) => ring.at(0, m * M))).toEqual([Number.NaN, 1, 1, 1, 4, 4]);
  });

  it('forgets what falls out of its window and ignores late minutes', () => {
    const ring = new MinuteRing(3);
    for (let m = 0; m < 10; m++) ring.write(5, m * M, m);
    ring.write(5, 2 * M, 99);
    expect(ring.at(5, 6 * M)).toBe(6);
    expect(ring.at(5, 5 * M)).toBeNaN();
    expect(ring.at(5, 9 * M)).toBe(9);
  });

  it('keeps markets apart across storage chunks', () => {
    const ring = new MinuteRing(5);
    ring.write(1, 10 * M, 1.5);
    ring.write(2_500, 10 * M, 2.5);
    expect(ring.at(1, 10 * M)).toBe(1.5);
    expect(ring.at(2_500, 10 * M)).toBe(2.5);
    expect(ring.at(7, 10 * M)).toBeNaN();
  });
});

/** What a ring should answer, from a plain list of the closes it accepted. */
class NaiveRing {
  private points: { m: number; close: number }[] = [];
  constructor(private readonly slots: number) {}

  write(m: number, close: number): void {
    const last = this.points.at(-1);
    if (last && m <= last.m) return;
    this.points.push({ m, close });
  }

  backfill(entries: readonly { m: number; close: number }[]): void {
    if (this.points.length === 0) {
      for (const e of entries) this.write(e.m, e.close);
      return;
    }
    const first = (this.points[0] as { m: number }).m;
    this.points = [...entries.filter((e) => e.m < first), ...this.points];
  }

  at(m: number): number {
    const last = this.points.at(-1);
    if (!last || m <= last.m - this.slots || m < (this.points[0] as { m: number }).m) return Number.NaN;
    let close = Number.NaN;
    for (const p of this.points) if (p.m <= m) close = p.close;
    return close;
  }
}

describe('minute ring refilled from history', () => {
  it('answers as if the history had been written before the live minutes, whatever came first', () => {
    const minutes = fc
      .uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 20 })
      .map((a) => a.sort((x, y) => x - y));
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        minutes,
        minutes,
        minutes,
        (window, before, history, after) => {
          const ring = new MinuteRing(window);
          const naive = new NaiveRing(window + 1);
          const close = (m: number, tag: number) => m + tag / 10;
          for (const m of before) {
            ring.write(3, m * M, close(m, 1));
            naive.write(m, close(m, 1));
          }
          ring.backfill(
            3,
            history.map((m) => m * M),
            history.map((m) => close(m, 2)),
          );
          naive.backfill(history.map((m) => ({ m, close: close(m, 2) })));
          for (const m of after) {
            ring.write(3, m * M, close(m, 3));
            naive.write(m, close(m, 3));
          }
          for (let m = -1; m <= 62; m++) {
            const want = naive.at(m);
            const got = ring.at(3, m * M);
            if (Number.isNaN(want)) expect(got, `minute ${m}`).toBeNaN();
            else expect(got, `minute ${m}`).toBeCloseTo(want, 4);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('carries the last history close up to the first live minute, and leaves live minutes alone', () => {
    const ring = new MinuteRing(10);
    ring.write(0, 105 * M, 50);
    ring.backfill(0, [100 * M, 102 * M, 106 * M], [10, 12, 99]);
    expect([99, 100, 101, 102, 103, 104, 105, 106].map((m) => ring.at(0, m * M))).toEqual([
      Number.NaN,
      10,
      10,
      12,
      12,
      12,
      50,
      50,
    ]);
  });
});

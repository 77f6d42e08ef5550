import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxEntry } from './max-entry.ts';

const side = (levels: [number, number][]) => ({
  prices: Float64Array.from(levels.map(([p]) => p)),
  sizes: Float64Array.from(levels.map(([, s]) => s)),
});

describe('largest break-even entry', () => {
  it('says when the books ran out before the trade stopped paying', () => {
    const result = maxEntry(side([[100, 1]]), side([[110, 3]]), 1, 1, 0, 0);
    expect(result).toMatchObject({
      size: 100,
      units: 1,
      optimalSize: 100,
      optimalProfit: 10,
      bookLimited: true,
    });
    expect(result?.averageGapPercent).toBeCloseTo(10, 12);
  });

  it('converts each book into the display currency before comparing', () => {
    // ₩150,000 asks at 1,500 KRW/$ = $100; $101 bids: 1 % before fees.
    const result = maxEntry(side([[150_000, 2]]), side([[101, 2]]), 1 / 1_500, 1, 0, 0);
    expect(result?.size).toBeCloseTo(200, 9);
    expect(result?.optimalProfit).toBeCloseTo(2, 9);
  });

  it('takes nothing when fees eat the first unit, and reports the touch gap', () => {
    const result = maxEntry(side([[100, 1]]), side([[100.1, 1]]), 1, 1, 0.001, 0.001);
    expect(result).toMatchObject({ size: 0, units: 0, optimalSize: 0, bookLimited: false });
    expect(result?.averageGapPercent).toBeCloseTo((0.999 * 0.999 * 1.001 - 1) * 100, 12);
  });

  it('is unknown without levels', () => {
    expect(maxEntry(side([]), side([[1, 1]]), 1, 1, 0, 0)).toBeNull();
  });
});

/**
 * A from-scratch answer: profit as a function of units is piecewise linear between the points where either
 * book changes level. Evaluate it at every such point and solve each piece for where it meets zero — no walk,
 * no assumption about where the peak is.
 */
function naive(
  asks: [number, number][],
  bids: [number, number][],
  buyFactor: number,
  sellFactor: number,
  buyFee: number,
  sellFee: number,
  fixed: number,
) {
  const keep = (1 - buyFee) * (1 - sellFee);
  const edges = (levels: [number, number][]) => {
    let sum = 0;
    return levels.map(([, size]) => (sum += size));
  };
  const askEdges = edges(asks);
  const bidEdges = edges(bids);
  const total = Math.min(askEdges.at(-1) ?? 0, bidEdges.at(-1) ?? 0);
  const points = [...new Set([0, ...askEdges, ...bidEdges].filter((x) => x <= total))].sort((a, b) => a - b);
  // The level a piece lies in is the one its start falls in: a midpoint of two adjacent floats rounds onto an
  // edge and would fall off the end of a book.
  const priceAt = (levels: [number, number][], ends: number[], x: number) =>
    (levels[ends.findIndex((end) => x < end)] as [number, number])[0];
  // Pieces between consecutive points, each at one ask price and one bid price.
  const pieces = points.slice(1).map((end, k) => {
    const start = points[k] as number;
    return {
      start,
      end,
      buy: priceAt(asks, askEdges, start) * buyFactor,
      sell: priceAt(bids, bidEdges, start) * sellFactor * keep,
    };
  });
  let cost = 0;
  let proceeds = 0;
  // Where the answer flips on a rounding error (a unit that neither gains nor loses, profit exactly covering
  // the fee), two correct computations may round apart; such draws say nothing and are skipped.
  let nearTie = pieces.some((p) => Math.abs(p.sell - p.buy) < 1e-9 * p.buy) || (fixed > 0 && fixed < 1e-9);
  let best = { x: 0, cost: 0, profit: 0 };
  let breakEven = { x: 0, cost: 0, proceeds: 0 };
  for (const p of pieces) {
    const q = p.end - p.start;
    const gross = proceeds - cost;
    const margin = p.sell - p.buy;
    // Largest x in this piece with gross(x) − fixed ≥ 0.
    if (gross + margin * q - fixed >= 0) {
      breakEven = { x: p.end, cost: cost + q * p.buy, proceeds: proceeds + q * p.sell };
    } else if (gross - fixed >= 0 && margin < 0) {
      const take = (gross - fixed) / -margin;
      breakEven = { x: p.start + take, cost: cost + take * p.buy, proceeds: proceeds + take * p.sell };
    }
    cost += q * p.buy;
    proceeds += q * p.sell;
    if (Math.abs(proceeds - cost - fixed) < 1e-9 * Math.max(1, cost)) nearTie = true;
    if (proceeds - cost - fixed >= best.profit) best = { x: p.end, cost, profit: proceeds - cost - fixed };
  }
  const everyPiecePays = pieces.every((p) => p.sell - p.buy >= 0);
  return {
    size: breakEven.cost,
    units: breakEven.x,
    net: breakEven.cost > 0 ? ((breakEven.proceeds - fixed) / breakEven.cost - 1) * 100 : null,
    optimalSize: best.cost,
    optimalProfit: best.profit,
    bookLimited: everyPiecePays || (breakEven.x > 0 && breakEven.x >= total),
    nearTie,
  };
}

/** Book levels best first: asks rising, bids falling, from a touch and positive steps. */
const levelsArb = (direction: 1 | -1) =>
  fc
    .record({
      touch: fc.double({ min: 90, max: 110, noNaN: true }),
      steps: fc.array(
        fc.record({
          step: fc.double({ min: 0.001, max: 2, noNaN: true }),
          size: fc.double({ min: 0.01, max: 5, noNaN: true }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
    })
    .map(({ touch, steps }) => {
      let price = touch;
      return steps.map(({ step, size }, k): [number, number] => {
        if (k > 0) price += direction * step;
        return [price, size];
      });
    });

const relative = (actual: number, expected: number) =>
  Math.abs(actual - expected) <= 1e-7 * Math.max(1, Math.abs(expected));

describe('largest break-even entry against a naive piecewise answer', () => {
  it('agrees on size, units, profit peak and book limits, with and without a fixed withdrawal fee', () => {
    fc.assert(
      fc.property(
        levelsArb(1),
        levelsArb(-1),
        fc.constantFrom(0, 0.001, 0.002),
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 30, noNaN: true })),
        (asks, bids, fee, fixed) => {
          const want = naive(asks, bids, 1, 1, fee, fee, fixed);
          fc.pre(!want.nearTie);
          const got = maxEntry(side(asks), side(bids), 1, 1, fee, fee, fixed);
          expect(got).not.toBeNull();
          if (!got) return;
          expect(relative(got.size, want.size), `size ${got.size} vs ${want.size}`).toBe(true);
          expect(relative(got.units, want.units), `units ${got.units} vs ${want.units}`).toBe(true);
          expect(relative(got.optimalProfit, want.optimalProfit)).toBe(true);
          expect(relative(got.optimalSize, want.optimalSize)).toBe(true);
          expect(got.bookLimited).toBe(want.bookLimited);
          if (want.net !== null) expect(Math.abs(got.averageGapPercent - want.net)).toBeLessThan(1e-6);
        },
      ),
      {
        numRuns: 500,
        // Found once: a book level thinner than one float step of the other book's edge.
        examples: [
          [
            [[90, 0.010000000000000005]],
            [
              [90, 0.010000000000000004],
              [89.999, 0.01],
            ],
            0,
            0,
          ],
        ],
      },
    );
  });
});

describe('a fixed withdrawal fee moves the break-even size', () => {
  // Asks 100 × 1, 101 × 1; bids 104 × 1, 100 × 1; no trading fees. Profit: +4 on the first unit, −1 per unit
  // of the second (ask 101 vs bid 100).
  const asks = side([
    [100, 1],
    [101, 1],
  ]);
  const bids = side([
    [104, 1],
    [100, 1],
  ]);

  it('without it: the first unit earns 4, which pays for the whole second unit (losing 1): books run out', () => {
    const r = maxEntry(asks, bids, 1, 1, 0, 0);
    expect(r).toMatchObject({ size: 201, units: 2, optimalSize: 100, optimalProfit: 4, bookLimited: true });
  });

  it('a fee of 3.5 leaves 0.5 for losing units: half of the second unit', () => {
    const r = maxEntry(asks, bids, 1, 1, 0, 0, 3.5);
    expect(r?.units).toBeCloseTo(1.5, 12);
    expect(r?.size).toBeCloseTo(100 + 0.5 * 101, 12);
    expect(r?.optimalSize).toBe(100);
    expect(r?.optimalProfit).toBeCloseTo(0.5, 12);
    expect(r?.averageGapPercent).toBeCloseTo(0, 10);
    expect(r?.bookLimited).toBe(false);
  });

  it('a fee above the best profit leaves nothing worth entering', () => {
    const r = maxEntry(asks, bids, 1, 1, 0, 0, 5);
    expect(r).toMatchObject({ size: 0, units: 0, optimalSize: 0, optimalProfit: 0, bookLimited: false });
  });

  it('says so when the books end before the profit covers the fee', () => {
    const r = maxEntry(side([[100, 1]]), side([[102, 1]]), 1, 1, 0, 0, 3);
    expect(r).toMatchObject({ size: 0, units: 0, bookLimited: true });
  });
});

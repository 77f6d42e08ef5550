import { describe, expect, it } from 'vitest';
import { seriesChange, withLiveCandle, withLivePoint, withNextFunding } from './live-series.ts';

const MIN = 60_000;
const candle = (t: number, c: number) => ({ t, o: c, h: c, l: c, c });

describe('live value into a chart', () => {
  it('moves the open candle to the live value and widens its range', () => {
    const data = [candle(0, 10), candle(MIN, 11)];
    expect(withLiveCandle(data, MIN, MIN + 30_000, 12.5)).toEqual([
      candle(0, 10),
      { t: MIN, o: 11, h: 12.5, l: 11, c: 12.5 },
    ]);
    expect(withLiveCandle(data, MIN, MIN + 30_000, 9)?.[1]).toEqual({ t: MIN, o: 11, h: 11, l: 9, c: 9 });
  });

  it('opens a new candle at the close of the last once its bucket has passed, on the history grid', () => {
    const data = [candle(5_000, 10)];
    expect(withLiveCandle(data, MIN, 5_000 + 2 * MIN + 1, 12)).toEqual([
      candle(5_000, 10),
      { t: 5_000 + 2 * MIN, o: 10, h: 12, l: 10, c: 12 },
    ]);
  });

  it('ignores a missing or older live value', () => {
    const data = [candle(MIN, 10)];
    expect(withLiveCandle(data, MIN, MIN - 1, 12)).toBe(data);
    expect(withLiveCandle(data, MIN, MIN + 1, Number.NaN)).toBe(data);
    expect(withLiveCandle(data, MIN, null, 3)).toBe(data);
  });

  it('does the same for line points', () => {
    const data = [{ t: 0, value: 1 }];
    expect(withLivePoint(data, MIN, 10_000, 2)).toEqual([{ t: 0, value: 2 }]);
    expect(withLivePoint(data, MIN, MIN + 1, 3)).toEqual([
      { t: 0, value: 1 },
      { t: MIN, value: 3 },
    ]);
    expect(withLivePoint([], MIN, MIN + 5, 3)).toEqual([{ t: MIN, value: 3 }]);
  });
});

describe('chart series changes keep the zoom', () => {
  const p = (time: number, value: number) => ({ time, value });
  const same = (a: { value: number }, b: { value: number }) => a.value === b.value;

  it('updates only the last point when that is all that moved', () => {
    expect(seriesChange([p(1, 1), p(2, 2)], [p(1, 1), p(2, 3)], same)).toEqual({
      kind: 'append',
      points: [p(2, 3)],
    });
  });

  it('appends later points, also when the window of history slid forward', () => {
    expect(seriesChange([p(1, 1), p(2, 2)], [p(2, 2), p(3, 3)], same)).toEqual({
      kind: 'append',
      points: [p(3, 3)],
    });
  });

  it('reports nothing to do for equal data', () => {
    expect(seriesChange([p(1, 1), p(2, 2)], [p(1, 1), p(2, 2)], same)).toEqual({ kind: 'same' });
  });

  it('replaces when earlier history differs or times went back (another interval)', () => {
    expect(seriesChange([p(1, 1), p(2, 2)], [p(1, 5), p(2, 2), p(3, 1)], same)).toEqual({ kind: 'replace' });
    expect(seriesChange([p(10, 1), p(20, 2)], [p(1, 1), p(5, 2)], same)).toEqual({ kind: 'replace' });
    expect(seriesChange([], [p(1, 1)], same)).toEqual({ kind: 'replace' });
  });
});

describe('predicted funding on the history chart', () => {
  it('ends each line on the predicted rate at the next settlement', () => {
    const history = [{ t: 0, value: 0.01 }];
    expect(withNextFunding(history, 8, 0.02)).toEqual([
      { t: 0, value: 0.01 },
      { t: 8, value: 0.02 },
    ]);
  });

  it('adds nothing once that settlement is in the history, or without a prediction', () => {
    const history = [{ t: 8, value: 0.01 }];
    expect(withNextFunding(history, 8, 0.02)).toBe(history);
    expect(withNextFunding(history, null, 0.02)).toBe(history);
  });
});

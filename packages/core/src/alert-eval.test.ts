import { describe, expect, it } from 'vitest';
import {
  frequencyAllows,
  initialTriggerState,
  stepSettlement,
  stepTrigger,
  type TriggerSpec,
  type TriggerState,
} from './alert-eval.ts';

const spec = (over: Partial<TriggerSpec> = {}): TriggerSpec => ({
  condition: 'greater-than',
  dataType: 'price-gap-percent',
  threshold: 3,
  hysteresis: 0.3,
  minDurationMs: 0,
  ...over,
});

/** Feeds a tape of values a second apart; returns the indexes that fired. */
function run(s: TriggerSpec, values: number[], state: TriggerState = initialTriggerState()): number[] {
  const fired: number[] = [];
  values.forEach((v, i) => {
    if (stepTrigger(s, state, v, 1_000_000 + i * 1000).fire) fired.push(i);
  });
  return fired;
}

describe('level conditions', () => {
  it('greater than fires on the crossing up, once, and again only after moving back by the margin', () => {
    expect(run(spec(), [2.5, 2.9, 3.1, 3.4, 3.2, 2.8, 3.05, 2.69, 3.01])).toEqual([2, 8]);
  });

  it('less than fires on the crossing down', () => {
    expect(
      run(spec({ condition: 'less-than', threshold: -1 }), [0, -0.5, -1.2, -2, -0.95, -1.1, -0.6, -1.01]),
    ).toEqual([2, 7]);
  });

  it('a value hovering at the threshold fires once, not on every wiggle', () => {
    const hover = [3.01, 2.99, 3.02, 2.98, 3.01, 2.99, 3.03];
    expect(run(spec(), hover)).toEqual([0]);
    // Without a margin each return above the line is a new crossing (the frequency then limits them).
    expect(run(spec({ hysteresis: 0 }), hover)).toEqual([0, 2, 4, 6]);
  });

  it('equal to fires when the value comes within half the margin', () => {
    expect(
      run(spec({ condition: 'equal-to', threshold: 1, hysteresis: 0.2 }), [0.5, 0.95, 1.02, 1.5, 1.08]),
    ).toEqual([1, 4]);
  });

  it('a stale leg (NaN) never fires and does not count as moving back', () => {
    const s = spec();
    const state = initialTriggerState();
    expect(run(s, [3.5], state)).toEqual([0]);
    expect(run(s, [Number.NaN, Number.NaN, 3.6], state)).toEqual([]);
    expect(run(spec(), [Number.NaN, Number.NaN])).toEqual([]);
  });

  it('min duration: fires once the condition has held that long; a dip restarts the clock', () => {
    const s = spec({ minDurationMs: 3000 });
    expect(run(s, [3.5, 3.5, 3.5, 3.5, 3.5])).toEqual([3]);
    expect(run(s, [3.5, 3.5, 2.9, 3.5, 3.5, 3.5, 3.5])).toEqual([6]);
  });

  it('a restart between two ticks: the reloaded state does not fire the same crossing again', () => {
    const s = spec();
    const before = initialTriggerState();
    expect(run(s, [2.5, 3.4], before)).toEqual([1]);
    const reloaded: TriggerState = JSON.parse(JSON.stringify(before));
    expect(run(s, [3.5, 3.3], reloaded)).toEqual([]);
    expect(run(s, [2.6, 3.2], reloaded)).toEqual([1]);
  });
});

describe('cross zero and funding changes', () => {
  it('cross zero keeps the previous sign through zero and near it, fires on each change of side', () => {
    const s = spec({ condition: 'cross-zero', threshold: 0, hysteresis: 0.05 });
    expect(run(s, [0.4, 0.1, 0, 0.02, -0.01, 0.3, -0.2, -0.3, 0.01, 0.2])).toEqual([6, 9]);
  });

  it('cross zero first learns the side: the first observation never fires', () => {
    expect(run(spec({ condition: 'cross-zero', hysteresis: 0 }), [-1])).toEqual([]);
  });

  it('funding direction change fires on sign flips; greater than only when it turns positive', () => {
    const any = spec({ dataType: 'funding-direction-change', condition: 'equal-to', hysteresis: 0 });
    expect(run(any, [0.01, -0.01, 0.02])).toEqual([1, 2]);
    const up = spec({ dataType: 'funding-direction-change', condition: 'greater-than', hysteresis: 0 });
    expect(run(up, [0.01, -0.01, 0.02])).toEqual([2]);
  });

  it('funding interval change fires when the interval changes; less than only when it shortens', () => {
    const any = spec({ dataType: 'funding-interval-change', condition: 'equal-to' });
    expect(run(any, [8, 8, 4, 4, 8])).toEqual([2, 4]);
    const shorter = spec({ dataType: 'funding-interval-change', condition: 'less-than' });
    expect(run(shorter, [8, 4, 8, 1])).toEqual([1, 3]);
  });

  it('after funding distribution fires once per settlement whose rate reaches the threshold', () => {
    const s = spec({
      condition: 'after-funding-distribution',
      dataType: 'funding-rate-percent',
      threshold: 0.05,
    });
    const state = initialTriggerState();
    expect(stepSettlement(s, state, 0.1, 8 * 3_600_000).fire).toBe(true);
    expect(stepSettlement(s, state, 0.1, 8 * 3_600_000).fire).toBe(false);
    expect(stepSettlement(s, state, 0.01, 16 * 3_600_000).fire).toBe(false);
    expect(stepSettlement(s, state, -0.07, 24 * 3_600_000).fire).toBe(true);
    // The level path ignores settlement rules: only the settlement fires them.
    expect(run(s, [1, 2, 3])).toEqual([]);
  });
});

describe('frequency', () => {
  it('one-time fires once; every-time waits its interval, never less than a minute', () => {
    expect(frequencyAllows({ once: true, intervalMs: 0 }, 0, 5)).toBe(true);
    expect(frequencyAllows({ once: true, intervalMs: 0 }, 5, 10 ** 9)).toBe(false);
    const everyMinute = { once: false, intervalMs: 1000 };
    expect(frequencyAllows(everyMinute, 1_000_000, 1_030_000)).toBe(false);
    expect(frequencyAllows(everyMinute, 1_000_000, 1_060_000)).toBe(true);
    const hourly = { once: false, intervalMs: 3_600_000 };
    expect(frequencyAllows(hourly, 1_000_000, 1_000_000 + 3_599_999)).toBe(false);
    expect(frequencyAllows(hourly, 1_000_000, 1_000_000 + 3_600_000)).toBe(true);
  });
});

/**
 * Charts draw history (closed buckets from the API) and the numbers above them are live. These merge the live
 * value into the history the way a trading chart does: into the last bucket while it is still open, as a new
 * bucket once its time has passed. Buckets are aligned on the history's own bucket starts.
 */

export interface TimedCandle {
  readonly t: number;
  readonly o: number;
  readonly h: number;
  readonly l: number;
  readonly c: number;
}

export interface TimedPoint {
  readonly t: number;
  readonly value: number;
}

/** Start of the bucket holding `t`, counted in whole steps from the last bucket's start. */
function bucketAfter(lastStart: number, stepMs: number, t: number): number {
  return lastStart + Math.floor((t - lastStart) / stepMs) * stepMs;
}

export function withLiveCandle(
  data: readonly TimedCandle[],
  stepMs: number,
  t: number | null | undefined,
  value: number | null | undefined,
): readonly TimedCandle[] {
  if (typeof t !== 'number' || typeof value !== 'number' || !Number.isFinite(value) || !(stepMs > 0)) {
    return data;
  }
  const last = data[data.length - 1];
  if (!last) return [{ t: Math.floor(t / stepMs) * stepMs, o: value, h: value, l: value, c: value }];
  // A live value older than the last closed bucket adds nothing the history does not have.
  if (t < last.t) return data;
  if (t < last.t + stepMs) {
    return [
      ...data.slice(0, -1),
      { ...last, h: Math.max(last.h, value), l: Math.min(last.l, value), c: value },
    ];
  }
  return [
    ...data,
    {
      t: bucketAfter(last.t, stepMs, t),
      o: last.c,
      h: Math.max(last.c, value),
      l: Math.min(last.c, value),
      c: value,
    },
  ];
}

export function withLivePoint(
  data: readonly TimedPoint[],
  stepMs: number,
  t: number | null | undefined,
  value: number | null | undefined,
): readonly TimedPoint[] {
  if (typeof t !== 'number' || typeof value !== 'number' || !Number.isFinite(value) || !(stepMs > 0)) {
    return data;
  }
  const last = data[data.length - 1];
  if (!last) return [{ t: Math.floor(t / stepMs) * stepMs, value }];
  if (t < last.t) return data;
  if (t < last.t + stepMs) return [...data.slice(0, -1), { t: last.t, value }];
  return [...data, { t: bucketAfter(last.t, stepMs, t), value }];
}

/**
 * Settled funding, then the predicted rate at the next settlement time: the point moves with the prediction
 * until that settlement is in the history, and the next prediction starts a new point.
 */
export function withNextFunding(
  data: readonly TimedPoint[],
  nextFundingTime: number | null | undefined,
  rate: number | null | undefined,
): readonly TimedPoint[] {
  if (typeof nextFundingTime !== 'number' || typeof rate !== 'number' || !Number.isFinite(rate)) return data;
  const last = data[data.length - 1];
  if (last && last.t >= nextFundingTime) return data;
  return [...data, { t: nextFundingTime, value: rate }];
}

/**
 * How a chart series goes from the points it shows to the next ones without losing the user's zoom: 'append'
 * when the next points only change the last point or add later ones (lightweight-charts `update`), 'replace'
 * when anything earlier changed (another range or interval, a history reload).
 */
export type SeriesChange<P> =
  | { readonly kind: 'same' }
  | { readonly kind: 'append'; readonly points: readonly P[] }
  | { readonly kind: 'replace' };

export function seriesChange<P extends { readonly time: number }>(
  shown: readonly P[],
  next: readonly P[],
  same: (a: P, b: P) => boolean,
): SeriesChange<P> {
  if (shown.length === 0 || next.length === 0)
    return shown.length === next.length ? { kind: 'same' } : { kind: 'replace' };
  const lastShown = shown[shown.length - 1] as P;
  // Where the last shown point sits in the next points; everything before it must be unchanged.
  let at = next.length - 1;
  while (at >= 0 && (next[at] as P).time > lastShown.time) at--;
  if (at < 0 || (next[at] as P).time !== lastShown.time) return { kind: 'replace' };
  // The history before the last point may slide (a window of the latest N bars): only its overlap must agree.
  const offset = shown.length - 1 - at;
  if (offset < 0) return { kind: 'replace' };
  for (let i = Math.max(0, at - 3); i < at; i++) {
    if (!same(shown[i + offset] as P, next[i] as P)) return { kind: 'replace' };
  }
  const changed = next.slice(same(lastShown, next[at] as P) ? at + 1 : at);
  return changed.length === 0 ? { kind: 'same' } : { kind: 'append', points: changed };
}

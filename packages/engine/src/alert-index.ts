import type { Watch } from './alert-rule.ts';
import { fastKind, KIND_FUNDING_GAP, KIND_FUNDING_RATE, KIND_GAP_FX, KIND_GAP_USDT } from './alert-values.ts';
import { type MarketState, UNIT_DOLLAR, UNIT_KRW } from './market-state.ts';

/** Which conversion rate a pair's value moves with: none, USD/KRW, USDT/KRW. */
export const RATE_NONE = 0;
export const RATE_USD = 1;
export const RATE_USDT = 2;

/**
 * Markets → the pairs that read them, as a compressed adjacency list: the pairs of `markets[i]` are
 * `pairs[offsets[i] .. offsets[i + 1]]`; `seen` holds the update time of the market last looked at.
 */
export interface MarketAdjacency {
  readonly markets: Int32Array;
  readonly offsets: Int32Array;
  readonly pairs: Int32Array;
  readonly seen: Float64Array;
}

/**
 * The book's resolved series laid out for the per-tick loop. Series that read the same markets with the same
 * value kind form a pair (their value is computed once); a pair's band is the intersection of its series'
 * quiet bands, so one comparison clears every series of a pair while the value stays inside it. A quote only
 * reaches the pairs whose value or filters read quotes, a funding update only those that read funding: a
 * perpetual's ticks do not wake its funding rules.
 */
export interface AlertLayout {
  /** Series by slot, grouped by pair: pair p owns slots `pairStart[p] .. pairStart[p + 1]`. */
  readonly series: Watch[];
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly pairOf: Int32Array;
  readonly pairStart: Int32Array;
  readonly pairSrc: Int32Array;
  readonly pairTgt: Int32Array;
  readonly pairKind: Uint8Array;
  readonly pairLo: Float64Array;
  readonly pairHi: Float64Array;
  readonly pairStamp: Int32Array;
  /** RATE_*; for a pair on a rate, the range of the rate inside which its value stays in its band. */
  readonly pairRate: Uint8Array;
  readonly rateLo: Float64Array;
  readonly rateHi: Float64Array;
  readonly quotes: MarketAdjacency;
  readonly funding: MarketAdjacency;
  /** Pairs whose value moves with USD/KRW, and with USDT/KRW (Kimchi gaps). */
  readonly fxPairs: Int32Array;
  readonly usdtPairs: Int32Array;
}

/** Whether a series' exact evaluation reads the legs' quotes (prices, their age, 24 h volume). */
function readsQuotes(w: Watch): boolean {
  const rule = w.rule;
  return !rule.dataType.startsWith('funding') || rule.minVolumeSpot > 0 || rule.minVolumeFutures > 0;
}

/** Whether it reads their funding (rates, intervals, next funding time, its age). */
function readsFunding(w: Watch): boolean {
  const rule = w.rule;
  return (
    rule.dataType.startsWith('funding') ||
    rule.fundingIntervalHours > 0 ||
    rule.condition === 'after-funding-distribution'
  );
}

function adjacency(
  markets: number,
  pairLegs: readonly (readonly number[])[],
  wanted: Uint8Array,
): MarketAdjacency {
  const counts = new Int32Array(markets);
  pairLegs.forEach((legs, p) => {
    if (wanted[p]) for (const id of legs) counts[id] = (counts[id] as number) + 1;
  });
  const watched: number[] = [];
  for (let id = 0; id < markets; id++) if ((counts[id] as number) > 0) watched.push(id);
  const offsets = new Int32Array(watched.length + 1);
  const position = new Int32Array(markets).fill(-1);
  watched.forEach((id, i) => {
    position[id] = i;
    offsets[i + 1] = (offsets[i] as number) + (counts[id] as number);
  });
  const pairs = new Int32Array(offsets[watched.length] as number);
  const fill = offsets.slice(0, watched.length);
  pairLegs.forEach((legs, p) => {
    if (!wanted[p]) return;
    for (const id of legs) {
      const at = position[id] as number;
      pairs[fill[at] as number] = p;
      fill[at] = (fill[at] as number) + 1;
    }
  });
  return {
    markets: Int32Array.from(watched),
    offsets,
    pairs,
    seen: new Float64Array(watched.length).fill(-1),
  };
}

/** Lays the resolved series out (bands are filled in by the book, then `pairBand` per pair). */
export function layOut(resolved: Watch[], state: MarketState | undefined): AlertLayout {
  const kinds = new Map<Watch, number>();
  for (const w of resolved) kinds.set(w, fastKind(w.rule));
  const tgt = (w: Watch) => (w.target ? w.targetId : -1);
  // Pairs in market order: a changed market's pairs sit side by side in the columns the hot loop reads.
  const series = [...resolved].sort(
    (a, b) =>
      a.sourceId - b.sourceId || tgt(a) - tgt(b) || (kinds.get(a) as number) - (kinds.get(b) as number),
  );
  const n = series.length;
  const pairOf = new Int32Array(n);
  const starts: number[] = [];
  const pairLegs: number[][] = [];
  const quoteWanted: number[] = [];
  const fundingWanted: number[] = [];
  const fx: number[] = [];
  const usdt: number[] = [];
  const rates: number[] = [];
  const units = state?.unitOf.array;
  let previous: Watch | null = null;
  series.forEach((w, slot) => {
    w.slot = slot;
    const kind = kinds.get(w) as number;
    const same =
      previous &&
      previous.sourceId === w.sourceId &&
      tgt(previous) === tgt(w) &&
      kinds.get(previous) === kind;
    if (!same) {
      starts.push(slot);
      pairLegs.push(w.target ? [w.sourceId, w.targetId] : [w.sourceId]);
      quoteWanted.push(0);
      fundingWanted.push(0);
      const krw = w.target && units && (units[w.sourceId] === UNIT_KRW || units[w.targetId] === UNIT_KRW);
      if (krw && !w.rule.dataType.startsWith('funding'))
        (kind === KIND_GAP_USDT ? usdt : fx).push(starts.length - 1);
    }
    const p = starts.length - 1;
    pairOf[slot] = p;
    if (readsQuotes(w)) quoteWanted[p] = 1;
    if (readsFunding(w)) fundingWanted[p] = 1;
    previous = w;
  });
  const pairs = starts.length;
  const pairSrc = new Int32Array(pairs);
  const pairTgt = new Int32Array(pairs);
  const pairKind = new Uint8Array(pairs);
  starts.forEach((slot, p) => {
    const w = series[slot] as Watch;
    pairSrc[p] = w.sourceId;
    pairTgt[p] = tgt(w);
    pairKind[p] = kinds.get(w) as number;
  });
  const markets = state?.instruments.length ?? 0;
  return {
    series,
    lo: new Float64Array(n),
    hi: new Float64Array(n),
    pairOf,
    pairStart: Int32Array.from([...starts, n]),
    pairSrc,
    pairTgt,
    pairKind,
    pairLo: new Float64Array(pairs),
    pairHi: new Float64Array(pairs),
    pairStamp: new Int32Array(pairs).fill(-1),
    pairRate: Uint8Array.from(rates),
    // Unknown until a pair is looked at: the first rate move looks at every pair on it.
    rateLo: new Float64Array(pairs).fill(Number.NaN),
    rateHi: new Float64Array(pairs).fill(Number.NaN),
    quotes: adjacency(markets, pairLegs, Uint8Array.from(quoteWanted)),
    funding: adjacency(markets, pairLegs, Uint8Array.from(fundingWanted)),
    fxPairs: Int32Array.from(fx),
    usdtPairs: Int32Array.from(usdt),
  };
}

/** A pair's band: the intersection of its series' bands (empty when any series must always be evaluated). */
export function pairBand(layout: AlertLayout, p: number): void {
  const { lo, hi, pairStart } = layout;
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  const end = pairStart[p + 1] as number;
  for (let slot = pairStart[p] as number; slot < end; slot++) {
    const l = lo[slot] as number;
    const h = hi[slot] as number;
    if (l > low) low = l;
    if (h < high) high = h;
  }
  layout.pairLo[p] = low;
  layout.pairHi[p] = high;
}

/** Dollars of a market's last price (KRW at `rate`), NaN in another unit. */
function dollars(units: Uint8Array, last: Float64Array, id: number, rate: number): number {
  const unit = units[id];
  if (unit === UNIT_DOLLAR) return last[id] as number;
  if (unit === UNIT_KRW) return (last[id] as number) / rate;
  return Number.NaN;
}

/** A pair's raw value from the engine's arrays (the exact path adds staleness and filters). */
export function pairValue(layout: AlertLayout, p: number, state: MarketState): number {
  const s = layout.pairSrc[p] as number;
  const t = layout.pairTgt[p] as number;
  const kind = layout.pairKind[p] as number;
  switch (kind) {
    case KIND_FUNDING_RATE:
      return (state.fundingRate.array[s] as number) * 100;
    case KIND_FUNDING_GAP: {
      const rates = state.fundingRate.array;
      const hours = state.fundingIntervalHours.array;
      return (
        ((rates[s] as number) - (rates[t] as number)) * ((hours[s] as number) / (hours[t] as number)) * 100
      );
    }
    case KIND_GAP_USDT:
    case KIND_GAP_FX: {
      const rate = kind === KIND_GAP_USDT ? state.usdtKrw : state.usdKrw;
      const units = state.unitOf.array;
      const last = state.last.array;
      return (dollars(units, last, s, rate) / dollars(units, last, t, rate) - 1) * 100;
    }
    default:
      return Number.NaN;
  }
}

/** Relative margin taken off a rate range, so rounding never skips a pair whose value reaches a bound. */
const RATE_MARGIN = 1e-9;

/**
 * The range of the conversion rate inside which a pair on one KRW leg stays in its band at the legs' current
 * prices: value + 100 is C / rate (KRW source) or D × rate (KRW target). A rate move inside the range cannot
 * change any of its series, so the sweep after a rate move looks only at pairs it takes out of their range.
 * NaN (always looked at) when a price is missing.
 */
export function rateRange(layout: AlertLayout, p: number, state: MarketState): void {
  const s = layout.pairSrc[p] as number;
  const t = layout.pairTgt[p] as number;
  const units = state.unitOf.array;
  const last = state.last.array;
  const lo = 100 + (layout.pairLo[p] as number);
  const hi = 100 + (layout.pairHi[p] as number);
  let low = Number.NaN;
  let high = Number.NaN;
  if (units[s] === UNIT_KRW && units[t] === UNIT_DOLLAR) {
    const c = (100 * (last[s] as number)) / (last[t] as number);
    if (c > 0 && c < Number.POSITIVE_INFINITY) {
      // lo < c / rate < hi, rate > 0.
      low = hi > 0 ? c / hi : Number.POSITIVE_INFINITY;
      high = lo > 0 ? c / lo : Number.POSITIVE_INFINITY;
    }
  } else if (units[t] === UNIT_KRW && units[s] === UNIT_DOLLAR) {
    const d = (100 * (last[s] as number)) / (last[t] as number);
    if (d > 0 && d < Number.POSITIVE_INFINITY) {
      // lo < d × rate < hi.
      low = lo / d;
      high = hi / d;
    }
  } else if (units[s] === UNIT_KRW && units[t] === UNIT_KRW) {
    // Both legs in KRW: the rate cancels out.
    low = Number.NEGATIVE_INFINITY;
    high = Number.POSITIVE_INFINITY;
  }
  layout.rateLo[p] = Number.isFinite(low) ? low + Math.abs(low) * RATE_MARGIN : low;
  layout.rateHi[p] = Number.isFinite(high) ? high - Math.abs(high) * RATE_MARGIN : high;
}

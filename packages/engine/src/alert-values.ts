import { ALERT_STALE_MS, fundingGapPercent, MINUTE_MS, type TriggerState } from '@spreadscope/core';
import { type AlertRule, type LegSpec, legName, type Watch } from './alert-rule.ts';
import { type MarketState, UNIT_DOLLAR, UNIT_KRW } from './market-state.ts';

/** Funding is polled (about once a minute): older than this it is stale for alerts. */
const FUNDING_STALE_MS = 10 * MINUTE_MS;
/** USD/KRW forex moves slowly and is polled; older than this a Kimchi gap on it is not trusted. */
const FOREX_STALE_MS = 15 * MINUTE_MS;

/** How the hot loop computes a series' value: price gap on forex / on USDT, funding gap, funding rate; 4 = never. */
export const KIND_GAP_FX = 0;
export const KIND_GAP_USDT = 1;
export const KIND_FUNDING_GAP = 2;
export const KIND_FUNDING_RATE = 3;
export const KIND_SLOW = 4;

export function fastKind(rule: AlertRule): number {
  switch (rule.dataType) {
    case 'price-gap-percent':
    case 'price-gap-usd':
      return KIND_GAP_FX;
    case 'price-gap-usdt':
      return KIND_GAP_USDT;
    case 'funding-gap-percent':
      return KIND_FUNDING_GAP;
    case 'funding-rate-percent':
    case 'funding-direction-change':
      return KIND_FUNDING_RATE;
    default:
      return KIND_SLOW;
  }
}

/**
 * The band of values inside which a series' trigger state cannot change (so the hot loop skips it); outside
 * it, or for conditions this does not cover (equal to, min duration, settlements, interval changes), the
 * exact state machine runs. Conservative at the edges: a value on a bound takes the exact path.
 */
export function quietBand(rule: AlertRule, state: TriggerState): [number, number] {
  const always: [number, number] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  if (rule.minDurationMs > 0 || state.since > 0 || fastKind(rule) === KIND_SLOW) return always;
  const t = rule.threshold;
  const h = rule.hysteresis;
  const inf = Number.POSITIVE_INFINITY;
  if (rule.condition === 'cross-zero' || rule.dataType === 'funding-direction-change') {
    if (state.sign === 0) return [-h, h];
    return state.sign > 0 ? [-h, inf] : [-inf, h];
  }
  if (rule.condition === 'greater-than') return state.armed ? [-inf, t] : [t - h, inf];
  if (rule.condition === 'less-than') return state.armed ? [t, inf] : [-inf, t + h];
  return always;
}

export function find(state: MarketState, leg: LegSpec): number {
  for (const quote of leg.quotes) {
    const id = state.find(leg.venue, leg.market, leg.base, quote);
    if (id >= 0) return id;
  }
  return -1;
}

export function pairLabel(w: Watch): string {
  return w.target ? `${legName(w.source)} → ${legName(w.target)}` : legName(w.source);
}

/** Dollars of one market's last price (KRW at `krwPerDollar`), NaN when it cannot be converted. */
function dollars(state: MarketState, id: number, krwPerDollar: number): number {
  const unit = state.unitOf.array[id];
  const last = state.last.array[id] as number;
  if (unit === UNIT_DOLLAR) return last;
  if (unit === UNIT_KRW) return last / krwPerDollar;
  return Number.NaN;
}

function volumeOk(state: MarketState, w: Watch, id: number, krwPerDollar: number): boolean {
  const rule = w.rule;
  const min = state.perpOf.array[id] === 1 ? rule.minVolumeFutures : rule.minVolumeSpot;
  if (!(min > 0)) return true;
  const volume = state.volume24h.array[id] as number;
  const usd = state.unitOf.array[id] === UNIT_KRW ? volume / krwPerDollar : volume;
  return usd >= min;
}

function intervalOk(state: MarketState, w: Watch, id: number): boolean {
  const want = w.rule.fundingIntervalHours;
  return !(want > 0) || state.perpOf.array[id] !== 1 || state.fundingIntervalHours.array[id] === want;
}

/**
 * The value a series shows now, in the rule's unit; NaN when a leg is stale or missing, a filter is not met
 * or the conversion rate is unknown — a NaN never fires.
 */
export function seriesValue(w: Watch, state: MarketState, now: number): number {
  const rule = w.rule;
  const s = w.sourceId;
  const t = w.targetId;
  if (s < 0 || (w.target && t < 0)) return Number.NaN;
  const funding = rule.dataType.startsWith('funding');
  const quoteAt = state.updatedAt.array;
  const fundingAt = state.fundingAt.array;
  if (funding) {
    if (now - (fundingAt[s] as number) > FUNDING_STALE_MS) return Number.NaN;
    if (w.target && now - (fundingAt[t] as number) > FUNDING_STALE_MS) return Number.NaN;
  } else {
    if (now - (quoteAt[s] as number) > ALERT_STALE_MS) return Number.NaN;
    if (w.target && now - (quoteAt[t] as number) > ALERT_STALE_MS) return Number.NaN;
  }
  const usdt = rule.dataType === 'price-gap-usdt';
  const rate = usdt ? state.usdtKrw : state.usdKrw;
  const rateAt = usdt ? state.usdtKrwAt : state.usdKrwAt;
  const rateOk =
    Number.isFinite(rate) && rate > 0 && now - rateAt <= (usdt ? ALERT_STALE_MS : FOREX_STALE_MS);
  const krwRate = rateOk ? rate : Number.NaN;
  const units = state.unitOf.array;
  if (
    (rule.minVolumeSpot > 0 || rule.minVolumeFutures > 0) &&
    !rateOk &&
    (units[s] === UNIT_KRW || (t >= 0 && units[t] === UNIT_KRW))
  ) {
    return Number.NaN;
  }
  if (!volumeOk(state, w, s, krwRate) || (w.target && !volumeOk(state, w, t, krwRate))) return Number.NaN;
  if (!intervalOk(state, w, s) || (w.target && !intervalOk(state, w, t))) return Number.NaN;
  const rates = state.fundingRate.array;
  const hours = state.fundingIntervalHours.array;
  switch (rule.dataType) {
    case 'funding-gap-percent':
      return fundingGapPercent(
        rates[s] as number,
        hours[s] as number,
        rates[t] as number,
        hours[t] as number,
      );
    case 'funding-rate-percent':
    case 'funding-direction-change':
      return (rates[s] as number) * 100;
    case 'funding-interval-change':
      return hours[s] as number;
    default: {
      const a = dollars(state, s, krwRate);
      const b = dollars(state, t, krwRate);
      return (a / b - 1) * 100;
    }
  }
}

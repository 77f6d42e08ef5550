import {
  type ConversionBase,
  type Currency,
  conversionRate,
  type FeeMode,
  FRESHNESS_MS,
  fundingGapPercent,
  minuteStart,
  type NetworkChoice,
  netFundingPerHour,
  PREMIUM_DURATION_TOLERANCE,
  withinDurationTolerance,
} from '@spreadscope/core';
import { type Combos, SOURCE_PERP, TARGET_PERP } from './combos.ts';
import { MAKER_FEES, TAKER_FEES } from './fee-schedule.ts';
import type { MarketState } from './market-state.ts';
import { UNIT_KRW } from './market-state.ts';
import type { MinuteBarCollector } from './minute-bars.ts';
import type { OrderBooks } from './order-books.ts';
import type { Convention } from './spread-types.ts';
import { cheapestFee, chooseNetworks, type Wallets } from './wallets.ts';

/** The parts of the engine a table reads. */
export interface EngineParts {
  readonly state: MarketState;
  readonly combos: Combos;
  readonly bars: MinuteBarCollector;
  readonly books: OrderBooks;
  readonly wallets: Wallets;
  readonly durations: DurationCache;
}

export interface CalcOptions {
  readonly convention: Convention;
  readonly currency: Currency;
  readonly conversionBase: ConversionBase;
  readonly freshnessMs: number;
  readonly feeMode: FeeMode;
  readonly networkChoice: NetworkChoice;
  readonly amount: number;
}

/** Notional of the profit estimate when the caller names none. */
export const DEFAULT_AMOUNT: Readonly<Record<Currency, number>> = { KRW: 10_000_000, USD: 10_000 };

export function calcOptions(
  convention: Convention,
  filter: {
    currency: Currency;
    conversionBase: ConversionBase;
    interval: keyof typeof FRESHNESS_MS;
    feeMode?: FeeMode | undefined;
    networkChoice?: NetworkChoice | undefined;
    amount?: number | undefined;
  },
): CalcOptions {
  return {
    convention,
    currency: filter.currency,
    conversionBase: filter.conversionBase,
    freshnessMs: FRESHNESS_MS[filter.interval],
    feeMode: filter.feeMode ?? 'taker',
    networkChoice: filter.networkChoice ?? 'all',
    amount: filter.amount ?? DEFAULT_AMOUNT[filter.currency],
  };
}

/**
 * Per-combination arithmetic for one query: the conversion rate, display factors and freshness are fixed once,
 * then every metric of a row is a few typed-array reads. Percents follow the query's convention.
 */
export class SpreadCalc {
  readonly rate: number;
  readonly freshAfter: number;
  /** Display-currency value of one unit of a KRW-quoted and of a dollar-quoted price. */
  readonly krwFactor: number;
  readonly dollarFactor: number;
  /** KRW per dollar of the conversion base, and its reciprocal: the conversion factors. */
  readonly up: number;
  readonly down: number;
  private readonly range = new Float64Array(2);

  constructor(
    readonly parts: EngineParts,
    readonly options: CalcOptions,
    readonly now: number,
  ) {
    const { state } = parts;
    this.rate = conversionRate(options.conversionBase, { usdKrw: state.usdKrw, usdtKrw: state.usdtKrw });
    this.freshAfter = now - options.freshnessMs;
    this.krwFactor = options.currency === 'KRW' ? 1 : 1 / this.rate;
    this.dollarFactor = options.currency === 'USD' ? 1 : this.rate;
    this.up = this.rate;
    this.down = 1 / this.rate;
  }

  displayFactor(instrument: number): number {
    return this.parts.state.unitOf.array[instrument] === UNIT_KRW ? this.krwFactor : this.dollarFactor;
  }

  /** Converts a combination's native source/target ratio into one currency. */
  factor(c: number): number {
    const e = this.parts.combos.rateExponent.array[c];
    return e === 1 ? 1 : e === 0 ? this.down : this.up;
  }

  /** Converts the native target/source ratio into one currency (rate^−exponent). */
  inverseFactor(c: number): number {
    const e = this.parts.combos.rateExponent.array[c];
    return e === 1 ? 1 : e === 0 ? this.up : this.down;
  }

  /** Convention percent from a same-currency source/target ratio (history: closes divided once). */
  percent(sourceOverTarget: number): number {
    return this.options.convention === 'premium'
      ? (sourceOverTarget - 1) * 100
      : (1 / sourceOverTarget - 1) * 100;
  }

  /**
   * The live gaps read the pair's ratio (a product of its markets' blocks) in the convention's direction
   * (source over target for premiums, target over source for arbitrage), so nothing divides; RowMetrics does
   * the same operations in the same order, so a table ranks on exactly the numbers its rows show.
   */
  gap(c: number): number {
    const combos = this.parts.combos;
    return this.options.convention === 'premium'
      ? (combos.ratio(c) * this.factor(c) - 1) * 100
      : (combos.inverseRatio(c) * this.inverseFactor(c) - 1) * 100;
  }

  /** Buy the source at its ask, sell the target at its bid. */
  entry(c: number): number {
    const combos = this.parts.combos;
    return this.options.convention === 'premium'
      ? (combos.entry(c) * this.factor(c) - 1) * 100
      : (combos.inverseEntry(c) * this.inverseFactor(c) - 1) * 100;
  }

  /** And back: sell the source at its bid, buy the target at its ask. */
  exit(c: number): number {
    const combos = this.parts.combos;
    return this.options.convention === 'premium'
      ? (combos.exit(c) * this.factor(c) - 1) * 100
      : (combos.inverseExit(c) * this.inverseFactor(c) - 1) * 100;
  }

  stale(c: number): boolean {
    const updated = this.parts.state.updatedAt.array;
    const combos = this.parts.combos;
    return (
      (updated[combos.source.array[c] as number] as number) < this.freshAfter ||
      (updated[combos.target.array[c] as number] as number) < this.freshAfter
    );
  }

  /** Premium rows trade toward the premium (buy the cheaper side); arbitrage rows always buy the source. */
  buysTarget(c: number): boolean {
    return this.options.convention === 'premium' && this.parts.combos.ratio(c) * this.factor(c) >= 1;
  }

  /** Sell price / buy price of the row's trade at the touch, in one currency, before fees. */
  tradeRatio(c: number): number {
    const combos = this.parts.combos;
    return this.buysTarget(c)
      ? combos.exit(c) * this.factor(c)
      : combos.inverseEntry(c) * this.inverseFactor(c);
  }

  /** Fee fractions of the legs bought and sold under the fee mode. */
  tradeFees(c: number): { buy: number; sell: number } {
    const mode = this.options.feeMode;
    if (mode === 'none') return { buy: 0, sell: 0 };
    const combos = this.parts.combos;
    const kind = combos.kind.array[c] as number;
    const s = combos.source.array[c] as number;
    const t = combos.target.array[c] as number;
    const venues = this.parts.state.venueOf.array;
    const sourceSlot = (venues[s] as number) * 2 + (kind & SOURCE_PERP ? 1 : 0);
    const targetSlot = (venues[t] as number) * 2 + (kind & TARGET_PERP ? 1 : 0);
    const table = mode === 'maker' ? MAKER_FEES : TAKER_FEES;
    const sourceFee = table[sourceSlot] as number;
    const targetFee = table[targetSlot] as number;
    return this.buysTarget(c) ? { buy: targetFee, sell: sourceFee } : { buy: sourceFee, sell: targetFee };
  }

  /** Whether the trade moves a coin between venues: both legs spot, on two venues. */
  transferNeeded(c: number): boolean {
    const combos = this.parts.combos;
    if ((combos.kind.array[c] as number) & (SOURCE_PERP | TARGET_PERP)) return false;
    const venues = this.parts.state.venueOf.array;
    return venues[combos.source.array[c] as number] !== venues[combos.target.array[c] as number];
  }

  /**
   * Same ticker, different token: the legs' venues publish different contracts for the base on a shared
   * network. Checked pairwise only for assets some venues disagree on (a set rebuilt when wallets change).
   */
  tokenMismatch(c: number): boolean {
    const { state, combos, wallets } = this.parts;
    const source = state.instruments[combos.source.array[c] as number];
    const target = state.instruments[combos.target.array[c] as number];
    if (!source || !target || source.venue === target.venue) return false;
    if (!wallets.conflictedAssets().has(source.base)) return false;
    return wallets.identity(source.venue, target.venue, source.base) === 'different';
  }

  /** The route of the trade's coin, from the leg bought to the leg sold. */
  route(c: number) {
    const { state, combos, wallets } = this.parts;
    const buy = this.buysTarget(c) ? (combos.target.array[c] as number) : (combos.source.array[c] as number);
    const sell = this.buysTarget(c) ? (combos.source.array[c] as number) : (combos.target.array[c] as number);
    const from = state.instruments[buy];
    const to = state.instruments[sell];
    if (!from || !to) return { known: false, depositOpen: false, networks: [] };
    return wallets.route(from.venue, to.venue, from.base);
  }

  /**
   * Withdrawal fee of moving the trade's coin, in the display currency (the fee in coins at the bought leg's
   * last price): a fixed cost of the trade, whatever its size. 0 when no coin moves, NaN when unknown.
   */
  withdrawalCost(c: number): number {
    if (!this.transferNeeded(c)) return 0;
    const networks = chooseNetworks(this.route(c).networks, this.options.networkChoice);
    const fee = cheapestFee(networks);
    if (fee === null) return Number.NaN;
    const combos = this.parts.combos;
    const buy = this.buysTarget(c) ? (combos.target.array[c] as number) : (combos.source.array[c] as number);
    return fee * (this.parts.state.last.array[buy] as number) * this.displayFactor(buy);
  }

  /** Withdrawal fee of the trade as a percent of the notional; 0 when no coin moves, NaN when unknown. */
  withdrawalPercent(c: number): number {
    return (this.withdrawalCost(c) / this.options.amount) * 100;
  }

  /** The trade after the fee mode's fees, percent; positive is profit. */
  netGap(c: number): number {
    const { buy, sell } = this.tradeFees(c);
    const gross = ((1 - buy) * (1 - sell) * this.tradeRatio(c) - 1) * 100;
    return this.options.feeMode === 'withdrawal' ? gross - this.withdrawalPercent(c) : gross;
  }

  /** Spec §9 funding gap with long = source, short = target; both legs must be perpetuals. */
  fundingGap(c: number): number {
    const { state, combos } = this.parts;
    if (((combos.kind.array[c] as number) & (SOURCE_PERP | TARGET_PERP)) !== (SOURCE_PERP | TARGET_PERP))
      return Number.NaN;
    const s = combos.source.array[c] as number;
    const t = combos.target.array[c] as number;
    return fundingGapPercent(
      state.fundingRate.array[s] as number,
      state.fundingIntervalHours.array[s] as number,
      state.fundingRate.array[t] as number,
      state.fundingIntervalHours.array[t] as number,
    );
  }

  /** Funding received per hour by long source / short target, a fraction; spot legs pay none. */
  netFundingPerHour(c: number): number {
    const { state, combos } = this.parts;
    const kind = combos.kind.array[c] as number;
    const s = combos.source.array[c] as number;
    const t = combos.target.array[c] as number;
    const longRate = kind & SOURCE_PERP ? (state.fundingRate.array[s] as number) : 0;
    const longHours = kind & SOURCE_PERP ? (state.fundingIntervalHours.array[s] as number) : 1;
    const shortRate = kind & TARGET_PERP ? (state.fundingRate.array[t] as number) : 0;
    const shortHours = kind & TARGET_PERP ? (state.fundingIntervalHours.array[t] as number) : 1;
    return netFundingPerHour(longRate, longHours, shortRate, shortHours);
  }

  /** KRW per dollar of the conversion base as of the end of minute `minute`. */
  rateAt(minute: number): number {
    const { bars, state } = this.parts;
    if (this.options.conversionBase === 'USD') return bars.forexAt(minute);
    const usdt = state.usdtKrwInstrument;
    return usdt < 0 ? Number.NaN : bars.priceAt(usdt, minute);
  }

  /** The convention percent as of the close of minute `minute`, or NaN. */
  gapAt(c: number, minute: number, rate = this.rateAt(minute)): number {
    const { bars, combos } = this.parts;
    const s = bars.priceAt(combos.source.array[c] as number, minute);
    const t = bars.priceAt(combos.target.array[c] as number, minute);
    const e = combos.rateExponent.array[c];
    const f = e === 1 ? 1 : e === 0 ? 1 / rate : rate;
    return this.percent((s / t) * f);
  }

  /**
   * Premium duration (spec §9): how long the gap has stayed within ±20 % of its current value. The minute in
   * progress counts whole when its lowest and highest gap so far lie in the band; if either does not, the run
   * began inside it and is counted from the minute's start. Before it, 1-minute closes are walked back while
   * each lies in the band. Milliseconds from the start of the earliest minute in the run to now; NaN when
   * the gap is unknown now.
   *
   * The walk back is cached per combination and minute as the envelope of the closes — running minimum and
   * maximum going back, kept where either changes — so each query only binary-searches it with the band of
   * the current value.
   */
  durationMs(c: number): number {
    const reference = this.gap(c);
    if (!Number.isFinite(reference)) return Number.NaN;
    const current = minuteStart(this.now);
    const range = this.range;
    this.parts.combos.minuteRange(c, current, range);
    if (!Number.isNaN(range[0] as number)) {
      const f = this.factor(c);
      const a = this.percent((range[0] as number) * f);
      const b = this.percent((range[1] as number) * f);
      if (!withinDurationTolerance(a, reference) || !withinDurationTolerance(b, reference))
        return this.now - current;
    }
    const last = current - 60_000;
    const table = this.parts.durations.table(this.options.convention, this.options.conversionBase);
    const envelope = table.envelope(c, last, this);
    const lo = reference - PREMIUM_DURATION_TOLERANCE * Math.abs(reference);
    const hi = reference + PREMIUM_DURATION_TOLERANCE * Math.abs(reference);
    const minutes = envelope.runWithin(lo, hi);
    return this.now - (current - minutes * 60_000);
  }
}

/** Premium durations computed this minute, per convention and conversion base, so a table pays once a minute. */
export class DurationCache {
  private readonly tables = new Map<string, DurationTable>();

  /** Forgets everything (combination indices changed). */
  clear(): void {
    this.tables.clear();
  }

  table(convention: Convention, base: ConversionBase): DurationTable {
    const key = `${convention}:${base}`;
    let table = this.tables.get(key);
    if (!table) {
      table = new DurationTable();
      this.tables.set(key, table);
    }
    return table;
  }
}

/**
 * Envelopes of closed-minute gaps per combination, for one convention and conversion base, valid for one
 * "last closed minute". Records live in one pool that is reset when the minute moves on.
 */
class DurationTable {
  private minuteOf = new Float64Array(0);
  private offsetOf = new Int32Array(0);
  private lengthOf = new Int32Array(0);
  /** Records of (minutes back k, running min, running max), stride 3, plus per envelope its walked length. */
  private pool = new Float64Array(3 * 4_096);
  private used = 0;
  private poolMinute = Number.NaN;
  private readonly view = new Envelope();

  envelope(c: number, last: number, calc: SpreadCalc): Envelope {
    if (last !== this.poolMinute) {
      this.poolMinute = last;
      this.used = 0;
    }
    this.ensure(c);
    if (this.minuteOf[c] !== last) this.build(c, last, calc);
    this.view.set(this.pool, this.offsetOf[c] as number, this.lengthOf[c] as number);
    return this.view;
  }

  private ensure(c: number): void {
    if (c < this.minuteOf.length) return;
    let size = Math.max(1024, this.minuteOf.length);
    while (size <= c) size *= 2;
    const minutes = new Float64Array(size).fill(-1);
    minutes.set(this.minuteOf);
    const offsets = new Int32Array(size);
    offsets.set(this.offsetOf);
    const lengths = new Int32Array(size);
    lengths.set(this.lengthOf);
    this.minuteOf = minutes;
    this.offsetOf = offsets;
    this.lengthOf = lengths;
  }

  private push(k: number, min: number, max: number): void {
    if (this.used + 3 > this.pool.length) {
      const next = new Float64Array(this.pool.length * 2);
      next.set(this.pool);
      this.pool = next;
    }
    this.pool[this.used] = k;
    this.pool[this.used + 1] = min;
    this.pool[this.used + 2] = max;
    this.used += 3;
  }

  /**
   * Walks closes back from `last`. Stops at a minute without a gap, at the ring's end, or once no value at
   * all could have a band holding every close seen (the run cannot reach further for any reference). The
   * final record has k = minutes walked and marks the end.
   */
  private build(c: number, last: number, calc: SpreadCalc): void {
    const offset = this.used;
    const floor = last - calc.parts.bars.ring.slots * 60_000;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let k = 0;
    for (let m = last; m > floor; m -= 60_000, k++) {
      const g = calc.gapAt(c, m);
      if (!Number.isFinite(g)) break;
      if (g < min || g > max) {
        min = Math.min(min, g);
        max = Math.max(max, g);
        this.push(k, min, max);
        if (!satisfiable(min, max)) {
          k++;
          break;
        }
      }
    }
    this.push(k, Number.NaN, Number.NaN);
    this.minuteOf[c] = last;
    this.offsetOf[c] = offset;
    this.lengthOf[c] = (this.used - offset) / 3;
  }
}

/** Whether some reference r has min and max both within ±tolerance × |r| of it. */
function satisfiable(min: number, max: number): boolean {
  const t = PREMIUM_DURATION_TOLERANCE;
  if (min > 0) return max / (1 + t) <= min / (1 - t);
  if (max < 0) return min / (1 + t) >= max / (1 - t);
  return min === 0 && max === 0;
}

/** A read-only view of one envelope: records (k, min, max), the last being (walked, NaN, NaN). */
export class Envelope {
  private pool: Float64Array = new Float64Array(0);
  private offset = 0;
  private length = 0;

  set(pool: Float64Array, offset: number, length: number): void {
    this.pool = pool;
    this.offset = offset;
    this.length = length;
  }

  /**
   * How many closed minutes, back from the last, stay within [lo, hi]: the k of the first record whose
   * running min or max leaves it (records are monotone, so a binary search finds it), else every minute walked.
   */
  runWithin(lo: number, hi: number): number {
    const records = this.length - 1;
    const pool = this.pool;
    let a = 0;
    let b = records;
    while (a < b) {
      const mid = (a + b) >>> 1;
      const o = this.offset + mid * 3;
      if ((pool[o + 1] as number) < lo || (pool[o + 2] as number) > hi) b = mid;
      else a = mid + 1;
    }
    return pool[this.offset + a * 3] as number;
  }
}

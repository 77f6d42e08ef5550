import {
  type ForexMinuteBar,
  HOUR_MS,
  type MarketType,
  MINUTE_MS,
  type MinuteBar,
  minuteStart,
  type VenueId,
} from '@spreadscope/core';
import { type FactorPaths, factorPaths, minuteSigma } from './backfill-paths.ts';
import type { InstrumentSpec } from './market-structure.ts';
import { ceilToTick, floorToTick, roundToTick, significantTick } from './price-ticks.ts';
import { clamp, ouAdvance } from './processes.ts';
import { Rng, stableUnit } from './rng.ts';
import { instrumentTick } from './sim-books.ts';
import { FUNDING, type SimSnapshot, Simulator, VOLUME } from './simulator.ts';
import { SIMULATED_VENUE_IDS } from './venue-profiles.ts';

export interface SimulatedHistoryOptions {
  readonly seed: number;
  /** Where the live simulation starts: the history ends at the start of this minute (exclusive). */
  readonly end: number;
  /** How many minutes back (default one day). */
  readonly minutes?: number;
  /** Venues the simulator leaves out (VENUES_DISABLED), as SimulatorSource does. */
  readonly disabledVenues?: ReadonlySet<VenueId>;
  /** SIM_TOKENS, as SimulatorSource has it: another token count is another market. */
  readonly tokenLimit?: number;
}

/** One token's markets, in the order history is written (see SimulatedHistory.order). */
export interface BackfillToken {
  /** The base, or USDT for Upbit's (and the other Korean venues') USDT/KRW. */
  readonly symbol: string;
  /** Sum of its markets' typical 24 h volume in USD. */
  readonly volumeUsd: number;
  /** Indices into SimulatedHistory.instruments. */
  readonly instruments: readonly number[];
}

/** One market's day: per minute (oldest first) its bar; `closes` is what the minute rings keep. */
export interface MarketDay {
  readonly instrument: number;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  /** Base volume traded within the minute, and the rolling 24 h volume in the quote currency. */
  readonly volume: Float64Array;
  readonly volume24h: Float64Array;
  /** Mid price at each minute's close (what funding's mark price is). */
  readonly mid: Float64Array;
}

interface MarketKey {
  readonly venue: VenueId;
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
}

/** The shapes of packages/db's funding and gap rows (structurally; feeds does not depend on db). */
export interface SimFundingMinute {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly minute: number;
  readonly rate: number;
  readonly intervalHours: number;
  readonly nextFundingTime: number;
  readonly markPrice: number;
}

export interface SimFundingSettlement {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly fundingTime: number;
  readonly rate: number;
  readonly intervalHours: number;
  readonly markPrice: number;
}

export interface SimGapMinute {
  readonly first: MarketKey;
  readonly second: MarketKey;
  readonly minute: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** Seed offset of the back-fill's own generators: the live run's draws are never touched. */
const BACKFILL_SALT = 0x5eed_ba11;

/**
 * A simulated day of 1-minute history that ends where a simulator with this seed starts, for every market of
 * the simulated universe: bars, funding and the Kimchi pairs' gap minutes. Market-wide and per-token factors
 * are walked back from the run's starting state once (backfill-paths.ts); each market's own noise (its
 * deviation from the others, its volume, the wicks) comes from a generator of its own, so any market's day
 * can be produced alone, in any order, and always comes out the same (a back-fill resumed after a restart
 * writes what the interrupted one would have). Deterministic from (seed, end, venues, token count).
 */
export class SimulatedHistory {
  readonly end: number;
  /** Start of the oldest minute. */
  readonly first: number;
  readonly minutes: number;
  readonly instruments: readonly InstrumentSpec[];
  /** Every token with its markets, the most traded first, USDT/KRW (the USDT conversion base) before all. */
  readonly order: readonly BackfillToken[];
  private readonly snapshot: SimSnapshot;
  private readonly paths: FactorPaths;
  private readonly seed: number;

  constructor(options: SimulatedHistoryOptions) {
    this.minutes = options.minutes ?? 1_440;
    this.end = minuteStart(options.end);
    this.first = this.end - this.minutes * MINUTE_MS;
    this.seed = options.seed;
    const disabled = options.disabledVenues ?? new Set<VenueId>();
    const venues = SIMULATED_VENUE_IDS.filter((v) => !disabled.has(v));
    this.snapshot = new Simulator({
      seed: options.seed,
      startTime: this.end,
      venues,
      books: false,
      ...(options.tokenLimit === undefined ? {} : { tokenLimit: options.tokenLimit }),
    }).snapshot();
    this.instruments = this.snapshot.instruments.map((i) => i.spec);
    this.paths = factorPaths(this.snapshot, this.minutes, new Rng((options.seed ^ BACKFILL_SALT) | 0));
    this.order = tokenOrder(this.snapshot);
  }

  /** Minute start of minute index m (0 is the oldest). */
  minuteAt(m: number): number {
    return this.first + m * MINUTE_MS;
  }

  /** USD/KRW per minute. */
  forex(): ForexMinuteBar[] {
    const bars: ForexMinuteBar[] = [];
    const fx = (m: number) => Math.round((this.paths.forex[m] as number) * 100) / 100;
    for (let m = 0; m < this.minutes; m++) {
      const open = fx(m);
      const close = fx(m + 1);
      bars.push({
        pair: 'USD/KRW',
        minute: this.minuteAt(m),
        open,
        high: Math.max(open, close),
        low: Math.min(open, close),
        close,
      });
    }
    return bars;
  }

  /**
   * One market's day. Its mid follows the simulator's formula (Simulator.midPrice) on the walked-back
   * factors plus the market's own mean-reverting deviation; the last price sits on the bid or the ask as the
   * live quotes' does, so minutes bounce by the spread, and wicks reach past both.
   */
  marketDay(instrument: number): MarketDay {
    const state = this.snapshot.instruments[instrument];
    if (!state) throw new RangeError(`no simulated market ${instrument}`);
    const { spec } = state;
    const rng = new Rng(marketSeed(this.seed, spec));
    const n = this.minutes + 1;
    const token = state.token >= 0 ? this.snapshot.tokens[state.token] : undefined;
    const paths = this.paths;
    const deviation = new Float64Array(n);
    const volumeDev = new Float64Array(n);
    let dev = state.deviation;
    let vol = state.volumeDev;
    for (let m = n - 1; m >= 0; m--) {
      deviation[m] = dev;
      volumeDev[m] = vol;
      dev = ouAdvance(dev, 0, state.deviationTauMs, state.deviationSigma, MINUTE_MS, rng.normal());
      vol = ouAdvance(vol, 0, VOLUME.tauMs, VOLUME.sigma, MINUTE_MS, rng.normal());
    }
    const mid = new Float64Array(n);
    for (let m = 0; m < n; m++) mid[m] = this.midAt(state, m, deviation[m] as number);
    const last = new Float64Array(n);
    const half = spec.spread / 2;
    for (let m = 0; m < n; m++) {
      const p = mid[m] as number;
      // The run's first quote is the start's mid ± half the spread, so the last close is the mid itself.
      last[m] =
        m === n - 1
          ? roundToTick(p, instrumentTick(spec, p))
          : rng.chance(0.5)
            ? floorToTick(p * (1 - half), instrumentTick(spec, p * (1 - half)))
            : ceilToTick(p * (1 + half), instrumentTick(spec, p * (1 + half)));
    }
    const day = {
      instrument,
      open: new Float64Array(this.minutes),
      high: new Float64Array(this.minutes),
      low: new Float64Array(this.minutes),
      close: new Float64Array(this.minutes),
      volume: new Float64Array(this.minutes),
      volume24h: new Float64Array(this.minutes),
      mid: new Float64Array(this.minutes),
    };
    const wick = 0.5 * minuteSigma(token?.tier ?? 1);
    for (let m = 0; m < this.minutes; m++) {
      const open = last[m] as number;
      const close = last[m + 1] as number;
      const midHigh = Math.max(mid[m] as number, mid[m + 1] as number) * (1 + Math.abs(rng.normal()) * wick);
      const midLow = Math.min(mid[m] as number, mid[m + 1] as number) * (1 - Math.abs(rng.normal()) * wick);
      const high = Math.max(open, close, midHigh * (1 + half));
      const low = Math.min(open, close, midLow * (1 - half));
      day.open[m] = open;
      day.close[m] = close;
      day.high[m] = ceilToTick(high, instrumentTick(spec, high));
      day.low[m] = floorToTick(low, instrumentTick(spec, low));
      day.mid[m] = mid[m + 1] as number;
      const usdPerQuote = spec.quote === 'KRW' ? 1 / (paths.forex[m + 1] as number) : 1;
      const usdDay = spec.volumeUsd * Math.exp(volumeDev[m + 1] as number);
      day.volume24h[m] = roundVolume(usdDay / usdPerQuote);
      // The minute's share of the day, bursty as the live run's trades are.
      const traded = ((usdDay / 1_440) * (0.2 + 1.6 * rng.next())) / ((mid[m + 1] as number) * usdPerQuote);
      day.volume[m] = roundToTick(traded, significantTick(traded, 4));
    }
    return day;
  }

  bars(day: MarketDay): MinuteBar[] {
    const spec = this.spec(day.instrument);
    const bars: MinuteBar[] = [];
    for (let m = 0; m < this.minutes; m++) {
      bars.push({
        venue: spec.venue,
        market: spec.market,
        base: spec.base,
        quote: spec.quote,
        minute: this.minuteAt(m),
        open: day.open[m] as number,
        high: day.high[m] as number,
        low: day.low[m] as number,
        close: day.close[m] as number,
        volume24h: day.volume24h[m] as number,
        volume: day.volume[m] as number,
      });
    }
    return bars;
  }

  /**
   * A perpetual's funding: the rate at each minute's close (the token's funding walked back, plus the
   * market's own offset, scaled to its interval and capped as the live run does), and a settlement at each
   * funding time of the day with the rate published just before it. Empty for spot markets. Of the minutes, only
   * the last of every `every` is made (the back-fill stores one in five); the settlements are all made.
   */
  funding(day: MarketDay, every = 1): { minutes: SimFundingMinute[]; settlements: SimFundingSettlement[] } {
    const state = this.snapshot.instruments[day.instrument];
    const spec = state?.spec;
    if (!state || !spec || spec.fundingHours === null) return { minutes: [], settlements: [] };
    const hours = spec.fundingHours;
    const intervalMs = hours * HOUR_MS;
    const series = state.token >= 0 ? this.paths.funding8h[state.token] : undefined;
    const minutes: SimFundingMinute[] = [];
    const settlements: SimFundingSettlement[] = [];
    const key = { venue: spec.venue, base: spec.base, quote: spec.quote };
    for (let m = 0; m < this.minutes; m++) {
      const minute = this.minuteAt(m);
      const closesAt = minute + MINUTE_MS;
      const kept = m % every === every - 1;
      const settles = closesAt % intervalMs === 0;
      // The rest are skipped before any work: the back-fill keeps one minute in five.
      if (!kept && !settles) continue;
      const per8h = (series?.[m + 1] ?? 0) + state.fundingOffset;
      const rate = Math.round(clamp((per8h * hours) / 8, -FUNDING.cap, FUNDING.cap) * 1e8) / 1e8;
      const mid = day.mid[m] as number;
      const markPrice = roundToTick(mid, significantTick(mid));
      if (kept) {
        const nextFundingTime = (Math.floor((closesAt - 1) / intervalMs) + 1) * intervalMs;
        minutes.push({ ...key, minute, rate, intervalHours: hours, nextFundingTime, markPrice });
      }
      if (settles) {
        settlements.push({ ...key, fundingTime: closesAt, rate, intervalHours: hours, markPrice });
      }
    }
    return { minutes, settlements };
  }

  /**
   * The Kimchi pairs' gap minutes (a Korean KRW spot market over an overseas USDT spot market, the pairs the
   * engine keeps: see rollupPair): the ratio of the legs' last prices at open and close, its wicks within
   * both legs' own. Every Korean market against the token's `overseasPerMarket` most traded overseas ones
   * (a row per pair per minute adds up: BTC alone has ~90 pairs); the other pairs' premium candles are drawn
   * from the legs' closes.
   */
  gaps(days: readonly MarketDay[], overseasPerMarket = Number.POSITIVE_INFINITY): SimGapMinute[] {
    return [...this.gapMinutes(days, overseasPerMarket)];
  }

  /**
   * gaps(), made as they are read: a token's pairs are tens of thousands of minutes, and a back-fill that
   * writes them a statement at a time need not hold them all (nor compute them in one go).
   */
  *gapMinutes(
    days: readonly MarketDay[],
    overseasPerMarket = Number.POSITIVE_INFINITY,
  ): Generator<SimGapMinute, void, undefined> {
    const korean = days.filter((d) => {
      const s = this.spec(d.instrument);
      return s.korean && s.market === 'spot' && s.quote === 'KRW';
    });
    const overseas = days
      .filter((d) => {
        const s = this.spec(d.instrument);
        return !s.korean && s.market === 'spot' && s.quote === 'USDT';
      })
      .sort((a, b) => this.spec(b.instrument).volumeUsd - this.spec(a.instrument).volumeUsd)
      .slice(0, overseasPerMarket);
    for (const a of korean) {
      const first = keyOf(this.spec(a.instrument));
      const spreadA = this.spec(a.instrument).spread;
      for (const b of overseas) {
        const second = keyOf(this.spec(b.instrument));
        const rng = new Rng(marketSeed(this.seed, this.spec(a.instrument), this.spec(b.instrument)));
        const wick = (spreadA + this.spec(b.instrument).spread) / 4;
        for (let m = 0; m < this.minutes; m++) {
          const open = (a.open[m] as number) / (b.open[m] as number);
          const close = (a.close[m] as number) / (b.close[m] as number);
          const outerHigh = (a.high[m] as number) / (b.low[m] as number);
          const outerLow = (a.low[m] as number) / (b.high[m] as number);
          const high = Math.max(
            open,
            close,
            Math.min(outerHigh, Math.max(open, close) * (1 + Math.abs(rng.normal()) * wick)),
          );
          const low = Math.min(
            open,
            close,
            Math.max(outerLow, Math.min(open, close) * (1 - Math.abs(rng.normal()) * wick)),
          );
          yield { first, second, minute: this.minuteAt(m), open, high, low, close };
        }
      }
    }
  }

  spec(instrument: number): InstrumentSpec {
    const spec = this.instruments[instrument];
    if (!spec) throw new RangeError(`no simulated market ${instrument}`);
    return spec;
  }

  private midAt(state: SimSnapshot['instruments'][number], m: number, deviation: number): number {
    const { spec } = state;
    const paths = this.paths;
    const fx = paths.forex[m] as number;
    if (state.token < 0) return fx * (1 + (paths.usdtPremium[m] as number) + deviation);
    const token = this.snapshot.tokens[state.token];
    const usd = Math.exp((token?.logPrice ?? 0) + (paths.logDelta[state.token]?.[m] ?? 0));
    if (spec.korean) {
      const premium =
        (paths.kimchi[m] as number) +
        (paths.tokenKimchi[state.token]?.[m] ?? 0) +
        (paths.dislocation[state.token]?.[m] ?? 0);
      return usd * fx * (1 + premium + deviation);
    }
    const basis = spec.market === 'perp' ? FUNDING.basisPer8h * (paths.funding8h[state.token]?.[m] ?? 0) : 0;
    return usd * (1 + basis + deviation);
  }
}

function keyOf(spec: InstrumentSpec): MarketKey {
  return { venue: spec.venue, market: spec.market, base: spec.base, quote: spec.quote };
}

/** A market's own generator: fixed by the seed and its name, whatever else is generated around it. */
function marketSeed(seed: number, ...specs: InstrumentSpec[]): number {
  const name = specs.map((s) => `${s.venue}|${s.market}|${s.base}|${s.quote}`).join('>');
  return (seed ^ BACKFILL_SALT ^ Math.floor(stableUnit(name) * 0x7fffffff)) | 0;
}

function roundVolume(volume: number): number {
  return volume >= 1000 ? Math.round(volume) : Math.round(volume * 100) / 100;
}

/** Tokens by their markets' combined volume, USDT/KRW (the USDT conversion rate of every chart) first. */
function tokenOrder(snapshot: SimSnapshot): BackfillToken[] {
  const byToken = new Map<number, { volumeUsd: number; instruments: number[] }>();
  snapshot.instruments.forEach((instrument, index) => {
    const entry = byToken.get(instrument.token) ?? { volumeUsd: 0, instruments: [] };
    entry.volumeUsd += instrument.spec.volumeUsd;
    entry.instruments.push(index);
    byToken.set(instrument.token, entry);
  });
  return [...byToken.entries()]
    .map(([token, entry]) => ({
      symbol: token < 0 ? 'USDT' : (snapshot.tokens[token]?.symbol ?? '?'),
      volumeUsd: entry.volumeUsd,
      instruments: entry.instruments,
      usdtKrw: token < 0,
    }))
    .sort((a, b) => Number(b.usdtKrw) - Number(a.usdtKrw) || b.volumeUsd - a.volumeUsd)
    .map(({ usdtKrw: _, ...token }) => token);
}

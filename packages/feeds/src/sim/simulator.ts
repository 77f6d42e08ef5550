import {
  DAY_MS,
  type ForexEvent,
  type FundingEvent,
  HOUR_MS,
  type MarketEvent,
  MINUTE_MS,
  type QuoteEvent,
  type VenueId,
  type WalletEvent,
} from '@spreadscope/core';
import { type InstrumentSpec, planMarket, type WalletSpec } from './market-structure.ts';
import { networkProfile, simulatedContract } from './networks.ts';
import { addTicks, ceilToTick, floorToTick, roundToTick, significantTick, type Tick } from './price-ticks.ts';
import { clamp, ouAdvance, reflect } from './processes.ts';
import { Rng, stableUnit } from './rng.ts';
import {
  bookEveryMs,
  hashUnit,
  instrumentTick,
  MAJOR_BOOK_EVERY_MS,
  majorBook,
  WINDOW_BOOK_EVERY_MS,
  windowBook,
} from './sim-books.ts';
import { type LiquidityTier, TOKEN_UNIVERSE, type TokenSpec, tokenUniverse } from './token-universe.ts';
import { SIMULATED_VENUE_IDS } from './venue-profiles.ts';

/**
 * A deterministic market simulator. Time advances in fixed 100 ms steps of sim time from `startTime`;
 * all randomness comes from one seeded generator drawn in a fixed order, so the event sequence depends
 * only on (seed, startTime, venues, tokenLimit) — not on how often or how late the caller asks for it.
 *
 * Model, per step:
 * - a market-wide log return plus each token's beta-scaled share and its own noise (log-normal prices),
 *   with rare jumps on smaller tokens;
 * - USD/KRW forex as a slow mean-reverting walk inside 1,380–1,480;
 * - the Kimchi premium as a market factor mean-reverting around +2 % inside −1 %…+5 %, plus a per-token
 *   component (±1.5 %), a per-venue deviation, and occasional ±6–12 % dislocations on one token that
 *   decay with a half-life of minutes;
 * - Upbit's USDT/KRW sitting ±2 % around forex, partly tracking the Kimchi premium;
 * - funding per token and venue mean-reverting around a token-specific level; perps trade at a basis that
 *   follows funding.
 * Instruments quote every 70–100 % of their tier's interval (≤ 1.9 s), funding every 30–60 s, books for a
 * few majors every second and for every other market every 2.5 s, wallet status every ~5 minutes.
 */

export const SIM_STEP_MS = 100;

/** A simulator's starting state (Simulator.snapshot). */
export interface SimSnapshot {
  readonly forex: number;
  readonly kimchi: number;
  readonly usdtPremium: number;
  /** The USDT/KRW premium's own noise (usdtPremium is it plus a share of the Kimchi premium, clamped). */
  readonly usdtPremiumNoise: number;
  readonly tokens: readonly {
    readonly symbol: string;
    readonly tier: LiquidityTier;
    readonly beta: number;
    readonly logPrice: number;
    /** Log of its price a day before the start (the 24 h change the run's quotes show at first). */
    readonly logOpen: number;
    /** The token's own Kimchi component plus its fixed offset. */
    readonly kimchi: number;
    /** The fixed part of it (the moving part mean-reverts to zero). */
    readonly kimchiOffset: number;
    readonly kimchiSigma: number;
    /** Perpetuals' basis over spot. */
    readonly basis: number;
    /** Funding per 8 h, its mean-reversion level and its stationary spread. */
    readonly funding8h: number;
    readonly fundingMean: number;
    readonly fundingSigma: number;
    /** Korean-listed and not a major: may dislocate on its own. */
    readonly dislocates: boolean;
    /** Small enough to jump (tiers 3 and 4). */
    readonly jumps: boolean;
  }[];
  readonly instruments: readonly {
    readonly spec: InstrumentSpec;
    /** Index into tokens, or -1 for USDT/KRW. */
    readonly token: number;
    readonly deviation: number;
    readonly deviationSigma: number;
    readonly deviationTauMs: number;
    /** Log deviation of the market's volume from its typical level. */
    readonly volumeDev: number;
    readonly fundingOffset: number;
  }[];
}

export interface SimulatorOptions {
  readonly seed: number;
  /** Epoch ms of the first step. */
  readonly startTime: number;
  /** Venues to simulate; default every centralized exchange plus the perp DEXes. */
  readonly venues?: readonly VenueId[];
  /**
   * How many tokens to simulate, majors first: fewer than the 352 real ones for tests, more for benchmarks at
   * the product's scale (made-up small caps fill the rest).
   */
  readonly tokenLimit?: number;
  /**
   * Order-book snapshots (default true); a long run that only reads quotes can leave them out. The majors'
   * book sizes come from the generator, so the same seed without books has other prices.
   */
  readonly books?: boolean;
}

export const YEAR_MS = 365 * DAY_MS;
export const MARKET_VOL = 0.55;
export const IDIO_VOL: Readonly<Record<LiquidityTier, number>> = { 1: 0.35, 2: 0.6, 3: 0.9, 4: 1.3 };
const CHANGE_24H_SIGMA: Readonly<Record<LiquidityTier, number>> = { 1: 0.025, 2: 0.045, 3: 0.07, 4: 0.1 };

export const FOREX = { mean: 1430, sigma: 18, tauMs: 6 * HOUR_MS, lo: 1380, hi: 1480, everyMs: 5_000 };
export const KIMCHI = { mean: 0.02, sigma: 0.012, tauMs: 40 * MINUTE_MS, lo: -0.01, hi: 0.05 };
const TOKEN_KIMCHI_SIGMA: Readonly<Record<LiquidityTier, number>> = {
  1: 0.0015,
  2: 0.003,
  3: 0.004,
  4: 0.005,
};
export const TOKEN_KIMCHI = { tauMs: 15 * MINUTE_MS, limit: 0.015 };
export const USDT_PREMIUM = { sigma: 0.006, tauMs: 20 * MINUTE_MS, beta: 0.3, limit: 0.02 };
const USDC_USDT = { sigma: 0.0002, tauMs: HOUR_MS, lo: 0.999, hi: 1.001 };
/** About one new dislocation every 3 minutes across a full universe (~250 Korean-listed tokens). */
export const DISLOCATION = {
  everyMs: 3 * MINUTE_MS,
  fullUniverse: 250,
  min: 0.06,
  max: 0.12,
  /** Large caps move less from the market's premium; majors (BTC, ETH, BNB …) never dislocate on their own. */
  largeCapMin: 0.02,
  largeCapMax: 0.05,
  positiveShare: 0.7,
  halfLifeMin: [3, 12],
};
/** About one jump every 2 minutes across the ~270 smaller tokens of the full universe. */
export const JUMP = { everyMs: 2 * MINUTE_MS, min: 0.02, max: 0.08 };
const FUNDING_SIGMA: Readonly<Record<LiquidityTier, number>> = {
  1: 0.00004,
  2: 0.0001,
  3: 0.0002,
  4: 0.0004,
};
export const FUNDING = {
  tauMs: 30 * MINUTE_MS,
  cap: 0.02,
  everyMs: [30_000, 60_000] as const,
  basisPer8h: 2.5,
};
const DEVIATION = {
  korean: [0.001, 0.002, 0.004, 0.006],
  spot: [0.00005, 0.0002, 0.0008, 0.0015],
  perp: [0.0002, 0.0006, 0.0015, 0.003],
  stablecoin: 0.0005,
} as const;
const DEVIATION_TAU_MS = { korean: 3 * MINUTE_MS, spot: 2 * MINUTE_MS, perp: 5 * MINUTE_MS };
export const VOLUME = { sigma: 0.25, tauMs: 2 * HOUR_MS };
const WALLET = { everyMs: 5 * MINUTE_MS, suspendChance: 0.02, recoverChance: 0.4, delayedChance: 0.01 };

/**
 * Same ticker, different token: on a fresh start the screens should show how such a pair looks. The
 * simulator's Bithumb lists an unrelated token under the ticker of one small Ethereum token (the first
 * such, by name), with its own contract.
 */
const IMPOSTOR_VENUE = 'bithumb';

class TokenState {
  logPrice: number;
  readonly logPrice0: number;
  readonly logOpen0: number;
  /** Log price at whole hours since start (the last ~2 days of them), for the rolling 24 h open. */
  hourly: number[] = [];
  /** Hours since start of hourly[0]. */
  hourlyBase = 0;
  readonly beta: number;
  readonly idioSigmaStep: number;
  kimchi: number;
  readonly kimchiOffset: number;
  readonly kimchiSigma: number;
  dislocation = 0;
  dislocationDecay = 1;
  funding8h: number;
  readonly fundingMean: number;
  readonly fundingSigma: number;

  constructor(
    readonly spec: TokenSpec,
    rng: Rng,
  ) {
    const tier = spec.tier;
    this.logPrice0 = Math.log(spec.priceUsd) + 0.05 * rng.normal();
    this.logPrice = this.logPrice0;
    const change24h = clamp(CHANGE_24H_SIGMA[tier] * rng.normal(), -0.5, 1);
    this.logOpen0 = this.logPrice0 - Math.log1p(change24h);
    this.beta = spec.symbol === 'BTC' ? 1 : rng.range(1.1, 1.5);
    this.idioSigmaStep = IDIO_VOL[tier] * Math.sqrt(SIM_STEP_MS / YEAR_MS);
    this.kimchiSigma = TOKEN_KIMCHI_SIGMA[tier];
    this.kimchi = clamp(this.kimchiSigma * rng.normal(), -TOKEN_KIMCHI.limit, TOKEN_KIMCHI.limit);
    this.kimchiOffset = spec.koreaCentred ? rng.range(-0.01, 0.02) : rng.range(-0.004, 0.006);
    this.fundingMean =
      tier === 1 ? 0.0001 : tier === 4 ? rng.range(-0.0006, 0.0008) : rng.range(-0.0002, 0.0004);
    this.fundingSigma = FUNDING_SIGMA[tier];
    this.funding8h = this.fundingMean + this.fundingSigma * rng.normal();
  }

  /** Log of the price 24 h before t: the recorded hourly path, or a straight line into the start. */
  logOpenAt(t: number, startTime: number): number {
    const back = t - DAY_MS;
    if (back < startTime) {
      const fraction = (back - (startTime - DAY_MS)) / DAY_MS;
      return this.logOpen0 + (this.logPrice0 - this.logOpen0) * fraction;
    }
    const hours = (back - startTime) / HOUR_MS;
    const index = Math.floor(hours) - this.hourlyBase;
    const before = this.hourly[index] ?? this.logPrice;
    const after = this.hourly[index + 1] ?? this.logPrice;
    return before + (after - before) * (hours - Math.floor(hours));
  }

  recordHour(): void {
    this.hourly.push(this.logPrice);
    // Only the last 24 h are ever looked up; keep two days so a server can run for months.
    if (this.hourly.length > 48) {
      this.hourly = this.hourly.slice(24);
      this.hourlyBase += 24;
    }
  }
}

interface Factors {
  forex: number;
  kimchi: number;
  usdtPremiumNoise: number;
  usdcUsdt: number;
}

class InstrumentState {
  nextAt: number;
  deviation: number;
  deviationAt: number;
  readonly deviationSigma: number;
  readonly deviationTauMs: number;
  volumeDev = 0;
  volumeAt: number;
  readonly fundingOffset: number;
  nextFundingAt: number;
  nextBookAt: number;
  bid = 0;
  ask = 0;
  tick: Tick = { step: 1, decimals: 0 };
  /** Window books: a fixed per-market number that, with the book count, varies their sizes. */
  readonly salt: number;
  books = 0;
  quotes = 0;

  constructor(
    readonly spec: InstrumentSpec,
    readonly token: TokenState | null,
    startTime: number,
    rng: Rng,
  ) {
    const tierIndex = (token?.spec.tier ?? 1) - 1;
    if (token === null) {
      this.deviationSigma = DEVIATION.stablecoin;
      this.deviationTauMs = DEVIATION_TAU_MS.korean;
    } else if (spec.korean) {
      this.deviationSigma = DEVIATION.korean[tierIndex] ?? 0;
      this.deviationTauMs = DEVIATION_TAU_MS.korean;
    } else if (spec.market === 'perp') {
      this.deviationSigma = DEVIATION.perp[tierIndex] ?? 0;
      this.deviationTauMs = DEVIATION_TAU_MS.perp;
    } else {
      this.deviationSigma = Math.max(DEVIATION.spot[tierIndex] ?? 0, spec.spread * 0.8);
      this.deviationTauMs = DEVIATION_TAU_MS.spot;
    }
    this.deviation = this.deviationSigma * rng.normal();
    this.deviationAt = startTime;
    this.volumeDev = VOLUME.sigma * rng.normal();
    this.volumeAt = startTime;
    this.nextAt = startTime + Math.floor(rng.next() * spec.intervalMs);
    this.fundingOffset = token ? 0.3 * token.fundingSigma * rng.normal() : 0;
    // Funding and books show up within the first seconds, then settle into their own rhythm.
    this.nextFundingAt = startTime + Math.floor(rng.next() * 5_000);
    this.nextBookAt = startTime + Math.floor(rng.next() * bookEveryMs(spec));
    this.salt = Math.floor(
      stableUnit(`${spec.venue}|${spec.market}|${spec.base}|${spec.quote}`) * 0x7fffffff,
    );
  }
}

interface WalletState {
  readonly spec: WalletSpec;
  /** Null for USDT, priced at one dollar. */
  readonly token: TokenState | null;
  deposit: boolean;
  withdraw: boolean;
  nextAt: number;
  /** Worked out at the first event (null: a native coin). */
  contract?: string | null;
}

function roundVolume(volume: number): number {
  return volume >= 1000 ? Math.round(volume) : Math.round(volume * 100) / 100;
}

function roundSignificant(value: number, digits: number): number {
  return roundToTick(value, significantTick(value, digits));
}

export class Simulator {
  readonly seed: number;
  readonly startTime: number;
  readonly venues: readonly VenueId[];
  private readonly rng: Rng;
  private readonly tokens: TokenState[];
  private readonly instruments: InstrumentState[];
  private readonly wallets: WalletState[];
  private readonly koreanTokens: TokenState[];
  /** Korean-listed tokens that can dislocate: every tier but the majors. */
  private readonly dislocatable: TokenState[];
  private readonly jumpTokens: TokenState[];
  private readonly factors: Factors;
  private readonly marketSigmaStep = MARKET_VOL * Math.sqrt(SIM_STEP_MS / YEAR_MS);
  private readonly books: boolean;
  private cursor: number;
  private nextForexAt: number;
  private nextHourAt: number;

  constructor(options: SimulatorOptions) {
    if (!Number.isSafeInteger(options.startTime) || options.startTime < 0) {
      throw new Error(`simulator startTime must be epoch milliseconds, got ${options.startTime}`);
    }
    this.seed = options.seed;
    this.startTime = options.startTime;
    this.books = options.books ?? true;
    this.cursor = options.startTime;
    this.nextForexAt = options.startTime;
    this.nextHourAt = options.startTime;
    const venueSet = new Set(options.venues ?? SIMULATED_VENUE_IDS);
    this.venues = SIMULATED_VENUE_IDS.filter((v) => venueSet.has(v));
    this.rng = new Rng(options.seed);
    const rng = this.rng;
    const specs = tokenUniverse(options.tokenLimit ?? TOKEN_UNIVERSE.length);
    this.tokens = specs.map((spec) => new TokenState(spec, rng));
    this.factors = {
      forex: rng.range(1400, 1460),
      kimchi: clamp(KIMCHI.mean + 0.01 * rng.normal(), KIMCHI.lo, KIMCHI.hi),
      usdtPremiumNoise: USDT_PREMIUM.sigma * rng.normal(),
      usdcUsdt: 1,
    };
    const plan = planMarket(specs, new Set(this.venues));
    this.instruments = plan.instruments.map(
      (spec) => new InstrumentState(spec, this.tokenAt(spec.tokenIndex), options.startTime, rng),
    );
    this.wallets = plan.wallets.map((spec) => ({
      spec,
      token: this.tokenAt(spec.tokenIndex),
      deposit: true,
      withdraw: true,
      nextAt: options.startTime,
    }));
    const koreanIndices = new Set(plan.instruments.filter((i) => i.korean).map((i) => i.tokenIndex));
    this.koreanTokens = this.tokens.filter((_, index) => koreanIndices.has(index));
    this.dislocatable = this.koreanTokens.filter((token) => token.spec.tier > 1);
    this.jumpTokens = this.tokens.filter((t) => t.spec.tier >= 3);
    this.impostorAsset =
      plan.wallets
        .filter(
          (w) => w.venue === IMPOSTOR_VENUE && w.network === 'ETH' && w.asset !== 'ETH' && w.asset !== 'USDT',
        )
        .filter((w) => (this.tokenAt(w.tokenIndex)?.spec.tier ?? 0) >= 3)
        .map((w) => w.asset)
        .sort()[0] ?? null;
  }

  /** The ticker the simulated Bithumb lists a different token under (null when no candidate). */
  readonly impostorAsset: string | null;

  /** Sim time up to which events have been produced (exclusive). */
  get time(): number {
    return this.cursor;
  }

  get instrumentCount(): number {
    return this.instruments.length;
  }

  get tokenCount(): number {
    return this.tokens.length;
  }

  /**
   * The state the run starts from, for back-filling history that ends where the simulation begins (see
   * backfill.ts). Reads without drawing: the run's series stay as they were.
   */
  snapshot(): SimSnapshot {
    const f = this.factors;
    const dislocates = new Set(this.dislocatable);
    return {
      forex: f.forex,
      kimchi: f.kimchi,
      usdtPremium: this.usdtPremium(),
      usdtPremiumNoise: f.usdtPremiumNoise,
      tokens: this.tokens.map((t) => ({
        symbol: t.spec.symbol,
        tier: t.spec.tier,
        beta: t.beta,
        logPrice: t.logPrice,
        logOpen: t.logOpen0,
        kimchi: t.kimchi + t.kimchiOffset,
        kimchiOffset: t.kimchiOffset,
        kimchiSigma: t.kimchiSigma,
        basis: FUNDING.basisPer8h * t.funding8h,
        funding8h: t.funding8h,
        fundingMean: t.fundingMean,
        fundingSigma: t.fundingSigma,
        dislocates: dislocates.has(t),
        jumps: t.spec.tier >= 3,
      })),
      instruments: this.instruments.map((i) => ({
        spec: i.spec,
        token: i.token === null ? -1 : this.tokens.indexOf(i.token),
        deviation: i.deviation,
        deviationSigma: i.deviationSigma,
        deviationTauMs: i.deviationTauMs,
        volumeDev: i.volumeDev,
        fundingOffset: i.fundingOffset,
      })),
    };
  }

  /** Produces every event with t < `until` that has not been produced yet, in time order. */
  advanceTo(until: number): MarketEvent[] {
    const events: MarketEvent[] = [];
    while (this.cursor + SIM_STEP_MS <= until) {
      for (const event of this.step()) events.push(event);
    }
    return events;
  }

  /**
   * Jumps to `until` without producing the events in between (a laptop waking from sleep must not replay
   * hours of quotes into the engine). Each factor moves by one draw of its exact distribution over the
   * gap, so prices and premiums land where they plausibly would; schedules restart from the new time.
   * Deterministic for a given sequence of calls, but a run with a skip differs from one without.
   */
  skipTo(until: number): void {
    const steps = Math.floor((until - this.cursor) / SIM_STEP_MS);
    if (steps <= 0) return;
    const gap = steps * SIM_STEP_MS;
    const rng = this.rng;
    const f = this.factors;
    const at = this.cursor + gap;
    f.forex = reflect(
      ouAdvance(f.forex, FOREX.mean, FOREX.tauMs, FOREX.sigma, gap, rng.normal()),
      FOREX.lo,
      FOREX.hi,
    );
    f.kimchi = reflect(
      ouAdvance(f.kimchi, KIMCHI.mean, KIMCHI.tauMs, KIMCHI.sigma, gap, rng.normal()),
      KIMCHI.lo,
      KIMCHI.hi,
    );
    f.usdtPremiumNoise = ouAdvance(
      f.usdtPremiumNoise,
      0,
      USDT_PREMIUM.tauMs,
      USDT_PREMIUM.sigma,
      gap,
      rng.normal(),
    );
    const marketMove = this.marketSigmaStep * Math.sqrt(steps) * rng.normal();
    for (const token of this.tokens) {
      token.logPrice += token.beta * marketMove + token.idioSigmaStep * Math.sqrt(steps) * rng.normal();
      token.kimchi = clamp(
        ouAdvance(token.kimchi, 0, TOKEN_KIMCHI.tauMs, token.kimchiSigma, gap, rng.normal()),
        -TOKEN_KIMCHI.limit,
        TOKEN_KIMCHI.limit,
      );
      token.funding8h = ouAdvance(
        token.funding8h,
        token.fundingMean,
        FUNDING.tauMs,
        token.fundingSigma,
        gap,
        rng.normal(),
      );
      token.dislocation *= token.dislocationDecay ** steps;
      if (Math.abs(token.dislocation) < 0.0005) token.dislocation = 0;
    }
    while (at >= this.nextHourAt) {
      for (const token of this.tokens) token.recordHour();
      this.nextHourAt += HOUR_MS;
    }
    for (const instrument of this.instruments) {
      instrument.nextAt = at + Math.floor(rng.next() * instrument.spec.intervalMs);
      instrument.nextFundingAt = at + Math.floor(rng.next() * 5_000);
      instrument.nextBookAt = at + Math.floor(rng.next() * bookEveryMs(instrument.spec));
      instrument.bid = 0;
      instrument.ask = 0;
    }
    for (const wallet of this.wallets) wallet.nextAt = Math.max(wallet.nextAt, at);
    this.nextForexAt = at;
    this.cursor = at;
  }

  /** The next `durationMs` of sim time, one step's events at a time (for recording without waiting). */
  *batches(durationMs: number): Generator<MarketEvent[]> {
    const end = this.cursor + durationMs;
    while (this.cursor + SIM_STEP_MS <= end) yield this.step();
  }

  *generate(durationMs: number): Generator<MarketEvent> {
    for (const batch of this.batches(durationMs)) yield* batch;
  }

  private tokenAt(index: number): TokenState | null {
    return index < 0 ? null : this.requireToken(index);
  }

  private requireToken(index: number): TokenState {
    const token = this.tokens[index];
    if (!token) throw new Error(`simulator: no token at index ${index}`);
    return token;
  }

  private step(): MarketEvent[] {
    const start = this.cursor;
    const end = start + SIM_STEP_MS;
    this.evolve(start);
    const events: MarketEvent[] = [];
    if (start >= this.nextForexAt) {
      events.push(this.forexEvent(start));
      this.nextForexAt += FOREX.everyMs;
    }
    for (const instrument of this.instruments) {
      while (instrument.nextAt < end) {
        events.push(this.quoteEvent(instrument, instrument.nextAt));
        instrument.nextAt += Math.floor(instrument.spec.intervalMs * this.rng.range(0.7, 1));
      }
      if (instrument.spec.fundingHours !== null) {
        while (instrument.nextFundingAt < end) {
          events.push(this.fundingEvent(instrument, instrument.nextFundingAt));
          instrument.nextFundingAt += Math.floor(this.rng.range(FUNDING.everyMs[0], FUNDING.everyMs[1]));
        }
      }
      if (this.books && instrument.spec.book === 'major') {
        while (instrument.nextBookAt < end) {
          const book = majorBook(instrument, instrument.nextBookAt, this.factors.forex, this.rng);
          if (book) events.push(book);
          instrument.nextBookAt += Math.floor(MAJOR_BOOK_EVERY_MS * this.rng.range(0.8, 1));
        }
      } else if (this.books) {
        while (instrument.nextBookAt < end) {
          const book = windowBook(instrument, instrument.nextBookAt, this.factors.forex);
          if (book) events.push(book);
          instrument.nextBookAt += WINDOW_BOOK_EVERY_MS;
        }
      }
    }
    for (const wallet of this.wallets) {
      while (wallet.nextAt < end) {
        events.push(this.walletEvent(wallet, wallet.nextAt));
        const first = wallet.nextAt === this.startTime;
        wallet.nextAt += Math.floor(
          first ? this.rng.range(MINUTE_MS, WALLET.everyMs) : WALLET.everyMs * this.rng.range(0.9, 1.1),
        );
      }
    }
    this.cursor = end;
    // Array.prototype.sort is stable, so events at the same millisecond keep their generation order.
    return events.sort((a, b) => a.t - b.t);
  }

  /** Moves every market-wide and per-token factor by one step. */
  private evolve(now: number): void {
    const rng = this.rng;
    const f = this.factors;
    while (now >= this.nextHourAt) {
      for (const token of this.tokens) token.recordHour();
      this.nextHourAt += HOUR_MS;
    }
    f.forex = reflect(
      ouAdvance(f.forex, FOREX.mean, FOREX.tauMs, FOREX.sigma, SIM_STEP_MS, rng.normal()),
      FOREX.lo,
      FOREX.hi,
    );
    f.kimchi = reflect(
      ouAdvance(f.kimchi, KIMCHI.mean, KIMCHI.tauMs, KIMCHI.sigma, SIM_STEP_MS, rng.normal()),
      KIMCHI.lo,
      KIMCHI.hi,
    );
    f.usdtPremiumNoise = ouAdvance(
      f.usdtPremiumNoise,
      0,
      USDT_PREMIUM.tauMs,
      USDT_PREMIUM.sigma,
      SIM_STEP_MS,
      rng.normal(),
    );
    f.usdcUsdt = reflect(
      ouAdvance(f.usdcUsdt, 1, USDC_USDT.tauMs, USDC_USDT.sigma, SIM_STEP_MS, rng.normal()),
      USDC_USDT.lo,
      USDC_USDT.hi,
    );
    const marketReturn = this.marketSigmaStep * rng.normal();
    for (const token of this.tokens) {
      token.logPrice += token.beta * marketReturn + token.idioSigmaStep * rng.normal();
      token.kimchi = clamp(
        ouAdvance(token.kimchi, 0, TOKEN_KIMCHI.tauMs, token.kimchiSigma, SIM_STEP_MS, rng.normal()),
        -TOKEN_KIMCHI.limit,
        TOKEN_KIMCHI.limit,
      );
      token.funding8h = ouAdvance(
        token.funding8h,
        token.fundingMean,
        FUNDING.tauMs,
        token.fundingSigma,
        SIM_STEP_MS,
        rng.normal(),
      );
      if (token.dislocation !== 0) {
        token.dislocation *= token.dislocationDecay;
        if (Math.abs(token.dislocation) < 0.0005) token.dislocation = 0;
      }
    }
    const dislocationChance =
      (SIM_STEP_MS / DISLOCATION.everyMs) * (this.koreanTokens.length / DISLOCATION.fullUniverse);
    if (this.dislocatable.length > 0 && rng.chance(dislocationChance)) {
      const token = this.dislocatable[Math.floor(rng.next() * this.dislocatable.length)];
      const size =
        token?.spec.tier === 2
          ? rng.range(DISLOCATION.largeCapMin, DISLOCATION.largeCapMax)
          : rng.range(DISLOCATION.min, DISLOCATION.max);
      const halfLifeMs =
        rng.range(DISLOCATION.halfLifeMin[0] ?? 3, DISLOCATION.halfLifeMin[1] ?? 12) * MINUTE_MS;
      if (token) {
        token.dislocation = rng.chance(DISLOCATION.positiveShare) ? size : -size;
        token.dislocationDecay = Math.exp((-SIM_STEP_MS * Math.LN2) / halfLifeMs);
      }
    }
    if (
      this.jumpTokens.length > 0 &&
      rng.chance((SIM_STEP_MS / JUMP.everyMs) * (this.jumpTokens.length / 270))
    ) {
      const token = this.jumpTokens[Math.floor(rng.next() * this.jumpTokens.length)];
      const size = rng.range(JUMP.min, JUMP.max);
      if (token) token.logPrice += Math.log1p(rng.chance(0.5) ? size : -size);
    }
  }

  private usdtPremium(): number {
    const f = this.factors;
    return clamp(
      USDT_PREMIUM.beta * (f.kimchi - KIMCHI.mean) + f.usdtPremiumNoise,
      -USDT_PREMIUM.limit,
      USDT_PREMIUM.limit,
    );
  }

  /** Mid price of an instrument now, in its quote currency; also refreshes its lazy deviation. */
  private midPrice(instrument: InstrumentState, t: number): number {
    const spec = instrument.spec;
    const f = this.factors;
    instrument.deviation = ouAdvance(
      instrument.deviation,
      0,
      instrument.deviationTauMs,
      instrument.deviationSigma,
      t - instrument.deviationAt,
      this.rng.normal(),
    );
    instrument.deviationAt = t;
    const token = instrument.token;
    if (token === null) return f.forex * (1 + this.usdtPremium() + instrument.deviation);
    const usd = Math.exp(token.logPrice);
    if (spec.korean) {
      const premium = f.kimchi + token.kimchi + token.kimchiOffset + token.dislocation + instrument.deviation;
      return usd * f.forex * (1 + premium);
    }
    const basis = spec.market === 'perp' ? FUNDING.basisPer8h * token.funding8h : 0;
    const inQuote = spec.quote === 'USDC' ? usd / f.usdcUsdt : usd;
    return inQuote * (1 + basis + instrument.deviation);
  }

  private tickFor(instrument: InstrumentState, price: number): Tick {
    return instrumentTick(instrument.spec, price);
  }

  private quoteEvent(instrument: InstrumentState, t: number): QuoteEvent {
    const spec = instrument.spec;
    const f = this.factors;
    const mid = this.midPrice(instrument, t);
    const tick = this.tickFor(instrument, mid);
    const half = (mid * spec.spread) / 2;
    // Each side on the unit of its own price band: a book straddling a band edge (₩9.99 / ₩10.1) has two.
    const bid = floorToTick(mid - half, this.tickFor(instrument, mid - half));
    const askTick = this.tickFor(instrument, mid + half);
    let ask = ceilToTick(mid + half, askTick);
    if (ask <= bid) ask = addTicks(bid, askTick, 1);
    instrument.bid = bid;
    instrument.ask = ask;
    instrument.tick = tick;
    const last = this.rng.chance(0.5) ? bid : ask;
    const sinceLast = t - instrument.volumeAt;
    instrument.volumeDev = ouAdvance(
      instrument.volumeDev,
      0,
      VOLUME.tauMs,
      VOLUME.sigma,
      sinceLast,
      this.rng.normal(),
    );
    instrument.volumeAt = t;
    const usdPerQuote = spec.quote === 'KRW' ? 1 / f.forex : spec.quote === 'USDC' ? f.usdcUsdt : 1;
    const volume24h = roundVolume((spec.volumeUsd * Math.exp(instrument.volumeDev)) / usdPerQuote);
    const event: QuoteEvent = {
      t,
      type: 'quote',
      venue: spec.venue,
      market: spec.market,
      base: spec.base,
      quote: spec.quote,
      last,
      bid,
      ask,
      volume24h,
      traded: this.traded(instrument, sinceLast, mid, usdPerQuote),
    };
    const token = instrument.token;
    if (token) {
      const open = mid * Math.exp(token.logOpenAt(t, this.startTime) - token.logPrice);
      event.open24h = roundToTick(open, this.tickFor(instrument, open));
    }
    return event;
  }

  /**
   * Base volume traded since the market's previous quote: its daily dollar volume spread over the day, bursty
   * (a fixed hash, not the generator: adding trades left every other series of a seed as it was).
   */
  private traded(instrument: InstrumentState, sinceMs: number, mid: number, usdPerQuote: number): number {
    const usd = (instrument.spec.volumeUsd * Math.exp(instrument.volumeDev) * sinceMs) / DAY_MS;
    if (!(usd > 0)) return 0;
    const burst = 0.2 + 1.6 * hashUnit(instrument.salt, instrument.quotes++, 7);
    return roundSignificant((usd * burst) / (mid * usdPerQuote), 4);
  }

  private fundingEvent(instrument: InstrumentState, t: number): FundingEvent {
    const spec = instrument.spec;
    const token = instrument.token;
    const hours = spec.fundingHours ?? 8;
    const per8h = (token?.funding8h ?? 0) + instrument.fundingOffset;
    const rate = clamp((per8h * hours) / 8, -FUNDING.cap, FUNDING.cap);
    const intervalMs = hours * HOUR_MS;
    const mid = instrument.bid > 0 ? (instrument.bid + instrument.ask) / 2 : this.midPrice(instrument, t);
    return {
      t,
      type: 'funding',
      venue: spec.venue,
      base: spec.base,
      quote: spec.quote,
      rate: Math.round(rate * 1e8) / 1e8,
      intervalHours: hours,
      // Settlements fall on the UTC grid of the interval (00:00/08:00/16:00 for 8 h).
      nextFundingTime: (Math.floor(t / intervalMs) + 1) * intervalMs,
      markPrice: roundToTick(mid, significantTick(mid)),
    };
  }

  private walletEvent(wallet: WalletState, t: number): WalletEvent {
    const rng = this.rng;
    if (wallet.deposit && wallet.withdraw) {
      if (rng.chance(WALLET.suspendChance)) {
        if (rng.chance(0.5)) wallet.withdraw = false;
        else wallet.deposit = false;
      }
    } else if (rng.chance(WALLET.recoverChance)) {
      wallet.deposit = true;
      wallet.withdraw = true;
    }
    const network = wallet.spec.network;
    const profile = networkProfile(network);
    const usd = wallet.token ? Math.exp(wallet.token.logPrice) : 1;
    const { venue, asset } = wallet.spec;
    if (wallet.contract === undefined) {
      wallet.contract =
        simulatedContract(
          asset,
          network,
          stableUnit,
          venue === IMPOSTOR_VENUE && asset === this.impostorAsset ? 'impostor' : '',
        ) ?? null;
    }
    const contract = wallet.contract;
    const withdrawFee = roundSignificant(profile.withdrawFeeUsd / usd, 3);
    // Hashed, not drawn: delays must not shift the simulator's random sequence (same seed, same market).
    const delayed =
      stableUnit(`${venue}|${asset}|${network}|${Math.floor(t / 3_600_000)}`) < WALLET.delayedChance;
    return {
      t,
      type: 'wallet',
      venue: wallet.spec.venue,
      asset: wallet.spec.asset,
      network,
      deposit: wallet.deposit,
      withdraw: wallet.withdraw,
      confirmations: profile.confirmations,
      blockTimeSec: profile.blockTimeSec,
      withdrawFee,
      withdrawMin: roundSignificant(withdrawFee * 2, 3),
      ...(contract ? { contract } : {}),
      ...(delayed ? { delayed: true } : {}),
    };
  }

  private forexEvent(t: number): ForexEvent {
    return { t, type: 'forex', pair: 'USD/KRW', rate: Math.round(this.factors.forex * 100) / 100 };
  }
}

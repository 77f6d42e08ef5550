import { type ForexMinuteBar, MINUTE_MS, type MinuteBar, minuteStart, type VenueId } from '@spreadscope/core';
import { krwTick, roundToTick, significantTick } from './price-ticks.ts';
import { clamp, ouAdvance, reflect } from './processes.ts';
import { Rng } from './rng.ts';
import {
  FOREX,
  IDIO_VOL,
  KIMCHI,
  MARKET_VOL,
  type SimSnapshot,
  Simulator,
  TOKEN_KIMCHI,
  YEAR_MS,
} from './simulator.ts';
import { SIMULATED_VENUE_IDS } from './venue-profiles.ts';

export interface SimulatedDayOptions {
  readonly seed: number;
  /** The minute the back-filled history ends at (exclusive): where the live simulation starts. */
  readonly end: number;
  /** How many minutes back (default one day). */
  readonly minutes?: number;
  /** Venues the simulator leaves out (VENUES_DISABLED), as SimulatorSource does. */
  readonly disabledVenues?: ReadonlySet<VenueId>;
  /**
   * Which markets get history (default: BACKFILL_MARKETS). Writing a day of every market (~4,000) would take
   * minutes on PGlite; a few dozen take a second or two and fill the charts people open first.
   */
  readonly markets?: (market: { venue: VenueId; base: string; quote: string }) => boolean;
}

const BACKFILL_BASES: ReadonlySet<string> = new Set(['BTC', 'ETH', 'XRP', 'SOL', 'DOGE', 'USDT']);
const BACKFILL_VENUES: ReadonlySet<VenueId> = new Set(['upbit', 'bithumb', 'binance', 'bybit']);

/**
 * The majors (and USDT/KRW) on the two largest Korean venues and the two largest overseas ones, spot and
 * perpetual, in their main quote: the default Kimchi pairs, charts and premium candles of a fresh install.
 */
export function BACKFILL_MARKETS(market: { venue: VenueId; base: string; quote: string }): boolean {
  return (
    BACKFILL_BASES.has(market.base) &&
    BACKFILL_VENUES.has(market.venue) &&
    (market.quote === 'KRW' || market.quote === 'USDT')
  );
}

export interface SimulatedDay {
  readonly bars: MinuteBar[];
  readonly forex: ForexMinuteBar[];
}

/** Seed offset of the back-fill's own generator: the live run's draws are never touched. */
const BACKFILL_SALT = 0x5eed_ba11;

/**
 * A day of simulated 1-minute history that ends where a simulator with this seed starts: the same model run
 * backwards in minute steps from the run's starting state (a random walk and mean-reverting factors are
 * time-reversible), so the charts of a fresh install are full and meet the live prices without a jump.
 * Deterministic from the seed and `end`.
 */
export function simulatedDay(options: SimulatedDayOptions): SimulatedDay {
  const minutes = options.minutes ?? 1_440;
  const end = minuteStart(options.end);
  const disabled = options.disabledVenues ?? new Set<VenueId>();
  const chosen = options.markets ?? BACKFILL_MARKETS;
  const venues = SIMULATED_VENUE_IDS.filter((v) => !disabled.has(v));
  const snapshot = new Simulator({ seed: options.seed, startTime: end, venues, books: false }).snapshot();
  const rng = new Rng((options.seed ^ BACKFILL_SALT) | 0);
  const instruments = snapshot.instruments.filter((i) => chosen(i.spec));
  const tokens = new Set(instruments.map((i) => i.token));
  const paths = factorPaths(snapshot, minutes, rng, (tokenIndex) => tokens.has(tokenIndex));
  const bars: MinuteBar[] = [];
  for (const instrument of instruments) {
    const { spec } = instrument;
    const closes = new Float64Array(minutes);
    for (let m = 0; m < minutes; m++) closes[m] = midAt(snapshot, paths, instrument, m);
    const usdPerQuote = spec.quote === 'KRW' ? 1 / snapshot.forex : 1;
    const volume24h = Math.round(spec.volumeUsd / usdPerQuote);
    const wickSigma = 0.5 * minuteSigma(snapshot.tokens[instrument.token]?.tier ?? 1);
    const tick = (price: number) =>
      spec.quote === 'KRW' ? krwTick(price, spec.base) : significantTick(price);
    for (let m = 0; m < minutes; m++) {
      const close = closes[m] as number;
      const open = m === 0 ? close : (closes[m - 1] as number);
      const high = Math.max(open, close) * (1 + Math.abs(rng.normal()) * wickSigma);
      const low = Math.min(open, close) * (1 - Math.abs(rng.normal()) * wickSigma);
      // Base volume of the minute: the day's dollar volume spread over its minutes, bursty.
      const volume = ((spec.volumeUsd / 1_440) * (0.2 + 1.6 * rng.next())) / (close * usdPerQuote);
      bars.push({
        venue: spec.venue,
        market: spec.market,
        base: spec.base,
        quote: spec.quote,
        minute: end - (minutes - m) * MINUTE_MS,
        open: roundToTick(open, tick(open)),
        high: roundToTick(high, tick(high)),
        low: roundToTick(low, tick(low)),
        close: roundToTick(close, tick(close)),
        volume24h,
        volume: Number(volume.toPrecision(4)),
      });
    }
  }
  const forex: ForexMinuteBar[] = [];
  for (let m = 0; m < minutes; m++) {
    const close = Math.round((paths.forex[m] as number) * 100) / 100;
    const open = m === 0 ? close : Math.round((paths.forex[m - 1] as number) * 100) / 100;
    forex.push({
      pair: 'USD/KRW',
      minute: end - (minutes - m) * MINUTE_MS,
      open,
      high: Math.max(open, close),
      low: Math.min(open, close),
      close,
    });
  }
  return { bars, forex };
}

interface FactorPaths {
  /** Per minute, oldest first; the last entry is the minute just before the run starts. */
  readonly forex: Float64Array;
  readonly kimchi: Float64Array;
  /** Per token (undefined where no history is wanted): log price change from the start, and own premium. */
  readonly logDelta: (Float64Array | undefined)[];
  readonly tokenKimchi: (Float64Array | undefined)[];
}

function minuteSigma(tier: 1 | 2 | 3 | 4): number {
  return IDIO_VOL[tier] * Math.sqrt(MINUTE_MS / YEAR_MS);
}

/** Walks every factor back from the run's start, one minute at a time. */
function factorPaths(
  snapshot: SimSnapshot,
  minutes: number,
  rng: Rng,
  wanted: (tokenIndex: number) => boolean,
): FactorPaths {
  const forex = new Float64Array(minutes);
  const kimchi = new Float64Array(minutes);
  const logDelta: (Float64Array | undefined)[] = snapshot.tokens.map((_, i) =>
    wanted(i) ? new Float64Array(minutes) : undefined,
  );
  const tokenKimchi: (Float64Array | undefined)[] = snapshot.tokens.map((_, i) =>
    wanted(i) ? new Float64Array(minutes) : undefined,
  );
  const marketSigma = MARKET_VOL * Math.sqrt(MINUTE_MS / YEAR_MS);
  let fx = snapshot.forex;
  let k = snapshot.kimchi;
  const delta = snapshot.tokens.map(() => 0);
  const own = snapshot.tokens.map((t) => t.kimchi);
  // The newest minute closes at the run's starting state; each older one is one step further back.
  for (let m = minutes - 1; m >= 0; m--) {
    forex[m] = fx;
    kimchi[m] = k;
    snapshot.tokens.forEach((_, i) => {
      const path = logDelta[i];
      const ownPath = tokenKimchi[i];
      if (path) path[m] = delta[i] as number;
      if (ownPath) ownPath[m] = own[i] as number;
    });
    fx = reflect(
      ouAdvance(fx, FOREX.mean, FOREX.tauMs, FOREX.sigma, MINUTE_MS, rng.normal()),
      FOREX.lo,
      FOREX.hi,
    );
    k = reflect(
      ouAdvance(k, KIMCHI.mean, KIMCHI.tauMs, KIMCHI.sigma, MINUTE_MS, rng.normal()),
      KIMCHI.lo,
      KIMCHI.hi,
    );
    const market = marketSigma * rng.normal();
    snapshot.tokens.forEach((token, i) => {
      const path = logDelta[i];
      const ownPath = tokenKimchi[i];
      if (!path || !ownPath) return;
      delta[i] = (delta[i] as number) - token.beta * market - minuteSigma(token.tier) * rng.normal();
      own[i] = clamp(
        ouAdvance(
          own[i] as number,
          token.kimchi,
          TOKEN_KIMCHI.tauMs,
          token.kimchiSigma,
          MINUTE_MS,
          rng.normal(),
        ),
        token.kimchi - 2 * TOKEN_KIMCHI.limit,
        token.kimchi + 2 * TOKEN_KIMCHI.limit,
      );
    });
  }
  return { forex, kimchi, logDelta, tokenKimchi };
}

/** An instrument's mid at minute m, by the simulator's own formula (see Simulator.midPrice). */
function midAt(
  snapshot: SimSnapshot,
  paths: FactorPaths,
  instrument: SimSnapshot['instruments'][number],
  m: number,
): number {
  const { spec } = instrument;
  const fx = paths.forex[m] as number;
  if (instrument.token < 0) return fx * (1 + snapshot.usdtPremium + instrument.deviation);
  const token = snapshot.tokens[instrument.token];
  const delta = paths.logDelta[instrument.token]?.[m] ?? 0;
  const usd = Math.exp((token?.logPrice ?? 0) + delta);
  if (spec.korean) {
    const premium = (paths.kimchi[m] as number) + (paths.tokenKimchi[instrument.token]?.[m] ?? 0);
    return usd * fx * (1 + premium + instrument.deviation);
  }
  const basis = spec.market === 'perp' ? (token?.basis ?? 0) : 0;
  return usd * (1 + basis + instrument.deviation);
}

import { MINUTE_MS } from '@spreadscope/core';
import { clamp, ouAdvance, reflect } from './processes.ts';
import type { Rng } from './rng.ts';
import {
  DISLOCATION,
  FOREX,
  FUNDING,
  IDIO_VOL,
  JUMP,
  KIMCHI,
  MARKET_VOL,
  type SimSnapshot,
  TOKEN_KIMCHI,
  USDT_PREMIUM,
  YEAR_MS,
} from './simulator.ts';

/**
 * The market-wide and per-token factors of a simulated day, one value per minute close, oldest first; index
 * `minutes` is the run's starting state itself (index 0 is the close of the minute before the first
 * back-filled one, which opens it). Walked backwards from the start, since a random walk and mean-reverting
 * factors are time-reversible: the last back-filled minute closes exactly where the live run begins.
 */
export interface FactorPaths {
  readonly forex: Float64Array;
  readonly kimchi: Float64Array;
  readonly usdtPremium: Float64Array;
  /** Per token: log price change from the start (0 at the end). */
  readonly logDelta: readonly Float64Array[];
  /** Per token: its own Kimchi component, fixed offset included. */
  readonly tokenKimchi: readonly Float64Array[];
  /** Per token: a single-token Korean dislocation (decayed to nothing by the start, as the run begins with none). */
  readonly dislocation: readonly Float64Array[];
  /** Per token: funding per 8 h. */
  readonly funding8h: readonly Float64Array[];
}

export function minuteSigma(tier: 1 | 2 | 3 | 4): number {
  return IDIO_VOL[tier] * Math.sqrt(MINUTE_MS / YEAR_MS);
}

/** The live run's dislocations go below this and vanish (Simulator.evolve). */
const DISLOCATION_FLOOR = 0.0005;

/**
 * Walks every factor back from the run's start, one minute at a time, with the simulator's own processes at
 * a minute's step: forex, the Kimchi premium and USDT's premium, each token's price (its beta to the market,
 * its own noise and, for small tokens, the rare jumps), its own premium and its funding. Single-token
 * dislocations are laid forward in time afterwards, as in the live run (a jump of the Korean price that
 * decays with a half-life of minutes), only where they have died out before the run starts.
 */
export function factorPaths(snapshot: SimSnapshot, minutes: number, rng: Rng): FactorPaths {
  const n = minutes + 1;
  const forex = new Float64Array(n);
  const kimchi = new Float64Array(n);
  const usdtPremium = new Float64Array(n);
  const tokens = snapshot.tokens;
  const logDelta = tokens.map(() => new Float64Array(n));
  const tokenKimchi = tokens.map(() => new Float64Array(n));
  const dislocation = tokens.map(() => new Float64Array(n));
  const funding8h = tokens.map(() => new Float64Array(n));
  const marketSigma = MARKET_VOL * Math.sqrt(MINUTE_MS / YEAR_MS);
  const jumpChance = MINUTE_MS / JUMP.everyMs / 270;
  let fx = snapshot.forex;
  let k = snapshot.kimchi;
  let usdtNoise = snapshot.usdtPremiumNoise;
  const delta = tokens.map(() => 0);
  const own = tokens.map((t) => t.kimchi - t.kimchiOffset);
  const funding = tokens.map((t) => t.funding8h);
  for (let m = n - 1; m >= 0; m--) {
    forex[m] = fx;
    kimchi[m] = k;
    usdtPremium[m] = clamp(
      USDT_PREMIUM.beta * (k - KIMCHI.mean) + usdtNoise,
      -USDT_PREMIUM.limit,
      USDT_PREMIUM.limit,
    );
    for (let i = 0; i < tokens.length; i++) {
      (logDelta[i] as Float64Array)[m] = delta[i] as number;
      (tokenKimchi[i] as Float64Array)[m] = (own[i] as number) + (tokens[i]?.kimchiOffset ?? 0);
      (funding8h[i] as Float64Array)[m] = funding[i] as number;
    }
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
    usdtNoise = ouAdvance(usdtNoise, 0, USDT_PREMIUM.tauMs, USDT_PREMIUM.sigma, MINUTE_MS, rng.normal());
    const market = marketSigma * rng.normal();
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (!token) continue;
      let d = (delta[i] as number) - token.beta * market - minuteSigma(token.tier) * rng.normal();
      if (token.jumps && rng.chance(jumpChance)) {
        const size = rng.range(JUMP.min, JUMP.max);
        d -= Math.log1p(rng.chance(0.5) ? size : -size);
      }
      delta[i] = d;
      own[i] = clamp(
        ouAdvance(own[i] as number, 0, TOKEN_KIMCHI.tauMs, token.kimchiSigma, MINUTE_MS, rng.normal()),
        -TOKEN_KIMCHI.limit,
        TOKEN_KIMCHI.limit,
      );
      funding[i] = ouAdvance(
        funding[i] as number,
        token.fundingMean,
        FUNDING.tauMs,
        token.fundingSigma,
        MINUTE_MS,
        rng.normal(),
      );
    }
  }
  bridgeToOpen(snapshot, logDelta, minutes);
  layDislocations(snapshot, dislocation, n, rng);
  return { forex, kimchi, usdtPremium, logDelta, tokenKimchi, dislocation, funding8h };
}

/**
 * Ties each token's walk to the day the live run's first quotes report: the run shows a 24 h change from a
 * price a day before the start (Simulator's logOpenAt), so the back-filled day starts there. A Brownian bridge:
 * the walk plus a straight line that moves its oldest point onto that price and leaves the start where it is.
 */
function bridgeToOpen(snapshot: SimSnapshot, logDelta: readonly Float64Array[], minutes: number): void {
  const reach = Math.min(1, minutes / 1_440);
  snapshot.tokens.forEach((token, i) => {
    const path = logDelta[i];
    if (!path) return;
    const shift = (token.logOpen - token.logPrice) * reach - (path[0] as number);
    for (let m = 0; m <= minutes; m++) path[m] = (path[m] as number) + (shift * (minutes - m)) / minutes;
  });
}

/** About one dislocation every three minutes across 250 Korean-listed tokens, as the live run draws them. */
function layDislocations(snapshot: SimSnapshot, out: readonly Float64Array[], n: number, rng: Rng): void {
  const chance = MINUTE_MS / DISLOCATION.everyMs / DISLOCATION.fullUniverse;
  snapshot.tokens.forEach((token, i) => {
    const path = out[i];
    if (!token.dislocates || !path) return;
    for (let start = 0; start < n; start++) {
      if (!rng.chance(chance)) continue;
      const large = token.tier === 2;
      const size = large
        ? rng.range(DISLOCATION.largeCapMin, DISLOCATION.largeCapMax)
        : rng.range(DISLOCATION.min, DISLOCATION.max);
      const signed = rng.chance(DISLOCATION.positiveShare) ? size : -size;
      const halfLife = rng.range(DISLOCATION.halfLifeMin[0] ?? 3, DISLOCATION.halfLifeMin[1] ?? 12);
      // The run starts with none: keep only what has died out by then.
      if (size * 0.5 ** ((n - 1 - start) / halfLife) >= DISLOCATION_FLOOR) continue;
      for (let m = start; m < n; m++) {
        const value = signed * 0.5 ** ((m - start) / halfLife);
        if (Math.abs(value) < DISLOCATION_FLOOR) break;
        path[m] = (path[m] as number) + value;
      }
    }
  });
}

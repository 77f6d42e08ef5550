import type { VenueId } from '@spreadscope/core';
import {
  SIM_DEPOSIT_AFTER_MS,
  SIM_LISTING_CYCLE_MS,
  SIM_TRADING_AFTER_MS,
  type SimListingCycle,
  simAbroadUsdt,
  simListingCycle,
  simListingPremium,
  simListingSupply,
} from './sim-listings.ts';

/** A simulated listing whose first 24 h of trading are over, with the figures its own price path gives. */
export interface SimListingCase {
  readonly venue: 'upbit' | 'bithumb';
  readonly quote: 'KRW';
  readonly base: string;
  readonly name: string;
  readonly network: string;
  readonly announcedAt: number;
  readonly depositOpenedAt: number;
  readonly listedAt: number;
  readonly listingPrice: number;
  readonly high24h: number;
  readonly low24h: number;
  readonly peakPremium: { pct: number; at: number };
  readonly marketCapChange24hPct: number | null;
}

const DAY_MS = 86_400_000;
/** USDT/KRW the simulator starts from; past cycles are drawn at it (their own day's rate is not kept). */
const USDT_KRW = 1_400;

function caseOf(c: SimListingCycle): SimListingCase {
  const listedAt = c.start + SIM_TRADING_AFTER_MS;
  let high = 0;
  let low = Number.POSITIVE_INFINITY;
  let peak = { pct: Number.NEGATIVE_INFINITY, at: listedAt };
  let first = 0;
  let last = 0;
  // Minute by minute, like the bars the running simulator's market would have stored.
  for (let t = listedAt; t < listedAt + DAY_MS; t += 60_000) {
    const premium = simListingPremium(c, t);
    const krw = Math.round(simAbroadUsdt(c, t) * USDT_KRW * (1 + premium) * 100) / 100;
    if (first === 0) first = krw;
    last = krw;
    high = Math.max(high, krw);
    low = Math.min(low, krw);
    if (premium * 100 > peak.pct) peak = { pct: premium * 100, at: t };
  }
  const supply = simListingSupply(c.token.symbol);
  return {
    venue: c.venue,
    quote: 'KRW',
    base: c.token.symbol,
    name: c.token.ko,
    network: c.token.network,
    announcedAt: c.start,
    depositOpenedAt: c.start + SIM_DEPOSIT_AFTER_MS,
    listedAt,
    listingPrice: first,
    high24h: high,
    low24h: low,
    peakPremium: peak,
    // Supply does not move in the simulation: the cap changes as the price does.
    marketCapChange24hPct: supply === null ? null : ((last - first) / first) * 100,
  };
}

/**
 * The simulator's listings of the last `days` whose 24 h after trading start are over, newest first, one per
 * market (a token the simulator lists again keeps its latest case), so a fresh start has a history to show.
 */
export function simulatedListingCases(
  seed: number,
  venues: ReadonlySet<VenueId>,
  now: number,
  days = 7,
): SimListingCase[] {
  const out: SimListingCase[] = [];
  const seen = new Set<string>();
  const newest = Math.floor(now / SIM_LISTING_CYCLE_MS);
  const oldest = Math.floor((now - days * DAY_MS) / SIM_LISTING_CYCLE_MS);
  for (let index = newest; index >= oldest; index--) {
    const c = simListingCycle(seed, venues, index);
    if (!c || c.start + SIM_TRADING_AFTER_MS + DAY_MS > now) continue;
    const key = `${c.venue}-${c.token.symbol}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(caseOf(c));
  }
  return out;
}

/** One minute of a simulated listing's path: abroad in USDT (from 3 h before the notice), the KRW market once it trades. */
export interface SimListingMinute {
  readonly t: number;
  readonly abroadUsdt: number;
  readonly krw: number | null;
}

/**
 * The simulator's own minute path of the listing it announced on `venue` near `announcedAt` (the same waves its
 * live quotes follow), over [from, to) at `usdtKrw`; null when the simulator made no such listing.
 */
export function simListingPath(
  seed: number,
  venues: ReadonlySet<VenueId>,
  listing: { venue: string; base: string; announcedAt: number },
  range: { from: number; to: number; usdtKrw: number },
): SimListingMinute[] | null {
  const index = Math.floor(listing.announcedAt / SIM_LISTING_CYCLE_MS);
  const c = [index, index - 1, index + 1]
    .map((i) => simListingCycle(seed, venues, i))
    .find(
      (x) =>
        x !== null &&
        x.venue === listing.venue &&
        x.token.symbol === listing.base &&
        Math.abs(x.start - listing.announcedAt) < 3_600_000,
    );
  if (!c) return null;
  const listedAt = c.start + SIM_TRADING_AFTER_MS;
  const out: SimListingMinute[] = [];
  for (let t = Math.floor(range.from / 60_000) * 60_000; t < range.to; t += 60_000) {
    const abroadUsdt = simAbroadUsdt(c, t);
    const krw =
      t >= listedAt
        ? Math.round(abroadUsdt * range.usdtKrw * (1 + simListingPremium(c, t)) * 100) / 100
        : null;
    out.push({ t, abroadUsdt, krw });
  }
  return out;
}

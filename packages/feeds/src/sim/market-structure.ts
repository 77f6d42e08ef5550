import type { MarketType, VenueId } from '@spreadscope/core';
import { assetNetworks } from './networks.ts';
import { stableUnit } from './rng.ts';
import type { LiquidityTier, TokenSpec } from './token-universe.ts';
import {
  type FundingHours,
  SIM_VENUE_PROFILES,
  type SimQuote,
  type SimVenueProfile,
} from './venue-profiles.ts';

/**
 * Which instruments exist and their static traits: who lists what, spreads, volumes, update rates and
 * funding intervals. Decided by a fixed hash of names (not the seed), so every run shows the same market
 * and only the prices' paths depend on the seed.
 */

export interface InstrumentSpec {
  readonly venue: VenueId;
  readonly market: MarketType;
  readonly base: string;
  readonly quote: SimQuote;
  /** Index into the token list; -1 for the KRW price of USDT itself. */
  readonly tokenIndex: number;
  readonly korean: boolean;
  /** Full bid/ask spread as a fraction of the mid price. */
  readonly spread: number;
  /** Typical 24 h volume in USD. */
  readonly volumeUsd: number;
  /** Longest time between quotes (ms of sim time); each gap is 70–100 % of it, so quotes stay fresh (< 3 s). */
  readonly intervalMs: number;
  readonly fundingHours: FundingHours | null;
  /**
   * Order-book snapshots: 'major' — every second, ten levels one basis point apart with random sizes (the
   * few most watched books); 'window' — every 2.5 s, levels spread over the ±2 % depth window with sizes
   * from the market's liquidity (every other market). Both arrive within the 3 s real-time window.
   */
  readonly book: 'major' | 'window';
}

export interface WalletSpec {
  readonly venue: VenueId;
  /** Index into the token list; -1 for USDT (priced at one dollar). */
  readonly tokenIndex: number;
  readonly asset: string;
  /** One wallet per chain the venue supports for the asset. */
  readonly network: string;
}

/** Share of a venue's assets that support each chain beyond the asset's home chain. */
const EXTRA_NETWORK_SUPPORT = 0.7;

/** The chains a venue runs a wallet on for an asset: the home chain, and most others the asset travels on. */
function walletNetworks(venue: VenueId, asset: string, home: string): string[] {
  const all = assetNetworks(asset, home);
  return all.filter((network, i) => i === 0 || unit(venue, asset, network, 'wallet') < EXTRA_NETWORK_SUPPORT);
}

export interface MarketPlan {
  readonly instruments: readonly InstrumentSpec[];
  readonly wallets: readonly WalletSpec[];
}

const QUOTE_INTERVAL_MS: Readonly<Record<LiquidityTier, number>> = { 1: 500, 2: 1200, 3: 1800, 4: 1900 };
const SPREAD_BPS: Readonly<Record<LiquidityTier, readonly [number, number]>> = {
  1: [0.8, 2],
  2: [2, 8],
  3: [6, 25],
  4: [12, 50],
};
const VOLUME_USD: Readonly<Record<LiquidityTier, readonly [number, number]>> = {
  1: [8e7, 5e8],
  2: [8e6, 1.2e8],
  3: [8e5, 1.5e7],
  4: [4e4, 2e6],
};
const FIXED_VOLUME_USD: Readonly<Record<string, number>> = { BTC: 2e9, ETH: 1.2e9 };
/** Share of tokens of each tier listed on at least one Korean venue. */
const KOREAN_LISTING: Readonly<Record<LiquidityTier, number>> = { 1: 1, 2: 0.95, 3: 0.7, 4: 0.5 };
const BOOK_TOKENS = new Set(['BTC', 'ETH', 'XRP', 'SOL', 'DOGE']);
const BOOK_VENUES: ReadonlySet<string> = new Set(['binance:spot', 'upbit:spot', 'bybit:perp']);
/** Overseas venues that list Korea-centred tokens (thinly). */
const KOREA_CENTRED_OVERSEAS = new Set<VenueId>(['mexc', 'gateio', 'huobi', 'bitget']);
const EVERYWHERE = new Set(['BTC', 'ETH']);

function unit(...parts: string[]): number {
  return stableUnit(parts.join('|'));
}

function logUniform(u: number, [min, max]: readonly [number, number]): number {
  return Math.exp(Math.log(min) + (Math.log(max) - Math.log(min)) * u);
}

/** Listing probability of a token on a venue with the given coverage (coverage is the mid-cap rate). */
function listingProbability(token: TokenSpec, coverage: number): number {
  if (EVERYWHERE.has(token.symbol)) return 1;
  switch (token.tier) {
    case 1:
      return coverage >= 0.3 ? 1 : Math.min(1, coverage * 5);
    case 2:
      return coverage >= 0.3 ? 1 - (1 - coverage) * 0.3 : Math.min(1, coverage * 3);
    case 3:
      return coverage;
    case 4:
      return coverage * 0.6;
  }
}

function fundingHoursFor(token: TokenSpec, profile: SimVenueProfile): FundingHours {
  const perp = profile.perp;
  if (!perp) throw new Error(`${profile.venue} has no perpetuals`);
  if (!perp.fasterAltFunding || token.tier === 1) return perp.fundingHours;
  const u = unit(token.symbol, profile.venue, 'funding-hours');
  const fourHourShare = token.tier === 2 ? 0.1 : token.tier === 3 ? 0.35 : 0.45;
  if (u < 0.05) return 1;
  if (u < 0.05 + fourHourShare) return 4;
  return perp.fundingHours;
}

interface Listing {
  readonly profile: SimVenueProfile;
  readonly market: MarketType;
  readonly quote: SimQuote;
}

function listingsFor(token: TokenSpec): Listing[] {
  const listings: Listing[] = [];
  const koreanListed = token.koreaCentred || unit(token.symbol, 'korea') < KOREAN_LISTING[token.tier];
  let koreanCount = 0;
  let overseasSpot = 0;
  for (const profile of SIM_VENUE_PROFILES) {
    const { spot, perp } = profile;
    if (spot) {
      let listed: boolean;
      if (profile.korean) {
        listed =
          koreanListed &&
          (token.tier === 1 ||
            unit(token.symbol, profile.venue, 'spot') < listingProbability(token, spot.coverage));
        if (listed) koreanCount++;
      } else if (token.koreaCentred) {
        listed =
          KOREA_CENTRED_OVERSEAS.has(profile.venue) &&
          unit(token.symbol, profile.venue, 'spot') < spot.coverage * 0.8;
      } else {
        listed = unit(token.symbol, profile.venue, 'spot') < listingProbability(token, spot.coverage);
      }
      if (listed) {
        listings.push({ profile, market: 'spot', quote: spot.quote });
        if (!profile.korean && spot.quote === 'USDT') overseasSpot++;
        if (spot.usdcMajors && token.tier === 1) listings.push({ profile, market: 'spot', quote: 'USDC' });
      }
    }
    if (perp) {
      const probability = token.koreaCentred
        ? profile.venue === 'mexc' || profile.venue === 'gateio'
          ? 0.3
          : 0
        : listingProbability(token, perp.coverage);
      if (unit(token.symbol, profile.venue, 'perp') < probability) {
        listings.push({ profile, market: 'perp', quote: perp.quote });
      }
    }
  }
  const bithumb = SIM_VENUE_PROFILES.find((p) => p.venue === 'bithumb');
  if (koreanListed && koreanCount === 0 && bithumb) {
    listings.push({ profile: bithumb, market: 'spot', quote: 'KRW' });
  }
  // Every token that is not Korea-centred trades somewhere overseas against USDT, as in reality.
  const gate = SIM_VENUE_PROFILES.find((p) => p.venue === 'gateio');
  if (!token.koreaCentred && overseasSpot === 0 && gate) {
    listings.push({ profile: gate, market: 'spot', quote: 'USDT' });
  }
  return listings;
}

function instrumentFor(token: TokenSpec, tokenIndex: number, listing: Listing): InstrumentSpec {
  const { profile, market, quote } = listing;
  const key = `${token.symbol}|${profile.venue}|${market}|${quote}`;
  const bps = SPREAD_BPS[token.tier];
  const spreadBps = (bps[0] + (bps[1] - bps[0]) * stableUnit(`${key}|spread`)) * profile.spreadFactor;
  const baseVolume =
    FIXED_VOLUME_USD[token.symbol] ?? logUniform(unit(token.symbol, 'volume'), VOLUME_USD[token.tier]);
  // Korean retail's appetite differs per token; Korea-centred tokens trade mostly at home.
  const koreanAppetite = token.koreaCentred
    ? 8
    : token.tier === 1
      ? 1
      : logUniform(unit(token.symbol, 'korean-appetite'), [0.3, 4]);
  const venueVolume = market === 'perp' ? (profile.perp?.volume ?? 0) : (profile.spot?.volume ?? 0);
  // A secondary USDC book next to a venue's main USDT book trades a fraction of it.
  const quoteShare = market === 'spot' && quote !== profile.spot?.quote ? 0.08 : 1;
  const volumeUsd =
    baseVolume *
    venueVolume *
    quoteShare *
    (profile.korean ? koreanAppetite : 1) *
    logUniform(stableUnit(`${key}|volume`), [0.5, 2]);
  return {
    venue: profile.venue,
    market,
    base: token.symbol,
    quote,
    tokenIndex,
    korean: profile.korean,
    spread: spreadBps / 10_000,
    volumeUsd,
    intervalMs: QUOTE_INTERVAL_MS[token.tier],
    fundingHours: market === 'perp' ? fundingHoursFor(token, profile) : null,
    book: BOOK_TOKENS.has(token.symbol) && BOOK_VENUES.has(`${profile.venue}:${market}`) ? 'major' : 'window',
  };
}

/** The KRW price of USDT on the Korean venues that list it (Upbit's is the reference rate). */
function stablecoinInstruments(): InstrumentSpec[] {
  const volumes: Partial<Record<VenueId, number>> = { upbit: 1.8e8, bithumb: 7e7 };
  return Object.entries(volumes).map(([venue, volumeUsd]) => ({
    venue: venue as VenueId,
    market: 'spot',
    base: 'USDT',
    quote: 'KRW',
    tokenIndex: -1,
    korean: true,
    spread: 0.0002,
    volumeUsd: volumeUsd ?? 0,
    intervalMs: 500,
    fundingHours: null,
    book: 'window',
  }));
}

/** Lays out the market for the given tokens, keeping only the given venues. */
export function planMarket(tokens: readonly TokenSpec[], venues: ReadonlySet<VenueId>): MarketPlan {
  const instruments: InstrumentSpec[] = stablecoinInstruments();
  const wallets: WalletSpec[] = [];
  tokens.forEach((token, tokenIndex) => {
    const walletVenues = new Set<VenueId>();
    for (const listing of listingsFor(token)) {
      instruments.push(instrumentFor(token, tokenIndex, listing));
      if (listing.market === 'spot' && listing.profile.wallets) walletVenues.add(listing.profile.venue);
    }
    for (const venue of walletVenues) {
      for (const network of walletNetworks(venue, token.symbol, token.network))
        wallets.push({ venue, tokenIndex, asset: token.symbol, network });
    }
  });
  // USDT itself moves between every exchange that runs wallets (the Korean venues list it against KRW).
  for (const profile of SIM_VENUE_PROFILES) {
    if (!profile.wallets) continue;
    for (const network of walletNetworks(profile.venue, 'USDT', 'TRX'))
      wallets.push({ venue: profile.venue, tokenIndex: -1, asset: 'USDT', network });
  }
  return {
    instruments: instruments.filter((i) => venues.has(i.venue)),
    wallets: wallets.filter((w) => venues.has(w.venue)),
  };
}

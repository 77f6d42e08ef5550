import type { VenueId } from '@spreadscope/core';

/**
 * How each simulated venue looks: how much of the token universe it lists, how much it trades relative to
 * Binance spot, how wide its books are, and its perpetuals' funding schedule. Coverage is the listing
 * probability for a mid-cap token; majors are listed more widely and small caps less (market-structure.ts).
 * The numbers are rough impressions of the real venues, tuned so that tables look plausible.
 */

export type SimQuote = 'KRW' | 'USDT' | 'USDC';
export type FundingHours = 1 | 4 | 8;

export interface SpotProfile {
  readonly coverage: number;
  /** Daily volume relative to Binance spot for the same token. */
  readonly volume: number;
  readonly quote: SimQuote;
  /** Majors also trade against USDC here. */
  readonly usdcMajors?: boolean;
}

export interface PerpProfile {
  readonly coverage: number;
  readonly volume: number;
  readonly quote: 'USDT' | 'USDC';
  readonly fundingHours: FundingHours;
  /** Whether smaller tokens often settle funding more frequently than the venue default (4 h / 1 h). */
  readonly fasterAltFunding?: boolean;
}

export interface SimVenueProfile {
  readonly venue: VenueId;
  readonly korean: boolean;
  readonly spot?: SpotProfile;
  readonly perp?: PerpProfile;
  /** Multiplies the token's base spread. */
  readonly spreadFactor: number;
  /** Whether the venue runs deposit/withdraw wallets (centralized exchanges do). */
  readonly wallets: boolean;
}

export const SIM_VENUE_PROFILES: readonly SimVenueProfile[] = [
  {
    venue: 'upbit',
    korean: true,
    spot: { coverage: 0.7, volume: 0.1, quote: 'KRW' },
    spreadFactor: 1.3,
    wallets: true,
  },
  {
    venue: 'bithumb',
    korean: true,
    spot: { coverage: 0.85, volume: 0.06, quote: 'KRW' },
    spreadFactor: 1.6,
    wallets: true,
  },
  {
    venue: 'kbit',
    korean: true,
    spot: { coverage: 0.35, volume: 0.004, quote: 'KRW' },
    spreadFactor: 3,
    wallets: true,
  },
  {
    venue: 'coinone',
    korean: true,
    spot: { coverage: 0.45, volume: 0.01, quote: 'KRW' },
    spreadFactor: 2.2,
    wallets: true,
  },
  {
    venue: 'korbit',
    korean: true,
    spot: { coverage: 0.3, volume: 0.004, quote: 'KRW' },
    spreadFactor: 2.6,
    wallets: true,
  },
  {
    venue: 'binance',
    korean: false,
    spot: { coverage: 0.55, volume: 1, quote: 'USDT', usdcMajors: true },
    perp: { coverage: 0.7, volume: 4, quote: 'USDT', fundingHours: 8, fasterAltFunding: true },
    spreadFactor: 1,
    wallets: true,
  },
  {
    venue: 'bybit',
    korean: false,
    spot: { coverage: 0.6, volume: 0.35, quote: 'USDT', usdcMajors: true },
    perp: { coverage: 0.75, volume: 2, quote: 'USDT', fundingHours: 8, fasterAltFunding: true },
    spreadFactor: 1.1,
    wallets: true,
  },
  {
    venue: 'okx',
    korean: false,
    spot: { coverage: 0.5, volume: 0.3, quote: 'USDT', usdcMajors: true },
    perp: { coverage: 0.5, volume: 1.5, quote: 'USDT', fundingHours: 8 },
    spreadFactor: 1.1,
    wallets: true,
  },
  {
    venue: 'mexc',
    korean: false,
    spot: { coverage: 0.95, volume: 0.12, quote: 'USDT' },
    perp: { coverage: 0.9, volume: 0.8, quote: 'USDT', fundingHours: 8, fasterAltFunding: true },
    spreadFactor: 1.5,
    wallets: true,
  },
  {
    venue: 'bitget',
    korean: false,
    spot: { coverage: 0.85, volume: 0.2, quote: 'USDT', usdcMajors: true },
    perp: { coverage: 0.85, volume: 1.2, quote: 'USDT', fundingHours: 8, fasterAltFunding: true },
    spreadFactor: 1.3,
    wallets: true,
  },
  {
    venue: 'gateio',
    korean: false,
    spot: { coverage: 0.95, volume: 0.12, quote: 'USDT' },
    perp: { coverage: 0.9, volume: 0.8, quote: 'USDT', fundingHours: 8, fasterAltFunding: true },
    spreadFactor: 1.5,
    wallets: true,
  },
  {
    venue: 'hashkey',
    korean: false,
    spot: { coverage: 0.08, volume: 0.01, quote: 'USDT' },
    perp: { coverage: 0.05, volume: 0.01, quote: 'USDT', fundingHours: 8 },
    spreadFactor: 2.5,
    wallets: true,
  },
  {
    venue: 'huobi',
    korean: false,
    spot: { coverage: 0.6, volume: 0.08, quote: 'USDT' },
    perp: { coverage: 0.5, volume: 0.2, quote: 'USDT', fundingHours: 8, fasterAltFunding: true },
    spreadFactor: 1.6,
    wallets: true,
  },
  {
    venue: 'backpack',
    korean: false,
    spot: { coverage: 0.1, volume: 0.01, quote: 'USDC' },
    perp: { coverage: 0.15, volume: 0.05, quote: 'USDC', fundingHours: 1 },
    spreadFactor: 2,
    wallets: true,
  },
  {
    venue: 'dydx',
    korean: false,
    perp: { coverage: 0.4, volume: 0.1, quote: 'USDC', fundingHours: 1 },
    spreadFactor: 1.8,
    wallets: false,
  },
  {
    venue: 'hyperliquid',
    korean: false,
    spot: { coverage: 0.04, volume: 0.01, quote: 'USDC' },
    perp: { coverage: 0.6, volume: 1.5, quote: 'USDC', fundingHours: 1 },
    spreadFactor: 1.2,
    wallets: false,
  },
  {
    venue: 'lighter',
    korean: false,
    perp: { coverage: 0.35, volume: 0.4, quote: 'USDC', fundingHours: 1 },
    spreadFactor: 1.5,
    wallets: false,
  },
  {
    venue: 'aster',
    korean: false,
    spot: { coverage: 0.04, volume: 0.01, quote: 'USDT' },
    perp: { coverage: 0.5, volume: 0.5, quote: 'USDT', fundingHours: 8, fasterAltFunding: true },
    spreadFactor: 1.6,
    wallets: false,
  },
  {
    venue: 'edgex',
    korean: false,
    perp: { coverage: 0.3, volume: 0.1, quote: 'USDT', fundingHours: 4 },
    spreadFactor: 2,
    wallets: false,
  },
];

/** Venue ids the simulator can produce: every centralized exchange plus the perp DEXes. */
export const SIMULATED_VENUE_IDS: readonly VenueId[] = SIM_VENUE_PROFILES.map((p) => p.venue);

import type { MarketType, VenueId } from './venues.ts';

/**
 * Trading fees per venue, market type and VIP level, from the venues' published fee schedules (the public
 * fee pages; percent of the traded value, maker and taker). Configuration, not live data: a venue changes
 * these a few times a year, and `asOf` says which schedule the row was read from. Where a venue publishes
 * its schedule through an API as well, the live reading overrides the row (`source: 'live'`).
 *
 * The VIP levels are each venue's own names (spec §9: VIP tier lists for bybit, okx, huobi, gateio,
 * backpack, binance, bitget), lowest first; `requirement` is the published qualification in words.
 */
export interface FeeTier {
  readonly vipLevel: string;
  /** Percent of the traded value (0.1 = 0.1 %); negative is a rebate. */
  readonly makerPercent: number;
  readonly takerPercent: number;
  readonly requirement?: string;
}

export interface FeeSchedule {
  readonly venue: VenueId;
  readonly market: MarketType;
  readonly tiers: readonly FeeTier[];
  /** The schedule's date (YYYY-MM). */
  readonly asOf: string;
}

const t = (vipLevel: string, makerPercent: number, takerPercent: number, requirement?: string): FeeTier => ({
  vipLevel,
  makerPercent,
  takerPercent,
  ...(requirement === undefined ? {} : { requirement }),
});

export const FEE_SCHEDULES: readonly FeeSchedule[] = [
  { venue: 'upbit', market: 'spot', asOf: '2025-11', tiers: [t('default', 0.05, 0.05)] },
  { venue: 'bithumb', market: 'spot', asOf: '2025-11', tiers: [t('default', 0.04, 0.04)] },
  { venue: 'coinone', market: 'spot', asOf: '2025-11', tiers: [t('default', 0.2, 0.2)] },
  { venue: 'kbit', market: 'spot', asOf: '2025-11', tiers: [t('default', 0.05, 0.05)] },
  { venue: 'korbit', market: 'spot', asOf: '2025-11', tiers: [t('default', -0.01, 0.07)] },
  {
    venue: 'binance',
    market: 'spot',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.1, 0.1),
      t('VIP1', 0.09, 0.1, '30d volume ≥ $1M and ≥ 25 BNB'),
      t('VIP2', 0.08, 0.1, '30d volume ≥ $5M and ≥ 100 BNB'),
      t('VIP3', 0.042, 0.06, '30d volume ≥ $20M and ≥ 250 BNB'),
      t('VIP4', 0.042, 0.054, '30d volume ≥ $75M and ≥ 500 BNB'),
      t('VIP5', 0.036, 0.048, '30d volume ≥ $150M and ≥ 1,000 BNB'),
      t('VIP6', 0.03, 0.042, '30d volume ≥ $400M and ≥ 1,750 BNB'),
      t('VIP7', 0.024, 0.036, '30d volume ≥ $800M and ≥ 3,000 BNB'),
      t('VIP8', 0.018, 0.03, '30d volume ≥ $2B and ≥ 4,500 BNB'),
      t('VIP9', 0.012, 0.024, '30d volume ≥ $4B and ≥ 5,500 BNB'),
    ],
  },
  {
    venue: 'binance',
    market: 'perp',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.02, 0.05),
      t('VIP1', 0.016, 0.04, '30d futures volume ≥ $15M'),
      t('VIP2', 0.014, 0.035, '30d futures volume ≥ $50M'),
      t('VIP3', 0.012, 0.032, '30d futures volume ≥ $100M'),
      t('VIP4', 0.01, 0.03, '30d futures volume ≥ $600M'),
      t('VIP5', 0.008, 0.027, '30d futures volume ≥ $1B'),
      t('VIP6', 0.006, 0.025, '30d futures volume ≥ $2.5B'),
      t('VIP7', 0.004, 0.022, '30d futures volume ≥ $5B'),
      t('VIP8', 0.002, 0.02, '30d futures volume ≥ $12.5B'),
      t('VIP9', 0, 0.017, '30d futures volume ≥ $25B'),
    ],
  },
  {
    venue: 'bybit',
    market: 'spot',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.1, 0.1),
      t('VIP1', 0.0675, 0.08, '30d spot volume ≥ $1M or assets ≥ $100K'),
      t('VIP2', 0.065, 0.0775, '30d spot volume ≥ $5M or assets ≥ $250K'),
      t('VIP3', 0.0625, 0.075, '30d spot volume ≥ $25M or assets ≥ $500K'),
      t('VIP4', 0.04, 0.06, '30d spot volume ≥ $50M or assets ≥ $1M'),
      t('VIP5', 0.02, 0.05, '30d spot volume ≥ $100M or assets ≥ $2M'),
      t('Supreme VIP', 0, 0.045, 'by invitation'),
    ],
  },
  {
    venue: 'bybit',
    market: 'perp',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.02, 0.055),
      t('VIP1', 0.018, 0.04, '30d derivatives volume ≥ $10M or assets ≥ $100K'),
      t('VIP2', 0.016, 0.0375, '30d derivatives volume ≥ $25M or assets ≥ $250K'),
      t('VIP3', 0.014, 0.035, '30d derivatives volume ≥ $50M or assets ≥ $500K'),
      t('VIP4', 0.012, 0.032, '30d derivatives volume ≥ $100M or assets ≥ $1M'),
      t('VIP5', 0.01, 0.032, '30d derivatives volume ≥ $250M or assets ≥ $2M'),
      t('Supreme VIP', 0, 0.03, 'by invitation'),
    ],
  },
  {
    venue: 'okx',
    market: 'spot',
    asOf: '2025-11',
    tiers: [
      t('Lv1', 0.08, 0.1),
      t('VIP1', 0.045, 0.05, '30d volume ≥ $5M or assets ≥ $100K'),
      t('VIP2', 0.04, 0.045, '30d volume ≥ $10M or assets ≥ $500K'),
      t('VIP3', 0.035, 0.04, '30d volume ≥ $20M or assets ≥ $2M'),
      t('VIP4', 0.03, 0.035, '30d volume ≥ $100M'),
      t('VIP5', 0.025, 0.03, '30d volume ≥ $200M'),
    ],
  },
  {
    venue: 'okx',
    market: 'perp',
    asOf: '2025-11',
    tiers: [
      t('Lv1', 0.02, 0.05),
      t('VIP1', 0.015, 0.03, '30d volume ≥ $5M or assets ≥ $100K'),
      t('VIP2', 0.012, 0.028, '30d volume ≥ $10M or assets ≥ $500K'),
      t('VIP3', 0.01, 0.025, '30d volume ≥ $20M or assets ≥ $2M'),
      t('VIP4', 0.008, 0.023, '30d volume ≥ $100M'),
      t('VIP5', 0.006, 0.022, '30d volume ≥ $200M'),
    ],
  },
  {
    venue: 'gateio',
    market: 'spot',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.2, 0.2),
      t('VIP1', 0.1, 0.1, '30d volume ≥ $1M or GT ≥ 2,000'),
      t('VIP2', 0.085, 0.095, '30d volume ≥ $5M'),
      t('VIP3', 0.075, 0.085, '30d volume ≥ $10M'),
      t('VIP4', 0.065, 0.075, '30d volume ≥ $25M'),
      t('VIP5', 0.055, 0.065, '30d volume ≥ $50M'),
    ],
  },
  {
    venue: 'gateio',
    market: 'perp',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.02, 0.05),
      t('VIP1', 0.015, 0.045, '30d futures volume ≥ $5M'),
      t('VIP2', 0.01, 0.04, '30d futures volume ≥ $10M'),
      t('VIP3', 0.008, 0.035, '30d futures volume ≥ $20M'),
      t('VIP4', 0.006, 0.032, '30d futures volume ≥ $50M'),
      t('VIP5', 0.004, 0.03, '30d futures volume ≥ $100M'),
    ],
  },
  {
    venue: 'bitget',
    market: 'spot',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.1, 0.1),
      t('VIP1', 0.08, 0.1, '30d volume ≥ $1M or assets ≥ $50K'),
      t('VIP2', 0.06, 0.08, '30d volume ≥ $6M or assets ≥ $200K'),
      t('VIP3', 0.05, 0.065, '30d volume ≥ $10M or assets ≥ $500K'),
      t('VIP4', 0.04, 0.06, '30d volume ≥ $30M or assets ≥ $1M'),
      t('VIP5', 0.03, 0.05, '30d volume ≥ $50M or assets ≥ $2M'),
    ],
  },
  {
    venue: 'bitget',
    market: 'perp',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.02, 0.06),
      t('VIP1', 0.018, 0.045, '30d futures volume ≥ $10M or assets ≥ $50K'),
      t('VIP2', 0.016, 0.04, '30d futures volume ≥ $30M or assets ≥ $200K'),
      t('VIP3', 0.014, 0.035, '30d futures volume ≥ $60M or assets ≥ $500K'),
      t('VIP4', 0.012, 0.032, '30d futures volume ≥ $100M or assets ≥ $1M'),
      t('VIP5', 0.01, 0.03, '30d futures volume ≥ $200M or assets ≥ $2M'),
    ],
  },
  {
    venue: 'huobi',
    market: 'spot',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.2, 0.2),
      t('VIP1', 0.09, 0.1, '30d volume ≥ $1M'),
      t('VIP2', 0.08, 0.09, '30d volume ≥ $5M'),
      t('VIP3', 0.07, 0.08, '30d volume ≥ $10M'),
      t('VIP4', 0.06, 0.07, '30d volume ≥ $50M'),
      t('VIP5', 0.05, 0.06, '30d volume ≥ $100M'),
    ],
  },
  {
    venue: 'huobi',
    market: 'perp',
    asOf: '2025-11',
    tiers: [
      t('VIP0', 0.02, 0.05),
      t('VIP1', 0.018, 0.045, '30d futures volume ≥ $5M'),
      t('VIP2', 0.016, 0.04, '30d futures volume ≥ $20M'),
      t('VIP3', 0.014, 0.035, '30d futures volume ≥ $50M'),
      t('VIP4', 0.012, 0.032, '30d futures volume ≥ $100M'),
      t('VIP5', 0.01, 0.03, '30d futures volume ≥ $200M'),
    ],
  },
  {
    venue: 'backpack',
    market: 'spot',
    asOf: '2025-11',
    tiers: [
      t('Tier 1', 0.08, 0.1),
      t('Tier 2', 0.07, 0.09, '30d volume ≥ $1M'),
      t('Tier 3', 0.06, 0.08, '30d volume ≥ $5M'),
      t('Tier 4', 0.04, 0.07, '30d volume ≥ $25M'),
      t('Tier 5', 0.02, 0.06, '30d volume ≥ $100M'),
    ],
  },
  {
    venue: 'backpack',
    market: 'perp',
    asOf: '2025-11',
    tiers: [
      t('Tier 1', 0.02, 0.05),
      t('Tier 2', 0.016, 0.045, '30d volume ≥ $1M'),
      t('Tier 3', 0.012, 0.04, '30d volume ≥ $5M'),
      t('Tier 4', 0.008, 0.035, '30d volume ≥ $25M'),
      t('Tier 5', 0.004, 0.03, '30d volume ≥ $100M'),
    ],
  },
  { venue: 'mexc', market: 'spot', asOf: '2025-11', tiers: [t('default', 0, 0.05)] },
  { venue: 'mexc', market: 'perp', asOf: '2025-11', tiers: [t('default', 0, 0.02)] },
  { venue: 'hashkey', market: 'spot', asOf: '2025-11', tiers: [t('VIP0', 0.12, 0.12)] },
  { venue: 'hashkey', market: 'perp', asOf: '2025-11', tiers: [t('VIP0', 0.02, 0.05)] },
  { venue: 'hyperliquid', market: 'perp', asOf: '2025-11', tiers: [t('Tier 0', 0.015, 0.045)] },
  { venue: 'hyperliquid', market: 'spot', asOf: '2025-11', tiers: [t('Tier 0', 0.04, 0.07)] },
  { venue: 'dydx', market: 'perp', asOf: '2025-11', tiers: [t('Tier 1', 0.01, 0.05)] },
  { venue: 'aster', market: 'perp', asOf: '2025-11', tiers: [t('VIP0', 0.01, 0.035)] },
  { venue: 'aster', market: 'spot', asOf: '2025-11', tiers: [t('VIP0', 0.1, 0.1)] },
  { venue: 'lighter', market: 'perp', asOf: '2025-11', tiers: [t('standard', 0, 0)] },
  { venue: 'edgex', market: 'perp', asOf: '2025-11', tiers: [t('VIP0', 0.015, 0.038)] },
  // AMMs charge the pool's swap fee on every trade, maker and taker alike.
  { venue: 'uniswapv3', market: 'spot', asOf: '2025-11', tiers: [t('pool', 0.3, 0.3)] },
  { venue: 'pancakeswap', market: 'spot', asOf: '2025-11', tiers: [t('pool', 0.25, 0.25)] },
  { venue: 'klayswap', market: 'spot', asOf: '2025-11', tiers: [t('pool', 0.3, 0.3)] },
  { venue: 'dragonswap', market: 'spot', asOf: '2025-11', tiers: [t('pool', 0.3, 0.3)] },
  { venue: 'capybara', market: 'spot', asOf: '2025-11', tiers: [t('pool', 0.3, 0.3)] },
];

/** The VIP levels of a venue (spec §9 lists), lowest first, across its market types. */
export function vipLevels(venue: VenueId): string[] {
  const seen = new Set<string>();
  for (const schedule of FEE_SCHEDULES) {
    if (schedule.venue !== venue) continue;
    for (const tier of schedule.tiers) seen.add(tier.vipLevel);
  }
  return [...seen];
}

/** The venue's base (no-VIP) fee for a market type, or null where we hold no schedule. */
export function baseFee(venue: VenueId, market: MarketType): FeeTier | null {
  return FEE_SCHEDULES.find((s) => s.venue === venue && s.market === market)?.tiers[0] ?? null;
}

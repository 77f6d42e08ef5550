import type { WsTopic } from '@spreadscope/contracts';
import type { ArbitrageKind } from '@spreadscope/core';

/**
 * Where each screen's data lives under /api/v1/front (spec §7 paths). The contracts name the shapes, not the
 * paths, so the paths are written once here.
 */
export const ARBITRAGE_PATHS: Readonly<Record<ArbitrageKind, { path: string; topic: WsTopic }>> = {
  'spot-spot': { path: '/arbitrage/spot-spot', topic: 'arbitrage-spot-spot' },
  'spot-perp': { path: '/arbitrage/spot-perp', topic: 'arbitrage-spot-perp' },
  'perp-perp': { path: '/arbitrage/perp-perp', topic: 'arbitrage-perp-perp' },
};

export const MARKET_PATHS = {
  premium: '/premium',
  premiumHistory: '/premium/history/v2',
  premiumCandle: '/premium/candle',
  premiumDetailHeader: '/premium/detail/header',
  premiumDetailOverview: '/premium/detail/overview',
  premiumDetailWallet: '/premium/detail/wallet-status',
  premiumIndex: '/kimchi-premium-index',
  premiumIndexHistory: '/kimchi-premium-index/history',
  cexCandle: '/cex/candle',
  fundingLatest: '/funding-rate/latest',
  fundingHistory: '/funding-rate',
  fundingHistoryV2: '/funding-rates/history/v2',
  fundingOverview: '/funding-rates/overview/v2',
  fundingToken: '/funding-rates/overviewtoken',
  fundingHeatmap: '/funding-rates/heatmap',
  fundingRanking: '/funding-rates/ranking',
} as const;

/** The route segment of each arbitrage table (spec §2) and back. */
export const ARBITRAGE_ROUTES: Readonly<Record<ArbitrageKind, string>> = {
  'spot-spot': '/arbitrage',
  'spot-perp': '/arbitrage/spot-to-perpetual',
  'perp-perp': '/arbitrage/perpetuals',
};

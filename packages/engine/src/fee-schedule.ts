import { type MarketType, VENUE_IDS, type VenueId } from '@spreadscope/core';

export interface FeeRates {
  /** Fractions of the notional: 0.001 = 0.1 %. */
  readonly maker: number;
  readonly taker: number;
}

interface VenueFees {
  readonly spot?: FeeRates;
  readonly perp?: FeeRates;
}

const fees = (makerPercent: number, takerPercent: number): FeeRates => ({
  maker: makerPercent / 100,
  taker: takerPercent / 100,
});

/**
 * Base-tier trading fees (no VIP level, no fee-token discount) from each venue's public fee schedule, as
 * published in 2025. A trader on a better tier pays less, so these are the conservative default.
 *
 * - upbit: upbit.com/service_center/guide — KRW market 0.05 % maker and taker.
 * - bithumb: bithumb.com/react/info/fee/inout — 0.04 % standard trading fee since October 2023.
 * - kbit: no published schedule we could find; the Korean venues' 0.05 % is assumed.
 * - coinone: coinone.co.kr fee page — 0.2 % on the main market (the growth market's 0.1 % is not told apart).
 * - korbit: 0.07 % taker since March 2024, makers paid a 0.01 % incentive (a negative fee).
 * - binance: binance.com/en/fee/schedule — spot 0.1 %/0.1 %; USDⓈ-M futures 0.02 %/0.05 %.
 * - bybit: bybit.com/en/help-center/article/Trading-Fee-Structure — spot 0.1 %/0.1 %; perpetual 0.02 %/0.055 %.
 * - okx: okx.com/fees — spot 0.08 %/0.1 %; swap 0.02 %/0.05 %.
 * - mexc: mexc.com/fee — spot 0 %/0.05 %; futures 0 %/0.02 %.
 * - bitget: bitget.com/fee — spot 0.1 %/0.1 %; USDT-M futures 0.02 %/0.06 %.
 * - gateio: gate.com/fee — spot 0.2 %/0.2 %; perpetual 0.02 %/0.05 %.
 * - hashkey: global.hashkey.com fee schedule — spot 0.12 %/0.12 %; perpetual 0.02 %/0.05 %.
 * - huobi (HTX): htx.com/fee — spot 0.2 %/0.2 %; USDT-M swap 0.02 %/0.05 %.
 * - backpack: backpack.exchange fee tiers — spot 0.08 %/0.1 %; perpetual 0.02 %/0.05 %.
 * - dydx: dYdX v4 fee tiers — 0.01 %/0.05 %.
 * - hyperliquid: hyperliquid.gitbook.io trading/fees — perps 0.015 %/0.045 %, spot 0.04 %/0.07 %.
 * - lighter: lighter.xyz docs — standard accounts trade without fees.
 * - aster: asterdex.com fee schedule — perpetual 0.01 %/0.035 %, spot 0.1 %/0.1 %.
 * - edgex: edgex.exchange docs — 0.015 %/0.038 %.
 * - AMMs charge the pool's swap fee on every trade (maker and taker alike): Uniswap v3's common 0.3 % tier,
 *   PancakeSwap v2 0.25 %, KLAYswap, DragonSwap and Capybara 0.3 %.
 */
const SCHEDULE: Readonly<Partial<Record<VenueId, VenueFees>>> = {
  upbit: { spot: fees(0.05, 0.05) },
  bithumb: { spot: fees(0.04, 0.04) },
  kbit: { spot: fees(0.05, 0.05) },
  coinone: { spot: fees(0.2, 0.2) },
  korbit: { spot: fees(-0.01, 0.07) },
  binance: { spot: fees(0.1, 0.1), perp: fees(0.02, 0.05) },
  bybit: { spot: fees(0.1, 0.1), perp: fees(0.02, 0.055) },
  okx: { spot: fees(0.08, 0.1), perp: fees(0.02, 0.05) },
  mexc: { spot: fees(0, 0.05), perp: fees(0, 0.02) },
  bitget: { spot: fees(0.1, 0.1), perp: fees(0.02, 0.06) },
  gateio: { spot: fees(0.2, 0.2), perp: fees(0.02, 0.05) },
  hashkey: { spot: fees(0.12, 0.12), perp: fees(0.02, 0.05) },
  huobi: { spot: fees(0.2, 0.2), perp: fees(0.02, 0.05) },
  backpack: { spot: fees(0.08, 0.1), perp: fees(0.02, 0.05) },
  dydx: { perp: fees(0.01, 0.05) },
  hyperliquid: { spot: fees(0.04, 0.07), perp: fees(0.015, 0.045) },
  lighter: { perp: fees(0, 0) },
  aster: { spot: fees(0.1, 0.1), perp: fees(0.01, 0.035) },
  edgex: { perp: fees(0.015, 0.038) },
  uniswapv3: { spot: fees(0.3, 0.3) },
  pancakeswap: { spot: fees(0.25, 0.25) },
  klayswap: { spot: fees(0.3, 0.3) },
  dragonswap: { spot: fees(0.3, 0.3) },
  capybara: { spot: fees(0.3, 0.3) },
};

/** A market type a venue has no schedule for is charged its other type's fees; a venue without one, 0.1 %. */
const FALLBACK = fees(0.1, 0.1);

export function feeRates(venue: VenueId, market: MarketType): FeeRates {
  const entry = SCHEDULE[venue];
  return entry?.[market] ?? entry?.spot ?? entry?.perp ?? FALLBACK;
}

/** Maker and taker fractions by venue index (registry order) × 2 + (perp ? 1 : 0), for the hot loops. */
export const MAKER_FEES = new Float64Array(VENUE_IDS.length * 2);
export const TAKER_FEES = new Float64Array(VENUE_IDS.length * 2);
VENUE_IDS.forEach((venue, v) => {
  for (const [m, market] of (['spot', 'perp'] as const).entries()) {
    const rates = feeRates(venue, market);
    MAKER_FEES[v * 2 + m] = rates.maker;
    TAKER_FEES[v * 2 + m] = rates.taker;
  }
});

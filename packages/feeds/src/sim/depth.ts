/**
 * How much a simulated book holds within ±2 % of the touch, per side, in dollars. Real books are not a fixed
 * share of volume: market makers keep thin markets quotable, so depth grows slower than volume. Calibrated
 * on what venues show: Binance BTC/USDT (~$2 B a day) holds tens of millions of dollars per side within 2 %,
 * Upbit BTC/KRW several million, a mid cap on a major venue ($10 M a day) about a million and a half, and a
 * small token on a small Korean venue (tens of thousands of dollars a day) still tens of thousands.
 */
const DEPTH = { scale: 100, exponent: 0.6, floorUsd: 12_000 } as const;

export function windowDepthUsd(volumeUsd: number): number {
  return Math.max(DEPTH.floorUsd, DEPTH.scale * Math.max(0, volumeUsd) ** DEPTH.exponent);
}

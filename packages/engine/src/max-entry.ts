import type { BookSide } from './order-books.ts';

export interface MaxEntry {
  /** Largest notional (display currency) whose profit after fees, fixed costs included, is still ≥ 0. */
  readonly size: number;
  readonly units: number;
  /** Over `size`: what the trade nets after fees and the fixed cost, percent of the notional. */
  readonly averageGapPercent: number;
  /** Notional at which profit peaks (0 when no size makes money: not trading is best). */
  readonly optimalSize: number;
  readonly optimalProfit: number;
  /** A book ran out before the walk found where the trade stops breaking even: the true size may be larger. */
  readonly bookLimited: boolean;
}

/**
 * Walks the asks of the market bought and the bids of the market sold, level by level, matching units.
 * Prices convert to the display currency by `buyFactor` / `sellFactor`; each leg's fee comes off what it
 * yields, as in `tradeReturn`. `fixedCost` (display currency) is paid once by any trade at all — the
 * withdrawal fee of moving the coin — so it shifts where the trade breaks even, not the marginal returns.
 *
 * Books are best first, so marginal returns only fall as the walk goes deeper: profit (gross of the fixed cost)
 * rises while units pay and falls after. The peak is where the first losing unit begins; the largest
 * break-even size lies past it, as far as the profit at the peak, less the fixed cost, pays for losing units —
 * possibly across several levels. Not trading (size 0) costs nothing, so when the peak cannot cover the fixed
 * cost the answer is 0.
 */
export function maxEntry(
  asks: BookSide,
  bids: BookSide,
  buyFactor: number,
  sellFactor: number,
  buyFee: number,
  sellFee: number,
  fixedCost = 0,
): MaxEntry | null {
  if (!(buyFactor > 0) || !(sellFactor > 0) || !(fixedCost >= 0)) return null;
  const keep = (1 - buyFee) * (1 - sellFee);
  let i = 0;
  let j = 0;
  let askLeft = asks.sizes[0] ?? 0;
  let bidLeft = bids.sizes[0] ?? 0;
  let cost = 0;
  let proceeds = 0;
  let units = 0;
  let firstGap = Number.NaN;
  // The peak: end of the paying stretch.
  let peakCost = 0;
  let peakProceeds = 0;
  let peakUnits = 0;
  let losing = false;
  while (i < asks.prices.length && j < bids.prices.length) {
    const buy = (asks.prices[i] as number) * buyFactor;
    const sell = (bids.prices[j] as number) * sellFactor * keep;
    if (Number.isNaN(firstGap)) firstGap = (sell / buy - 1) * 100;
    const q = Math.min(askLeft, bidLeft);
    const margin = sell - buy;
    if (margin < 0) {
      if (!losing) {
        losing = true;
        // Profit cannot recover from here: if the peak does not pay the fixed cost, nothing does.
        if (peakProceeds - peakCost - fixedCost < 0) return result(0, 0, 0, false);
      }
      // Losing units: take as many as the profit so far, less the fixed cost, pays for.
      const affordable = (proceeds - cost - fixedCost) / -margin;
      if (affordable < q) {
        const take = Math.max(0, affordable);
        return result(cost + take * buy, proceeds + take * sell, units + take, false);
      }
    }
    cost += q * buy;
    proceeds += q * sell;
    units += q;
    if (!losing) {
      peakCost = cost;
      peakProceeds = proceeds;
      peakUnits = units;
    }
    askLeft -= q;
    bidLeft -= q;
    if (askLeft <= 0) askLeft = asks.sizes[++i] ?? 0;
    if (bidLeft <= 0) bidLeft = bids.sizes[++j] ?? 0;
  }
  if (Number.isNaN(firstGap)) return null;
  // A book ran out first. Still rising and short of the fixed cost: this depth does not pay, more might.
  if (proceeds - cost - fixedCost < 0) return result(0, 0, 0, true);
  return result(cost, proceeds, units, true);

  function result(size: number, got: number, taken: number, bookLimited: boolean): MaxEntry {
    const peakProfit = peakProceeds - peakCost - fixedCost;
    const pays = peakUnits > 0 && peakProfit >= 0;
    return {
      size,
      units: taken,
      averageGapPercent: size > 0 ? ((got - fixedCost) / size - 1) * 100 : firstGap,
      optimalSize: pays ? peakCost : 0,
      optimalProfit: pays ? peakProfit : 0,
      bookLimited,
    };
  }
}

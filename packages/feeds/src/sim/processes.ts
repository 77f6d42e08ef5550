/**
 * Mean-reverting (Ornstein–Uhlenbeck) steps used for premiums, spreads between venues, funding and forex.
 * The exact discretisation is used so a value can be advanced lazily over any gap (an instrument only
 * updates its own deviation when it quotes) with the same statistics as stepping it every tick.
 */

/**
 * Advances x by dtMs towards `mean` with relaxation time `tauMs`; `stationarySigma` is the long-run
 * standard deviation and `shock` a standard normal draw.
 */
export function ouAdvance(
  x: number,
  mean: number,
  tauMs: number,
  stationarySigma: number,
  dtMs: number,
  shock: number,
): number {
  const decay = Math.exp(-dtMs / tauMs);
  return mean + (x - mean) * decay + stationarySigma * Math.sqrt(1 - decay * decay) * shock;
}

/** Folds a value back into [lo, hi] (reflecting walls keep the distribution smooth near the edges). */
export function reflect(x: number, lo: number, hi: number): number {
  let y = x;
  if (y > hi) y = 2 * hi - y;
  if (y < lo) y = 2 * lo - y;
  return Math.min(hi, Math.max(lo, y));
}

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** A DEX candle in the short keys the public API uses for every candle: open time (ms), OHLC, base volume. */
export interface DexCandle {
  readonly d: number;
  readonly o: number;
  readonly h: number;
  readonly l: number;
  readonly c: number;
  readonly v: number;
}

export interface PricedTrade {
  readonly date: number;
  readonly blockNumber: number;
  readonly logIndex: number;
  readonly price: number;
  readonly baseQuantity: number;
}

/**
 * Candles from one pool's trades, in chain order (block, then log index: trades of one block share its
 * time, and their order inside it decides open and close). Buckets without a trade are left out, as a
 * pool that did not trade has no price of its own for that span.
 */
export function buildDexCandles(trades: readonly PricedTrade[], intervalMs: number): DexCandle[] {
  const ordered = [...trades].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  const out: DexCandle[] = [];
  let current: { d: number; o: number; h: number; l: number; c: number; v: number } | null = null;
  for (const trade of ordered) {
    const d = Math.floor(trade.date / intervalMs) * intervalMs;
    if (current === null || current.d !== d) {
      if (current) out.push(current);
      current = { d, o: trade.price, h: trade.price, l: trade.price, c: trade.price, v: 0 };
    }
    current.h = Math.max(current.h, trade.price);
    current.l = Math.min(current.l, trade.price);
    current.c = trade.price;
    current.v += trade.baseQuantity;
  }
  if (current) out.push(current);
  return out.sort((a, b) => a.d - b.d);
}

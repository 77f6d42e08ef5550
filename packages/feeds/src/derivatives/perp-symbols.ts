/** Quotes a linear perpetual's venue symbol may end in, longest first (`BTCUSDT` → BTC / USDT). */
const QUOTES = ['USDT', 'USDC', 'FDUSD', 'USD'] as const;

/** `BTCUSDT` (Binance, Bybit) → base and quote; null for dated futures (`BTCUSDT_251226`) and odd names. */
export function splitConcatenated(symbol: unknown): { base: string; quote: string } | null {
  if (typeof symbol !== 'string' || !/^[A-Z0-9]+$/.test(symbol)) return null;
  for (const quote of QUOTES) {
    if (symbol.endsWith(quote) && symbol.length > quote.length) {
      return { base: symbol.slice(0, -quote.length), quote };
    }
  }
  return null;
}

/** `BTC-USDT-SWAP` (OKX perpetual swaps) → base and quote; null for anything else. */
export function splitOkxSwap(instId: unknown): { base: string; quote: string } | null {
  if (typeof instId !== 'string') return null;
  const match = /^([A-Z0-9]+)-([A-Z0-9]+)-SWAP$/.exec(instId);
  return match?.[1] && match[2] ? { base: match[1], quote: match[2] } : null;
}

/** The venue symbol the perp would have (for subscriptions): `BTCUSDT`. */
export function concatenated(base: string, quote: string): string {
  return `${base}${quote}`;
}

import type { Exchange } from 'ccxt';

/**
 * Frames a venue documents in a shape ccxt 4.5.84 does not read, put into the shape it does before ccxt
 * parses them. Each fix changes field names only, never values, and leaves frames already in ccxt's shape
 * untouched, so it stays right whichever shape the venue actually sends.
 */

type Handler = (client: unknown, message: unknown) => unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Aster documents its spot partial-depth stream (`<symbol>@depth<levels>`) with `bids`/`asks` where its
 * futures stream sends `b`/`a`; ccxt reads `b`/`a` for both, so spot books would come out empty.
 */
export function asterDepthSides(exchange: Exchange): void {
  const target = exchange as unknown as { handleOrderBook?: Handler };
  const original = target.handleOrderBook;
  if (typeof original !== 'function') return;
  target.handleOrderBook = function (this: unknown, client: unknown, message: unknown) {
    if (
      isRecord(message) &&
      !('b' in message) &&
      !('a' in message) &&
      ('bids' in message || 'asks' in message)
    ) {
      const { bids, asks, ...rest } = message;
      return original.call(this, client, { ...rest, b: bids ?? [], a: asks ?? [] });
    }
    return original.call(this, client, message);
  };
}

/**
 * Lighter pushes every perpetual's stats in one `market_stats:all` frame, and ccxt 4.5.84 resolves a
 * multi-symbol watchTickers once per market of the frame: with `newUpdates` (ccxt's default) the watch
 * returns the first market only and the rest of the frame is lost before the next watch is waiting. With
 * `newUpdates` off the watch returns every cached ticker; the stream passes on only those it has not
 * delivered yet (each frame makes new ticker objects), so nothing is lost and nothing is repeated.
 */
export function allTickersPerWatch(exchange: Exchange): void {
  (exchange as unknown as { newUpdates: boolean }).newUpdates = false;
}

import { type QuoteEvent, quoteEventSchema } from '@spreadscope/core';
import { isRecord, num } from '../http-json.ts';

/** `btc_krw` → BTC/KRW; anything else → null. */
export function korbitPair(symbol: unknown): { base: string; quote: string } | null {
  if (typeof symbol !== 'string') return null;
  const match = /^([a-z0-9]+)_([a-z]+)$/.exec(symbol.trim());
  if (!match?.[1] || !match[2]) return null;
  return { base: match[1].toUpperCase(), quote: match[2].toUpperCase() };
}

/**
 * One Korbit v2 ticker (REST `data[]` item, or a stream frame's `data` with its `symbol`) → a KRW quote:
 * close is the last trade, bestBid/bestAsk the top of book, quoteVolume the 24 h KRW turnover.
 */
export function korbitQuote(symbol: unknown, ticker: unknown, receivedAt: number): QuoteEvent | null {
  const pair = korbitPair(symbol);
  if (pair?.quote !== 'KRW' || !isRecord(ticker)) return null;
  const candidate: Record<string, unknown> = {
    t: receivedAt,
    type: 'quote',
    venue: 'korbit',
    market: 'spot',
    base: pair.base,
    quote: pair.quote,
    last: num(ticker.close),
  };
  const bid = num(ticker.bestBidPrice);
  const ask = num(ticker.bestAskPrice);
  const volume = num(ticker.quoteVolume);
  const open = num(ticker.open);
  if (bid !== undefined && bid > 0) candidate.bid = bid;
  if (ask !== undefined && ask > 0) candidate.ask = ask;
  if (volume !== undefined && volume >= 0) candidate.volume24h = volume;
  if (open !== undefined && open > 0) candidate.open24h = open;
  const parsed = quoteEventSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** `{ success: true, data: [...] }` → the data list; Korbit's failure shape is an error in its words. */
export function korbitData(body: unknown): unknown {
  if (!isRecord(body)) throw new Error('unexpected response: not an object');
  if (body.success !== true) {
    const error = isRecord(body.error) ? body.error : undefined;
    const message = typeof error?.message === 'string' ? error.message : 'success is not true';
    throw new Error(`Korbit refused the request: ${message}`);
  }
  return body.data;
}

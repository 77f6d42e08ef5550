import type { ForexEvent, QuoteEvent } from '../market-event.ts';

/** Small builders for hand-written event sequences in tests of any package (exported as @spreadscope/core/testing). */
export function quote(
  t: number,
  venue: string,
  base: string,
  quoteToken: string,
  last: number,
  extra: Partial<QuoteEvent> = {},
): QuoteEvent {
  return { t, type: 'quote', venue, market: 'spot', base, quote: quoteToken, last, ...extra };
}

export function forex(t: number, rate: number): ForexEvent {
  return { t, type: 'forex', pair: 'USD/KRW', rate };
}

import {
  CAUTION_REASONS,
  type CautionEvent,
  type CautionReason,
  cautionEventSchema,
  type TokenUpdateEvent,
  tokenUpdateEventSchema,
  type VenueId,
} from '@spreadscope/core';
import type { AdapterContext } from '../../venues/adapter.ts';
import { fetchJson, isRecord } from '../../venues/http-json.ts';
import { type Extras, pollTask } from '../../venues/tasks.ts';

/** One market on a Korean venue's detailed market list, with its investor-protection flags. */
export interface FlaggedMarket {
  readonly base: string;
  readonly quote: string;
  readonly level: CautionEvent['level'];
  readonly reasons: readonly CautionReason[];
}

/** Upbit's market list with details: `market_event.warning` (유의 종목) and `market_event.caution` (주의 종목). */
export const UPBIT_MARKETS_URL = 'https://api.upbit.com/v1/market/all?isDetails=true';
/** Bithumb's: `market_warning` is `CAUTION` for 투자유의 종목, `NONE` otherwise. */
export const BITHUMB_MARKETS_URL = 'https://api.bithumb.com/v1/market/all?isDetails=true';

const TICKER = /^[A-Z0-9]{1,20}$/;

/**
 * `[{ market: "KRW-BTC", market_event: { warning, caution: { PRICE_FLUCTUATIONS, … } } }]` (Upbit since 2024)
 * or `[{ market, market_warning: "NONE" | "CAUTION" }]` (Bithumb, and Upbit before) → flagged markets. Upbit's
 * old CAUTION meant 유의 종목, which is today's `warning`; both read as `warning`.
 */
export function parseMarketFlags(body: unknown): FlaggedMarket[] {
  if (!Array.isArray(body)) throw new Error('unexpected response: not a list of markets');
  const out: FlaggedMarket[] = [];
  for (const item of body) {
    if (!isRecord(item) || typeof item.market !== 'string') continue;
    const [quote, base] = item.market.split('-');
    if (!quote || !base || !TICKER.test(base) || !TICKER.test(quote)) continue;
    const event = isRecord(item.market_event) ? item.market_event : undefined;
    const cautions = event && isRecord(event.caution) ? event.caution : {};
    const reasons = CAUTION_REASONS.filter((reason) => cautions[reason.toUpperCase()] === true);
    const warned = event?.warning === true || item.market_warning === 'CAUTION';
    out.push({ base, quote, level: warned ? 'warning' : reasons.length > 0 ? 'caution' : 'none', reasons });
  }
  if (out.length === 0) throw new Error('no markets in the response');
  return out;
}

/**
 * Turns successive reads of one venue's market list into events: a market that appeared is `listed`, one that
 * vanished `delisted` (nothing on the first read: that is the starting point, not news), and a caution event
 * for every flagged market on the first read and for every change after it (a cleared flag is `none`).
 */
export class MarketFlagsTracker {
  private known: Map<string, FlaggedMarket> | null = null;

  constructor(private readonly venue: VenueId) {}

  update(markets: readonly FlaggedMarket[], at: number): (CautionEvent | TokenUpdateEvent)[] {
    const next = new Map(markets.map((m) => [`${m.base}/${m.quote}`, m]));
    const events: (CautionEvent | TokenUpdateEvent)[] = [];
    const previous = this.known;
    for (const [key, market] of next) {
      const before = previous?.get(key);
      if (previous && !before) events.push(this.tokenUpdate(market, 'listed', at));
      const changed = before
        ? before.level !== market.level || before.reasons.join() !== market.reasons.join()
        : market.level !== 'none';
      if (changed) events.push(this.caution(market, at));
    }
    if (previous) {
      for (const [key, market] of previous)
        if (!next.has(key)) events.push(this.tokenUpdate(market, 'delisted', at));
    }
    this.known = next;
    return events;
  }

  private tokenUpdate(market: FlaggedMarket, update: 'listed' | 'delisted', at: number): TokenUpdateEvent {
    return tokenUpdateEventSchema.parse({
      t: at,
      type: 'token_update',
      venue: this.venue,
      market: 'spot',
      base: market.base,
      quote: market.quote,
      update,
    });
  }

  private caution(market: FlaggedMarket, at: number): CautionEvent {
    return cautionEventSchema.parse({
      t: at,
      type: 'caution',
      venue: this.venue,
      base: market.base,
      quote: market.quote,
      level: market.level,
      reasons: [...market.reasons],
    });
  }
}

const MARKET_LISTS: Partial<Record<VenueId, string>> = {
  upbit: UPBIT_MARKETS_URL,
  bithumb: BITHUMB_MARKETS_URL,
};

/** Upbit's and Bithumb's market lists, read for flags and listings at the notice pace, supervised. */
export function marketFlagsExtras(ctx: AdapterContext): Extras | undefined {
  const url = MARKET_LISTS[ctx.venue];
  if (!url) return undefined;
  const tracker = new MarketFlagsTracker(ctx.venue);
  return {
    tasks: [
      pollTask(ctx, 'market-flags', ctx.settings.noticeIntervalMs, async (signal) => {
        const markets = parseMarketFlags(await fetchJson(ctx, url, { signal }));
        return { events: tracker.update(markets, ctx.clock()) };
      }),
    ],
    capabilities: { 'market-flags': { via: 'rest' } },
  };
}

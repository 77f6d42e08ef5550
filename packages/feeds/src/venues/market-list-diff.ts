import {
  type MarketType,
  type TokenUpdateEvent,
  tokenUpdateEventSchema,
  type VenueId,
} from '@spreadscope/core';

export interface ListedMarket {
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
}

/**
 * A venue rarely delists more than a handful of markets in one go; when more than this share of its list
 * vanishes between two reads, the read is taken for a partial answer (one of its endpoints left out) and the
 * vanished markets are not announced as delisted. Listings are always told.
 */
const MAX_DELISTED_SHARE = 0.1;
const MAX_DELISTED_ALWAYS_TOLD = 10;

const key = (m: ListedMarket) => `${m.market}|${m.base}|${m.quote}`;

/**
 * Two successive reads of a venue's market list → `token_update` events: a market that appeared is `listed`,
 * one that vanished `delisted`. The first read is the starting point and tells nothing.
 */
export class MarketListWatcher {
  private known: Map<string, ListedMarket> | null = null;

  constructor(private readonly venue: VenueId) {}

  update(markets: Iterable<ListedMarket>, at: number): { events: TokenUpdateEvent[]; doubtful: number } {
    const next = new Map<string, ListedMarket>();
    for (const m of markets) next.set(key(m), { market: m.market, base: m.base, quote: m.quote });
    const previous = this.known;
    this.known = next;
    if (!previous) return { events: [], doubtful: 0 };
    const events: TokenUpdateEvent[] = [];
    for (const [k, m] of next) if (!previous.has(k)) events.push(this.event(m, 'listed', at));
    const gone = [...previous].filter(([k]) => !next.has(k)).map(([, m]) => m);
    const doubtful =
      gone.length > MAX_DELISTED_ALWAYS_TOLD && gone.length > previous.size * MAX_DELISTED_SHARE;
    if (doubtful) {
      // Keep the markets that vanished as known: a later full answer must not announce them as listed again.
      for (const m of gone) next.set(key(m), m);
      return { events, doubtful: gone.length };
    }
    for (const m of gone) events.push(this.event(m, 'delisted', at));
    return { events, doubtful: 0 };
  }

  private event(m: ListedMarket, update: 'listed' | 'delisted', at: number): TokenUpdateEvent {
    return tokenUpdateEventSchema.parse({
      t: at,
      type: 'token_update',
      venue: this.venue,
      market: m.market,
      base: m.base,
      quote: m.quote,
      update,
    });
  }
}

import {
  type BookEvent,
  FEED_REJECT_REASONS,
  type FeedRejectReason,
  type ForexEvent,
  type FundingEvent,
  isDollarQuote,
  type MarketEvent,
  type QuoteEvent,
} from '@spreadscope/core';
import { GATE_LIMITS as L } from './gate-limits.ts';
import type { Rejection, VenueRejects } from './rejects.ts';

export type { Rejection, VenueRejects } from './rejects.ts';

/** Counts of one venue, kept mutable inside the gate. */
interface RejectTally {
  counts: Record<FeedRejectReason, number>;
  total: number;
  last: Rejection | null;
}

/** What the gate remembers of one market: its streams' last applied times and its last believed price. */
interface MarketMemo {
  readonly market: string;
  readonly quote: string;
  quoteAt: number;
  bookAt: number;
  fundingAt: number;
  /** Last accepted `last` (NaN before the first). */
  ref: number;
  /** `ref` in dollars (NaN when its quote currency does not convert), for other venues' first prices. */
  usd: number;
  /** A run of refused prints that agree with each other (see GATE_LIMITS.confirmPrints). */
  pending: number;
  pendingCount: number;
}

/** The forex pair is tallied under this name (it has no venue). */
export const FOREX_TALLY = 'forex';

/** Whether a and b are more than `factor` apart, up or down (a ratio test: no logarithm on the hot path). */
function apart(a: number, b: number, factor: number): boolean {
  const ratio = a / b;
  return ratio > factor || ratio * factor < 1;
}

function isPrice(value: number | undefined): boolean {
  return value === undefined || (Number.isFinite(value) && value >= L.minPrice && value <= L.maxPrice);
}

function labelOf(e: { market: string; base: string; quote: string }): string {
  return `${e.market} ${e.base}/${e.quote}`;
}

function fmt(value: number): string {
  return Number(value.toPrecision(6)).toString();
}

/**
 * Validates and orders market events at the edge, before they count anywhere (state, rankings, candles, depth,
 * the event log replicas apply). One gate per ingest; the same rules for live, replayed and simulated data.
 * Refused events are tallied per venue and reason. Each check costs a map lookup and a few comparisons.
 */
export class EventGate {
  /** venue → base → its markets (a handful: spot and perp, one or two quotes), no string built per event. */
  private readonly markets = new Map<string, Map<string, MarketMemo[]>>();
  private readonly byToken = new Map<string, MarketMemo[]>();
  private readonly tallies = new Map<string, RejectTally>();
  private usdKrw = Number.NaN;
  private forexAt = 0;
  private forexPending = Number.NaN;
  private forexPendingCount = 0;

  /** True when the event may be applied; otherwise it is tallied and must be dropped. `now` is the source clock. */
  admit(event: MarketEvent, now: number): boolean {
    switch (event.type) {
      case 'quote':
        return this.quote(event, now);
      case 'book':
        return this.book(event, now);
      case 'funding':
        return this.funding(event, now);
      case 'forex':
        return this.forex(event, now);
      default:
        // Wallets, notices and tape metadata carry no prices that rank or chart.
        return true;
    }
  }

  /** Refusals so far per venue (and `forex`), with the latest one. */
  rejects(): ReadonlyMap<string, VenueRejects> {
    return this.tallies;
  }

  rejectsOf(venue: string): VenueRejects | undefined {
    return this.tallies.get(venue);
  }

  private memo(venue: string, market: string, base: string, quote: string): MarketMemo {
    let bases = this.markets.get(venue);
    if (!bases) {
      bases = new Map();
      this.markets.set(venue, bases);
    }
    let list = bases.get(base);
    if (!list) {
      list = [];
      bases.set(base, list);
    }
    for (let i = 0; i < list.length; i++) {
      const memo = list[i] as MarketMemo;
      if (memo.market === market && memo.quote === quote) return memo;
    }
    const memo: MarketMemo = {
      market,
      quote,
      quoteAt: 0,
      bookAt: 0,
      fundingAt: 0,
      ref: Number.NaN,
      usd: Number.NaN,
      pending: Number.NaN,
      pendingCount: 0,
    };
    list.push(memo);
    let token = this.byToken.get(base);
    if (!token) {
      token = [];
      this.byToken.set(base, token);
    }
    token.push(memo);
    return memo;
  }

  private quote(e: QuoteEvent, now: number): boolean {
    if (!isPrice(e.last) || !isPrice(e.bid) || !isPrice(e.ask) || !isPrice(e.open24h)) {
      const bad = [e.last, e.bid, e.ask, e.open24h].find((v) => !isPrice(v));
      return this.reject(e.venue, e.t, 'invalid', labelOf(e), `price ${bad} is not a price`);
    }
    const volume = e.volume24h;
    if (volume !== undefined && !(Number.isFinite(volume) && volume >= 0 && volume <= L.maxVolume)) {
      return this.reject(e.venue, e.t, 'invalid', labelOf(e), `24 h volume ${volume} is not a volume`);
    }
    if (e.bid !== undefined && e.ask !== undefined && e.bid > e.ask) {
      return this.reject(e.venue, e.t, 'crossed', labelOf(e), `bid ${fmt(e.bid)} above ask ${fmt(e.ask)}`);
    }
    const memo = this.memo(e.venue, e.market, e.base, e.quote);
    if (e.t < memo.quoteAt) return this.late(e.venue, e.t, memo.quoteAt, labelOf(e));
    if (e.t > now + L.futureMs) return this.future(e.venue, e.t, now, labelOf(e));
    const jump = this.quoteJump(memo, e);
    if (jump !== null) {
      if (!this.confirmed(memo, e.last)) return this.reject(e.venue, e.t, 'jump', labelOf(e), jump);
    } else {
      memo.pending = Number.NaN;
      memo.pendingCount = 0;
    }
    memo.quoteAt = e.t;
    memo.ref = e.last;
    memo.usd = this.toUsd(e.last, e.quote);
    return true;
  }

  /** Why the quote's prices are too far from what the market (or, first, the token elsewhere) says; or null. */
  private quoteJump(memo: MarketMemo, e: QuoteEvent): string | null {
    const ref = memo.ref;
    if (Number.isFinite(ref)) {
      const far = apart(e.last, ref, L.tickFactor)
        ? e.last
        : e.bid !== undefined && apart(e.bid, ref, L.tickFactor)
          ? e.bid
          : e.ask !== undefined && apart(e.ask, ref, L.tickFactor)
            ? e.ask
            : null;
      return far === null ? null : `${fmt(far)} against the last accepted ${fmt(ref)} (×${fmt(far / ref)})`;
    }
    const usd = this.toUsd(e.last, e.quote);
    const others = this.tokenUsd(e.base, memo);
    if (!Number.isFinite(usd) || others === null) return null;
    if (!apart(usd, others, L.firstFactor)) return null;
    return `first price $${fmt(usd)} against $${fmt(others)} on other venues (×${fmt(usd / others)})`;
  }

  /** A refused print joins the run of agreeing ones; a long enough run is believed (the level truly moved). */
  private confirmed(memo: MarketMemo, price: number): boolean {
    if (Number.isFinite(memo.pending) && !apart(price, memo.pending, L.coherentFactor)) memo.pendingCount++;
    else memo.pendingCount = 1;
    memo.pending = price;
    if (memo.pendingCount < L.confirmPrints) return false;
    memo.pending = Number.NaN;
    memo.pendingCount = 0;
    return true;
  }

  private book(e: BookEvent, now: number): boolean {
    const badSide = sideFault(e.bids, -1) ?? sideFault(e.asks, 1);
    if (badSide !== null) return this.reject(e.venue, e.t, 'invalid', labelOf(e), `book ${badSide}`);
    const bid = e.bids[0]?.[0];
    const ask = e.asks[0]?.[0];
    if (bid !== undefined && ask !== undefined && bid > ask) {
      return this.reject(e.venue, e.t, 'crossed', labelOf(e), `book bid ${fmt(bid)} above ask ${fmt(ask)}`);
    }
    const memo = this.memo(e.venue, e.market, e.base, e.quote);
    if (e.t < memo.bookAt) return this.late(e.venue, e.t, memo.bookAt, labelOf(e));
    if (e.t > now + L.futureMs) return this.future(e.venue, e.t, now, labelOf(e));
    if (Number.isFinite(memo.ref)) {
      const far =
        bid !== undefined && apart(bid, memo.ref, L.tickFactor)
          ? bid
          : ask !== undefined && apart(ask, memo.ref, L.tickFactor)
            ? ask
            : null;
      if (far !== null) {
        const detail = `book ${fmt(far)} against the last accepted price ${fmt(memo.ref)}`;
        return this.reject(e.venue, e.t, 'jump', labelOf(e), detail);
      }
    }
    memo.bookAt = e.t;
    return true;
  }

  private funding(e: FundingEvent, now: number): boolean {
    if (!Number.isFinite(e.rate) || Math.abs(e.rate) > L.maxFundingRate || !isPrice(e.markPrice)) {
      const detail = `funding rate ${e.rate}${e.markPrice === undefined ? '' : `, mark ${e.markPrice}`}`;
      return this.reject(e.venue, e.t, 'invalid', `perp ${e.base}/${e.quote}`, detail);
    }
    const memo = this.memo(e.venue, 'perp', e.base, e.quote);
    if (e.t < memo.fundingAt) return this.late(e.venue, e.t, memo.fundingAt, `perp ${e.base}/${e.quote}`);
    if (e.t > now + L.futureMs) return this.future(e.venue, e.t, now, `perp ${e.base}/${e.quote}`);
    if (
      e.markPrice !== undefined &&
      Number.isFinite(memo.ref) &&
      apart(e.markPrice, memo.ref, L.tickFactor)
    ) {
      const detail = `mark ${fmt(e.markPrice)} against the last accepted price ${fmt(memo.ref)}`;
      return this.reject(e.venue, e.t, 'jump', `perp ${e.base}/${e.quote}`, detail);
    }
    memo.fundingAt = e.t;
    return true;
  }

  private forex(e: ForexEvent, now: number): boolean {
    if (!isPrice(e.rate)) return this.reject(FOREX_TALLY, e.t, 'invalid', e.pair, `rate ${e.rate}`);
    if (e.pair !== 'USD/KRW') return true;
    if (e.t < this.forexAt) return this.late(FOREX_TALLY, e.t, this.forexAt, e.pair);
    if (e.t > now + L.futureMs) return this.future(FOREX_TALLY, e.t, now, e.pair);
    if (Number.isFinite(this.usdKrw) && apart(e.rate, this.usdKrw, L.forexFactor)) {
      const agrees =
        Number.isFinite(this.forexPending) && !apart(e.rate, this.forexPending, L.coherentFactor);
      this.forexPendingCount = agrees ? this.forexPendingCount + 1 : 1;
      this.forexPending = e.rate;
      if (this.forexPendingCount < L.confirmPrints) {
        const detail = `rate ${fmt(e.rate)} against the last accepted ${fmt(this.usdKrw)}`;
        return this.reject(FOREX_TALLY, e.t, 'jump', e.pair, detail);
      }
    }
    this.forexPending = Number.NaN;
    this.forexPendingCount = 0;
    this.usdKrw = e.rate;
    this.forexAt = e.t;
    return true;
  }

  private toUsd(price: number, quote: string): number {
    if (isDollarQuote(quote)) return price;
    if (quote === 'KRW') return price / this.usdKrw;
    return Number.NaN;
  }

  /** The median dollar price of a token on the markets other than `self` (null when none converts). */
  private tokenUsd(base: string, self: MarketMemo): number | null {
    const prices: number[] = [];
    for (const memo of this.byToken.get(base) ?? []) {
      if (memo !== self && Number.isFinite(memo.usd)) prices.push(memo.usd);
    }
    if (prices.length === 0) return null;
    prices.sort((a, b) => a - b);
    const mid = prices.length >> 1;
    return prices.length % 2 === 1
      ? (prices[mid] as number)
      : ((prices[mid - 1] as number) + (prices[mid] as number)) / 2;
  }

  private late(venue: string, t: number, last: number, label: string): false {
    return this.reject(
      venue,
      t,
      'out-of-order',
      label,
      `${((last - t) / 1000).toFixed(1)} s older than the last applied`,
    );
  }

  private future(venue: string, t: number, now: number, label: string): false {
    return this.reject(venue, t, 'future', label, `${Math.round((t - now) / 1000)} s ahead of the clock`);
  }

  private reject(venue: string, at: number, reason: FeedRejectReason, market: string, detail: string): false {
    let tally = this.tallies.get(venue);
    if (!tally) {
      const counts = Object.fromEntries(FEED_REJECT_REASONS.map((r) => [r, 0])) as Record<
        FeedRejectReason,
        number
      >;
      tally = { counts, total: 0, last: null };
      this.tallies.set(venue, tally);
    }
    tally.counts[reason]++;
    tally.total++;
    tally.last = { at, reason, market, detail };
    return false;
  }
}

/** Why one side of a book cannot be read (a level that is no price or size, or levels out of order); or null. */
function sideFault(levels: readonly (readonly [number, number])[], direction: 1 | -1): string | null {
  let previous = direction === 1 ? 0 : Number.POSITIVE_INFINITY;
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i] as readonly [number, number];
    const price = level[0];
    const size = level[1];
    if (!isPrice(price) || !(Number.isFinite(size) && size >= 0))
      return `level [${price}, ${size}] is not a price and size`;
    if ((price - previous) * direction < 0) return `levels out of order at ${fmt(price)}`;
    previous = price;
  }
  return null;
}

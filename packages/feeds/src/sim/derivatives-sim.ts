import {
  type BorrowEvent,
  FEE_SCHEDULES,
  type LiquidationEvent,
  type MarketEvent,
  type OpenInterestEvent,
  type QuoteEvent,
  type VenueId,
} from '@spreadscope/core';
import { MARGIN_VENUES } from '../margin/margin-feed.ts';
import { Rng } from './rng.ts';
import { type LiquidityTier, TOKEN_UNIVERSE } from './token-universe.ts';

/** Open interest is reported once a minute per perpetual, as the venues' polls give it. */
const OI_EVERY_MS = 60_000;
/** Borrow rates are re-read every five minutes, as the live poll does. */
const BORROW_EVERY_MS = 5 * 60_000;
/** Moves are measured over this window; a sharp one sets off a liquidation burst. */
const MOVE_WINDOW_MS = 10_000;
/** How sharp a 10 s move must be (fraction) to liquidate, per tier: majors move less and liquidate sooner. */
const BURST_MOVE: Record<LiquidityTier, number> = { 1: 0.0025, 2: 0.004, 3: 0.006, 4: 0.008 };
/** Open interest as a multiple of the 24 h quote volume (perpetuals carry about half a day's turnover). */
const OI_TO_VOLUME = [0.25, 0.7] as const;
/** How much of the open interest follows a 1 % price move (OI rises into trends, falls in flushes). */
const OI_PRICE_BETA = 1.5;
/** Tokens with simulated borrow rates: the first of the universe (majors and large caps). */
const BORROW_TOKENS = 40;
/** VIP levels simulated per venue: the first few of the venue's published list. */
const BORROW_LEVELS = 4;
/** Hourly borrow rate at the base level, per tier (fraction per hour); stablecoins borrow dearer. */
const BASE_HOURLY: Record<LiquidityTier, number> = { 1: 0.0000025, 2: 0.000006, 3: 0.000012, 4: 0.00002 };
const STABLE_HOURLY = 0.000009;
/** The least liquid tier whose perpetuals get open interest and liquidations. */
const OI_MAX_TIER: LiquidityTier = 1;

interface PerpState {
  readonly venue: VenueId;
  readonly base: string;
  readonly quote: string;
  readonly tier: LiquidityTier;
  oi: number;
  anchorPrice: number;
  anchorAt: number;
  lastPrice: number;
  nextOiAt: number;
  oiPrice: number;
}

interface BorrowState {
  readonly venue: VenueId;
  readonly asset: string;
  readonly levels: readonly string[];
  readonly limit: number;
  hourly: number;
  readonly mean: number;
  readonly borrowable: boolean;
}

const TIERS = new Map(TOKEN_UNIVERSE.map((t) => [t.symbol, t.tier]));

/**
 * The simulated counterpart of margin/ and derivatives/: borrow rates drifting around a level per token
 * and venue, open interest that follows the simulated perpetuals' prices (it builds into trends and
 * unwinds on sharp drops), and liquidation bursts on the losing side of sharp 10-second moves, with a
 * thin trickle in between. It watches the simulator's own quotes, so everything moves with the market on
 * screen; deterministic for a seed and the same quotes.
 */
export class DerivativesSimulator {
  private readonly rng: Rng;
  private readonly perps = new Map<string, PerpState>();
  private readonly borrows: BorrowState[] = [];
  private nextBorrowAt: number;

  constructor(seed: number, venues: readonly VenueId[], startTime: number) {
    this.rng = new Rng(seed * 7919 + 17);
    this.nextBorrowAt = startTime;
    const simulated = new Set(venues);
    const tokens = TOKEN_UNIVERSE.slice(0, BORROW_TOKENS).map((t) => t.symbol);
    for (const venue of MARGIN_VENUES) {
      if (!simulated.has(venue)) continue;
      const levels = (FEE_SCHEDULES.find((s) => s.venue === venue && s.market === 'spot')?.tiers ?? [])
        .slice(0, BORROW_LEVELS)
        .map((tier) => tier.vipLevel);
      for (const asset of ['USDT', 'USDC', ...tokens]) {
        const tier = TIERS.get(asset) ?? 1;
        const stable = asset === 'USDT' || asset === 'USDC';
        const mean = (stable ? STABLE_HOURLY : BASE_HOURLY[tier]) * this.rng.range(0.6, 1.6);
        this.borrows.push({
          venue,
          asset,
          levels: levels.length > 0 ? levels : ['default'],
          limit: stable ? 1_000_000 * this.rng.range(0.5, 3) : 10 ** (5 - tier) * this.rng.range(0.5, 3),
          hourly: mean,
          mean,
          borrowable: tier <= 2 || this.rng.chance(0.9),
        });
      }
    }
  }

  /** The events the simulator's batch sets off, in time order (call with every batch, oldest first). */
  observe(batch: readonly MarketEvent[]): MarketEvent[] {
    const out: MarketEvent[] = [];
    for (const event of batch) {
      if (event.type === 'quote' && event.market === 'perp') this.onPerpQuote(event, out);
      if (event.t >= this.nextBorrowAt) {
        // After a gap (the simulator skipped ahead) one round at the current time, not the missed ones.
        const at = event.t - this.nextBorrowAt >= BORROW_EVERY_MS ? event.t : this.nextBorrowAt;
        this.borrowRound(at, out);
        this.nextBorrowAt = at + BORROW_EVERY_MS;
      }
    }
    return out.sort((a, b) => a.t - b.t);
  }

  private onPerpQuote(quote: QuoteEvent, out: MarketEvent[]): void {
    // Majors only: they are what traders watch for OI and liquidations, and a minute row for every one of
    // the simulator's ~2,000 perpetuals would grow the embedded database by hundreds of MB a day.
    if ((TIERS.get(quote.base) ?? 4) > OI_MAX_TIER) return;
    const key = `${quote.venue}|${quote.base}|${quote.quote}`;
    let perp = this.perps.get(key);
    if (!perp) {
      const usdVolume = quote.volume24h ?? quote.last * 1_000;
      perp = {
        venue: quote.venue as VenueId,
        base: quote.base,
        quote: quote.quote,
        tier: TIERS.get(quote.base) ?? 4,
        oi: (usdVolume * this.rng.range(OI_TO_VOLUME[0], OI_TO_VOLUME[1])) / quote.last,
        anchorPrice: quote.last,
        anchorAt: quote.t,
        lastPrice: quote.last,
        // Spread the first reports over the first minute, as polls of many venues would arrive.
        nextOiAt: quote.t + Math.floor(this.rng.next() * OI_EVERY_MS),
        oiPrice: quote.last,
      };
      this.perps.set(key, perp);
    }
    perp.lastPrice = quote.last;
    if (quote.t - perp.anchorAt >= MOVE_WINDOW_MS) {
      const move = quote.last / perp.anchorPrice - 1;
      if (Math.abs(move) >= BURST_MOVE[perp.tier]) this.burst(perp, move, quote.t, out);
      perp.anchorPrice = quote.last;
      perp.anchorAt = quote.t;
    }
    if (quote.t >= perp.nextOiAt) {
      const ret = quote.last / perp.oiPrice - 1;
      // Trends build positions; a small random walk on top keeps the line alive in a flat market.
      perp.oi *= Math.max(
        0.5,
        1 + OI_PRICE_BETA * Math.abs(ret) * Math.sign(ret + 1e-12) + 0.002 * this.rng.normal(),
      );
      perp.oiPrice = quote.last;
      perp.nextOiAt += OI_EVERY_MS;
      if (perp.nextOiAt <= quote.t) perp.nextOiAt = quote.t + OI_EVERY_MS;
      out.push(this.oiEvent(perp, quote.t));
      // A thin trickle: somebody is always over-levered.
      if (this.rng.chance(0.08)) {
        out.push(this.liquidation(perp, this.rng.chance(0.5) ? 'long' : 'short', quote.t, 0.00005));
      }
    }
  }

  /** A sharp move: the losing side is liquidated in a burst sized by the move and the open interest. */
  private burst(perp: PerpState, move: number, t: number, out: MarketEvent[]): void {
    const side = move < 0 ? 'long' : 'short';
    const strength = Math.abs(move) / BURST_MOVE[perp.tier];
    const count = Math.min(40, 2 + Math.floor(this.rng.range(2, 8) * strength));
    for (let i = 0; i < count; i++) {
      out.push(this.liquidation(perp, side, t + Math.floor(this.rng.next() * 2_000), 0.0004 * strength));
    }
    // Liquidations close positions: open interest drops with them.
    perp.oi *= 1 - Math.min(0.05, 0.004 * strength);
  }

  private liquidation(perp: PerpState, side: 'long' | 'short', t: number, share: number): LiquidationEvent {
    const size = Math.max(perp.oi * share * this.rng.range(0.05, 1), 1e-6);
    // Longs are sold into the bids (below the last price), shorts bought back above it.
    const slip = 1 + (side === 'long' ? -1 : 1) * this.rng.range(0, 0.001);
    return {
      t,
      type: 'liquidation',
      venue: perp.venue,
      base: perp.base,
      quote: perp.quote,
      side,
      price: perp.lastPrice * slip,
      size: Number(size.toPrecision(6)),
    };
  }

  private oiEvent(perp: PerpState, t: number): OpenInterestEvent {
    const stable = perp.quote === 'USDT' || perp.quote === 'USDC' || perp.quote === 'USD';
    return {
      t,
      type: 'oi',
      venue: perp.venue,
      base: perp.base,
      quote: perp.quote,
      openInterest: Number(perp.oi.toPrecision(8)),
      ...(stable ? { openInterestUsd: Math.round(perp.oi * perp.lastPrice) } : {}),
    };
  }

  private borrowRound(t: number, out: MarketEvent[]): void {
    for (const state of this.borrows) {
      // Mean-reverting with a little noise: utilization moves rates slowly.
      state.hourly = Math.max(
        state.mean * 0.2,
        state.hourly + 0.2 * (state.mean - state.hourly) + 0.08 * state.mean * this.rng.normal(),
      );
      state.levels.forEach((vipLevel, level) => {
        const event: BorrowEvent = {
          t,
          type: 'borrow',
          venue: state.venue,
          asset: state.asset,
          marginType: state.venue === 'huobi' ? 'isolated' : 'cross',
          ...(state.venue === 'huobi' ? { pair: `${state.asset === 'USDT' ? 'BTC' : state.asset}USDT` } : {}),
          vipLevel,
          hourlyRate: Number((state.hourly * (1 - 0.05 * level)).toPrecision(6)),
          borrowLimit: Math.round(state.limit * (1 + level)),
          borrowable: state.borrowable,
        };
        out.push(event);
      });
    }
  }
}

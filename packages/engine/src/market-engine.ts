import {
  type ArbitrageKind,
  type ConversionBase,
  type MarketEvent,
  type PremiumType,
  VENUE_IDS,
  type VenueId,
} from '@spreadscope/core';
import { Combos, SOURCE_KOREAN, TARGET_KOREAN } from './combos.ts';
import { type FundingHeatHour, FundingTracker } from './funding-tracker.ts';
import { FundingViews } from './funding-views.ts';
import { type InstrumentKey, MarketState } from './market-state.ts';
import { MarketViews } from './market-views.ts';
import { DEFAULT_WINDOW_MINUTES, MinuteBarCollector } from './minute-bars.ts';
import { OrderBooks } from './order-books.ts';
import { livePremiumIndex, type PremiumIndexValue, premiumIndexAt } from './premium-index.ts';
import { calcOptions, DurationCache, type EngineParts, SpreadCalc } from './spread-calc.ts';
import {
  querySpreadTable,
  type RankedPage,
  rankSpreadTablePage,
  spreadRows,
  type TableScope,
} from './spread-table.ts';
import type { ArbitrageFilter, ArbitragePage, PremiumFilter, SpreadPage } from './spread-types.ts';
import { Wallets } from './wallets.ts';
import { type PersistedCloses, RingWarmUp } from './warm-up.ts';

export interface VenueActivity {
  readonly venue: VenueId;
  readonly instruments: number;
  /** Event time of the venue's last quote or funding update, or null before the first. */
  readonly lastEventAt: number | null;
}

/** One closed minute of a market pair's last-price ratio first / second, in native quotes. */
export interface GapMinute {
  readonly first: InstrumentKey;
  readonly second: InstrumentKey;
  readonly minute: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

export interface MarketEngineOptions {
  /** How many minutes of 1-minute closes the in-memory rings keep (default 24 h). */
  readonly windowMinutes?: number;
}

const PREMIUM_TYPE_INDEX: Readonly<Record<PremiumType, number>> = {
  'spot-spot': 0,
  'spot-perp': 1,
  'perp-spot': 2,
  'perp-perp': 3,
};
const ARBITRAGE_INDEX: Readonly<Record<ArbitrageKind, number>> = {
  'spot-spot': 0,
  'spot-perp': 1,
  'perp-perp': 3,
};

/**
 * The analytics engine: applies normalized events to the market state and keeps every combination current as
 * they arrive. Reads are pure functions of the state and the caller's clock.
 */
export class MarketEngine implements EngineParts {
  readonly state = new MarketState();
  readonly combos = new Combos(this.state);
  readonly bars: MinuteBarCollector;
  readonly books = new OrderBooks();
  readonly wallets = new Wallets();
  readonly funding = new FundingTracker(this.state);
  readonly durations = new DurationCache();
  readonly fundingViews = new FundingViews(this.state, this.funding);
  readonly views: MarketViews;
  /** Increments on every event that changed the state; lets readers cache by version. */
  version = 0;
  /** Time of the latest event applied. */
  lastEventAt = 0;
  private readonly warmUp: RingWarmUp;
  private readonly onNewInstrument = (id: number) => {
    this.combos.addInstrument(id);
    this.warmUp.onNewInstrument(id);
    this.funding.onNewInstrument(id);
  };

  constructor(options: MarketEngineOptions = {}) {
    this.bars = new MinuteBarCollector(this.state, options.windowMinutes ?? DEFAULT_WINDOW_MINUTES);
    this.views = new MarketViews(this.state, this.bars, this.wallets);
    this.warmUp = new RingWarmUp(this.state, this.bars);
  }

  /** How far back the in-memory rings reach, in minutes (the longest look-back window). */
  get windowMinutes(): number {
    return this.bars.ring.slots - 1;
  }

  /**
   * Refills the minute rings from persisted closes (start-up): look-back columns and premium duration read
   * them at once instead of after a day. Markets not quoted yet get theirs when they appear.
   */
  restoreCloses(batch: readonly PersistedCloses[]): void {
    this.warmUp.add(batch);
    this.afterRestore();
  }

  /** The same for USD/KRW forex closes. */
  restoreForexCloses(minutes: ArrayLike<number>, closes: ArrayLike<number>): void {
    this.bars.backfillForex(minutes, closes);
    this.afterRestore();
  }

  /** Refills the funding heatmap's last 24 hours from persisted funding minutes (start-up). */
  restoreFundingHeat(hours: readonly FundingHeatHour[]): void {
    this.funding.restoreHeat(hours);
    this.version++;
  }

  /** Markets still waiting for their first quote to receive restored closes. */
  get restoresWaiting(): number {
    return this.warmUp.waitingMarkets;
  }

  private afterRestore(): void {
    // Durations cached this minute were computed without the restored closes; readers cache by version.
    this.durations.clear();
    this.version++;
  }

  apply(event: MarketEvent): void {
    switch (event.type) {
      case 'quote': {
        const id = this.state.applyQuote(event, this.onNewInstrument);
        if (id < 0) return;
        this.combos.recomputeInstrument(id, event.t);
        this.bars.onPrice(id, event.t, event.last, event.volume24h, event.traded);
        break;
      }
      case 'funding': {
        const id = this.state.intern(event.venue, 'perp', event.base, event.quote, this.onNewInstrument);
        if (id < 0) {
          this.state.ignoredEvents++;
          return;
        }
        this.funding.beforeFunding(id, event);
        this.state.applyFunding(event);
        this.funding.afterFunding(id, event);
        break;
      }
      case 'forex': {
        if (event.pair !== 'USD/KRW') return;
        // Combinations hold native-currency ratios: a new rate changes how they are read, not what they hold.
        this.state.usdKrw = event.rate;
        this.state.usdKrwAt = event.t;
        this.bars.onForex(event.pair, event.t, event.rate);
        break;
      }
      case 'book': {
        const id = this.state.intern(
          event.venue,
          event.market,
          event.base,
          event.quote,
          this.onNewInstrument,
        );
        if (id < 0) {
          this.state.ignoredEvents++;
          return;
        }
        this.books.apply(id, event);
        break;
      }
      case 'wallet': {
        if (!this.wallets.apply(event)) {
          this.state.ignoredEvents++;
          return;
        }
        break;
      }
      default:
        // Notices and tape metadata carry no numbers for these tables.
        return;
    }
    this.version++;
    if (event.t > this.lastEventAt) this.lastEventAt = event.t;
  }

  /**
   * Closes every minute before `minute` across bars and funding rollups (call at minute boundaries), and
   * compacts the combinations when many were appended since the last time.
   */
  closeBefore(minute: number): void {
    this.bars.closeBefore(minute);
    this.combos.closeBefore(minute);
    this.funding.closeBefore(minute);
    this.warmUp.dropBefore(minute - this.bars.ring.slots * 60_000);
    if (this.combos.wantsCompaction) this.compact();
  }

  /** Lays combinations and market blocks out by token (see Combos.compact); cached durations are per index. */
  compact(): void {
    this.combos.compact();
    this.durations.clear();
  }

  /**
   * Hands over the minute bars of market pairs' ratios closed since the last call (the Kimchi pairs: see
   * rollupPair), with their markets named.
   */
  drainGapBars(): GapMinute[] {
    const out: GapMinute[] = [];
    for (const bar of this.combos.drainGapBars()) {
      const first = this.state.instruments[bar.first];
      const second = this.state.instruments[bar.second];
      if (!first || !second) continue;
      out.push({
        first: { venue: first.venue, market: first.market, base: first.base, quote: first.quote },
        second: { venue: second.venue, market: second.market, base: second.base, quote: second.quote },
        minute: bar.minute,
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
      });
    }
    return out;
  }

  /** Premium table (spec §3): kimchi (Korean over overseas) or global (overseas over overseas). */
  premium(filter: PremiumFilter, now: number): SpreadPage {
    return querySpreadTable(this, calcOptions('premium', filter), filter, this.premiumScope(filter), now);
  }

  /**
   * A premium table's page as ranked combinations and their gaps, no rows built: for a caller that merges
   * several tables and builds only the rows it serves (premiumRows, with the same filter and time).
   */
  premiumRanked(filter: PremiumFilter, now: number): RankedPage {
    return rankSpreadTablePage(this, calcOptions('premium', filter), filter, this.premiumScope(filter), now);
  }

  /** Rows of ranked combinations (premiumRanked), as premium() gives them. */
  premiumRows(filter: PremiumFilter, combos: readonly number[], now: number): SpreadPage['data'] {
    return spreadRows(new SpreadCalc(this, calcOptions('premium', filter), now), combos);
  }

  private premiumScope(filter: PremiumFilter): TableScope {
    const scope = filter.scope ?? 'kimchi';
    const list = this.combos.byMarketPair[PREMIUM_TYPE_INDEX[filter.premiumType ?? 'spot-spot']];
    const targetQuote = filter.targetQuote ?? 'USDT';
    return {
      lists: list ? [list] : [],
      kindMask: SOURCE_KOREAN | TARGET_KOREAN,
      kindValue: scope === 'kimchi' ? SOURCE_KOREAN : 0,
      targetQuote: targetQuote === 'any' ? undefined : targetQuote,
      sourceQuote: filter.sourceQuote,
      minGap: filter.minPremium,
      maxGap: filter.maxPremium,
    };
  }

  /** Arbitrage table: source bought (long), target sold (short), market types as the kind names. */
  arbitrage(kind: ArbitrageKind, filter: ArbitrageFilter, now: number): ArbitragePage {
    const list = this.combos.byMarketPair[ARBITRAGE_INDEX[kind]];
    const page = querySpreadTable(
      this,
      calcOptions('arbitrage', filter),
      filter,
      {
        lists: list ? [list] : [],
        kindMask: 0,
        kindValue: 0,
        sourceQuote: filter.sourceQuote,
        targetQuote: filter.targetQuote === 'any' ? undefined : filter.targetQuote,
        minGap: filter.minGap,
        maxGap: filter.maxGap,
      },
      now,
    );
    return { ...page, kind };
  }

  premiumIndex(base: ConversionBase, now: number): PremiumIndexValue {
    return livePremiumIndex(this, base, now);
  }

  /** The index as of the close of `minute`, for the persisted history. */
  premiumIndexAt(base: ConversionBase, minute: number): PremiumIndexValue {
    return premiumIndexAt(this, base, minute);
  }

  venueActivity(): VenueActivity[] {
    return VENUE_IDS.map((venue, i) => {
      const at = this.state.venueLastEventAt[i] ?? 0;
      return { venue, instruments: this.state.venueInstruments[i] ?? 0, lastEventAt: at > 0 ? at : null };
    });
  }
}

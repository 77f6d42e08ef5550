import type { MarketType } from '@spreadscope/core';
import type { MarketState } from './market-state.ts';
import type { MinuteBarCollector } from './minute-bars.ts';

/** One market's persisted 1-minute closes, ascending. */
export interface PersistedCloses {
  readonly venue: string;
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
  readonly minutes: ArrayLike<number>;
  readonly closes: ArrayLike<number>;
}

/**
 * Refills the in-memory minute rings from persisted history at start-up, so a restart does not blank the
 * look-back columns (5 m … 24 h) and premium duration until a day has passed. The engine learns markets
 * from quotes, not from history: closes of a market it does not follow yet wait here and go into its ring
 * when its first event interns it. Waiting closes that fall out of the rings' reach are dropped.
 */
export class RingWarmUp {
  private readonly waiting = new Map<string, { minutes: Float64Array; closes: Float32Array }>();

  constructor(
    private readonly state: MarketState,
    private readonly bars: MinuteBarCollector,
  ) {}

  get waitingMarkets(): number {
    return this.waiting.size;
  }

  /** Applies a batch now for markets the engine knows; holds the rest until they appear. */
  add(batch: readonly PersistedCloses[]): void {
    for (const item of batch) {
      if (item.minutes.length === 0) continue;
      const id = this.state.find(item.venue, item.market, item.base, item.quote);
      if (id >= 0) this.bars.backfill(id, item.minutes, item.closes);
      else {
        this.waiting.set(key(item.venue, item.market, item.base, item.quote), {
          minutes: Float64Array.from(item.minutes),
          // The rings keep float32 anyway; waiting in it halves the memory.
          closes: Float32Array.from(item.closes),
        });
      }
    }
  }

  /** Called when the engine interns a market. */
  onNewInstrument(id: number): void {
    if (this.waiting.size === 0) return;
    const info = this.state.instruments[id];
    if (!info) return;
    const k = key(info.venue, info.market, info.base, info.quote);
    const held = this.waiting.get(k);
    if (!held) return;
    this.waiting.delete(k);
    this.bars.backfill(id, held.minutes, held.closes);
  }

  /** Forgets waiting closes whose newest minute is before `minute`: no ring reaches back that far any more. */
  dropBefore(minute: number): void {
    for (const [k, held] of this.waiting)
      if ((held.minutes[held.minutes.length - 1] ?? 0) < minute) this.waiting.delete(k);
  }
}

function key(venue: string, market: string, base: string, quote: string): string {
  return `${venue}\u0000${market}\u0000${base}\u0000${quote}`;
}

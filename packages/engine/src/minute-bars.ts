import { type ForexMinuteBar, type MinuteBar, minuteStart } from '@spreadscope/core';
import type { MarketState } from './market-state.ts';
import { MinuteRing } from './minute-ring.ts';

/** How far back the in-memory rings reach: the longest look-back window (24 h). */
export const DEFAULT_WINDOW_MINUTES = 1_440;

/** Offsets in an instrument's bar block (MinuteBarCollector.bars), and the block's size in doubles. */
const M_MINUTE = 0;
const M_OPEN = 1;
const M_HIGH = 2;
const M_LOW = 3;
const M_CLOSE = 4;
const M_VOLUME = 5;
/** Base volume traded within the minute (NaN until a quote reports some). */
const M_TRADED = 6;
const STRIDE = 8;

/**
 * Rolls quotes up into 1-minute OHLC bars per instrument. A bar closes when a later minute's quote arrives for
 * the same market, or when `closeBefore` is called at a minute boundary for markets that went quiet. Closed
 * bars go two ways: to `drain()` for the history tables, and into in-memory rings of closes that answer
 * "the price as of minute M" for the look-back windows.
 */
export class MinuteBarCollector {
  /**
   * The bar in progress of every instrument, one 64-byte block each (a quote touches one cache line): minute
   * start (-1 when none is open), open, high, low, close, 24 h volume (see the M_ offsets).
   */
  private bars = new Float64Array(0);
  private capacity = 0;
  private readonly openIds: number[] = [];
  /** 1 for an instrument quoted since the last `inProgress()` call, listed once in `movedIds`. */
  private moved = new Uint8Array(0);
  private movedIds: number[] = [];
  private forexMoved = false;
  private closed: MinuteBar[] = [];
  private forex: { minute: number; open: number; high: number; low: number; close: number } | null = null;
  private closedForex: ForexMinuteBar[] = [];
  readonly ring: MinuteRing;
  private readonly forexRing: MinuteRing;

  constructor(
    private readonly state: MarketState,
    windowMinutes = DEFAULT_WINDOW_MINUTES,
  ) {
    this.ring = new MinuteRing(windowMinutes);
    this.forexRing = new MinuteRing(windowMinutes);
  }

  private ensure(id: number): void {
    if (id < this.capacity) return;
    let capacity = Math.max(this.capacity, 1024);
    while (capacity <= id) capacity *= 2;
    const next = new Float64Array(capacity * STRIDE).fill(Number.NaN);
    next.set(this.bars);
    for (let i = this.capacity; i < capacity; i++) next[i * STRIDE + M_MINUTE] = -1;
    this.bars = next;
    const moved = new Uint8Array(capacity);
    moved.set(this.moved);
    this.moved = moved;
    this.capacity = capacity;
  }

  /** Minute start of the instrument's bar in progress, or -1. */
  private minuteOf(id: number): number {
    return id < this.capacity ? (this.bars[id * STRIDE + M_MINUTE] as number) : -1;
  }

  onPrice(id: number, t: number, price: number, volume24h: number | undefined, traded?: number): void {
    if (id >= this.capacity) this.ensure(id);
    const bars = this.bars;
    const o = id * STRIDE;
    const m = minuteStart(t);
    const current = bars[o + M_MINUTE] as number;
    if (current !== m) {
      if (current >= 0) {
        if (m < current) return; // out-of-order quote from an earlier minute: the bar is already closed
        this.closeBar(id);
      } else {
        this.openIds.push(id);
      }
      bars[o + M_MINUTE] = m;
      bars[o + M_OPEN] = price;
      bars[o + M_HIGH] = price;
      bars[o + M_LOW] = price;
      bars[o + M_VOLUME] = Number.NaN;
      bars[o + M_TRADED] = Number.NaN;
    }
    if (price > (bars[o + M_HIGH] as number)) bars[o + M_HIGH] = price;
    if (price < (bars[o + M_LOW] as number)) bars[o + M_LOW] = price;
    bars[o + M_CLOSE] = price;
    if (volume24h !== undefined) bars[o + M_VOLUME] = volume24h;
    if (traded !== undefined) {
      const sum = bars[o + M_TRADED] as number;
      bars[o + M_TRADED] = Number.isNaN(sum) ? traded : sum + traded;
    }
    if (this.moved[id] === 0) {
      this.moved[id] = 1;
      this.movedIds.push(id);
    }
  }

  onForex(pair: string, t: number, rate: number): void {
    if (pair !== 'USD/KRW') return;
    const m = minuteStart(t);
    if (this.forex && this.forex.minute !== m) {
      if (m < this.forex.minute) return;
      this.closeForex();
    }
    if (!this.forex) this.forex = { minute: m, open: rate, high: rate, low: rate, close: rate };
    this.forex.high = Math.max(this.forex.high, rate);
    this.forex.low = Math.min(this.forex.low, rate);
    this.forex.close = rate;
    this.forexMoved = true;
  }

  /** Closes every bar that started before `minute` (call at each minute boundary of the market clock). */
  closeBefore(minute: number): void {
    let kept = 0;
    for (let i = 0; i < this.openIds.length; i++) {
      const id = this.openIds[i] as number;
      if (this.minuteOf(id) < minute) this.closeBar(id);
      else this.openIds[kept++] = id;
    }
    this.openIds.length = kept;
    if (this.forex && this.forex.minute < minute) this.closeForex();
  }

  /**
   * Refills an instrument's ring from persisted closes (ascending minute starts). Minutes from the bar still
   * open onwards are the live data's; everything earlier goes in under what the ring already holds.
   */
  backfill(id: number, minutes: ArrayLike<number>, closes: ArrayLike<number>): void {
    const open = this.minuteOf(id);
    const n = open >= 0 ? countBefore(minutes, open) : minutes.length;
    this.ring.backfill(id, sliceTo(minutes, n), sliceTo(closes, n));
  }

  /** The same for USD/KRW forex. */
  backfillForex(minutes: ArrayLike<number>, closes: ArrayLike<number>): void {
    const n = this.forex ? countBefore(minutes, this.forex.minute) : minutes.length;
    this.forexRing.backfill(0, sliceTo(minutes, n), sliceTo(closes, n));
  }

  /** Hands over the bars closed since the last call. */
  drain(): { bars: MinuteBar[]; forex: ForexMinuteBar[] } {
    const out = { bars: this.closed, forex: this.closedForex };
    this.closed = [];
    this.closedForex = [];
    return out;
  }

  /**
   * The bars still open that moved since the last call, as they stand (a checkpoint: writing them before the
   * minute closes means a crash just after the close finds the minute stored, short only of its last
   * seconds). Leaves the bars open; they are handed over again by `drain()` once closed.
   */
  inProgress(): { bars: MinuteBar[]; forex: ForexMinuteBar[] } {
    const bars: MinuteBar[] = [];
    for (const id of this.movedIds) {
      this.moved[id] = 0;
      const bar = this.barOf(id);
      if (bar) bars.push(bar);
    }
    this.movedIds = [];
    const forex: ForexMinuteBar[] = this.forexMoved && this.forex ? [{ pair: 'USD/KRW', ...this.forex }] : [];
    this.forexMoved = false;
    return { bars, forex };
  }

  /**
   * The instrument's last price as of the end of minute `minute` (epoch ms of its start), for minutes before
   * the current one; NaN when the engine has not seen that far back.
   */
  priceAt(id: number, minute: number): number {
    const open = this.minuteOf(id);
    if (open >= 0 && open <= minute) return this.state.last.array[id] as number;
    return this.ring.at(id, minute);
  }

  /** USD/KRW forex as of the end of minute `minute`. */
  forexAt(minute: number): number {
    if (this.forex && this.forex.minute <= minute) return this.forex.close;
    return this.forexRing.at(0, minute);
  }

  private closeForex(): void {
    const bar = this.forex;
    if (!bar) return;
    this.closedForex.push({ pair: 'USD/KRW', ...bar });
    this.forexRing.write(0, bar.minute, bar.close);
    this.forex = null;
  }

  /** The instrument's open bar as a row, or null when none is open. */
  private barOf(id: number): MinuteBar | null {
    const info = this.state.instruments[id];
    const minute = this.minuteOf(id);
    if (!info || minute < 0) return null;
    const bars = this.bars;
    const o = id * STRIDE;
    const volume = bars[o + M_VOLUME] as number;
    const traded = bars[o + M_TRADED] as number;
    return {
      venue: info.venue,
      market: info.market,
      base: info.base,
      quote: info.quote,
      minute,
      open: bars[o + M_OPEN] as number,
      high: bars[o + M_HIGH] as number,
      low: bars[o + M_LOW] as number,
      close: bars[o + M_CLOSE] as number,
      volume24h: Number.isFinite(volume) ? volume : null,
      // Only sources that report their trades (the simulator) give a minute its own volume.
      ...(Number.isFinite(traded) ? { volume: traded } : {}),
    };
  }

  private closeBar(id: number): void {
    const bar = this.barOf(id);
    if (!bar) return;
    this.closed.push(bar);
    this.ring.write(id, bar.minute, bar.close);
    this.bars[id * STRIDE + M_MINUTE] = -1;
  }
}

function countBefore(minutes: ArrayLike<number>, limit: number): number {
  let n = 0;
  while (n < minutes.length && (minutes[n] as number) < limit) n++;
  return n;
}

function sliceTo(values: ArrayLike<number>, n: number): ArrayLike<number> {
  return n === values.length ? values : Array.prototype.slice.call(values, 0, n);
}

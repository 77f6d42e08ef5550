import type { BookEvent } from '@spreadscope/core';
import { windowDepthUsd } from './depth.ts';
import type { InstrumentSpec } from './market-structure.ts';
import {
  addTicks,
  ceilToTick,
  floorToTick,
  krwTick,
  roundToTick,
  significantTick,
  type Tick,
} from './price-ticks.ts';
import type { Rng } from './rng.ts';

/**
 * The simulator's order books: what a market's book looks like around its last quote. The majors' books are
 * sized by the generator near the touch; every book spreads the rest of its ±2 % depth (depth.ts) over fixed
 * distances with hashed sizes, so adding levels never shifts another series of a seed.
 */

/** What a book needs of a simulated market (the simulator's per-market state). */
export interface BookMarket {
  readonly spec: InstrumentSpec;
  readonly bid: number;
  readonly ask: number;
  readonly tick: Tick;
  readonly salt: number;
  books: number;
}

/** Price unit of a market at a price: Upbit's KRW bands, or four significant digits elsewhere. */
export function instrumentTick(spec: InstrumentSpec, price: number): Tick {
  return spec.quote === 'KRW' ? krwTick(price, spec.base) : significantTick(price);
}

function roundSignificant(value: number, digits: number): number {
  return roundToTick(value, significantTick(value, digits));
}

const BOOK = { everyMs: 1_000, levels: 10 };
export const MAJOR_BOOK_EVERY_MS = BOOK.everyMs;
/**
 * Books of every other market: cheaper (no random draws, so adding them leaves every other series of a seed
 * alone) and spread over the ±2 % depth window — distance of each level from the touch in basis points; what
 * each side holds within the window comes from windowDepthUsd (depth.ts).
 */
const WINDOW_BOOK = {
  everyMs: 2_500,
  offsetsBp: [0, 2, 5, 10, 20, 35, 55, 80, 110, 150, 190],
};
/** The majors' books: ten levels near the touch hold this share of the ±2 % depth; window levels the rest. */
const NEAR_SHARE = 0.15;
export const WINDOW_BOOK_EVERY_MS = WINDOW_BOOK.everyMs;

export function bookEveryMs(spec: InstrumentSpec): number {
  return spec.book === 'major' ? BOOK.everyMs : WINDOW_BOOK.everyMs;
}

/** A fixed integer hash of three integers mapped to [0, 1): sizes of window books without the generator. */
export function hashUnit(a: number, b: number, c: number): number {
  let h =
    Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return (h >>> 0) / 0x100000000;
}

/** A major's book (every second): ten levels near the touch, sized by the generator, then the window. */
export function majorBook(instrument: BookMarket, t: number, forex: number, rng: Rng): BookEvent | null {
  if (instrument.bid <= 0) return null;
  const spec = instrument.spec;
  const tick = instrument.tick;
  const mid = (instrument.bid + instrument.ask) / 2;
  const gapTicks = Math.max(1, Math.round((mid * 0.0001) / tick.step));
  const usdPerUnit = spec.quote === 'KRW' ? mid / forex : mid;
  const sideUsd = windowDepthUsd(spec.volumeUsd);
  const levelUsd = (sideUsd * NEAR_SHARE) / BOOK.levels / 1.15;
  const bids: [number, number][] = [];
  const asks: [number, number][] = [];
  for (let level = 0; level < BOOK.levels; level++) {
    const bidPrice = addTicks(instrument.bid, tick, -level * gapTicks);
    const askPrice = addTicks(instrument.ask, tick, level * gapTicks);
    if (bidPrice > 0) bids.push([bidPrice, roundSignificant((levelUsd * rng.range(0.3, 2)) / usdPerUnit, 4)]);
    asks.push([askPrice, roundSignificant((levelUsd * rng.range(0.3, 2)) / usdPerUnit, 4)]);
  }
  // Beyond the near levels, the rest of the ±2 % window (no draws: other series of the seed stay as they were).
  const far = windowLevels(instrument, sideUsd * (1 - NEAR_SHARE), usdPerUnit, BOOK.levels + 1);
  for (const level of far.bids)
    if (level[0] < (bids.at(-1)?.[0] ?? Number.POSITIVE_INFINITY)) bids.push(level);
  for (const level of far.asks) if (level[0] > (asks.at(-1)?.[0] ?? 0)) asks.push(level);
  return {
    t,
    type: 'book',
    venue: spec.venue,
    market: spec.market,
    base: spec.base,
    quote: spec.quote,
    bids,
    asks,
  };
}

/**
 * A book over the ±2 % window around the last quote: levels at fixed distances from the touch on the
 * market's price units, deeper further out, sized so the window holds about 0.3 % of the 24 h volume.
 */
export function windowBook(instrument: BookMarket, t: number, forex: number): BookEvent | null {
  if (instrument.bid <= 0) return null;
  const spec = instrument.spec;
  const mid = (instrument.bid + instrument.ask) / 2;
  const usdPerUnit = spec.quote === 'KRW' ? mid / forex : mid;
  const { bids, asks } = windowLevels(instrument, windowDepthUsd(spec.volumeUsd), usdPerUnit, 0);
  return {
    t,
    type: 'book',
    venue: spec.venue,
    market: spec.market,
    base: spec.base,
    quote: spec.quote,
    bids,
    asks,
  };
}

/**
 * Levels at fixed distances from the touch over the ±2 % window on the market's price units, deeper further
 * out, holding `sideUsd` per side; only those at least `beyondBp` basis points out (0: from the touch).
 * Sizes come from a fixed hash, not the generator.
 */
function windowLevels(
  instrument: BookMarket,
  sideUsd: number,
  usdPerUnit: number,
  beyondBp: number,
): { bids: [number, number][]; asks: [number, number][] } {
  const offsets =
    beyondBp === 0 ? WINDOW_BOOK.offsetsBp : WINDOW_BOOK.offsetsBp.filter((bp) => bp >= beyondBp);
  const deepest = (WINDOW_BOOK.offsetsBp.at(-1) ?? 0) / 10_000;
  // Level i weighs 1 + i/3: more of the side's total further out.
  const weights = offsets.length + (offsets.length * (offsets.length - 1)) / 6;
  const unitsPerWeight = sideUsd / weights / usdPerUnit;
  // Price units: one per side unless the window crosses a band edge (then each level finds its own), and
  // sizes on one grid of four significant digits of the smallest level.
  const bidTick = sideTick(instrument, instrument.bid, instrument.bid * (1 - deepest));
  const askTick = sideTick(instrument, instrument.ask, instrument.ask * (1 + deepest));
  const sizeTick = significantTick(unitsPerWeight * 0.6, 4);
  const count = instrument.books++;
  const bids: [number, number][] = [];
  const asks: [number, number][] = [];
  let previousBid = Number.POSITIVE_INFINITY;
  let previousAsk = 0;
  for (let level = 0; level < offsets.length; level++) {
    const away = (offsets[level] as number) / 10_000;
    const units = unitsPerWeight * (1 + level / 3);
    let bidPrice = instrument.bid;
    let askPrice = instrument.ask;
    if (away > 0) {
      const bidRaw = instrument.bid * (1 - away);
      const askRaw = instrument.ask * (1 + away);
      bidPrice = floorToTick(bidRaw, bidTick ?? instrumentTick(instrument.spec, bidRaw));
      askPrice = ceilToTick(askRaw, askTick ?? instrumentTick(instrument.spec, askRaw));
    }
    if (bidPrice > 0 && bidPrice < previousBid) {
      const jitter = 0.6 + 0.8 * hashUnit(instrument.salt, count, level);
      bids.push([bidPrice, roundToTick(units * jitter, sizeTick)]);
      previousBid = bidPrice;
    }
    if (askPrice > previousAsk) {
      const jitter = 0.6 + 0.8 * hashUnit(instrument.salt, count, level + 64);
      asks.push([askPrice, roundToTick(units * jitter, sizeTick)]);
      previousAsk = askPrice;
    }
  }
  return { bids, asks };
}

/** The price unit of every level between the touch and `far`, or null when they do not share one. */
function sideTick(instrument: BookMarket, touch: number, far: number): Tick | null {
  const near = instrumentTick(instrument.spec, touch);
  const outer = instrumentTick(instrument.spec, far);
  return near.step === outer.step && near.decimals === outer.decimals ? near : null;
}

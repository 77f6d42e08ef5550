import {
  type FundingEvent,
  findVenue,
  isDollarQuote,
  type MarketType,
  type QuoteEvent,
  VENUE_IDS,
  type VenueId,
} from '@spreadscope/core';
import { MAKER_FEES, TAKER_FEES } from './fee-schedule.ts';
import { Float64Column, Int32Column, Uint8Column } from './growable.ts';

export interface InstrumentKey {
  readonly venue: VenueId;
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
}

/** How a market's prices convert: KRW, a dollar (USD, USDT, USDC at par), or something we do not convert. */
export const UNIT_KRW = 0;
export const UNIT_DOLLAR = 1;
export const UNIT_OTHER = 2;

/**
 * Doubles per market in `MarketState.blocks`: two 64-byte cache lines, the first written by every quote, the
 * second by funding updates. Hot loops index blocks with these offsets written out as literals.
 */
export const BLOCK = 16;
/** Last, bid and ask, then their reciprocals (a combination multiplies instead of dividing). */
export const B_LAST = 0;
export const B_BID = 1;
export const B_ASK = 2;
export const B_INV_LAST = 3;
export const B_INV_BID = 4;
export const B_INV_ASK = 5;
/** Time of the last quote (0 before the first), and the price unit (UNIT_KRW, UNIT_DOLLAR, UNIT_OTHER). */
export const B_UPDATED = 6;
export const B_UNIT = 7;
/** Funding per hour (0 for spot, NaN when unknown), rate (NaN for spot or unknown), interval (NaN unless > 0). */
export const B_PER_HOUR = 8;
export const B_RATE = 9;
export const B_HOURS = 10;
/** Taker fee, maker fee and no fee (0), fractions: a pass picks one by offset. */
export const B_TAKER = 11;
export const B_MAKER = 12;
export const B_NO_FEE = 13;

export interface InstrumentInfo extends InstrumentKey {
  readonly id: number;
  readonly venueIndex: number;
  readonly token: number;
  readonly unit: number;
  readonly korean: boolean;
  /** Perp DEX or AMM venue: DEX data is a plan feature. */
  readonly dex: boolean;
  /** venue[.perp][.quote when not the venue's main quote]: one side of a row id. */
  readonly key: string;
  /** exchange-quote-base, lowercase: the detail-page symbol. */
  readonly symbol: string;
}

export interface TokenInfo {
  readonly id: number;
  readonly base: string;
  readonly instruments: number[];
}

const VENUE_INDEX = new Map<string, number>(VENUE_IDS.map((id, i) => [id, i]));

/**
 * The latest top of book and funding per market, in typed arrays indexed by a small integer per instrument.
 * Strings are looked up once per event to find the index; everything downstream works on indices.
 */
export class MarketState {
  readonly instruments: InstrumentInfo[] = [];
  readonly tokens: TokenInfo[] = [];
  /** Perpetual markets, in the order they appeared. */
  readonly perps: number[] = [];
  /**
   * Lookup of a market from its event's strings, in few memory reads (every quote does one): per venue, base →
   * the first market of that venue and base; then per market, stride 2, its key (perp bit | quote code << 1)
   * and the next market of the same venue and base (-1 at the end).
   */
  private readonly byVenue = VENUE_IDS.map(() => new Map<string, number>());
  private readonly quoteCodes = new Map<string, number>();
  private readonly chain = new Int32Column(2 * 1024);
  private readonly tokenIds = new Map<string, number>();
  readonly last = new Float64Column();
  readonly bid = new Float64Column();
  readonly ask = new Float64Column();
  readonly volume24h = new Float64Column();
  readonly open24h = new Float64Column();
  readonly updatedAt = new Float64Column(1024, 0);
  readonly fundingRate = new Float64Column();
  readonly fundingIntervalHours = new Float64Column();
  readonly nextFundingTime = new Float64Column();
  readonly markPrice = new Float64Column();
  readonly fundingAt = new Float64Column(1024, 0);
  readonly venueOf = new Int32Column();
  readonly unitOf = new Uint8Column();
  /** 1 for perpetuals: passes over every market read it instead of the info objects. */
  readonly perpOf = new Uint8Column();
  /**
   * Every market's numbers that passes over combinations read, in one block per market (stride BLOCK, see the
   * B_ offsets): the touch and its reciprocals, quote time and unit in the first cache line, funding and fees
   * in the second. A combination reads two blocks; `relayout` puts a token's blocks next to each other.
   */
  readonly blocks = new Float64Column(BLOCK * 1024);
  /** Offset of each market's block in `blocks` (slot × BLOCK). */
  readonly blockOf = new Int32Column();
  private blockSlots = 0;
  private readonly floatColumns = [
    this.last,
    this.bid,
    this.ask,
    this.volume24h,
    this.open24h,
    this.updatedAt,
    this.fundingRate,
    this.fundingIntervalHours,
    this.nextFundingTime,
    this.markPrice,
    this.fundingAt,
  ];
  /** Per venue (registry order): last event time and instrument count. */
  readonly venueLastEventAt = new Float64Array(VENUE_IDS.length);
  readonly venueInstruments = new Int32Array(VENUE_IDS.length);
  usdKrw = Number.NaN;
  usdKrwAt = 0;
  private usdtKrwId = -1;
  ignoredEvents = 0;

  find(venue: string, market: string, base: string, quote: string): number {
    const v = VENUE_INDEX.get(venue);
    if (v === undefined) return -1;
    let id = this.byVenue[v]?.get(base);
    const code = this.quoteCodes.get(quote);
    if (id === undefined || code === undefined) return -1;
    const key = (market === 'perp' ? 1 : 0) | (code << 1);
    const chain = this.chain.array;
    while (id >= 0) {
      if (chain[2 * id] === key) return id;
      id = chain[2 * id + 1] as number;
    }
    return -1;
  }

  findToken(base: string): TokenInfo | undefined {
    const id = this.tokenIds.get(base);
    return id === undefined ? undefined : this.tokens[id];
  }

  /** Returns the instrument index, creating it on first sight; -1 for venues outside the registry. */
  intern(
    venue: string,
    market: MarketType,
    base: string,
    quote: string,
    onCreate?: (id: number) => void,
  ): number {
    const existing = this.find(venue, market, base, quote);
    if (existing >= 0) return existing;
    const venueIndex = VENUE_INDEX.get(venue);
    const info = findVenue(venue);
    if (venueIndex === undefined || !info) return -1;
    const id = this.instruments.length;
    const token = this.internToken(base);
    const unit = quote === 'KRW' ? UNIT_KRW : isDollarQuote(quote) ? UNIT_DOLLAR : UNIT_OTHER;
    const primary = info.quotes[0] ?? quote;
    const record: InstrumentInfo = {
      id,
      venue: info.id,
      venueIndex,
      market,
      base,
      quote,
      token,
      unit,
      korean: info.region === 'korea',
      dex: info.kind !== 'cex',
      key: `${info.id}${market === 'perp' ? '.perp' : ''}${quote === primary ? '' : `.${quote.toLowerCase()}`}`,
      symbol: `${info.id}-${quote}-${base}`.toLowerCase(),
    };
    this.instruments.push(record);
    if (market === 'perp') this.perps.push(id);
    this.tokens[token]?.instruments.push(id);
    const size = id + 1;
    let code = this.quoteCodes.get(quote);
    if (code === undefined) {
      code = this.quoteCodes.size;
      this.quoteCodes.set(quote, code);
    }
    this.chain.ensure(2 * size);
    const bases = this.byVenue[venueIndex] as Map<string, number>;
    this.chain.array[2 * id] = (market === 'perp' ? 1 : 0) | (code << 1);
    this.chain.array[2 * id + 1] = bases.get(base) ?? -1;
    bases.set(base, id);
    for (const column of this.floatColumns) column.ensure(size);
    this.blockOf.ensure(size);
    const o = this.blockSlots * BLOCK;
    this.blockOf.array[id] = o;
    this.blockSlots++;
    this.blocks.ensure(this.blockSlots * BLOCK);
    const block = this.blocks.array;
    const perp = market === 'perp';
    block[o + B_UPDATED] = 0;
    block[o + B_UNIT] = unit;
    block[o + B_PER_HOUR] = perp ? Number.NaN : 0;
    block[o + B_TAKER] = TAKER_FEES[venueIndex * 2 + (perp ? 1 : 0)] as number;
    block[o + B_MAKER] = MAKER_FEES[venueIndex * 2 + (perp ? 1 : 0)] as number;
    block[o + B_NO_FEE] = 0;
    this.venueOf.ensure(size);
    this.unitOf.ensure(size);
    this.perpOf.ensure(size);
    this.venueOf.array[id] = venueIndex;
    this.unitOf.array[id] = unit;
    this.perpOf.array[id] = market === 'perp' ? 1 : 0;
    this.venueInstruments[venueIndex] = (this.venueInstruments[venueIndex] ?? 0) + 1;
    if (venue === 'upbit' && market === 'spot' && base === 'USDT' && quote === 'KRW') this.usdtKrwId = id;
    onCreate?.(id);
    return id;
  }

  /**
   * Moves the markets' blocks into `order` (every instrument id once), so that combinations, which pair
   * markets of one token, read neighbouring memory. Blocks are copied; nothing else changes.
   */
  relayout(order: readonly number[]): void {
    const old = this.blocks.array;
    const next = new Float64Array(old.length).fill(Number.NaN);
    const blockOf = this.blockOf.array;
    order.forEach((id, slot) => {
      const from = blockOf[id] as number;
      next.set(old.subarray(from, from + BLOCK), slot * BLOCK);
      blockOf[id] = slot * BLOCK;
    });
    this.blocks.adopt(next);
  }

  private internToken(base: string): number {
    const existing = this.tokenIds.get(base);
    if (existing !== undefined) return existing;
    const id = this.tokens.length;
    this.tokens.push({ id, base, instruments: [] });
    this.tokenIds.set(base, id);
    return id;
  }

  applyQuote(event: QuoteEvent, onCreate?: (id: number) => void): number {
    const id = this.intern(event.venue, event.market, event.base, event.quote, onCreate);
    if (id < 0) {
      this.ignoredEvents++;
      return -1;
    }
    const bid = event.bid ?? Number.NaN;
    const ask = event.ask ?? Number.NaN;
    this.last.array[id] = event.last;
    this.bid.array[id] = bid;
    this.ask.array[id] = ask;
    const block = this.blocks.array;
    const o = this.blockOf.array[id] as number;
    block[o + B_LAST] = event.last;
    block[o + B_BID] = bid;
    block[o + B_ASK] = ask;
    block[o + B_INV_LAST] = 1 / event.last;
    block[o + B_INV_BID] = 1 / bid;
    block[o + B_INV_ASK] = 1 / ask;
    block[o + B_UPDATED] = event.t;
    if (event.volume24h !== undefined) this.volume24h.array[id] = event.volume24h;
    if (event.open24h !== undefined) this.open24h.array[id] = event.open24h;
    this.updatedAt.array[id] = event.t;
    this.touchVenue(id, event.t);
    return id;
  }

  applyFunding(event: FundingEvent, onCreate?: (id: number) => void): number {
    const id = this.intern(event.venue, 'perp', event.base, event.quote, onCreate);
    if (id < 0) {
      this.ignoredEvents++;
      return -1;
    }
    this.fundingRate.array[id] = event.rate;
    this.fundingIntervalHours.array[id] = event.intervalHours;
    this.nextFundingTime.array[id] = event.nextFundingTime ?? Number.NaN;
    this.markPrice.array[id] = event.markPrice ?? Number.NaN;
    this.fundingAt.array[id] = event.t;
    const block = this.blocks.array;
    const o = this.blockOf.array[id] as number;
    const rate = event.rate;
    const hours = event.intervalHours;
    // What fundingGapPercent and netFundingPerHour treat as unknown is NaN here, so passes need no tests.
    const known = Number.isFinite(rate) && hours > 0;
    block[o + B_PER_HOUR] = known ? rate / hours : Number.NaN;
    block[o + B_RATE] = Number.isFinite(rate) ? rate : Number.NaN;
    block[o + B_HOURS] = hours > 0 ? hours : Number.NaN;
    this.touchVenue(id, event.t);
    return id;
  }

  private touchVenue(id: number, t: number): void {
    const v = this.venueOf.array[id] ?? 0;
    if (t > (this.venueLastEventAt[v] ?? 0)) this.venueLastEventAt[v] = t;
  }

  get usdtKrw(): number {
    return this.usdtKrwId < 0 ? Number.NaN : (this.last.array[this.usdtKrwId] ?? Number.NaN);
  }

  get usdtKrwAt(): number {
    return this.usdtKrwId < 0 ? 0 : (this.updatedAt.array[this.usdtKrwId] ?? 0);
  }

  /** The Upbit USDT/KRW instrument, or -1 before it has quoted. */
  get usdtKrwInstrument(): number {
    return this.usdtKrwId;
  }

  isUsdtKrw(id: number): boolean {
    return id === this.usdtKrwId;
  }
}

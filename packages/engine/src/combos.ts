import { Float64Column, Int32Column, IntList, Uint8Column } from './growable.ts';
import { type InstrumentInfo, type MarketState, UNIT_DOLLAR, UNIT_KRW, UNIT_OTHER } from './market-state.ts';

/** Bits of a combination's kind byte. */
export const SOURCE_PERP = 1;
export const TARGET_PERP = 2;
export const SOURCE_KOREAN = 4;
export const TARGET_KOREAN = 8;
export const SOURCE_DEX = 16;
export const TARGET_DEX = 32;

/**
 * Offsets of a market pair's values (first market a, second b): the last-price ratio a / b as of the pair's
 * latest update, then its highest, lowest and opening value over the minute in `minuteOf`.
 */
const V_LAST = 0;
const V_HIGH = 1;
const V_LOW = 2;
const V_OPEN = 3;
/** Float64s per market pair in `values`: half a 64-byte cache line. */
const STRIDE = 4;

/** One closed minute of a market pair's last-price ratio (first / second, native quotes). */
export interface GapMinuteBar {
  /** Instrument ids of the pair's markets (valid until the next compaction; resolve them at once). */
  readonly first: number;
  readonly second: number;
  readonly minute: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/**
 * Pairs whose 1-minute gap bars (open/high/low/close of the ratio within the minute) are kept for the
 * premium charts: a Korean KRW spot market against an overseas USDT spot market — the Kimchi premium rows,
 * either way round. Everything else charts from the markets' minute closes. Kept narrow on purpose: every
 * pair costs a row a minute (≈3,900 a minute across the simulated universe).
 */
export function rollupPair(a: InstrumentInfo, b: InstrumentInfo): boolean {
  if (a.market !== 'spot' || b.market !== 'spot' || a.korean === b.korean) return false;
  const korean = a.korean ? a : b;
  const overseas = a.korean ? b : a;
  return korean.quote === 'KRW' && overseas.quote === 'USDT';
}

/** Index of a market-type pair: spot-spot 0, spot-perp 1, perp-spot 2, perp-perp 3 (source first). */
export function marketPairIndex(kind: number): number {
  return (kind & SOURCE_PERP ? 2 : 0) + (kind & TARGET_PERP ? 1 : 0);
}

/**
 * Every combination: an ordered pair (source, target) of two different markets of the same token whose prices
 * convert into each other (KRW and dollar quotes). Each ordered pair is a different trade — which leg is
 * bought, which venue's fees and wallets apply, who pays funding — so (a, b) and (b, a) are two rows.
 *
 * The numbers behind them are the markets' blocks (MarketState.blocks), which every quote keeps current with
 * the touch and its reciprocals: each ratio of a pair {a, b} in native quotes (so a moving conversion rate
 * changes nothing here) — a/b on last prices, a ask / b bid, a bid / b ask, and each of them the other way
 * round (b/a, b bid / a ask, b ask / a bid) — is one multiplication of two numbers from the two blocks, and no
 * reader ever divides: row (a, b) and row (b, a) read the same six products, and a convention that reads
 * target over source takes the reverse one. A reader multiplies by rate^exponent (−1 for KRW over dollars, +1
 * for dollars over KRW, 0 otherwise) to compare in one currency, or by rate^−exponent for the reverse ratio.
 * A token's blocks sit next to each other, so the products cost no more memory traffic than a stored copy
 * per pair would, and a quote writes its market's block once instead of six ratios into each of its pairs.
 * What a quote does per pair is follow the last-price ratio through the minute (open, high, low, close) for
 * premium duration and the gap bars.
 *
 * Rows and pairs are appended as markets appear and never removed. `compact()` (at minute boundaries, when
 * many were appended) reorders both by token and moves the markets' blocks next to each other, so a
 * quote touches a few neighbouring cache lines; indices are therefore stable only between compactions, and
 * nothing outside a single query holds on to them.
 */
export class Combos {
  // Rows: ordered combinations.
  readonly source = new Int32Column();
  readonly target = new Int32Column();
  readonly kind = new Uint8Column();
  /** Exponent of KRW-per-dollar that converts the native ratio: −1, 0 or +1, stored as exponent + 1. */
  readonly rateExponent = new Uint8Column();
  /** The market pair a row reads, and whether it reads it backwards (its source is the pair's second market). */
  readonly pairOf = new Int32Column();
  readonly flipped = new Uint8Column();
  /**
   * Per pair, stride 2: its row read forwards (source = first market), then its row read backwards. Always
   * 2p and 2p + 1: a pair and its two rows are appended together, and compaction orders both by the same
   * stable sort on the token, so passes over every pair may write rows 2p and 2p + 1 directly.
   */
  readonly pairRows = new Int32Column(2 * 1024);
  /** Row indices per market-type pair (see marketPairIndex). */
  readonly byMarketPair: readonly IntList[] = [new IntList(), new IntList(), new IntList(), new IntList()];
  count = 0;
  /** Bumped when compaction moves rows: indexes over row indices built before are void. */
  generation = 0;

  // Pairs: their markets and the last-price ratio followed through the minute.
  private readonly pairFirst = new Int32Column();
  private readonly pairSecond = new Int32Column();
  /**
   * Per pair, stride 2: offsets of its first and second market's blocks in the state's `blocks` (kept in step
   * with relayouts), side by side so a pass reads one Int32Array.
   */
  private readonly blocksOf = new Int32Column(2 * 1024);
  /**
   * Per pair, stride 4 (see the V_ offsets): the last-price ratio first/second as of the pair's latest update
   * (a minute opens at the ratio held until then), and its high, low and open over the minute in `minuteOf`
   * (premium duration reads the extremes of the minute in progress, the gap rollup the whole bar).
   */
  private readonly values = new Float64Column(STRIDE * 1024);
  /** Minute index (epoch minutes) the pair's open/high/low belong to; -1 before its first timed update. */
  private readonly minuteOf = new Int32Column();
  /** 1 for pairs whose 1-minute gap bars are kept (see `rollupPair`). */
  private readonly rollup = new Uint8Column();
  private closedGaps: GapMinuteBar[] = [];
  private readonly rollupPairs: number[] = [];
  pairCount = 0;
  /**
   * Each market's pairs as of the last compaction, in compressed rows: market id's entries are
   * [adjacencyFrom[id], adjacencyFrom[id + 1]), two ints each — the pair, and the other market's block offset
   * plus 1 when the other market is the pair's first (offsets are multiples of BLOCK, so the low bit is free).
   * A quote reads its market's few neighbouring entries instead of each pair's markets.
   */
  private adjacencyFrom = new Int32Array(1);
  private adjacency = new Int32Array(0);
  /** Markets the adjacency covers (those that existed at the last compaction). */
  private adjacencyMarkets = 0;
  /** Pairs appended since the last compaction, per market; `appended` counts them. */
  private pairsSince: number[][] = [];
  private appended = 0;
  /** Pair count at the last compaction: compaction pays off once the appended tail is large. */
  private compactedAt = 0;

  constructor(private readonly state: MarketState) {}

  /** Pairs a new market with every convertible market of its token: one pair, two rows each. */
  addInstrument(id: number): void {
    const info = this.state.instruments[id];
    if (!info || info.unit === UNIT_OTHER) return;
    const token = this.state.tokens[info.token];
    if (!token) return;
    for (const other of token.instruments) {
      if (other === id || this.state.instruments[other]?.unit === UNIT_OTHER) continue;
      const p = this.addPair(id, other);
      this.addRow(id, other, p, 0);
      this.addRow(other, id, p, 1);
    }
  }

  /** The markets of every pair, by pair index: for passes over every pair; read only. */
  get pairFirstOf(): Int32Array {
    return this.pairFirst.array;
  }

  get pairSecondOf(): Int32Array {
    return this.pairSecond.array;
  }

  /**
   * Offsets of each pair's markets' blocks in the state's `blocks`, stride 2 (first market at 2p, second at
   * 2p + 1): markets of a token sit next to each other.
   */
  get pairBlocks(): Int32Array {
    return this.blocksOf.array;
  }

  /** Row `c`'s source/target ratio on last prices, native currencies. */
  ratio(c: number): number {
    return this.product(c, 0, 3);
  }

  /** Row `c`'s target/source ratio on last prices (the reciprocal of `ratio`, without a division). */
  inverseRatio(c: number): number {
    return this.product(c, 3, 0);
  }

  /** Row `c`'s source ask / target bid. */
  entry(c: number): number {
    return this.product(c, 2, 4);
  }

  /** Row `c`'s target bid / source ask. */
  inverseEntry(c: number): number {
    return this.product(c, 5, 1);
  }

  /** Row `c`'s source bid / target ask. */
  exit(c: number): number {
    return this.product(c, 1, 5);
  }

  /** Row `c`'s target ask / source bid. */
  inverseExit(c: number): number {
    return this.product(c, 4, 2);
  }

  /**
   * The source block's number at `fromSource` times the target block's at `fromTarget` (offsets of
   * MarketState.blocks: a price and the other market's reciprocal).
   */
  private product(c: number, fromSource: number, fromTarget: number): number {
    const p = this.pairOf.array[c] as number;
    const flipped = this.flipped.array[c] as number;
    const blocksOf = this.blocksOf.array;
    const blocks = this.state.blocks.array;
    const source = blocksOf[2 * p + flipped] as number;
    const target = blocksOf[2 * p + 1 - flipped] as number;
    return (blocks[source + fromSource] as number) * (blocks[target + fromTarget] as number);
  }

  /**
   * Row `c`'s lowest and highest source/target ratio (last prices, native) during minute `minute`, as far as
   * it has gone: [NaN, NaN] when the pair has not moved in that minute (its ratio then held all minute).
   */
  minuteRange(c: number, minute: number, out: Float64Array): void {
    const p = this.pairOf.array[c] as number;
    if (this.minuteOf.array[p] !== minute / 60_000) {
      out[0] = Number.NaN;
      out[1] = Number.NaN;
      return;
    }
    const high = this.values.array[p * STRIDE + V_HIGH] as number;
    const low = this.values.array[p * STRIDE + V_LOW] as number;
    if (this.flipped.array[c]) {
      out[0] = 1 / high;
      out[1] = 1 / low;
    } else {
      out[0] = low;
      out[1] = high;
    }
  }

  private addPair(first: number, second: number): number {
    const p = this.pairCount++;
    for (const column of [this.pairFirst, this.pairSecond, this.minuteOf]) column.ensure(this.pairCount);
    this.blocksOf.ensure(2 * this.pairCount);
    this.rollup.ensure(this.pairCount);
    this.values.ensure(this.pairCount * STRIDE);
    this.pairFirst.array[p] = first;
    this.pairSecond.array[p] = second;
    this.blocksOf.array[2 * p] = this.state.blockOf.array[first] as number;
    this.blocksOf.array[2 * p + 1] = this.state.blockOf.array[second] as number;
    this.minuteOf.array[p] = -1;
    const a = this.state.instruments[first];
    const b = this.state.instruments[second];
    if (a && b && rollupPair(a, b)) {
      this.rollup.array[p] = 1;
      this.rollupPairs.push(p);
    } else this.rollup.array[p] = 0;
    this.link(first, p);
    this.link(second, p);
    this.appended++;
    this.recompute(p);
    return p;
  }

  private addRow(source: number, target: number, pair: number, flipped: 0 | 1): void {
    const c = this.count++;
    for (const column of [this.source, this.target, this.pairOf]) column.ensure(this.count);
    for (const column of [this.kind, this.rateExponent, this.flipped]) column.ensure(this.count);
    const s = this.state.instruments[source];
    const t = this.state.instruments[target];
    if (!s || !t) throw new Error('combination of unknown markets');
    this.source.array[c] = source;
    this.target.array[c] = target;
    this.pairOf.array[c] = pair;
    this.flipped.array[c] = flipped;
    this.pairRows.ensure(2 * this.pairCount);
    this.pairRows.array[2 * pair + flipped] = c;
    const kind =
      (s.market === 'perp' ? SOURCE_PERP : 0) |
      (t.market === 'perp' ? TARGET_PERP : 0) |
      (s.korean ? SOURCE_KOREAN : 0) |
      (t.korean ? TARGET_KOREAN : 0) |
      (s.dex ? SOURCE_DEX : 0) |
      (t.dex ? TARGET_DEX : 0);
    this.kind.array[c] = kind;
    const exponent = s.unit === t.unit ? 0 : s.unit === UNIT_KRW && t.unit === UNIT_DOLLAR ? -1 : 1;
    this.rateExponent.array[c] = exponent + 1;
    this.byMarketPair[marketPairIndex(kind)]?.push(c);
  }

  private link(instrument: number, p: number): void {
    const list = this.pairsSince[instrument];
    if (list) list.push(p);
    else this.pairsSince[instrument] = [p];
  }

  /** Builds the adjacency of every market from the pairs (in pair order, so a quote walks memory forwards). */
  private buildAdjacency(): void {
    const markets = this.state.instruments.length;
    const from = new Int32Array(markets + 1);
    const firstOf = this.pairFirst.array;
    const secondOf = this.pairSecond.array;
    for (let p = 0; p < this.pairCount; p++) {
      const a = (firstOf[p] as number) + 1;
      const b = (secondOf[p] as number) + 1;
      from[a] = (from[a] as number) + 1;
      from[b] = (from[b] as number) + 1;
    }
    for (let id = 0; id < markets; id++) from[id + 1] = (from[id + 1] as number) + (from[id] as number);
    const next = from.slice(0, markets);
    const adjacency = new Int32Array(2 * (from[markets] as number));
    const blocksOf = this.blocksOf.array;
    for (let p = 0; p < this.pairCount; p++) {
      const first = firstOf[p] as number;
      const second = secondOf[p] as number;
      const i = next[first] as number;
      next[first] = i + 1;
      adjacency[2 * i] = p;
      adjacency[2 * i + 1] = blocksOf[2 * p + 1] as number;
      const j = next[second] as number;
      next[second] = j + 1;
      adjacency[2 * j] = p;
      adjacency[2 * j + 1] = (blocksOf[2 * p] as number) + 1;
    }
    this.adjacencyFrom = from;
    this.adjacency = adjacency;
    this.adjacencyMarkets = markets;
    this.pairsSince = [];
    this.appended = 0;
  }

  /** Whether enough pairs were appended since the last compaction for one to pay off. */
  get wantsCompaction(): boolean {
    return this.pairCount - this.compactedAt > Math.max(5_000, this.compactedAt / 4);
  }

  /** Reorders markets' blocks, pairs and rows by token (stable within a token); O(markets + rows). */
  compact(): void {
    const { state } = this;
    const tokenCount = state.tokens.length;
    const order: number[] = [];
    for (const token of state.tokens) for (const id of token.instruments) order.push(id);
    state.relayout(order);
    const tokenOfInstrument = (id: number) => state.instruments[id]?.token ?? 0;

    // Pairs, by the token of their markets.
    const pairTo = byToken(this.pairCount, tokenCount, (p) =>
      tokenOfInstrument(this.pairFirst.array[p] as number),
    );
    for (const column of [this.pairFirst, this.pairSecond, this.minuteOf])
      permuteInt(column, pairTo, this.pairCount);
    permuteByte(this.rollup, pairTo, this.pairCount);
    permuteStride(this.values, pairTo, this.pairCount, STRIDE);
    for (let i = 0; i < this.rollupPairs.length; i++)
      this.rollupPairs[i] = pairTo[this.rollupPairs[i] as number] as number;
    const blockOf = state.blockOf.array;
    const blocksOf = this.blocksOf.array;
    for (let p = 0; p < this.pairCount; p++) {
      blocksOf[2 * p] = blockOf[this.pairFirst.array[p] as number] as number;
      blocksOf[2 * p + 1] = blockOf[this.pairSecond.array[p] as number] as number;
    }
    this.buildAdjacency();

    // Rows, by token too, pointing at the moved pairs.
    const rowTo = byToken(this.count, tokenCount, (c) => tokenOfInstrument(this.source.array[c] as number));
    for (const column of [this.source, this.target, this.pairOf]) permuteInt(column, rowTo, this.count);
    for (const column of [this.kind, this.rateExponent, this.flipped]) permuteByte(column, rowTo, this.count);
    const pairOf = this.pairOf.array;
    for (const list of this.byMarketPair) list.clear();
    const pairRows = this.pairRows.array;
    for (let c = 0; c < this.count; c++) {
      const p = pairTo[pairOf[c] as number] as number;
      pairOf[c] = p;
      pairRows[2 * p + (this.flipped.array[c] as number)] = c;
      this.byMarketPair[marketPairIndex(this.kind.array[c] as number)]?.push(c);
    }
    this.compactedAt = this.pairCount;
    this.generation++;
  }

  /**
   * Recomputes the pairs of market `id` after its quote at `t`, and follows each pair's last-price ratio
   * through the minute of `t`: a pair's first update in a minute opens it at the ratio it held until then.
   */
  recomputeInstrument(id: number, t: number): void {
    const minute = Math.floor(t / 60_000);
    if (id < this.adjacencyMarkets) {
      const own = this.state.blockOf.array[id] as number;
      const adjacency = this.adjacency;
      const end = this.adjacencyFrom[id + 1] as number;
      for (let i = this.adjacencyFrom[id] as number; i < end; i++) {
        const p = adjacency[2 * i] as number;
        const other = adjacency[2 * i + 1] as number;
        // The low bit says the other market is the pair's first.
        if ((other & 1) === 0) this.update(p, own, other, minute);
        else this.update(p, other - 1, own, minute);
      }
    }
    if (this.appended > 0) {
      const list = this.pairsSince[id];
      if (!list) return;
      const blocksOf = this.blocksOf.array;
      for (let i = 0; i < list.length; i++) {
        const p = list[i] as number;
        this.update(p, blocksOf[2 * p] as number, blocksOf[2 * p + 1] as number, minute);
      }
    }
  }

  /**
   * Pair p's last-price ratio from its markets' blocks at a and b, the minute's open and extremes followed
   * through `minute`. Offsets into the values are the V_ constants written as literals (0 last, 1 high,
   * 2 low, 3 open).
   */
  private update(p: number, a: number, b: number, minute: number): void {
    const blocks = this.state.blocks.array;
    const values = this.values.array;
    const minuteOf = this.minuteOf.array;
    const o = p * STRIDE;
    const ratio = (blocks[a] as number) * (blocks[b + 3] as number);
    const held = minuteOf[p] as number;
    if (held !== minute && minute > held) {
      if (held >= 0 && this.rollup.array[p]) this.closeGap(p, held);
      const before = values[o] as number;
      const open = Number.isNaN(before) ? ratio : before;
      values[o + 1] = open;
      values[o + 2] = open;
      values[o + 3] = open;
      minuteOf[p] = minute;
    }
    values[o] = ratio;
    // A late quote from an earlier minute keeps the values current; that minute's bar is gone.
    if (held <= minute) {
      // Negated comparisons also replace a NaN extreme (a minute opened before both legs had a price).
      if (!(ratio <= (values[o + 1] as number))) values[o + 1] = ratio;
      if (!(ratio >= (values[o + 2] as number))) values[o + 2] = ratio;
    }
  }

  /**
   * Closes the gap bars of rollup pairs whose minute started before `minute` (call at minute boundaries: a
   * pair whose markets went quiet still gets its bar).
   */
  closeBefore(minute: number): void {
    const m = Math.floor(minute / 60_000);
    const minuteOf = this.minuteOf.array;
    for (let i = 0; i < this.rollupPairs.length; i++) {
      const p = this.rollupPairs[i] as number;
      const held = minuteOf[p] as number;
      if (held >= 0 && held < m) {
        this.closeGap(p, held);
        minuteOf[p] = -1;
      }
    }
  }

  /** Hands over the gap bars closed since the last call. */
  drainGapBars(): GapMinuteBar[] {
    const out = this.closedGaps;
    this.closedGaps = [];
    return out;
  }

  private closeGap(p: number, minute: number): void {
    const values = this.values.array;
    const o = p * STRIDE;
    const close = values[o + V_LAST] as number;
    const open = values[o + V_OPEN] as number;
    if (!(close > 0) || !(open > 0)) return;
    this.closedGaps.push({
      first: this.pairFirst.array[p] as number,
      second: this.pairSecond.array[p] as number,
      minute: minute * 60_000,
      open,
      high: values[o + V_HIGH] as number,
      low: values[o + V_LOW] as number,
      close,
    });
  }

  /** A new pair's last-price ratio (NaN until both markets have quoted). */
  private recompute(p: number): void {
    const blocks = this.state.blocks.array;
    const a = this.blocksOf.array[2 * p] as number;
    const b = this.blocksOf.array[2 * p + 1] as number;
    this.values.array[p * STRIDE] = (blocks[a] as number) * (blocks[b + 3] as number);
  }
}

/** A stable counting sort by token: new position of each of `n` items. */
function byToken(n: number, tokenCount: number, tokenOf: (i: number) => number): Int32Array {
  const starts = new Int32Array(tokenCount + 1);
  for (let i = 0; i < n; i++) {
    const k = tokenOf(i) + 1;
    starts[k] = (starts[k] as number) + 1;
  }
  for (let k = 0; k < tokenCount; k++) starts[k + 1] = (starts[k + 1] as number) + (starts[k] as number);
  const to = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const k = tokenOf(i);
    to[i] = starts[k] as number;
    starts[k] = (starts[k] as number) + 1;
  }
  return to;
}

function permuteInt(column: Int32Column, to: Int32Array, n: number): void {
  const from = column.array;
  const next = new Int32Array(from.length);
  for (let i = 0; i < n; i++) next[to[i] as number] = from[i] as number;
  column.adopt(next);
}

function permuteByte(column: Uint8Column, to: Int32Array, n: number): void {
  const from = column.array;
  const next = new Uint8Array(from.length);
  for (let i = 0; i < n; i++) next[to[i] as number] = from[i] as number;
  column.adopt(next);
}

function permuteStride(column: Float64Column, to: Int32Array, n: number, stride: number): void {
  const from = column.array;
  const next = new Float64Array(from.length).fill(Number.NaN);
  for (let i = 0; i < n; i++)
    next.set(from.subarray(i * stride, i * stride + stride), (to[i] as number) * stride);
  column.adopt(next);
}

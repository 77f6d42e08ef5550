import type { IntList } from './growable.ts';
import { B_MAKER, B_NO_FEE, B_TAKER } from './market-state.ts';
import type { SpreadCalc } from './spread-calc.ts';

/**
 * Every derived number of every row, recomputed in one pass over typed arrays for one query's settings
 * (convention, conversion base, fee mode, freshness): the gap, entry and exit gaps converted into one
 * currency, the gap after fees, the funding gap and net funding, and staleness.
 * This is what a table ranks and filters on; the full row objects are built only for the page served.
 *
 * The pass walks market pairs: a pair's two rows (a → b is row 2p, b → a row 2p + 1, see Combos) share their
 * markets, so each is read once for both. Per pair it reads the two markets' blocks (MarketState.blocks: touch
 * and reciprocals, quote time, unit, funding and fees, which events keep current), so there is nothing to
 * prepare per pass and a row costs a few loads, a few multiplications and no allocation. It computes in double precision, in SpreadCalc's order of
 * operations, and stores single precision (see the columns). Withdrawal fee mode then looks routes up per row
 * that moves a coin: slower, and exactly what SpreadCalc does.
 */
export class RowMetrics {
  // Single precision: seven significant digits of a percent rank and filter rows as well as sixteen, and a
  // pass over every row writes half the bytes. Rows show SpreadCalc's double-precision numbers. The six
  // columns are views of one buffer (`columns`), which the pass writes through a single array.
  gap = new Float32Array(0);
  entry = new Float32Array(0);
  exit = new Float32Array(0);
  net = new Float32Array(0);
  fundingGap = new Float32Array(0);
  /** Funding received per hour by long source / short target, a fraction. */
  netFunding = new Float32Array(0);
  stale = new Uint8Array(0);
  /** Rows computed by the last pass. */
  count = 0;

  /** The six Float32 columns back to back, `capacity` rows each, in the order of the fields above. */
  private columns = new Float32Array(0);
  private capacity = 0;
  /** Runs of consecutive pairs for the pass, [start, end) at 2k, 2k + 1: one run for every row. */
  private runs = new Int32Array(2);
  /** KRW-per-dollar factors by exponent + 1: [1 / rate, 1, rate] (see Combos). */
  private readonly factors = new Float64Array(3);

  private ensureRows(n: number): void {
    if (this.capacity >= n) return;
    const size = Math.max(n, 1024, this.capacity * 2);
    this.columns = new Float32Array(6 * size);
    const column = (k: number) => this.columns.subarray(k * size, (k + 1) * size);
    this.gap = column(0);
    this.entry = column(1);
    this.exit = column(2);
    this.net = column(3);
    this.fundingGap = column(4);
    this.netFunding = column(5);
    this.stale = new Uint8Array(size);
    this.capacity = size;
  }

  private ensureRuns(n: number): void {
    if (this.runs.length >= 2 * n) return;
    this.runs = new Int32Array(Math.max(2 * n, 2_048, this.runs.length * 2));
  }

  /** Recomputes every combination. */
  computeAll(calc: SpreadCalc): void {
    const n = calc.parts.combos.pairCount;
    this.ensureRows(2 * n);
    this.runs[0] = 0;
    this.runs[1] = n;
    this.run(calc, 1);
    if (calc.options.feeMode === 'withdrawal') {
      for (let c = 0; c < 2 * n; c++) this.net[c] = calc.netGap(c);
    }
    this.count = calc.parts.combos.count;
  }

  /** Recomputes the combinations of the given lists (their rows' slots; others keep older values). */
  computeLists(calc: SpreadCalc, lists: readonly IntList[]): void {
    for (const list of lists) this.computeRows(calc, list.array, list.length);
  }

  /**
   * Recomputes rows ids[0 … n − 1] (a table's candidates after its cheap filters), by their pairs: the other
   * row of a candidate's pair is computed too, at no extra load. The same pass as computeAll, over the runs
   * of consecutive pairs the candidates fall in.
   */
  computeRows(calc: SpreadCalc, ids: Int32Array, n: number): void {
    this.ensureRows(calc.parts.combos.count);
    this.ensureRuns(n);
    const runs = this.runs;
    let m = 0;
    let end = -1;
    for (let i = 0; i < n; i++) {
      // Rows 2p and 2p + 1 read pair p; lists hold rows in order, so runs come out long.
      const p = (ids[i] as number) >> 1;
      if (p === end) end = p + 1;
      else if (p !== end - 1) {
        if (end >= 0) runs[2 * m++ + 1] = end;
        runs[2 * m] = p;
        end = p + 1;
      }
    }
    if (end >= 0) runs[2 * m++ + 1] = end;
    this.run(calc, m);
    if (calc.options.feeMode === 'withdrawal') {
      for (let i = 0; i < n; i++) {
        const c = ids[i] as number;
        this.net[c] = calc.netGap(c);
      }
    }
    this.count = calc.parts.combos.count;
  }

  /** The pass over the first `n` runs, with this query's factors, fee column and freshness. */
  private run(calc: SpreadCalc, n: number): void {
    const { combos, state } = calc.parts;
    const mode = calc.options.feeMode;
    const factors = this.factors;
    factors[0] = calc.down;
    factors[1] = 1;
    factors[2] = calc.up;
    const rows = this.capacity;
    pairPass(
      this.runs,
      n,
      combos.pairBlocks,
      state.blocks.array,
      factors,
      mode === 'none' ? B_NO_FEE : mode === 'maker' ? B_MAKER : B_TAKER,
      calc.freshAfter,
      calc.options.convention === 'premium' ? 1 : 0,
      this.columns,
      rows,
      2 * rows,
      3 * rows,
      4 * rows,
      5 * rows,
      this.stale,
    );
  }
}

/**
 * The pass itself, over pairs [runs[2k], runs[2k + 1]) for k < n. Plain loads and stores on typed arrays
 * passed in, so V8 compiles one monomorphic loop; the offsets into a market's block (MarketState's B_
 * constants) are written as literals, which it folds. The arithmetic is SpreadCalc's, in its order;
 * row-metrics.test.ts holds the two equal over random tapes.
 *
 * - blocks, per market at its offset: 0–2 last, bid, ask, 3–5 their reciprocals, 6 quote time, 7 unit,
 *   8 funding per hour, 9 rate, 10 interval, and the fee at `fee`; a pair's native ratios are the products
 *   Combos gives (one market's price times the other's reciprocal), taken here from the blocks — which sit
 *   next to each other for a token's markets — rather than from a stored copy per pair, which would stream
 *   a cache line more per pair; funding numbers that are unknown (or a spot market's) are NaN, so the
 *   funding gap comes out NaN without a test, as fundingGapPercent gives it;
 * - factors[e] converts a ratio of a unit-e-offset pair into one currency: e = 1 + unit a − unit b indexes
 *   [1 / rate, 1, rate] (KRW over dollars, same unit, dollars over KRW) and 2 − e the reverse ratio;
 * - out holds the six columns back to back: gap from 0, the others from the offsets given (the caller
 *   computes them, so the function's first lines need no type feedback when V8 compiles it mid-loop).
 *
 * Consecutive pairs mostly share their first market (a market's pairs with the earlier markets of its token
 * are appended together, and compaction keeps that order), so its block is read once per run of them.
 */
function pairPass(
  runs: Int32Array,
  n: number,
  pairBlocks: Int32Array,
  blocks: Float64Array,
  factors: Float64Array,
  fee: number,
  freshAfter: number,
  premium: number,
  out: Float32Array,
  entryAt: number,
  exitAt: number,
  netAt: number,
  fundingGapAt: number,
  netFundingAt: number,
  stale: Uint8Array,
): void {
  // Masks give V8 the ranges of offsets and indices (block offsets and rows stay far below 2^30), so their
  // sums need no overflow checks; `p << 1` for the same reason.
  const at = fee & 15;
  const entry = entryAt & 0x3fffffff;
  const exit = exitAt & 0x3fffffff;
  const net = netAt & 0x3fffffff;
  const fundingGap = fundingGapAt & 0x3fffffff;
  const netFunding = netFundingAt & 0x3fffffff;
  for (let k = 0; k < n; k++) {
    const end = runs[2 * k + 1] as number;
    let p = runs[2 * k] as number;
    // Consecutive pairs mostly share their first market: its block is read once per run of them, into
    // constants of the inner loop (values carried across iterations would be boxed by the optimizing compiler).
    while (p < end) {
      const a = (pairBlocks[(p << 1) & 0x3ffffffe] as number) & 0x3ffffff0;
      const priceA = blocks[a] as number;
      const bidA = blocks[a + 1] as number;
      const askA = blocks[a + 2] as number;
      const inversePriceA = blocks[a + 3] as number;
      const inverseBidA = blocks[a + 4] as number;
      const inverseAskA = blocks[a + 5] as number;
      const staleA = (blocks[a + 6] as number) < freshAfter;
      const unitA = blocks[a + 7] as number;
      const perHourA = blocks[a + 8] as number;
      const rateA = blocks[a + 9] as number;
      const hoursA = blocks[a + 10] as number;
      const keepA = 1 - (blocks[a + at] as number);
      do {
        const forward = (p << 1) & 0x3ffffffe;
        const backward = forward | 1;
        const b = (pairBlocks[backward] as number) & 0x3ffffff0;
        // Units are small integers stored as doubles: `| 0` keeps the index an integer.
        const e = (1 + unitA - (blocks[b + 7] as number)) | 0;
        const kf = factors[e] as number;
        const kb = factors[2 - e] as number;
        // The pair's native ratios, as Combos gives them: a product of one market's price and the other's
        // stored reciprocal, then converted.
        const lastAB = priceA * (blocks[b + 3] as number) * kf;
        const askBidAB = askA * (blocks[b + 4] as number) * kf;
        const bidAskAB = bidA * (blocks[b + 5] as number) * kf;
        const lastBA = (blocks[b] as number) * inversePriceA * kb;
        const askBidBA = (blocks[b + 2] as number) * inverseBidA * kb;
        const bidAskBA = (blocks[b + 1] as number) * inverseAskA * kb;
        const keep = keepA * (1 - (blocks[b + at] as number));
        if (premium === 1) {
          out[forward] = (lastAB - 1) * 100;
          out[entry + forward] = (askBidAB - 1) * 100;
          out[exit + forward] = (bidAskAB - 1) * 100;
          out[net + forward] = (keep * (lastAB >= 1 ? bidAskAB : bidAskBA) - 1) * 100;
          out[backward] = (lastBA - 1) * 100;
          out[entry + backward] = (askBidBA - 1) * 100;
          out[exit + backward] = (bidAskBA - 1) * 100;
          out[net + backward] = (keep * (lastBA >= 1 ? bidAskBA : bidAskAB) - 1) * 100;
        } else {
          out[forward] = (lastBA - 1) * 100;
          out[entry + forward] = (bidAskBA - 1) * 100;
          out[exit + forward] = (askBidBA - 1) * 100;
          out[net + forward] = (keep * bidAskBA - 1) * 100;
          out[backward] = (lastAB - 1) * 100;
          out[entry + backward] = (bidAskAB - 1) * 100;
          out[exit + backward] = (askBidAB - 1) * 100;
          out[net + backward] = (keep * bidAskAB - 1) * 100;
        }
        const funding = (blocks[b + 8] as number) - perHourA;
        out[netFunding + forward] = funding;
        out[netFunding + backward] = 0 - funding;
        const rb = blocks[b + 9] as number;
        const hb = blocks[b + 10] as number;
        out[fundingGap + forward] = (rateA - rb) * (hoursA / hb) * 100;
        out[fundingGap + backward] = (rb - rateA) * (hb / hoursA) * 100;
        const flag = staleA || (blocks[b + 6] as number) < freshAfter ? 1 : 0;
        stale[forward] = flag;
        stale[backward] = flag;
        p++;
      } while (p < end && ((pairBlocks[(p << 1) & 0x3ffffffe] as number) & 0x3ffffff0) === a);
    }
  }
}

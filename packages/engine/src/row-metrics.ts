import type { IntList } from './growable.ts';
import { B_MAKER, B_NO_FEE, B_TAKER } from './market-state.ts';
import type { SpreadCalc } from './spread-calc.ts';

/**
 * Pairs per call of the pass. A single call over every pair would run on code V8 compiles mid-loop (on-stack
 * replacement), which loses the ranges the pass's masks give and re-checks more per pair; calls of this many
 * pairs run on the function's own optimized code and cost nothing next to the pairs.
 */
const CHUNK = 4096;

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
  /**
   * This query's numbers for the pass: 1 / rate, rate and the freshness cut-off. The pass reads them from a
   * Float64Array, so V8 holds them as doubles; passed as arguments they are re-checked as numbers per pair.
   */
  private readonly query = new Float64Array(3);
  /** `stale` as one 16-bit flag per pair (a pair's two rows share their staleness): one store per pair. */
  private stalePairs = new Uint16Array(0);
  /** Runs of consecutive pairs for the pass, [start, end) at 2k, 2k + 1: one run for every row. */
  private runs = new Int32Array(2);

  private ensureRows(n: number): void {
    if (this.capacity >= n) return;
    // Even, so `stale` splits into whole pairs.
    const size = (Math.max(n, 1024, this.capacity * 2) + 1) & ~1;
    this.columns = new Float32Array(6 * size);
    const column = (k: number) => this.columns.subarray(k * size, (k + 1) * size);
    this.gap = column(0);
    this.entry = column(1);
    this.exit = column(2);
    this.net = column(3);
    this.fundingGap = column(4);
    this.netFunding = column(5);
    this.stale = new Uint8Array(size);
    this.stalePairs = new Uint16Array(this.stale.buffer);
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
    const pieces = Math.ceil(n / CHUNK);
    this.ensureRuns(pieces);
    const runs = this.runs;
    for (let k = 0; k < pieces; k++) {
      runs[2 * k] = k * CHUNK;
      runs[2 * k + 1] = Math.min((k + 1) * CHUNK, n);
    }
    this.run(calc, pieces);
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
   * of consecutive pairs the candidates fall in (cut at CHUNK pairs).
   */
  computeRows(calc: SpreadCalc, ids: Int32Array, n: number): void {
    this.ensureRows(calc.parts.combos.count);
    this.ensureRuns(n);
    const m = pairRuns(ids, n, this.runs);
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
    const query = this.query;
    query[0] = calc.down;
    query[1] = calc.up;
    query[2] = calc.freshAfter;
    const fee = mode === 'none' ? B_NO_FEE : mode === 'maker' ? B_MAKER : B_TAKER;
    const premium = calc.options.convention === 'premium' ? 1 : 0;
    const runs = this.runs;
    // Calls of about CHUNK pairs, however the runs fall.
    for (let k = 0; k < n; ) {
      let j = k;
      let pairs = 0;
      do {
        pairs += (runs[2 * j + 1] as number) - (runs[2 * j] as number);
        j++;
      } while (j < n && pairs < CHUNK);
      pairPass(
        runs,
        k,
        j,
        combos.pairBlocks,
        state.blocks.array,
        query,
        fee,
        premium,
        this.columns,
        this.capacity,
        this.stalePairs,
      );
      k = j;
    }
  }
}

/**
 * Writes the runs of consecutive pairs that rows ids[0 … n − 1] fall in, cut at CHUNK pairs, to `runs`
 * ([start, end) at 2k, 2k + 1) and returns how many. The loop has no code after it: V8 compiles a long first
 * call mid-loop, and a statement after the loop that has not run yet would send that code back to the
 * interpreter on every later call (it keeps re-entering the same compiled loop); so a −1 after the last
 * id closes the last run inside the loop.
 */
function pairRuns(ids: Int32Array, n: number, runs: Int32Array): number {
  let m = 0;
  let start = -1;
  let end = -1;
  for (let i = 0; i <= n; i++) {
    // Rows 2p and 2p + 1 read pair p; lists hold rows in order, so runs come out long.
    const p = i < n ? (ids[i] as number) >> 1 : -1;
    if (p === end && p - start < CHUNK) end = p + 1;
    else if (p !== end - 1) {
      if (end >= 0) {
        runs[2 * m] = start;
        runs[2 * m + 1] = end;
        m++;
      }
      start = p;
      end = p + 1;
    }
  }
  return m;
}

/**
 * The pass itself, over pairs [runs[2k], runs[2k + 1]) for first ≤ k < last. Plain loads and stores on
 * typed arrays passed in, so V8 compiles one monomorphic loop; the offsets into a market's block
 * (MarketState's B_ constants) are written as literals, which it folds. The arithmetic is SpreadCalc's, in
 * its order; row-metrics.test.ts holds the two equal over random tapes and on a market of many pairs.
 *
 * - blocks, per market at its offset: 0–2 last, bid, ask, 3–5 their reciprocals, 6 quote time, 7 unit,
 *   8 funding per hour, 9 rate, 10 interval, and the fee at `fee`; a pair's native ratios are the products
 *   Combos gives (one market's price times the other's reciprocal), taken here from the blocks — which sit
 *   next to each other for a token's markets — rather than from a stored copy per pair, which would stream
 *   a cache line more per pair; funding numbers that are unknown (or a spot market's) are NaN, so the
 *   funding gap comes out NaN without a test, as fundingGapPercent gives it;
 * - up and down (rate and 1 / rate) convert a ratio of markets in different units into one currency: a
 *   dollar market's price over a KRW market's takes `up`, the reverse `down`, markets in one unit 1;
 * - out holds the six columns back to back, `rows` apart: a pair's rows 2p and 2p + 1 sit side by side in
 *   each, so one index stepped by `rows` addresses them all (one register, not one per column);
 * - stale holds a pair's two staleness bytes as one 16-bit word.
 *
 * Consecutive pairs mostly share their first market (a market's pairs with the earlier markets of its token
 * are appended together, and compaction keeps that order), so its block is read once per run of them.
 *
 * The pass is bound by instructions, not memory: V8 re-checks each typed array (map, length, data pointer)
 * once per loop iteration. (Two pairs an iteration, the body written twice, was 2-5 % faster: not worth a
 * second copy of the arithmetic.)
 */
function pairPass(
  runs: Int32Array,
  first: number,
  last: number,
  pairBlocks: Int32Array,
  blocks: Float64Array,
  query: Float64Array,
  fee: number,
  premium: number,
  out: Float32Array,
  rowsIn: number,
  stale: Uint16Array,
): void {
  // Masks give V8 the ranges of indices (rows and block offsets stay far below these bounds), so index
  // arithmetic up to 2p + 5 × rows + 1 needs no overflow checks; p is masked where it grows too, or the
  // loop's phi widens to any integer.
  const at = fee & 15;
  const rows = rowsIn & 0x07ffffff;
  const down = query[0] as number;
  const up = query[1] as number;
  const freshAfter = query[2] as number;
  // Tested once here, not per pair.
  const finite = Number.isFinite(up) && Number.isFinite(down);
  const premiumRows = premium === 1;
  for (let k = first; k < last; k++) {
    const end = (runs[2 * k + 1] as number) & 0x07ffffff;
    let p = (runs[2 * k] as number) & 0x07ffffff;
    while (p < end) {
      const a = (pairBlocks[(p << 1) & 0x0ffffffe] as number) & 0x3ffffff0;
      // Read once per run into constants of the inner loop (values carried across iterations would be
      // boxed by the optimizing compiler).
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
      // A pair's units differ (KRW and dollars, see Combos) or not: the factors it takes when they differ.
      const forwardOther = unitA === 1 ? up : down;
      const backwardOther = unitA === 1 ? down : up;
      do {
        const b = (pairBlocks[((p << 1) & 0x0ffffffe) | 1] as number) & 0x3ffffff0;
        // Units are 0 or 1, so s is 1 when they differ and 0 when not, and s × other + (1 − s) is exactly
        // `other` or 1 (SpreadCalc's factor) without a branch or a table lookup, as long as the factors are
        // finite (0 × NaN is NaN): without a rate, the pass picks by a test instead.
        const d = unitA - (blocks[b + 7] as number);
        const s = d * d;
        const kf = finite ? s * forwardOther + (1 - s) : d === 0 ? 1 : forwardOther;
        const kb = finite ? s * backwardOther + (1 - s) : d === 0 ? 1 : backwardOther;
        // The pair's native ratios, as Combos gives them: a product of one market's price and the other's
        // stored reciprocal, then converted.
        const lastAB = priceA * (blocks[b + 3] as number) * kf;
        const askBidAB = askA * (blocks[b + 4] as number) * kf;
        const bidAskAB = bidA * (blocks[b + 5] as number) * kf;
        const lastBA = (blocks[b] as number) * inversePriceA * kb;
        const askBidBA = (blocks[b + 2] as number) * inverseBidA * kb;
        const bidAskBA = (blocks[b + 1] as number) * inverseAskA * kb;
        const keep = keepA * (1 - (blocks[b + at] as number));
        let i = (p << 1) & 0x0ffffffe;
        if (premiumRows) {
          out[i] = (lastAB - 1) * 100;
          out[i + 1] = (lastBA - 1) * 100;
          i += rows;
          out[i] = (askBidAB - 1) * 100;
          out[i + 1] = (askBidBA - 1) * 100;
          i += rows;
          out[i] = (bidAskAB - 1) * 100;
          out[i + 1] = (bidAskBA - 1) * 100;
          i += rows;
          out[i] = (keep * (lastAB >= 1 ? bidAskAB : bidAskBA) - 1) * 100;
          out[i + 1] = (keep * (lastBA >= 1 ? bidAskBA : bidAskAB) - 1) * 100;
        } else {
          out[i] = (lastBA - 1) * 100;
          out[i + 1] = (lastAB - 1) * 100;
          i += rows;
          out[i] = (bidAskBA - 1) * 100;
          out[i + 1] = (bidAskAB - 1) * 100;
          i += rows;
          out[i] = (askBidBA - 1) * 100;
          out[i + 1] = (askBidAB - 1) * 100;
          i += rows;
          out[i] = (keep * bidAskBA - 1) * 100;
          out[i + 1] = (keep * bidAskAB - 1) * 100;
        }
        const rb = blocks[b + 9] as number;
        const hb = blocks[b + 10] as number;
        i += rows;
        out[i] = (rateA - rb) * (hoursA / hb) * 100;
        out[i + 1] = (rb - rateA) * (hb / hoursA) * 100;
        const funding = (blocks[b + 8] as number) - perHourA;
        i += rows;
        out[i] = funding;
        out[i + 1] = 0 - funding;
        stale[p] = staleA || (blocks[b + 6] as number) < freshAfter ? 0x0101 : 0;
        p = (p + 1) & 0x07ffffff;
      } while (p < end && ((pairBlocks[(p << 1) & 0x0ffffffe] as number) & 0x3ffffff0) === a);
    }
  }
}

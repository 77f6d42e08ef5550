import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BLOCK, calcOptions, MarketEngine, RowMetrics, SpreadCalc } from '@spreadscope/engine';
import { Simulator } from '@spreadscope/feeds/sim';
import { round } from './write-result.ts';

setFlagsFromString('--expose-gc');
const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (runInNewContext('gc') as () => void);

/** Fastest of `runs` timings of `work`, in ms. */
function fastest(runs: number, work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    work();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/**
 * The engine's full recompute (RowMetrics.computeAll, as bench/engine.ts times it) against the memory floor of
 * the bytes it must move: it reads each market pair's two block offsets (8 B a pair) and every market's block
 * (BLOCK doubles), and writes six float32 columns and a staleness byte per row (two rows a pair). The floor is
 * those bytes at the bandwidth measured here by a typed-array sum (reading) and a fill (writing) of buffers of
 * the same sizes — a pass cannot be faster than moving its bytes once.
 */
export function recomputeVsBandwidth(rounds: number): {
  recompute: number[];
  floor: number[];
  figures: Record<string, number>;
} {
  const tokens = Number(process.env.RATIOS_TOKENS ?? 7_000);
  const start = Date.UTC(2026, 0, 5, 0, 0, 0);
  const simulator = new Simulator({ seed: 7, startTime: start, tokenLimit: tokens });
  const engine = new MarketEngine();
  for (const event of simulator.advanceTo(start + 10_000)) engine.apply(event);
  engine.compact();
  const metrics = new RowMetrics();
  const calc = new SpreadCalc(
    engine,
    calcOptions('arbitrage', {
      currency: 'KRW',
      conversionBase: 'USD',
      interval: 'realtime',
      feeMode: 'taker',
    }),
    simulator.time,
  );
  const pairs = engine.combos.pairCount;
  const markets = engine.state.instruments.length;
  const readBytes = pairs * 8 + markets * BLOCK * 8;
  const writeBytes = 2 * pairs * (6 * 4 + 1);
  const source = new Float64Array(Math.ceil(readBytes / 8)).fill(1.5);
  const target = new Float32Array(Math.ceil(writeBytes / 4));
  let sink = 0;
  const sum = () => {
    let s = 0;
    for (let i = 0; i < source.length; i++) s += source[i] as number;
    sink += s;
  };
  let value = 0;
  const fill = () => {
    target.fill(++value);
  };
  gc();
  for (let i = 0; i < 5; i++) {
    metrics.computeAll(calc);
    sum();
    fill();
  }
  const recompute: number[] = [];
  const floor: number[] = [];
  let readGbps = 0;
  let writeGbps = 0;
  for (let r = 0; r < rounds; r++) {
    // Back to back: the pass, then its floor; the fastest of 20 of each, so neither pays for a neighbour.
    recompute.push(fastest(20, () => metrics.computeAll(calc)));
    const read = fastest(20, sum);
    const write = fastest(20, fill);
    floor.push(read + write);
    readGbps = Math.max(readGbps, readBytes / read / 1e6);
    writeGbps = Math.max(writeGbps, writeBytes / write / 1e6);
  }
  if (sink === 0) console.log('');
  return {
    recompute,
    floor,
    figures: {
      recompute_tokens: tokens,
      recompute_rows: metrics.count,
      recompute_read_mb: round(readBytes / 1e6, 1),
      recompute_write_mb: round(writeBytes / 1e6, 1),
      bandwidth_read_gb_s: round(readGbps, 2),
      bandwidth_write_gb_s: round(writeGbps, 2),
    },
  };
}

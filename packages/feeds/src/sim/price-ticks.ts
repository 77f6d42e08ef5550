/**
 * Price grids for simulated quotes, so numbers look like the venues' own.
 *
 * KRW markets follow Upbit's order-price units ("호가 단위") in force since 31 Jul 2025
 * (docs.upbit.com/kr/docs/krw-market-info). The older table (until that date) used 500 KRW for
 * 1,000,000–2,000,000 and finer units below 10,000; the current one is coarser:
 *
 *   ≥ 1,000,000 → 1,000     ≥ 500,000 → 500     ≥ 100,000 → 100     ≥ 50,000 → 50     ≥ 10,000 → 10
 *   ≥ 5,000 → 5             ≥ 100 → 1           ≥ 10 → 0.1          ≥ 1 → 0.01        ≥ 0.1 → 0.001
 *   ≥ 0.01 → 0.0001         ≥ 0.001 → 0.00001   ≥ 0.0001 → 0.000001 ≥ 0.00001 → 0.0000001
 *   below → 0.00000001
 *
 * USDT/KRW and USDC/KRW trade in 0.5 KRW steps between 1,000 and 10,000 KRW (since 21 Mar 2025).
 * The same grid is used for every Korean venue: Bithumb's and Kbit's differ in detail, not in kind.
 *
 * A tick is stored as (step, decimals) so rounding produces the shortest decimal (1234.5, not
 * 1234.4999999) and the tape stays compact and byte-stable.
 */

export interface Tick {
  /** The price increment. */
  readonly step: number;
  /** Decimal places of the increment (0 for whole numbers). */
  readonly decimals: number;
}

const KRW_BANDS: readonly (readonly [floor: number, step: number, decimals: number])[] = [
  [1_000_000, 1000, 0],
  [500_000, 500, 0],
  [100_000, 100, 0],
  [50_000, 50, 0],
  [10_000, 10, 0],
  [5_000, 5, 0],
  [100, 1, 0],
  [10, 0.1, 1],
  [1, 0.01, 2],
  [0.1, 0.001, 3],
  [0.01, 0.0001, 4],
  [0.001, 0.00001, 5],
  [0.0001, 0.000001, 6],
  [0.00001, 0.0000001, 7],
];
const KRW_SMALLEST: Tick = { step: 0.00000001, decimals: 8 };
const STABLECOIN_KRW: Tick = { step: 0.5, decimals: 1 };
const STABLECOINS = new Set(['USDT', 'USDC']);

/** Upbit's KRW order-price unit for a price. */
export function krwTick(price: number, base: string): Tick {
  if (STABLECOINS.has(base) && price >= 1_000 && price < 10_000) return STABLECOIN_KRW;
  for (const [floor, step, decimals] of KRW_BANDS) {
    if (price >= floor) return { step, decimals };
  }
  return KRW_SMALLEST;
}

/**
 * Overseas USDT/USDC markets: six significant digits, which is what the big venues' tick sizes amount to
 * for most pairs (BTC 0.1, ETH 0.01, a 0.2 USDT token 0.000001).
 */
export function significantTick(price: number, digits = 6): Tick {
  const exponent = Math.floor(Math.log10(price)) - (digits - 1);
  return exponent >= 0
    ? { step: 10 ** exponent, decimals: 0 }
    : { step: 10 ** exponent, decimals: -exponent };
}

function snap(price: number, tick: Tick, mode: 'round' | 'floor' | 'ceil'): number {
  const op = mode === 'round' ? Math.round : mode === 'floor' ? Math.floor : Math.ceil;
  if (tick.decimals === 0) return op(price / tick.step) * tick.step;
  // Work in integer units of 10^-decimals: dividing by a power of ten gives the shortest decimal form.
  const scale = 10 ** tick.decimals;
  const unitsPerStep = Math.round(tick.step * scale);
  const steps = (price * scale) / unitsPerStep;
  // A relative epsilon keeps floor/ceil from stepping past a value that is on the grid but off by float noise.
  const epsilon =
    mode === 'floor' ? 1e-9 * Math.max(1, steps) : mode === 'ceil' ? -1e-9 * Math.max(1, steps) : 0;
  return (op(steps + epsilon) * unitsPerStep) / scale;
}

export function roundToTick(price: number, tick: Tick): number {
  return snap(price, tick, 'round');
}

export function floorToTick(price: number, tick: Tick): number {
  return snap(price, tick, 'floor');
}

export function ceilToTick(price: number, tick: Tick): number {
  return snap(price, tick, 'ceil');
}

/** Adds whole ticks, staying on the decimal grid. */
export function addTicks(price: number, tick: Tick, count: number): number {
  return roundToTick(price + tick.step * count, tick);
}

/**
 * Reconnect and retry delays (feeds' streams and pollers, the job runner's retries): exponential in the number
 * of failures in a row, capped, with jitter so that a venue outage does not make every stream of every
 * Spreadscope instance come back at the same instant.
 *
 * delay(n) = min(max, base × 2^(n−1)) × (1 − jitter × r), r uniform in [0, 1): with jitter 0.5 the delay lands
 * between half and all of the exponential step. The random source is injectable so tests can pin it.
 */
export interface BackoffPolicy {
  /** First delay after one failure (ms). */
  readonly baseMs: number;
  /** Longest delay, however many failures (ms). */
  readonly maxMs: number;
  /** Fraction of the delay that is randomized, 0 (none) … 1 (anywhere from 0 to the full step). */
  readonly jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 60_000, jitter: 0.5 };

export function backoffDelayMs(failures: number, policy: BackoffPolicy, random: () => number): number {
  if (failures <= 0) return 0;
  // 2^30 already exceeds any sane cap; clamping the exponent keeps the arithmetic finite.
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(failures - 1, 30));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(step * (1 - policy.jitter * r));
}

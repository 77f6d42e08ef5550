import type { RisingRow } from '@spreadscope/contracts';

const RECENT_DAYS = 3;
const BEFORE_DAYS = 14;
const SPARK_DAYS = 30;

/**
 * Tokens ordered by how much more they are searched now than usual: the mean of the last 3 days against
 * the 14 days before. A token without a "before" (new, or never searched) has no rise and ranks last.
 */
export function risingInterest(
  series: ReadonlyMap<string, readonly { day: number; value: number }[]>,
): RisingRow[] {
  const rows: Omit<RisingRow, 'rank'>[] = [];
  for (const [base, points] of series) {
    if (points.length === 0) continue;
    const values = points.map((p) => p.value);
    const recent = mean(values.slice(-RECENT_DAYS));
    const before = mean(values.slice(-(RECENT_DAYS + BEFORE_DAYS), -RECENT_DAYS));
    rows.push({
      base,
      latest: values.at(-1) ?? 0,
      recent: round(recent),
      before: round(before),
      rise: before > 0 ? round(recent / before - 1) : null,
      spark: values.slice(-SPARK_DAYS),
    });
  }
  return rows
    .sort(
      (a, b) =>
        (b.rise ?? Number.NEGATIVE_INFINITY) - (a.rise ?? Number.NEGATIVE_INFINITY) ||
        b.recent - a.recent ||
        a.base.localeCompare(b.base),
    )
    .map((r, i) => ({ ...r, rank: i + 1 }));
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length;
}

function round(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

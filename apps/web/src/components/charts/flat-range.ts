/**
 * The price axis of a series whose values barely move (one candle on a fresh install, a pegged rate): left to
 * itself the chart spreads a range of a few won over the whole axis and every label reads the same rounded
 * number. The range is widened around its middle to at least 0.2 % of the value, and at least 0.1 (a tenth of
 * a percent point on the percent charts, printed with two decimals), so the labels step by amounts the
 * formatters show.
 */
export function padFlatRange(minValue: number, maxValue: number): { minValue: number; maxValue: number } {
  const middle = (minValue + maxValue) / 2;
  const span = Math.max(Math.abs(middle) * 0.002, 0.1);
  if (!(maxValue - minValue < span)) return { minValue, maxValue };
  return { minValue: middle - span / 2, maxValue: middle + span / 2 };
}

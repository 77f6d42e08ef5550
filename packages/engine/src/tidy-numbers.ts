/**
 * Significant digits a table row's fractional numbers keep. Arithmetic leaves float noise in them
 * (10.950888440000028, 2.844023817022534): seventeen digits that no price, size or percent carries, sent with
 * every change of every row. Twelve keep every price a venue quotes and every figure the screen shows, and make
 * a premium page's deltas about 15 % smaller.
 */
const DIGITS = 12;
const POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** `x` to DIGITS significant digits; integers (times, counts) and non-finite values as they are. */
export function tidyNumber(x: number): number {
  if (Number.isInteger(x) || !Number.isFinite(x)) return x;
  const k = DIGITS - Math.ceil(Math.log10(Math.abs(x)));
  // An integer over an exact power of ten: the double nearest the short decimal, printed short.
  if (k >= 0 && k <= 22) return Math.round(x * (POWERS[k] as number)) / (POWERS[k] as number);
  if (k < 0 && -k <= 22) return Math.round(x / (POWERS[-k] as number)) * (POWERS[-k] as number);
  return x;
}

/** Tidies every number of a freshly built row in place (its objects and arrays are its own). */
export function tidyRow<T extends object>(row: T): T {
  const values = row as Record<string, unknown>;
  for (const key in values) {
    const value = values[key];
    if (typeof value === 'number') values[key] = tidyNumber(value);
    else if (typeof value === 'object' && value !== null) tidyRow(value);
  }
  return row;
}

import { type SQL, sql } from 'drizzle-orm';

/**
 * One bound parameter holding a whole array. Drizzle expands a bare JS array into `($1, $2, …)`; bulk
 * writes instead send one array per column and `unnest` them server-side, which keeps a 5,000-row write
 * at a handful of parameters and far below PostgreSQL's 65,535-parameter limit.
 */
export function arrayParam(values: readonly unknown[], pgType: 'int4' | 'int8' | 'float8' | 'text'): SQL {
  const bound = pgType === 'text' ? values : numberArrayLiteral(values);
  return sql`${sql.param(bound)}::${sql.raw(pgType)}[]`;
}

/**
 * The array's text form built directly: the driver's own encoding quotes and escapes every element, which
 * numbers never need, and it was a sixth of the main thread while a fresh start wrote its simulated day.
 * `String` gives what PostgreSQL's number input reads back exactly (`1e-7`, `NaN`, `Infinity`, bigint digits).
 */
export function numberArrayLiteral(values: readonly unknown[]): string {
  let text = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) text += ',';
    text += value === null || value === undefined ? 'NULL' : String(value);
  }
  return `${text}}`;
}

/** Rows per statement for bulk writes: large enough to amortise round trips, small enough to bound memory. */
export const ROWS_PER_STATEMENT = 10_000;

/**
 * Rows per statement for writes that arrive in bulk while callers are served (a fresh start's simulated day of
 * open interest and liquidations, its year of search interest): on the embedded database a statement holds its
 * one connection for its whole run, so these go in smaller statements, awaited one after another.
 */
export const BACKGROUND_ROWS_PER_STATEMENT = 2_000;

export function* chunks<T>(items: readonly T[], size: number): Generator<readonly T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

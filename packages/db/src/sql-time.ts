import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { arrayParam } from './sql-arrays.ts';

/** SQL pieces the history repositories share: epoch-ms time bounds, bulk upserts. */

/**
 * A range bound as SQL. Bounds go in as float8 ms, not Dates: `to_timestamp` maps ±Infinity to PostgreSQL's
 * ±infinity, so open ranges need no clamping, and no Date's ISO string falls outside what PostgreSQL parses.
 */
export function boundToTimestamptz(ms: number, name: string): SQL {
  if (Number.isNaN(ms)) throw new RangeError(`${name} must be epoch ms, got NaN`);
  return msToTimestamptz(sql`${sql.param(ms)}::float8`);
}

export function assertMinute(minute: number): void {
  if (!Number.isSafeInteger(minute) || minute % 60_000 !== 0) {
    throw new RangeError(`bar minute must be a whole minute in epoch ms, got ${minute}`);
  }
}

/** Keeps the last item per key in first-seen order; ON CONFLICT cannot touch one row twice per statement. */
export function lastPerKey<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) byKey.set(keyOf(item), item);
  return byKey.size === items.length ? [...items] : [...byKey.values()];
}

export function floats<T>(items: readonly T[], pick: (item: T) => number | null): SQL {
  return arrayParam(items.map(pick), 'float8');
}

export function cols(...columns: AnyPgColumn[]): SQL {
  return sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
}

export function updateFromExcluded(...columns: AnyPgColumn[]): SQL {
  return sql.join(
    columns.map((c) => sql`${sql.identifier(c.name)} = excluded.${sql.identifier(c.name)}`),
    sql`, `,
  );
}

/**
 * What a bulk write does with a row whose key is already stored: replace it (the default: re-sending a batch
 * is harmless), or, with `keepExisting`, leave it as it is (a back-fill must never overwrite what the live
 * run wrote).
 */
export interface WriteOptions {
  readonly keepExisting?: boolean;
}

export function onConflict(options: WriteOptions | undefined, ...columns: AnyPgColumn[]): SQL {
  return options?.keepExisting ? sql`do nothing` : sql`do update set ${updateFromExcluded(...columns)}`;
}

/** Whole-minute epoch ms are exact in float8, so this conversion is lossless for our data. */
export function msToTimestamptz(ms: SQL): SQL {
  return sql`to_timestamp(${ms} / 1000)`;
}

/** Epoch ms straight from SQL, skipping Date parsing per row on reads of thousands of bars. */
export function timestamptzToMs(column: AnyPgColumn): SQL.Aliased<number> | SQL<number> {
  return sql<number>`(extract(epoch from ${column}) * 1000)::float8`.mapWith(Number);
}

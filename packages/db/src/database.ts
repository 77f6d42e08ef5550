import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Schema } from './schema.ts';

/**
 * The Drizzle instance both drivers share. Typed as the common pg-dialect base so callers write one query
 * for PGlite and PostgreSQL; raw `execute` results differ per driver, so prefer the query builder.
 */
export type Drizzle = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Drizzle;
  /** True when a trivial query succeeds; never throws. */
  ping(): Promise<boolean>;
  /** Releases the connection(s). Idempotent. */
  close(): Promise<void>;
}

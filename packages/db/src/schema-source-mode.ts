import { pgEnum } from 'drizzle-orm/pg-core';

/**
 * Which market source produced a history row: live venues, the simulator, or a replayed tape. Every history
 * table carries it in its primary key, so the sources never overwrite each other's minutes, and every read
 * names one: a live deployment never charts simulated history, nor the simulator live history.
 *
 * `untagged` marks rows written before the column existed (migration 0004): nobody can tell which source
 * made them, so no read serves them and retention ages them out (see packages/db/README.md to adopt them).
 * 4 bytes like the int4 beside it, so the rows and primary keys below grow by no alignment padding.
 */
export const HISTORY_SOURCE_MODES = ['live', 'simulated', 'replay', 'untagged'] as const;
export type HistorySourceMode = (typeof HISTORY_SOURCE_MODES)[number];
export const sourceMode = pgEnum('source_mode', HISTORY_SOURCE_MODES);

import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { readCandles, rebuildCandles, writeCandles } from './dex-candle-store.ts';
import type {
  DexBatchRecord,
  DexBlockRef,
  DexCandleRecord,
  DexLiquidityRecord,
  DexPoolRecord,
  DexRowQuery,
  DexTradeRecord,
} from './dex-records.ts';
import { dexBlocks, dexCursors, dexLiquidity, dexPools, dexTrades } from './schema-dex.ts';
import { assertMode, type ModeOption, modeParam, type SourceMode } from './source-modes.ts';
import { arrayParam, chunks, ROWS_PER_STATEMENT } from './sql-arrays.ts';

export type * from './dex-records.ts';

export interface DexRepository {
  readonly mode: SourceMode;
  forMode(mode: ModeOption): DexRepository;
  // The indexer's store.
  cursor(chain: string): Promise<DexBlockRef | null>;
  recentBlocks(chain: string): Promise<readonly DexBlockRef[]>;
  commit(batch: DexBatchRecord): Promise<void>;
  rewind(chain: string, keep: DexBlockRef): Promise<{ trades: number; liquidity: number }>;
  // Reads.
  savePools(pools: readonly DexPoolRecord[]): Promise<void>;
  listPools(): Promise<DexPoolRecord[]>;
  listTrades(query: DexRowQuery): Promise<{ rows: DexTradeRecord[]; total: number }>;
  listLiquidity(query: DexRowQuery): Promise<{ rows: DexLiquidityRecord[]; total: number }>;
  /** One pool's candles over [from, to), built from its 1-minute candles. */
  candles(poolId: string, intervalMs: number, from: number, to: number): Promise<DexCandleRecord[]>;
}

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/**
 * Indexed DEX rows, bound to one market source like the other history repositories. A batch (rows,
 * block hashes, cursor, 1-minute candles) is one transaction, and so is a rewind, so a crash never leaves
 * rows the cursor does not cover or candles the trades do not back.
 */
export function createDexRepository(database: Database, options: { mode?: ModeOption } = {}): DexRepository {
  const modeOf = options.mode ?? 'live';
  const current = (): SourceMode => assertMode(typeof modeOf === 'function' ? modeOf() : modeOf);
  const { db } = database;

  const repository: DexRepository = {
    get mode() {
      return current();
    },
    forMode: (mode) => createDexRepository(database, { mode }),

    async cursor(chain) {
      const [row] = await db
        .select()
        .from(dexCursors)
        .where(and(eq(dexCursors.chain, chain), eq(dexCursors.sourceMode, current())));
      return row ? { number: row.blockNumber, hash: row.blockHash } : null;
    },

    async recentBlocks(chain) {
      const rows = await db
        .select()
        .from(dexBlocks)
        .where(and(eq(dexBlocks.chain, chain), eq(dexBlocks.sourceMode, current())))
        .orderBy(desc(dexBlocks.blockNumber));
      return rows.map((r) => ({ number: r.blockNumber, hash: r.blockHash }));
    },

    async commit(batch) {
      const mode = current();
      await db.transaction(async (tx) => {
        await tx
          .insert(dexCursors)
          .values({
            chain: batch.chain,
            blockNumber: batch.cursor.number,
            blockHash: batch.cursor.hash,
            sourceMode: mode,
          })
          .onConflictDoUpdate({
            target: [dexCursors.chain, dexCursors.sourceMode],
            set: { blockNumber: batch.cursor.number, blockHash: batch.cursor.hash },
          });
        for (const rows of chunks(batch.blocks, ROWS_PER_STATEMENT))
          await tx.execute(sql`
            insert into dex_blocks (chain, source_mode, block_number, block_hash)
            select ${batch.chain}, ${modeParam(mode)}, n, h
            from unnest(${arrayParam(
              rows.map((b) => b.number),
              'int8',
            )}, ${arrayParam(
              rows.map((b) => b.hash),
              'text',
            )}) as u(n, h)
            on conflict (chain, source_mode, block_number) do update set block_hash = excluded.block_hash`);
        await tx
          .delete(dexBlocks)
          .where(
            and(
              eq(dexBlocks.chain, batch.chain),
              eq(dexBlocks.sourceMode, mode),
              lt(dexBlocks.blockNumber, batch.pruneBelow),
            ),
          );
        // One statement per chunk with an array per column: drizzle's multi-row VALUES cost more to build
        // and parse than the rows cost to store (bench dex-index).
        for (const rows of chunks(batch.trades, ROWS_PER_STATEMENT)) await insertTrades(tx, mode, rows);
        for (let i = 0; i < batch.liquidity.length; i += 5_000) {
          const slice = batch.liquidity.slice(i, i + 5_000);
          await tx
            .insert(dexLiquidity)
            .values(
              slice.map((l) => ({
                ...l,
                assets: [...l.assets],
                quantities: [...l.quantities],
                date: new Date(l.date),
                sourceMode: mode,
              })),
            )
            .onConflictDoNothing();
        }
        await writeCandles(tx, mode, batch.trades);
      });
    },

    async rewind(chain, keep) {
      const mode = current();
      return db.transaction(async (tx) => {
        const above = (table: typeof dexTrades | typeof dexLiquidity) =>
          and(eq(table.chain, chain), eq(table.sourceMode, mode), gt(table.blockNumber, keep.number));
        const gone = await tx
          .delete(dexTrades)
          .where(above(dexTrades))
          .returning({ poolId: dexTrades.poolId, date: dexTrades.date });
        const goneLiquidity = await tx
          .delete(dexLiquidity)
          .where(above(dexLiquidity))
          .returning({ poolId: dexLiquidity.poolId });
        await tx
          .delete(dexBlocks)
          .where(
            and(
              eq(dexBlocks.chain, chain),
              eq(dexBlocks.sourceMode, mode),
              gt(dexBlocks.blockNumber, keep.number),
            ),
          );
        await tx
          .insert(dexCursors)
          .values({ chain, blockNumber: keep.number, blockHash: keep.hash, sourceMode: mode })
          .onConflictDoUpdate({
            target: [dexCursors.chain, dexCursors.sourceMode],
            set: { blockNumber: keep.number, blockHash: keep.hash },
          });
        if (gone.length > 0) {
          const since = gone.reduce((min, g) => Math.min(min, g.date.getTime()), Number.POSITIVE_INFINITY);
          await rebuildCandles(tx, mode, [...new Set(gone.map((g) => g.poolId))], since);
        }
        return { trades: gone.length, liquidity: goneLiquidity.length };
      });
    },

    async savePools(pools) {
      if (pools.length === 0) return;
      const mode = current();
      for (const pool of pools)
        await db
          .insert(dexPools)
          .values({ ...pool, sourceMode: mode })
          .onConflictDoUpdate({ target: [dexPools.poolId, dexPools.sourceMode], set: { ...pool } });
    },

    async listPools() {
      const rows = await db
        .select()
        .from(dexPools)
        .where(eq(dexPools.sourceMode, current()))
        .orderBy(asc(dexPools.poolId));
      return rows.map(({ sourceMode: _mode, ...pool }) => pool);
    },

    async listTrades(query) {
      const where = rowFilter(dexTrades, current(), query);
      const direction = query.sort === 'asc' ? asc : desc;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(dexTrades)
          .where(where)
          .orderBy(direction(dexTrades.date), direction(dexTrades.blockNumber), direction(dexTrades.logIndex))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(dexTrades).where(where),
      ]);
      return {
        rows: rows.map(({ sourceMode: _mode, date, ...t }) => ({ ...t, date: date.getTime() })),
        total: totals[0]?.total ?? 0,
      };
    },

    async listLiquidity(query) {
      const where = rowFilter(dexLiquidity, current(), query);
      const direction = query.sort === 'asc' ? asc : desc;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(dexLiquidity)
          .where(where)
          .orderBy(
            direction(dexLiquidity.date),
            direction(dexLiquidity.blockNumber),
            direction(dexLiquidity.logIndex),
          )
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(dexLiquidity).where(where),
      ]);
      return {
        rows: rows.map(({ sourceMode: _mode, date, ...l }) => ({ ...l, date: date.getTime() })),
        total: totals[0]?.total ?? 0,
      };
    },

    async candles(poolId, intervalMs, from, to) {
      if (!Number.isSafeInteger(intervalMs) || intervalMs < 60_000)
        throw new RangeError('the candle interval is whole milliseconds, one minute or more');
      return readCandles(db, current(), poolId, intervalMs, from, to);
    },
  };
  return repository;
}

function rowFilter(
  table: typeof dexTrades | typeof dexLiquidity,
  mode: SourceMode,
  query: DexRowQuery,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(table.sourceMode, mode)];
  if (query.poolIds !== undefined) conditions.push(inArray(table.poolId, [...query.poolIds, '']));
  if (query.from !== undefined) conditions.push(gte(table.date, new Date(query.from)));
  if (query.to !== undefined) conditions.push(lte(table.date, new Date(query.to)));
  return and(...conditions);
}

/** Trades as one insert: an array per column, unnested server-side; a log already stored is kept. */
async function insertTrades(tx: Tx, mode: SourceMode, rows: readonly DexTradeRecord[]): Promise<void> {
  const col = <T>(pick: (t: DexTradeRecord) => T, type: 'int4' | 'int8' | 'float8' | 'text') =>
    arrayParam(rows.map(pick), type);
  await tx.execute(sql`
    insert into dex_trades (chain, source_mode, block_number, log_index, pool_id, block_hash, transaction_hash,
      date, base_quantity, quote_quantity, price, side, maker)
    select c, ${modeParam(mode)}, n, i, p, bh, th, to_timestamp(d / 1000), bq, qq, pr, s, m
    from unnest(
      ${col((t) => t.chain, 'text')}, ${col((t) => t.blockNumber, 'int8')}, ${col((t) => t.logIndex, 'int4')},
      ${col((t) => t.poolId, 'text')}, ${col((t) => t.blockHash, 'text')}, ${col((t) => t.transactionHash, 'text')},
      ${col((t) => t.date, 'float8')}, ${col((t) => t.baseQuantity, 'float8')},
      ${col((t) => t.quoteQuantity, 'float8')}, ${col((t) => t.price, 'float8')}, ${col((t) => t.side, 'text')},
      ${col((t) => t.maker, 'text')}
    ) as u(c, n, i, p, bh, th, d, bq, qq, pr, s, m)
    on conflict do nothing`);
}

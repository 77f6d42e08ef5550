import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import type {
  DexBatchRecord,
  DexBlockRef,
  DexCandleRecord,
  DexLiquidityRecord,
  DexPoolRecord,
  DexRowQuery,
  DexTradeRecord,
} from './dex-records.ts';
import { dexBlocks, dexCandleMinutes, dexCursors, dexLiquidity, dexPools, dexTrades } from './schema-dex.ts';
import { assertMode, type ModeOption, type SourceMode } from './source-modes.ts';

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

/** Orders trades inside a minute: block number, then log index (log indexes stay far below 100,000). */
const orderKey = (blockNumber: number, logIndex: number): number => blockNumber * 100_000 + logIndex;

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

  /** Re-derives the 1-minute candles of these pools from `since` on, from the trades left. */
  async function rebuildMinutes(tx: Tx, mode: SourceMode, poolIds: readonly string[], since: Date) {
    if (poolIds.length === 0) return;
    await tx
      .delete(dexCandleMinutes)
      .where(
        and(
          eq(dexCandleMinutes.sourceMode, mode),
          inArray(dexCandleMinutes.poolId, [...poolIds]),
          gte(dexCandleMinutes.minute, since),
        ),
      );
    const minute = sql`date_trunc('minute', ${dexTrades.date})`;
    const key = sql`${dexTrades.blockNumber} * 100000 + ${dexTrades.logIndex}`;
    const rows = await tx
      .select({
        poolId: dexTrades.poolId,
        minute: sql<Date>`${minute}`.mapWith((v: string | Date) => new Date(v)),
        open: sql<number>`(array_agg(${dexTrades.price} order by ${key}))[1]`.mapWith(Number),
        high: sql<number>`max(${dexTrades.price})`.mapWith(Number),
        low: sql<number>`min(${dexTrades.price})`.mapWith(Number),
        close: sql<number>`(array_agg(${dexTrades.price} order by ${key} desc))[1]`.mapWith(Number),
        volume: sql<number>`sum(${dexTrades.baseQuantity})`.mapWith(Number),
        openKey: sql<number>`min(${key})`.mapWith(Number),
        closeKey: sql<number>`max(${key})`.mapWith(Number),
      })
      .from(dexTrades)
      .where(
        and(
          eq(dexTrades.sourceMode, mode),
          inArray(dexTrades.poolId, [...poolIds]),
          gte(dexTrades.date, since),
        ),
      )
      .groupBy(dexTrades.poolId, minute);
    if (rows.length > 0)
      await tx.insert(dexCandleMinutes).values(rows.map((r) => ({ ...r, sourceMode: mode })));
  }

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
        if (batch.blocks.length > 0)
          await tx
            .insert(dexBlocks)
            .values(
              batch.blocks.map((b) => ({
                chain: batch.chain,
                blockNumber: b.number,
                blockHash: b.hash,
                sourceMode: mode,
              })),
            )
            .onConflictDoUpdate({
              target: [dexBlocks.chain, dexBlocks.sourceMode, dexBlocks.blockNumber],
              set: { blockHash: sql`excluded.block_hash` },
            });
        await tx
          .delete(dexBlocks)
          .where(
            and(
              eq(dexBlocks.chain, batch.chain),
              eq(dexBlocks.sourceMode, mode),
              lt(dexBlocks.blockNumber, batch.pruneBelow),
            ),
          );
        for (let i = 0; i < batch.trades.length; i += 5_000) {
          const slice = batch.trades.slice(i, i + 5_000);
          await tx
            .insert(dexTrades)
            .values(slice.map((t) => ({ ...t, date: new Date(t.date), sourceMode: mode })))
            .onConflictDoNothing();
        }
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
        const minutes = minuteCandles(batch.trades);
        for (let i = 0; i < minutes.length; i += 5_000) {
          await tx
            .insert(dexCandleMinutes)
            .values(
              minutes
                .slice(i, i + 5_000)
                .map((m) => ({ ...m, minute: new Date(m.minute), sourceMode: mode })),
            )
            .onConflictDoUpdate({
              target: [dexCandleMinutes.poolId, dexCandleMinutes.sourceMode, dexCandleMinutes.minute],
              set: {
                open: sql`case when excluded.open_key < ${dexCandleMinutes.openKey} then excluded.open else ${dexCandleMinutes.open} end`,
                close: sql`case when excluded.close_key > ${dexCandleMinutes.closeKey} then excluded.close else ${dexCandleMinutes.close} end`,
                high: sql`greatest(${dexCandleMinutes.high}, excluded.high)`,
                low: sql`least(${dexCandleMinutes.low}, excluded.low)`,
                volume: sql`${dexCandleMinutes.volume} + excluded.volume`,
                openKey: sql`least(${dexCandleMinutes.openKey}, excluded.open_key)`,
                closeKey: sql`greatest(${dexCandleMinutes.closeKey}, excluded.close_key)`,
              },
            });
        }
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
          const since = new Date(
            Math.floor(Math.min(...gone.map((g) => g.date.getTime())) / 60_000) * 60_000,
          );
          await rebuildMinutes(tx, mode, [...new Set(gone.map((g) => g.poolId))], since);
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
      // Inlined, not bound: GROUP BY must see the very expression the select list uses.
      const ms = sql.raw(String(intervalMs));
      const epoch = sql`extract(epoch from ${dexCandleMinutes.minute})::float8`;
      const bucket = sql`floor(extract(epoch from ${dexCandleMinutes.minute}) * 1000 / ${ms}) * ${ms}`;
      return db
        .select({
          d: sql<number>`${bucket}`.mapWith(Number),
          // A bucket's first and last minute without sorting it: the least and greatest [time, price] pair.
          o: sql<number>`(min(array[${epoch}, ${dexCandleMinutes.open}]))[2]`.mapWith(Number),
          h: sql<number>`max(${dexCandleMinutes.high})`.mapWith(Number),
          l: sql<number>`min(${dexCandleMinutes.low})`.mapWith(Number),
          c: sql<number>`(max(array[${epoch}, ${dexCandleMinutes.close}]))[2]`.mapWith(Number),
          v: sql<number>`sum(${dexCandleMinutes.volume})`.mapWith(Number),
        })
        .from(dexCandleMinutes)
        .where(
          and(
            eq(dexCandleMinutes.sourceMode, current()),
            eq(dexCandleMinutes.poolId, poolId),
            gte(dexCandleMinutes.minute, new Date(from)),
            lt(dexCandleMinutes.minute, new Date(to)),
          ),
        )
        .groupBy(bucket)
        .orderBy(bucket);
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

interface MinuteCandle {
  poolId: string;
  minute: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  openKey: number;
  closeKey: number;
}

/** A batch's trades as 1-minute candles per pool, merged into the stored ones by their order keys. */
function minuteCandles(trades: readonly DexTradeRecord[]): MinuteCandle[] {
  const byKey = new Map<string, MinuteCandle>();
  for (const t of trades) {
    const minute = Math.floor(t.date / 60_000) * 60_000;
    const id = `${t.poolId}\u0000${minute}`;
    const k = orderKey(t.blockNumber, t.logIndex);
    const c = byKey.get(id);
    if (!c) {
      byKey.set(id, {
        poolId: t.poolId,
        minute,
        open: t.price,
        high: t.price,
        low: t.price,
        close: t.price,
        volume: t.baseQuantity,
        openKey: k,
        closeKey: k,
      });
      continue;
    }
    c.high = Math.max(c.high, t.price);
    c.low = Math.min(c.low, t.price);
    c.volume += t.baseQuantity;
    if (k < c.openKey) [c.open, c.openKey] = [t.price, k];
    if (k > c.closeKey) [c.close, c.closeKey] = [t.price, k];
  }
  return [...byKey.values()];
}

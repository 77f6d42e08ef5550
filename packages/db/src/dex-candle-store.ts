import { type SQL, sql } from 'drizzle-orm';
import type { Drizzle } from './database.ts';
import type { DexCandleRecord, DexTradeRecord } from './dex-records.ts';
import { dexCandleMinutes, dexCandleRollups, dexTrades } from './schema-dex.ts';
import { modeParam, type SourceMode } from './source-modes.ts';
import { arrayParam, chunks, ROWS_PER_STATEMENT } from './sql-arrays.ts';

/**
 * DEX candles kept at write time: 1-minute candles, plus roll-ups at the widths below, each merged from a
 * batch's trades by the trades' order keys. A chart reads the widest roll-up that divides its interval.
 */

const MINUTE_MS = 60_000;

/** Roll-up widths, widest first: 1 d, 1 h, 15 min, 5 min (30 min and 4 h fold two and four of them). */
export const DEX_ROLLUP_WIDTHS_MS = [86_400_000, 3_600_000, 900_000, 300_000] as const;

/** Orders trades inside a bucket: block number, then log index (log indexes stay far below 100,000). */
export const orderKey = (blockNumber: number, logIndex: number): number => blockNumber * 100_000 + logIndex;

export interface BucketCandle {
  poolId: string;
  /** Bucket start, epoch ms (aligned to the width from the epoch). */
  bucket: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  openKey: number;
  closeKey: number;
}

type Executor = Pick<Drizzle, 'execute'>;

/** A batch's trades as candles of `widthMs` per pool, to be merged into the stored ones by their keys. */
export function bucketCandles(trades: readonly DexTradeRecord[], widthMs: number): BucketCandle[] {
  const byKey = new Map<string, BucketCandle>();
  for (const t of trades) {
    const bucket = Math.floor(t.date / widthMs) * widthMs;
    const id = `${t.poolId}\u0000${bucket}`;
    const k = orderKey(t.blockNumber, t.logIndex);
    const c = byKey.get(id);
    if (!c) {
      byKey.set(id, {
        poolId: t.poolId,
        bucket,
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
    if (t.price > c.high) c.high = t.price;
    if (t.price < c.low) c.low = t.price;
    c.volume += t.baseQuantity;
    if (k < c.openKey) [c.open, c.openKey] = [t.price, k];
    if (k > c.closeKey) [c.close, c.closeKey] = [t.price, k];
  }
  return [...byKey.values()];
}

/** The merge of a stored bucket with a new one: open of the earlier key, close of the later, extremes, sum. */
function mergeSet(table: typeof dexCandleMinutes | typeof dexCandleRollups): SQL {
  return sql`
    open = case when excluded.open_key < ${table.openKey} then excluded.open else ${table.open} end,
    close = case when excluded.close_key > ${table.closeKey} then excluded.close else ${table.close} end,
    high = greatest(${table.high}, excluded.high),
    low = least(${table.low}, excluded.low),
    volume = ${table.volume} + excluded.volume,
    open_key = least(${table.openKey}, excluded.open_key),
    close_key = greatest(${table.closeKey}, excluded.close_key)`;
}

/** The candle columns as unnest() arguments, aliased u(p, b, o, h, l, c, v, ok, ck). */
function unnested(rows: readonly BucketCandle[]): SQL {
  return sql`unnest(
    ${arrayParam(
      rows.map((r) => r.poolId),
      'text',
    )},
    ${arrayParam(
      rows.map((r) => r.bucket),
      'float8',
    )},
    ${arrayParam(
      rows.map((r) => r.open),
      'float8',
    )},
    ${arrayParam(
      rows.map((r) => r.high),
      'float8',
    )},
    ${arrayParam(
      rows.map((r) => r.low),
      'float8',
    )},
    ${arrayParam(
      rows.map((r) => r.close),
      'float8',
    )},
    ${arrayParam(
      rows.map((r) => r.volume),
      'float8',
    )},
    ${arrayParam(
      rows.map((r) => r.openKey),
      'int8',
    )},
    ${arrayParam(
      rows.map((r) => r.closeKey),
      'int8',
    )}
  ) as u(p, b, o, h, l, c, v, ok, ck)`;
}

/** Merges a batch's trades into the stored minutes and every roll-up, one statement per table and chunk. */
export async function writeCandles(
  tx: Executor,
  mode: SourceMode,
  trades: readonly DexTradeRecord[],
): Promise<void> {
  if (trades.length === 0) return;
  for (const rows of chunks(bucketCandles(trades, MINUTE_MS), ROWS_PER_STATEMENT))
    await tx.execute(sql`
      insert into dex_candle_minutes (pool_id, source_mode, minute, open, high, low, close, volume, open_key, close_key)
      select p, ${modeParam(mode)}, to_timestamp(b / 1000), o, h, l, c, v, ok, ck from ${unnested(rows)}
      on conflict (pool_id, source_mode, minute) do update set ${mergeSet(dexCandleMinutes)}`);
  for (const width of DEX_ROLLUP_WIDTHS_MS)
    for (const rows of chunks(bucketCandles(trades, width), ROWS_PER_STATEMENT))
      await tx.execute(sql`
        insert into dex_candle_rollups (pool_id, source_mode, width_ms, bucket, open, high, low, close, volume, open_key, close_key)
        select p, ${modeParam(mode)}, ${sql.raw(String(width))}, to_timestamp(b / 1000), o, h, l, c, v, ok, ck
        from ${unnested(rows)}
        on conflict (pool_id, source_mode, width_ms, bucket) do update set ${mergeSet(dexCandleRollups)}`);
}

/**
 * Re-derives these pools' candles from `since` on after a rewind: the minutes from the trades left, then
 * each roll-up from its first touched bucket on, from the minutes.
 */
export async function rebuildCandles(
  tx: Executor,
  mode: SourceMode,
  poolIds: readonly string[],
  since: number,
): Promise<void> {
  if (poolIds.length === 0) return;
  const pools = arrayParam(poolIds, 'text');
  const minute = Math.floor(since / MINUTE_MS) * MINUTE_MS;
  const key = sql`${dexTrades.blockNumber} * 100000 + ${dexTrades.logIndex}`;
  await tx.execute(sql`
    delete from dex_candle_minutes
    where source_mode = ${modeParam(mode)} and pool_id = any(${pools}) and minute >= to_timestamp(${minute}::float8 / 1000)`);
  await tx.execute(sql`
    insert into dex_candle_minutes (pool_id, source_mode, minute, open, high, low, close, volume, open_key, close_key)
    select pool_id, source_mode, date_trunc('minute', date),
      (array_agg(price order by ${key}))[1], max(price), min(price),
      (array_agg(price order by ${key} desc))[1], sum(base_quantity), min(${key}), max(${key})
    from dex_trades
    where source_mode = ${modeParam(mode)} and pool_id = any(${pools}) and date >= to_timestamp(${minute}::float8 / 1000)
    group by pool_id, source_mode, date_trunc('minute', date)`);
  for (const width of DEX_ROLLUP_WIDTHS_MS) {
    const from = sql`to_timestamp(${Math.floor(since / width) * width}::float8 / 1000)`;
    const bucket = sql`date_bin(${sql.raw(`'${width / 1000} seconds'`)}::interval, minute, timestamptz 'epoch')`;
    await tx.execute(sql`
      delete from dex_candle_rollups
      where source_mode = ${modeParam(mode)} and width_ms = ${sql.raw(String(width))}
        and pool_id = any(${pools}) and bucket >= ${from}`);
    await tx.execute(sql`
      insert into dex_candle_rollups (pool_id, source_mode, width_ms, bucket, open, high, low, close, volume, open_key, close_key)
      select pool_id, source_mode, ${sql.raw(String(width))}, ${bucket},
        (array_agg(open order by open_key))[1], max(high), min(low),
        (array_agg(close order by close_key desc))[1], sum(volume), min(open_key), max(close_key)
      from dex_candle_minutes
      where source_mode = ${modeParam(mode)} and pool_id = any(${pools}) and minute >= ${from}
      group by pool_id, source_mode, ${bucket}`);
  }
}

/**
 * One pool's candles of `intervalMs` over [from, to). The widest roll-up that divides the interval covers
 * the whole buckets inside the range; minutes cover the ragged edges, so a range that starts or ends inside
 * a bucket reads exactly what the minutes alone would give. The rows are disjoint spans in time order, so
 * folding them is first open, last close, extremes and sum — done here rather than in SQL, because at most
 * a few thousand rows come back (MAX_CANDLES × interval / width).
 */
export async function readCandles(
  db: Executor,
  mode: SourceMode,
  poolId: string,
  intervalMs: number,
  from: number,
  to: number,
): Promise<DexCandleRecord[]> {
  const width = DEX_ROLLUP_WIDTHS_MS.find((w) => intervalMs % w === 0);
  const inner =
    width === undefined ? null : { a: Math.ceil(from / width) * width, b: Math.floor(to / width) * width };
  const ms = (v: number) => sql`to_timestamp(${v}::float8 / 1000)`;
  const minutes = (lo: number, hi: number) => sql`
    select minute as t, open as o, high as h, low as l, close as c, volume as v
    from dex_candle_minutes
    where source_mode = ${modeParam(mode)} and pool_id = ${poolId} and minute >= ${ms(lo)} and minute < ${ms(hi)}`;
  const spans =
    width === undefined || inner === null || inner.a >= inner.b
      ? minutes(from, to)
      : sql`
        ${minutes(from, inner.a)}
        union all
        select bucket, open, high, low, close, volume
        from dex_candle_rollups
        where source_mode = ${modeParam(mode)} and pool_id = ${poolId} and width_ms = ${sql.raw(String(width))}
          and bucket >= ${ms(inner.a)} and bucket < ${ms(inner.b)}
        union all
        ${minutes(inner.b, to)}`;
  // One row holding every span as JSON text: a driver turning thousands of rows into objects cost more
  // than the query itself (bench dex-index), and one JSON.parse is the same on both drivers.
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_array(extract(epoch from s.t) * 1000, s.o, s.h, s.l, s.c, s.v)
      order by s.t), '[]')::text as j
    from (${spans}) s`);
  const [first] = (result as unknown as { rows: { j: string }[] }).rows;
  const rows = JSON.parse(first?.j ?? '[]') as [number, number, number, number, number, number][];
  const out: { d: number; o: number; h: number; l: number; c: number; v: number }[] = [];
  let current: (typeof out)[number] | undefined;
  for (const [t, o, h, l, c, v] of rows) {
    const d = Math.floor(t / intervalMs) * intervalMs;
    if (current === undefined || current.d !== d) {
      current = { d, o, h, l, c, v };
      out.push(current);
      continue;
    }
    if (h > current.h) current.h = h;
    if (l < current.l) current.l = l;
    current.c = c;
    current.v += v;
  }
  return out;
}

import type { ForexMinuteBar, MarketType, MinuteBar } from '@spreadscope/core';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Drizzle } from './database.ts';
import { InstrumentIds, type InstrumentKey, instrumentKey } from './instrument-ids.ts';
import { forexMinutes, instruments, priceMinutes } from './schema.ts';
import {
  type ModeOption,
  modeParam,
  type SourceMode,
  type SourceModeOptions,
  sameClockModes,
} from './source-modes.ts';
import { arrayParam, chunks, ROWS_PER_STATEMENT } from './sql-arrays.ts';
import {
  assertMinute,
  boundToTimestamptz,
  cols,
  floats,
  lastPerKey,
  msToTimestamptz,
  onConflict,
  timestamptzToMs,
  type WriteOptions,
} from './sql-time.ts';

export type { WriteOptions } from './sql-time.ts';

/**
 * A time range in epoch ms, compared with the bar's minute start: `from` inclusive, `to` exclusive.
 * ±Infinity are accepted as open bounds.
 */
export interface TimeRange {
  readonly from: number;
  readonly to: number;
}

export interface MinuteBarQuery extends TimeRange {
  readonly venue: string;
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
}

export interface ForexBarQuery extends TimeRange {
  readonly pair: string;
}

/** One market's 1-minute closes over a range, ascending (the minutes it has a bar for). */
export interface MarketCloses extends InstrumentKey {
  readonly minutes: number[];
  readonly closes: number[];
}

/**
 * Minute bars of one market source (see {@link SourceModeOptions}): writes are tagged with it and reads return
 * only its rows.
 */
export interface HistoryRepository {
  /** The source whose rows this repository writes and reads (right now, when it follows a source). */
  readonly mode: SourceMode;
  /** The same tables through another source's eyes (same connection, same instrument id cache). */
  forMode(mode: ModeOption): HistoryRepository;
  /**
   * Upserts closed minutes: a bar for an (instrument, minute) already stored replaces it, so re-sending a
   * batch is harmless. Within one call the last bar for a key wins. Returns the number of rows written.
   * Throws RangeError when a minute is not a whole multiple of 60,000 ms. With `keepExisting`, stored bars
   * stay and only missing ones are added.
   */
  writeMinuteBars(bars: readonly MinuteBar[], options?: WriteOptions): Promise<number>;
  /** Same contract as {@link writeMinuteBars}, keyed by (pair, minute). */
  writeForexBars(bars: readonly ForexMinuteBar[], options?: WriteOptions): Promise<number>;
  /**
   * How many bars the given markets hold with `from <= minute < to`, all together (a resumed back-fill skips
   * what is complete). Markets never stored count none.
   */
  countMinuteBars(keys: readonly InstrumentKey[], range: TimeRange): Promise<number>;
  /** Bars with `from <= minute < to`, ascending by minute; empty for an instrument never written. */
  readMinuteBars(query: MinuteBarQuery): Promise<MinuteBar[]>;
  /** Bars with `from <= minute < to`, ascending by minute. */
  readForexBars(query: ForexBarQuery): Promise<ForexMinuteBar[]>;
  /**
   * Every market's closes with `from <= minute < to`, a batch of markets at a time (each statement stays
   * short, so an embedded database's one connection is not held long); markets without a bar are left out.
   * Closes come at float4 precision (7 significant digits), which is what the in-memory rings keep.
   */
  readRecentCloses(range: TimeRange, marketsPerBatch?: number): AsyncGenerator<MarketCloses[]>;
  /** Whether a market was ever stored (it may have no bar in a given range). */
  hasInstrument(key: InstrumentKey): Promise<boolean>;
  /**
   * The oldest stored minute (epoch ms) of any market of these venues, or of the USD/KRW rate with
   * `'forex'`; null when none is stored. What the dataset explorer shows as "since".
   */
  earliestMinute(of: { readonly venues: readonly string[] } | 'forex'): Promise<number | null>;
  /**
   * Deletes every bar (both tables) with `minute < cutoffMs` (typically `now - HISTORY_RETENTION_MS`) of the
   * sources on this repository's clock (see {@link sameClockModes}); returns how many rows went. Instruments
   * stay, so cached ids remain valid.
   */
  pruneBefore(cutoffMs: number): Promise<number>;
}

export function createHistoryRepository(
  database: Pick<Database, 'db'>,
  options: SourceModeOptions = {},
): HistoryRepository {
  return historyRepository(database.db, new InstrumentIds(database.db), options.mode ?? 'live');
}

function historyRepository(db: Drizzle, instrumentIds: InstrumentIds, option: ModeOption): HistoryRepository {
  const modeNow = typeof option === 'function' ? option : () => option;

  return {
    get mode() {
      return modeNow();
    },

    forMode(mode) {
      return historyRepository(db, instrumentIds, mode);
    },

    async writeMinuteBars(bars, options) {
      const mode = modeNow();
      if (bars.length === 0) return 0;
      for (const bar of bars) assertMinute(bar.minute);
      await instrumentIds.ensure(bars);
      const rows = lastPerKey(bars, (bar) => `${instrumentKey(bar)}\u0000${bar.minute}`);
      for (const batch of chunks(rows, ROWS_PER_STATEMENT)) {
        const ids = batch.map((bar) => {
          const id = instrumentIds.cached(instrumentKey(bar));
          if (id === undefined) throw new Error(`instrument id missing after insert: ${instrumentKey(bar)}`);
          return id;
        });
        const t = priceMinutes;
        await db.execute(sql`
          insert into ${t} (${cols(t.instrumentId, t.sourceMode, t.minute, t.open, t.high, t.low, t.close, t.volume24h, t.volume)})
          select i, ${modeParam(mode)}, ${msToTimestamptz(sql`m`)}, o, h, l, c, v, tv
          from unnest(
            ${arrayParam(ids, 'int4')},
            ${arrayParam(
              batch.map((b) => b.minute),
              'float8',
            )},
            ${floats(batch, (b) => b.open)}, ${floats(batch, (b) => b.high)},
            ${floats(batch, (b) => b.low)}, ${floats(batch, (b) => b.close)},
            ${floats(batch, (b) => b.volume24h)}, ${floats(batch, (b) => b.volume ?? null)}
          ) as u(i, m, o, h, l, c, v, tv)
          on conflict (${cols(t.instrumentId, t.sourceMode, t.minute)})
            ${onConflict(options, t.open, t.high, t.low, t.close, t.volume24h, t.volume)}`);
      }
      return rows.length;
    },

    async writeForexBars(bars, options) {
      const mode = modeNow();
      if (bars.length === 0) return 0;
      for (const bar of bars) assertMinute(bar.minute);
      const rows = lastPerKey(bars, (bar) => `${bar.pair}\u0000${bar.minute}`);
      for (const batch of chunks(rows, ROWS_PER_STATEMENT)) {
        const t = forexMinutes;
        await db.execute(sql`
          insert into ${t} (${cols(t.pair, t.sourceMode, t.minute, t.open, t.high, t.low, t.close)})
          select p, ${modeParam(mode)}, ${msToTimestamptz(sql`m`)}, o, h, l, c
          from unnest(
            ${arrayParam(
              batch.map((b) => b.pair),
              'text',
            )},
            ${arrayParam(
              batch.map((b) => b.minute),
              'float8',
            )},
            ${floats(batch, (b) => b.open)}, ${floats(batch, (b) => b.high)},
            ${floats(batch, (b) => b.low)}, ${floats(batch, (b) => b.close)}
          ) as u(p, m, o, h, l, c)
          on conflict (${cols(t.pair, t.sourceMode, t.minute)})
            ${onConflict(options, t.open, t.high, t.low, t.close)}`);
      }
      return rows.length;
    },

    async readMinuteBars(query) {
      const mode = modeNow();
      const { venue, market, base, quote, from, to } = query;
      const id = await instrumentIds.find(query);
      if (id === undefined) return [];
      const t = priceMinutes;
      const rows = await db
        .select({
          minute: timestamptzToMs(t.minute),
          open: t.open,
          high: t.high,
          low: t.low,
          close: t.close,
          volume24h: t.volume24h,
        })
        .from(t)
        .where(
          and(
            eq(t.instrumentId, id),
            eq(t.sourceMode, mode),
            gte(t.minute, boundToTimestamptz(from, 'from')),
            lt(t.minute, boundToTimestamptz(to, 'to')),
          ),
        )
        .orderBy(asc(t.minute));
      return rows.map((row) => ({ venue, market, base, quote, ...row }));
    },

    async readForexBars({ pair, from, to }) {
      const mode = modeNow();
      const t = forexMinutes;
      const rows = await db
        .select({ minute: timestamptzToMs(t.minute), open: t.open, high: t.high, low: t.low, close: t.close })
        .from(t)
        .where(
          and(
            eq(t.pair, pair),
            eq(t.sourceMode, mode),
            gte(t.minute, boundToTimestamptz(from, 'from')),
            lt(t.minute, boundToTimestamptz(to, 'to')),
          ),
        )
        .orderBy(asc(t.minute));
      return rows.map((row) => ({ pair, ...row }));
    },

    async *readRecentCloses(range, marketsPerBatch = 60) {
      const mode = modeNow();
      const all = await db
        .select({
          id: instruments.id,
          venue: instruments.venue,
          market: instruments.market,
          base: instruments.base,
          quote: instruments.quote,
        })
        .from(instruments)
        .orderBy(asc(instruments.id));
      const byId = new Map(all.map((row) => [row.id, row]));
      // Minutes travel as whole-minute offsets and closes as float4: half the bytes to produce and parse,
      // which is most of the cost of this read (the rings hold float4 anyway).
      const base = Number.isFinite(range.from) ? range.from - (range.from % 60_000) : 0;
      const t = priceMinutes;
      for (const batch of chunks(all, Math.max(1, marketsPerBatch))) {
        const result = await db.execute(sql`
          select ${t.instrumentId} as id,
            array_agg(((extract(epoch from ${t.minute}) - ${base / 1000}::float8) / 60)::int4 order by ${t.minute}) as minutes,
            array_agg(${t.close}::real order by ${t.minute}) as closes
          from ${t}
          where ${t.instrumentId} = any(${arrayParam(
            batch.map((row) => row.id),
            'int4',
          )})
            and ${t.sourceMode} = ${modeParam(mode)}
            and ${t.minute} >= ${boundToTimestamptz(range.from, 'from')}
            and ${t.minute} < ${boundToTimestamptz(range.to, 'to')}
          group by ${t.instrumentId}`);
        const rows = (result as unknown as { rows: { id: number; minutes: unknown; closes: unknown }[] })
          .rows;
        const out: MarketCloses[] = [];
        for (const row of rows) {
          const key = byId.get(Number(row.id));
          if (!key) continue;
          out.push({
            venue: key.venue,
            market: key.market,
            base: key.base,
            quote: key.quote,
            minutes: numbers(row.minutes).map((offset) => base + offset * 60_000),
            closes: numbers(row.closes),
          });
        }
        if (out.length > 0) yield out;
      }
    },

    async countMinuteBars(keys, range) {
      const mode = modeNow();
      const ids: number[] = [];
      for (const key of keys) {
        const id = await instrumentIds.find(key);
        if (id !== undefined) ids.push(id);
      }
      if (ids.length === 0) return 0;
      const t = priceMinutes;
      const [row] = await db
        .select({ n: sql<number>`count(*)::float8`.mapWith(Number) })
        .from(t)
        .where(
          and(
            inArray(t.instrumentId, ids),
            eq(t.sourceMode, mode),
            gte(t.minute, boundToTimestamptz(range.from, 'from')),
            lt(t.minute, boundToTimestamptz(range.to, 'to')),
          ),
        );
      return row?.n ?? 0;
    },

    async hasInstrument(key) {
      return (await instrumentIds.find(key)) !== undefined;
    },

    async earliestMinute(of) {
      const mode = modeParam(modeNow());
      // Each market's first minute through the primary key (instrument, source, minute), then the least:
      // the minute column alone has only a BRIN index, which cannot answer min() without a scan.
      const query =
        of === 'forex'
          ? sql`select extract(epoch from min(minute)) * 1000 as m from forex_minutes
              where pair = 'USD/KRW' and source_mode = ${mode}`
          : sql`select extract(epoch from min(f.minute)) * 1000 as m from instruments i
              cross join lateral (select minute from price_minutes p
                where p.instrument_id = i.id and p.source_mode = ${mode} order by minute limit 1) f
              where i.venue = any(${arrayParam(of.venues, 'text')})`;
      const [row] = ((await db.execute(query)) as unknown as { rows: { m: unknown }[] }).rows;
      return row?.m === null || row?.m === undefined ? null : Number(row.m);
    },

    async pruneBefore(cutoffMs) {
      const cutoff = boundToTimestamptz(cutoffMs, 'cutoffMs');
      const modes = sameClockModes(modeNow());
      let deleted = 0;
      for (const t of [priceMinutes, forexMinutes]) {
        // Counting in SQL keeps the deleted rows on the server; `returning` would ship each one back.
        const gone = db.$with('gone').as(
          db
            .delete(t)
            .where(and(lt(t.minute, cutoff), inArray(t.sourceMode, modes)))
            .returning({ one: sql<number>`1`.as('one') }),
        );
        const [result] = await db
          .with(gone)
          .select({ n: sql<number>`count(*)::float8`.mapWith(Number) })
          .from(gone);
        deleted += result?.n ?? 0;
      }
      return deleted;
    },
  };
}

/** A float8[] as the drivers hand it back: an array already, or PostgreSQL's text form `{1,2,3}`. */
function numbers(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') {
    const inner = value.replace(/^\{|\}$/g, '');
    return inner === '' ? [] : inner.split(',').map(Number);
  }
  return [];
}

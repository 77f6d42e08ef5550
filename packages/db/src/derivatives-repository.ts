import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Drizzle } from './database.ts';
import { InstrumentIds, type InstrumentKey, instrumentKey } from './instrument-ids.ts';
import { instruments } from './schema.ts';
import {
  liquidationMinutes,
  liquidations,
  marginBorrowRates,
  openInterestMinutes,
} from './schema-derivatives.ts';
import {
  type ModeOption,
  modeParam,
  type SourceMode,
  type SourceModeOptions,
  sameClockModes,
} from './source-modes.ts';
import { arrayParam, BACKGROUND_ROWS_PER_STATEMENT, chunks } from './sql-arrays.ts';
import {
  assertMinute,
  cols,
  floats,
  lastPerKey,
  msToTimestamptz,
  timestamptzToMs,
  updateFromExcluded,
} from './sql-time.ts';

export interface BorrowRateRow {
  readonly venue: string;
  readonly asset: string;
  readonly marginType: 'cross' | 'isolated';
  /** Isolated pair, or '' for cross. */
  readonly pair: string;
  readonly vipLevel: string;
  readonly hourlyRate: number;
  readonly borrowLimit: number | null;
  readonly borrowable: boolean;
  readonly updatedAt: number;
}

export interface OpenInterestMinuteRow {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly minute: number;
  readonly openInterest: number;
  readonly openInterestUsd: number | null;
}

export interface LiquidationRow {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly at: number;
  readonly side: 'long' | 'short';
  readonly price: number;
  readonly size: number;
  readonly valueUsd: number | null;
}

export interface LiquidationMinuteRow {
  readonly minute: number;
  readonly longUsd: number;
  readonly shortUsd: number;
  readonly longCount: number;
  readonly shortCount: number;
}

interface Perp {
  readonly venue?: string | undefined;
  readonly base: string;
  readonly quote?: string | undefined;
}

/**
 * Margin borrow rates (latest per venue, asset, margin type and VIP level), open interest per perpetual and
 * minute, and forced liquidations (each one, and summed per minute), kept per market source like the other
 * history (source-modes.ts): a live deployment never reads the simulator's rows.
 */
export interface DerivativesRepository {
  forMode(mode: ModeOption): DerivativesRepository;
  upsertBorrowRates(rows: readonly BorrowRateRow[]): Promise<number>;
  readBorrowRates(query?: { asset?: string; venue?: string }): Promise<BorrowRateRow[]>;
  writeOpenInterest(rows: readonly OpenInterestMinuteRow[]): Promise<number>;
  /** `from <= minute < to`, ascending; without `venue` the venues' minutes are summed (USD where known). */
  readOpenInterest(
    query: Perp & { from: number; to: number },
  ): Promise<(OpenInterestMinuteRow & { venues: number })[]>;
  /** Each venue's own minutes (not summed), ascending by minute: callers carry a quiet venue forward. */
  readOpenInterestByVenue(query: Perp & { from: number; to: number }): Promise<OpenInterestMinuteRow[]>;
  /** Stores each liquidation and adds it to its minute's totals. */
  writeLiquidations(rows: readonly LiquidationRow[]): Promise<number>;
  /** Minute totals over the matching perpetuals, `from <= minute < to`, ascending. */
  readLiquidationMinutes(query: Perp & { from: number; to: number }): Promise<LiquidationMinuteRow[]>;
  /** The newest liquidations first. */
  readRecentLiquidations(query: {
    venue?: string | undefined;
    base?: string | undefined;
    minUsd?: number | undefined;
    limit: number;
  }): Promise<LiquidationRow[]>;
  /** Deletes open interest, liquidations and their minutes before `cutoffMs` (sources on this clock). */
  pruneBefore(cutoffMs: number): Promise<number>;
}

export function createDerivativesRepository(
  database: Pick<Database, 'db'>,
  options: SourceModeOptions = {},
): DerivativesRepository {
  return repository(database.db, new InstrumentIds(database.db), options.mode ?? 'live');
}

const perpKey = (r: { venue: string; base: string; quote: string }): InstrumentKey => ({
  venue: r.venue,
  market: 'perp',
  base: r.base,
  quote: r.quote,
});

function perpFilter(query: Perp): SQL {
  const parts: SQL[] = [eq(instruments.market, 'perp'), eq(instruments.base, query.base)];
  if (query.venue !== undefined) parts.push(eq(instruments.venue, query.venue));
  if (query.quote !== undefined) parts.push(eq(instruments.quote, query.quote));
  return and(...parts) as SQL;
}

function repository(db: Drizzle, ids: InstrumentIds, option: ModeOption): DerivativesRepository {
  const modeNow = (): SourceMode => (typeof option === 'function' ? option() : option);
  const idsOf = async (keys: readonly InstrumentKey[]): Promise<number[]> => {
    await ids.ensure(keys);
    return keys.map((k) => {
      const id = ids.cached(instrumentKey(k));
      if (id === undefined) throw new Error(`instrument id missing after insert: ${instrumentKey(k)}`);
      return id;
    });
  };
  const mode = () => sql`${modeParam(modeNow())}`;

  return {
    forMode: (next) => repository(db, ids, next),

    async upsertBorrowRates(rows) {
      if (rows.length === 0) return 0;
      const sourceMode = modeNow();
      const unique = lastPerKey(rows, (r) =>
        [r.venue, r.asset, r.marginType, r.pair, r.vipLevel].join('\u0000'),
      );
      for (const batch of chunks(unique, 1_000)) {
        await db
          .insert(marginBorrowRates)
          .values(
            batch.map((r) => ({
              venue: r.venue,
              asset: r.asset,
              marginType: r.marginType,
              pair: r.pair,
              vipLevel: r.vipLevel,
              sourceMode,
              hourlyRate: r.hourlyRate,
              dailyRate: r.hourlyRate * 24,
              annualRate: r.hourlyRate * 8_760,
              borrowLimit: r.borrowLimit,
              borrowable: r.borrowable,
              updatedAt: new Date(r.updatedAt),
            })),
          )
          .onConflictDoUpdate({
            target: [
              marginBorrowRates.sourceMode,
              marginBorrowRates.asset,
              marginBorrowRates.venue,
              marginBorrowRates.marginType,
              marginBorrowRates.pair,
              marginBorrowRates.vipLevel,
            ],
            set: {
              hourlyRate: sql`excluded.hourly_rate`,
              dailyRate: sql`excluded.daily_rate`,
              annualRate: sql`excluded.annual_rate`,
              borrowLimit: sql`excluded.borrow_limit`,
              borrowable: sql`excluded.borrowable`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
      return unique.length;
    },

    async readBorrowRates(query = {}) {
      const t = marginBorrowRates;
      const where: SQL[] = [sql`${t.sourceMode} = ${mode()}`];
      if (query.asset !== undefined) where.push(eq(t.asset, query.asset));
      if (query.venue !== undefined) where.push(eq(t.venue, query.venue));
      const rows = await db
        .select({
          venue: t.venue,
          asset: t.asset,
          marginType: t.marginType,
          pair: t.pair,
          vipLevel: t.vipLevel,
          hourlyRate: t.hourlyRate,
          borrowLimit: t.borrowLimit,
          borrowable: t.borrowable,
          updatedAt: timestamptzToMs(t.updatedAt),
        })
        .from(t)
        .where(and(...where))
        .orderBy(asc(t.asset), asc(t.venue), asc(t.marginType), asc(t.pair));
      return rows;
    },

    async writeOpenInterest(rows) {
      if (rows.length === 0) return 0;
      const sourceMode = modeNow();
      for (const row of rows) assertMinute(row.minute);
      const unique = lastPerKey(rows, (r) => `${instrumentKey(perpKey(r))}\u0000${r.minute}`);
      // One array per column, unnested by the database: drizzle building a 2,000-row VALUES list cost more than
      // the insert itself, and a fresh start writes a simulated day of these on the loop callers need.
      for (const batch of chunks(unique, BACKGROUND_ROWS_PER_STATEMENT)) {
        const ids = await idsOf(batch.map(perpKey));
        const t = openInterestMinutes;
        await db.execute(sql`
          insert into ${t} (${cols(t.instrumentId, t.sourceMode, t.minute, t.openInterest, t.openInterestUsd)})
          select i, ${modeParam(sourceMode)}, ${msToTimestamptz(sql`m`)}, o, u
          from unnest(
            ${arrayParam(ids, 'int4')}, ${floats(batch, (r) => r.minute)},
            ${floats(batch, (r) => r.openInterest)}, ${floats(batch, (r) => r.openInterestUsd ?? null)}
          ) as x(i, m, o, u)
          on conflict (${cols(t.instrumentId, t.sourceMode, t.minute)})
            do update set ${updateFromExcluded(t.openInterest, t.openInterestUsd)}`);
      }
      return unique.length;
    },

    async readOpenInterest(query) {
      const t = openInterestMinutes;
      const rows = await db
        .select({
          minute: timestamptzToMs(t.minute),
          openInterest: sql<number>`sum(${t.openInterest})`.mapWith(Number),
          openInterestUsd: sql<number | null>`sum(${t.openInterestUsd})`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
          venues: sql<number>`count(*)`.mapWith(Number),
        })
        .from(t)
        .innerJoin(instruments, eq(instruments.id, t.instrumentId))
        .where(
          and(
            sql`${t.sourceMode} = ${mode()}`,
            perpFilter(query),
            gte(t.minute, new Date(query.from)),
            lt(t.minute, new Date(query.to)),
          ),
        )
        .groupBy(t.minute)
        .orderBy(asc(t.minute));
      return rows.map((r) => ({
        venue: query.venue ?? '',
        base: query.base,
        quote: query.quote ?? '',
        ...r,
      }));
    },

    async readOpenInterestByVenue(query) {
      const t = openInterestMinutes;
      return db
        .select({
          venue: instruments.venue,
          base: instruments.base,
          quote: instruments.quote,
          minute: timestamptzToMs(t.minute),
          openInterest: t.openInterest,
          openInterestUsd: t.openInterestUsd,
        })
        .from(t)
        .innerJoin(instruments, eq(instruments.id, t.instrumentId))
        .where(
          and(
            sql`${t.sourceMode} = ${mode()}`,
            perpFilter(query),
            gte(t.minute, new Date(query.from)),
            lt(t.minute, new Date(query.to)),
          ),
        )
        .orderBy(asc(t.minute));
    },

    async writeLiquidations(rows) {
      if (rows.length === 0) return 0;
      const sourceMode = modeNow();
      const instrumentIds = await idsOf(rows.map(perpKey));
      const withIds = rows.map((r, i) => ({ r, id: instrumentIds[i] as number }));
      for (const batch of chunks(withIds, BACKGROUND_ROWS_PER_STATEMENT)) {
        const t = liquidations;
        await db.execute(sql`
          insert into ${t} (${cols(t.instrumentId, t.sourceMode, t.at, t.price, t.size, t.valueUsd, t.side)})
          select i, ${modeParam(sourceMode)}, ${msToTimestamptz(sql`a`)}, p, s, v, d
          from unnest(
            ${arrayParam(
              batch.map((b) => b.id),
              'int4',
            )}, ${floats(batch, (b) => b.r.at)},
            ${floats(batch, (b) => b.r.price)}, ${floats(batch, (b) => b.r.size)},
            ${floats(batch, (b) => b.r.valueUsd ?? null)}, ${arrayParam(
              batch.map((b) => b.r.side),
              'text',
            )}
          ) as x(i, a, p, s, v, d)`);
      }
      // Minute totals: summed here so one statement adds a whole batch to what the minute already holds.
      const totals = new Map<
        string,
        {
          id: number;
          minute: number;
          longUsd: number;
          shortUsd: number;
          longCount: number;
          shortCount: number;
        }
      >();
      rows.forEach((r, i) => {
        const id = instrumentIds[i] as number;
        const minute = Math.floor(r.at / 60_000) * 60_000;
        const key = `${id}|${minute}`;
        const total = totals.get(key) ?? { id, minute, longUsd: 0, shortUsd: 0, longCount: 0, shortCount: 0 };
        const usd = r.valueUsd ?? 0;
        if (r.side === 'long') {
          total.longUsd += usd;
          total.longCount++;
        } else {
          total.shortUsd += usd;
          total.shortCount++;
        }
        totals.set(key, total);
      });
      for (const batch of chunks([...totals.values()], BACKGROUND_ROWS_PER_STATEMENT)) {
        const t = liquidationMinutes;
        await db.execute(sql`
          insert into ${t} (${cols(t.instrumentId, t.sourceMode, t.minute, t.longUsd, t.shortUsd, t.longCount, t.shortCount)})
          select i, ${modeParam(sourceMode)}, ${msToTimestamptz(sql`m`)}, lu, su, lc::int4, sc::int4
          from unnest(
            ${arrayParam(
              batch.map((x) => x.id),
              'int4',
            )}, ${floats(batch, (x) => x.minute)},
            ${floats(batch, (x) => x.longUsd)}, ${floats(batch, (x) => x.shortUsd)},
            ${floats(batch, (x) => x.longCount)}, ${floats(batch, (x) => x.shortCount)}
          ) as x(i, m, lu, su, lc, sc)
          on conflict (${cols(t.instrumentId, t.sourceMode, t.minute)}) do update set
            long_usd = ${t.longUsd} + excluded.long_usd, short_usd = ${t.shortUsd} + excluded.short_usd,
            long_count = ${t.longCount} + excluded.long_count, short_count = ${t.shortCount} + excluded.short_count`);
      }
      return rows.length;
    },

    async readLiquidationMinutes(query) {
      const t = liquidationMinutes;
      return db
        .select({
          minute: timestamptzToMs(t.minute),
          longUsd: sql<number>`sum(${t.longUsd})`.mapWith(Number),
          shortUsd: sql<number>`sum(${t.shortUsd})`.mapWith(Number),
          longCount: sql<number>`sum(${t.longCount})`.mapWith(Number),
          shortCount: sql<number>`sum(${t.shortCount})`.mapWith(Number),
        })
        .from(t)
        .innerJoin(instruments, eq(instruments.id, t.instrumentId))
        .where(
          and(
            sql`${t.sourceMode} = ${mode()}`,
            perpFilter(query),
            gte(t.minute, new Date(query.from)),
            lt(t.minute, new Date(query.to)),
          ),
        )
        .groupBy(t.minute)
        .orderBy(asc(t.minute));
    },

    async readRecentLiquidations(query) {
      const t = liquidations;
      const where: SQL[] = [sql`${t.sourceMode} = ${mode()}`];
      if (query.venue !== undefined) where.push(eq(instruments.venue, query.venue));
      if (query.base !== undefined) where.push(eq(instruments.base, query.base));
      if (query.minUsd !== undefined) where.push(gte(t.valueUsd, query.minUsd));
      return db
        .select({
          venue: instruments.venue,
          base: instruments.base,
          quote: instruments.quote,
          at: timestamptzToMs(t.at),
          side: t.side,
          price: t.price,
          size: t.size,
          valueUsd: t.valueUsd,
        })
        .from(t)
        .innerJoin(instruments, eq(instruments.id, t.instrumentId))
        .where(and(...where))
        .orderBy(desc(t.at), desc(t.id))
        .limit(query.limit);
    },

    async pruneBefore(cutoffMs) {
      const modes = sameClockModes(modeNow());
      const cutoff = new Date(cutoffMs);
      let deleted = 0;
      for (const [table, column] of [
        [openInterestMinutes, openInterestMinutes.minute],
        [liquidationMinutes, liquidationMinutes.minute],
        [liquidations, liquidations.at],
      ] as const) {
        const result = await db
          .delete(table)
          .where(and(inArray(table.sourceMode, modes), lt(column, cutoff)))
          .returning({ one: sql`1` });
        deleted += result.length;
      }
      return deleted;
    },
  };
}

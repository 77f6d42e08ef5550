import type { MarketType } from '@spreadscope/core';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Drizzle } from './database.ts';
import { InstrumentIds, type InstrumentKey, instrumentKey } from './instrument-ids.ts';
import { forexMinutes, instruments, priceMinutes } from './schema.ts';
import { fundingMinutes, fundingSettlements, gapMinutes, premiumIndexMinutes } from './schema-market.ts';
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

export interface FundingMinuteRow {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly minute: number;
  readonly rate: number;
  readonly intervalHours: number;
  readonly nextFundingTime: number | null;
  readonly markPrice: number | null;
}

export interface FundingSettlementRow {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly fundingTime: number;
  readonly rate: number;
  readonly intervalHours: number;
  readonly markPrice: number | null;
}

/** Annualized funding of one perpetual summed over one hour's persisted minutes (the 24 h heatmap). */
export interface FundingHeatRow {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  /** Epoch hours (ms / 3,600,000, floored). */
  readonly hour: number;
  /** Sum of rate × 8760 / interval hours × 100 over the hour's minutes, and how many minutes. */
  readonly annualizedSum: number;
  readonly minutes: number;
}

export interface PremiumIndexRow {
  readonly minute: number;
  readonly conversionBase: 'USD' | 'USDT';
  readonly value: number;
  readonly btcPremium: number | null;
  readonly btcPriceKrw: number | null;
  readonly btcPriceUsd: number | null;
  readonly constituents: number;
}

export interface CandleRow {
  readonly t: number;
  readonly o: number;
  readonly h: number;
  readonly l: number;
  readonly c: number;
  /**
   * Volume of the bucket in units of the base token, where the rollups can tell it: the sum of the minutes'
   * traded volume where the source reports its trades (the simulator); else 1-day buckets that are
   * complete, from the venue's rolling 24 h volume at the day's last minute (a quote-currency amount,
   * divided by the day's mean minute close). Null otherwise: venues publish a rolling 24 h volume only, and
   * a shorter bucket's volume cannot be recovered from it (a change in it is what traded minus what left
   * the window a day earlier).
   */
  readonly v: number | null;
}

/** One closed minute of a market pair's last-price ratio first / second (native quotes). */
export interface GapMinuteRow {
  readonly first: MarketKey;
  readonly second: MarketKey;
  readonly minute: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

interface Range {
  readonly from: number;
  readonly to: number;
}

interface Bucketed extends Range {
  /** Bucket width in ms; buckets start on multiples of it since the epoch. */
  readonly stepMs: number;
}

export interface MarketKey {
  readonly venue: string;
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
}

/** Prices converted into the other currency by the rate as of each minute: × rate (+1) or ÷ rate (−1). */
export interface CandleConversion {
  readonly exponent: -1 | 1;
  /** USD: forex USD/KRW minutes; USDT: the minutes of Upbit's USDT/KRW market. */
  readonly conversionBase: 'USD' | 'USDT';
}

export interface GapCandleQuery extends Bucketed {
  readonly source: MarketKey;
  readonly target: MarketKey;
  /**
   * How the conversion rate enters (source / target) × rate^exponent: −1 for KRW over dollars, +1 for
   * dollars over KRW, 0 when both legs share a currency.
   */
  readonly exponent: -1 | 0 | 1;
  /** USD: forex USD/KRW minutes; USDT: the minutes of Upbit's USDT/KRW market. */
  readonly conversionBase: 'USD' | 'USDT';
}

/**
 * Funding, gap and index history of one market source (see {@link SourceModeOptions}): writes are tagged with
 * it and reads — candles and conversion rates included — see only its rows.
 */
export interface MarketHistoryRepository {
  /** The source whose rows this repository writes and reads (right now, when it follows a source). */
  readonly mode: SourceMode;
  /** The same tables through another source's eyes (same connection, same instrument id cache). */
  forMode(mode: ModeOption): MarketHistoryRepository;
  /** Every write upserts; with `keepExisting` stored rows stay and only missing ones are added. */
  writeFundingMinutes(rows: readonly FundingMinuteRow[], options?: WriteOptions): Promise<number>;
  /** Minute open/high/low/close of market pairs' ratios (the premium candles' wicks); upserts. */
  writeGapMinutes(rows: readonly GapMinuteRow[], options?: WriteOptions): Promise<number>;
  writeFundingSettlements(rows: readonly FundingSettlementRow[], options?: WriteOptions): Promise<number>;
  writePremiumIndex(rows: readonly PremiumIndexRow[], options?: WriteOptions): Promise<number>;
  /**
   * Every perpetual's funding minutes with `from <= minute < to`, summed per hour as annualized percent: what
   * the engine's 24 h heatmap needs to come back after a restart. One row per perpetual and hour.
   */
  readFundingHeat(range: Range): Promise<FundingHeatRow[]>;
  /** Settlements of one perpetual with `from <= fundingTime < to`, ascending. */
  readFundingSettlements(query: Omit<MarketKey, 'market'> & Range): Promise<FundingSettlementRow[]>;
  /** The index per bucket (its last minute), ascending. */
  readPremiumIndex(query: { conversionBase: 'USD' | 'USDT' } & Bucketed): Promise<PremiumIndexRow[]>;
  /**
   * OHLC of one market's 1-minute bars per bucket, ascending; empty for a market never written. With
   * `convert`, every bar is converted by the rate as of its own minute (the rate's last close at or before it,
   * looked for up to a week back) before the bucket is formed, so a chart in the user's currency moves with
   * the rate of the day, not today's; minutes before any known rate are left out.
   */
  readCandles(query: MarketKey & Bucketed & { readonly convert?: CandleConversion }): Promise<CandleRow[]>;
  /**
   * OHLC of the premium (source / target × rate^exponent − 1) × 100, per bucket, over every minute in which
   * either leg closed. Each leg is taken as of that minute — its last close at or before it, carried at most
   * {@link GAP_CARRY_MS} — so a minute in which one side had no bar still counts; the rate likewise (up to a
   * week back). Minutes before both legs and the rate have a value are left out. Where the pair's own minute
   * bar was kept (gap_minutes, either way round), that minute contributes its open, high, low and close, so
   * 1-minute candles have their wicks; elsewhere a minute is its close.
   */
  readGapCandles(query: GapCandleQuery): Promise<CandleRow[]>;
  /**
   * Deletes funding minutes and index minutes before `cutoffMs`, settlements before `settlementCutoffMs`,
   * gap minutes before `gapCutoffMs` (default `cutoffMs`), of the sources on this repository's clock (see
   * {@link sameClockModes}).
   */
  pruneBefore(cutoffMs: number, settlementCutoffMs: number, gapCutoffMs?: number): Promise<number>;
}

/** How long a premium candle carries a leg's last close forward when the leg has no bar of its own. */
export const GAP_CARRY_MS = 6 * 3_600_000;
/** How far back a conversion rate is looked for (forex sources go quiet over weekends). */
const RATE_LOOKBACK_MS = 7 * 86_400_000;

export function createMarketHistoryRepository(
  database: Pick<Database, 'db'>,
  options: SourceModeOptions = {},
): MarketHistoryRepository {
  return marketHistoryRepository(database.db, new InstrumentIds(database.db), options.mode ?? 'live');
}

function marketHistoryRepository(
  db: Drizzle,
  instrumentIds: InstrumentIds,
  option: ModeOption,
): MarketHistoryRepository {
  const modeNow = typeof option === 'function' ? option : () => option;
  const perp = (r: { venue: string; base: string; quote: string }): InstrumentKey => ({
    venue: r.venue,
    market: 'perp',
    base: r.base,
    quote: r.quote,
  });
  const idsOf = async (keys: readonly InstrumentKey[]) => {
    await instrumentIds.ensure(keys);
    return keys.map((k) => {
      const id = instrumentIds.cached(instrumentKey(k));
      if (id === undefined) throw new Error(`instrument id missing after insert: ${instrumentKey(k)}`);
      return id;
    });
  };
  /**
   * The conversion rate's minute closes as `(minute, rate)` rows from a week before `from` to `to`, or null when
   * the USDT base is asked for and Upbit's USDT/KRW market was never stored.
   */
  const rateRows = async (
    mode: SourceMode,
    base: 'USD' | 'USDT',
    fromMs: number,
    toMs: number,
  ): Promise<SQL | null> => {
    const lower = boundToTimestamptz(fromMs - RATE_LOOKBACK_MS, 'from');
    const upper = boundToTimestamptz(toMs, 'to');
    if (base === 'USD') {
      const f = forexMinutes;
      return sql`select ${f.minute} as minute, ${f.close} as rate from ${f}
        where ${f.pair} = 'USD/KRW' and ${f.sourceMode} = ${modeParam(mode)}
          and ${f.minute} >= ${lower} and ${f.minute} < ${upper}`;
    }
    const usdt = await instrumentIds.find({ venue: 'upbit', market: 'spot', base: 'USDT', quote: 'KRW' });
    if (usdt === undefined) return null;
    const p = priceMinutes;
    return sql`select ${p.minute} as minute, ${p.close} as rate from ${p}
      where ${p.instrumentId} = ${usdt} and ${p.sourceMode} = ${modeParam(mode)}
        and ${p.minute} >= ${lower} and ${p.minute} < ${upper}`;
  };
  const bucket = (column: SQL, stepMs: number) =>
    sql`(extract(epoch from date_bin(${sql.param(stepMs / 1000)}::float8 * interval '1 second', ${column}, to_timestamp(0))) * 1000)::float8`;

  return {
    get mode() {
      return modeNow();
    },

    forMode(mode) {
      return marketHistoryRepository(db, instrumentIds, mode);
    },

    async writeFundingMinutes(rows, options) {
      const mode = modeNow();
      if (rows.length === 0) return 0;
      for (const row of rows) assertMinute(row.minute);
      const unique = lastPerKey(rows, (r) => `${instrumentKey(perp(r))}\u0000${r.minute}`);
      for (const batch of chunks(unique, ROWS_PER_STATEMENT)) {
        const ids = await idsOf(batch.map(perp));
        const t = fundingMinutes;
        await db.execute(sql`
          insert into ${t} (${cols(t.instrumentId, t.sourceMode, t.minute, t.rate, t.intervalHours, t.nextFundingTime, t.markPrice)})
          select i, ${modeParam(mode)}, ${msToTimestamptz(sql`m`)}, r, h, ${msToTimestamptz(sql`n`)}, p
          from unnest(
            ${arrayParam(ids, 'int4')},
            ${floats(batch, (b) => b.minute)}, ${floats(batch, (b) => b.rate)},
            ${floats(batch, (b) => b.intervalHours)}, ${floats(batch, (b) => b.nextFundingTime)},
            ${floats(batch, (b) => b.markPrice)}
          ) as u(i, m, r, h, n, p)
          on conflict (${cols(t.instrumentId, t.sourceMode, t.minute)})
            ${onConflict(options, t.rate, t.intervalHours, t.nextFundingTime, t.markPrice)}`);
      }
      return unique.length;
    },

    async writeGapMinutes(rows, options) {
      const mode = modeNow();
      if (rows.length === 0) return 0;
      for (const row of rows) assertMinute(row.minute);
      const unique = lastPerKey(
        rows,
        (r) => `${instrumentKey(r.first)}\u0000${instrumentKey(r.second)}\u0000${r.minute}`,
      );
      for (const batch of chunks(unique, ROWS_PER_STATEMENT)) {
        const firsts = await idsOf(batch.map((r) => r.first));
        const seconds = await idsOf(batch.map((r) => r.second));
        const t = gapMinutes;
        await db.execute(sql`
          insert into ${t} (${cols(t.firstId, t.secondId, t.sourceMode, t.minute, t.open, t.high, t.low, t.close)})
          select a, b, ${modeParam(mode)}, ${msToTimestamptz(sql`m`)}, o, h, l, c
          from unnest(
            ${arrayParam(firsts, 'int4')}, ${arrayParam(seconds, 'int4')},
            ${floats(batch, (r) => r.minute)}, ${floats(batch, (r) => r.open)}, ${floats(batch, (r) => r.high)},
            ${floats(batch, (r) => r.low)}, ${floats(batch, (r) => r.close)}
          ) as u(a, b, m, o, h, l, c)
          on conflict (${cols(t.firstId, t.secondId, t.sourceMode, t.minute)})
            ${onConflict(options, t.open, t.high, t.low, t.close)}`);
      }
      return unique.length;
    },

    async writeFundingSettlements(rows, options) {
      const mode = modeNow();
      if (rows.length === 0) return 0;
      const unique = lastPerKey(rows, (r) => `${instrumentKey(perp(r))}\u0000${r.fundingTime}`);
      for (const batch of chunks(unique, ROWS_PER_STATEMENT)) {
        const ids = await idsOf(batch.map(perp));
        const t = fundingSettlements;
        await db.execute(sql`
          insert into ${t} (${cols(t.instrumentId, t.sourceMode, t.fundingTime, t.rate, t.intervalHours, t.markPrice)})
          select i, ${modeParam(mode)}, ${msToTimestamptz(sql`f`)}, r, h, p
          from unnest(
            ${arrayParam(ids, 'int4')},
            ${floats(batch, (b) => b.fundingTime)}, ${floats(batch, (b) => b.rate)},
            ${floats(batch, (b) => b.intervalHours)}, ${floats(batch, (b) => b.markPrice)}
          ) as u(i, f, r, h, p)
          on conflict (${cols(t.instrumentId, t.sourceMode, t.fundingTime)})
            ${onConflict(options, t.rate, t.intervalHours, t.markPrice)}`);
      }
      return unique.length;
    },

    async writePremiumIndex(rows, options) {
      const mode = modeNow();
      if (rows.length === 0) return 0;
      for (const row of rows) assertMinute(row.minute);
      const unique = lastPerKey(rows, (r) => `${r.conversionBase}\u0000${r.minute}`);
      for (const batch of chunks(unique, ROWS_PER_STATEMENT)) {
        const t = premiumIndexMinutes;
        await db.execute(sql`
          insert into ${t} (${cols(t.conversionBase, t.sourceMode, t.minute, t.value, t.btcPremium, t.btcPriceKrw, t.btcPriceUsd, t.constituents)})
          select b, ${modeParam(mode)}, ${msToTimestamptz(sql`m`)}, v, p, k, u, n::smallint
          from unnest(
            ${arrayParam(
              batch.map((r) => r.conversionBase),
              'text',
            )},
            ${floats(batch, (r) => r.minute)}, ${floats(batch, (r) => r.value)},
            ${floats(batch, (r) => r.btcPremium)}, ${floats(batch, (r) => r.btcPriceKrw)},
            ${floats(batch, (r) => r.btcPriceUsd)}, ${arrayParam(
              batch.map((r) => r.constituents),
              'int4',
            )}
          ) as x(b, m, v, p, k, u, n)
          on conflict (${cols(t.conversionBase, t.sourceMode, t.minute)})
            ${onConflict(options, t.value, t.btcPremium, t.btcPriceKrw, t.btcPriceUsd, t.constituents)}`);
      }
      return unique.length;
    },

    async readFundingHeat({ from, to }) {
      const mode = modeNow();
      const f = fundingMinutes;
      const i = instruments;
      const result = await db.execute(sql`
        select ${i.venue} as venue, ${i.base} as base, ${i.quote} as quote,
          floor(extract(epoch from ${f.minute}) / 3600)::float8 as hour,
          sum(${f.rate} * 8760 / ${f.intervalHours} * 100)::float8 as annualized_sum,
          count(*)::int as minutes
        from ${f} join ${i} on ${i.id} = ${f.instrumentId}
        where ${f.sourceMode} = ${modeParam(mode)}
          and ${f.minute} >= ${boundToTimestamptz(from, 'from')} and ${f.minute} < ${boundToTimestamptz(to, 'to')}
          and ${f.intervalHours} > 0
        group by 1, 2, 3, 4
        order by 1, 2, 3, 4`);
      return rowsOf<HeatSqlRow>(result).map((r) => ({
        venue: String(r.venue),
        base: String(r.base),
        quote: String(r.quote),
        hour: Number(r.hour),
        annualizedSum: Number(r.annualized_sum),
        minutes: Number(r.minutes),
      }));
    },

    async readFundingSettlements({ venue, base, quote, from, to }) {
      const mode = modeNow();
      const id = await instrumentIds.find({ venue, market: 'perp', base, quote });
      if (id === undefined) return [];
      const t = fundingSettlements;
      const rows = await db
        .select({
          fundingTime: timestamptzToMs(t.fundingTime),
          rate: t.rate,
          intervalHours: t.intervalHours,
          markPrice: t.markPrice,
        })
        .from(t)
        .where(
          and(
            eq(t.instrumentId, id),
            eq(t.sourceMode, mode),
            gte(t.fundingTime, boundToTimestamptz(from, 'from')),
            lt(t.fundingTime, boundToTimestamptz(to, 'to')),
          ),
        )
        .orderBy(asc(t.fundingTime));
      return rows.map((r) => ({ venue, base, quote, ...r }));
    },

    async readPremiumIndex({ conversionBase, from, to, stepMs }) {
      const mode = modeNow();
      const t = premiumIndexMinutes;
      const result = await db.execute(sql`
        select ${bucket(sql`${t.minute}`, stepMs)} as minute,
          (array_agg(${t.value} order by ${t.minute} desc))[1] as value,
          (array_agg(${t.btcPremium} order by ${t.minute} desc))[1] as btc_premium,
          (array_agg(${t.btcPriceKrw} order by ${t.minute} desc))[1] as btc_price_krw,
          (array_agg(${t.btcPriceUsd} order by ${t.minute} desc))[1] as btc_price_usd,
          (array_agg(${t.constituents} order by ${t.minute} desc))[1]::int as constituents
        from ${t}
        where ${t.conversionBase} = ${conversionBase} and ${t.sourceMode} = ${modeParam(mode)}
          and ${t.minute} >= ${boundToTimestamptz(from, 'from')} and ${t.minute} < ${boundToTimestamptz(to, 'to')}
        group by 1 order by 1`);
      return rowsOf<IndexSqlRow>(result).map((r) => ({
        minute: Number(r.minute),
        conversionBase,
        value: Number(r.value),
        btcPremium: nullableNumber(r.btc_premium),
        btcPriceKrw: nullableNumber(r.btc_price_krw),
        btcPriceUsd: nullableNumber(r.btc_price_usd),
        constituents: Number(r.constituents),
      }));
    },

    async readCandles(query) {
      const mode = modeNow();
      const id = await instrumentIds.find(query);
      if (id === undefined) return [];
      const t = priceMinutes;
      const from = boundToTimestamptz(query.from, 'from');
      const to = boundToTimestamptz(query.to, 'to');
      const volume = volumeOf(query.stepMs);
      if (!query.convert) {
        const result = await db.execute(sql`
          select ${bucket(sql`${t.minute}`, query.stepMs)} as t,
            (array_agg(${t.open} order by ${t.minute}))[1] as o, max(${t.high}) as h, min(${t.low}) as l,
            (array_agg(${t.close} order by ${t.minute} desc))[1] as c,
            (array_agg(${t.volume24h} order by ${t.minute} desc))[1] as v24,
            sum(${t.volume}) as traded, count(${t.volume}) as traded_minutes, count(*) as minutes,
            (extract(epoch from max(${t.minute})) * 1000)::float8 as last_minute,
            avg(${t.close}) as mean_close
          from ${t}
          where ${t.instrumentId} = ${id} and ${t.sourceMode} = ${modeParam(mode)}
            and ${t.minute} >= ${from} and ${t.minute} < ${to}
          group by 1 order by 1`);
        return rowsOf<CandleSqlRow>(result).map(volume);
      }
      const rates = await rateRows(mode, query.convert.conversionBase, query.from, query.to);
      if (!rates) return [];
      // One timeline of bars and rates; each bar takes the last rate at or before its minute (count() over the
      // timeline numbers the stretches that share a rate, first_value() reads it).
      const result = await db.execute(sql`
        with p as (
          select ${t.minute} as minute, ${t.open} as open, ${t.high} as high, ${t.low} as low, ${t.close} as close,
            ${t.volume24h} as v24, ${t.volume} as tv
          from ${t}
          where ${t.instrumentId} = ${id} and ${t.sourceMode} = ${modeParam(mode)}
            and ${t.minute} >= ${from} and ${t.minute} < ${to}
        ),
        timeline as (
          select minute, p.open, p.high, p.low, p.close, p.v24, p.tv, r.rate, p.minute is not null as bar
          from p full join (${rates}) r using (minute)
        ),
        grouped as (select *, count(rate) over (order by minute) as rg from timeline),
        filled as (
          select minute, bar, open, high, low, close, v24, tv,
            power(first_value(rate) over (partition by rg order by minute), ${query.convert.exponent}::float8) as k
          from grouped
        )
        select ${bucket(sql`minute`, query.stepMs)} as t,
          (array_agg(open * k order by minute))[1] as o, max(high * k) as h, min(low * k) as l,
          (array_agg(close * k order by minute desc))[1] as c,
          (array_agg(v24 order by minute desc))[1] as v24,
          sum(tv) as traded, count(tv) as traded_minutes, count(*) as minutes,
          (extract(epoch from max(minute)) * 1000)::float8 as last_minute,
          avg(close) as mean_close
        from filled
        where bar and k is not null
        group by 1 order by 1`);
      return rowsOf<CandleSqlRow>(result).map(volume);
    },

    async readGapCandles(query) {
      const mode = modeNow();
      const [source, target] = await Promise.all([
        instrumentIds.find(query.source),
        instrumentIds.find(query.target),
      ]);
      if (source === undefined || target === undefined) return [];
      let rates: SQL = sql`select null::timestamptz as minute, null::float8 as rate where false`;
      if (query.exponent !== 0) {
        const found = await rateRows(mode, query.conversionBase, query.from, query.to);
        if (!found) return [];
        rates = found;
      }
      const p = priceMinutes;
      const gm = gapMinutes;
      const from = boundToTimestamptz(query.from, 'from');
      const to = boundToTimestamptz(query.to, 'to');
      // Legs are read from GAP_CARRY_MS before the window, so its first minutes can carry an earlier close.
      const lead = boundToTimestamptz(query.from - GAP_CARRY_MS, 'from');
      const carry = sql`${GAP_CARRY_MS / 1000}::float8 * interval '1 second'`;
      const result = await db.execute(sql`
        with legs as (
          select ${p.minute} as minute,
            max(${p.close}) filter (where ${p.instrumentId} = ${source}) as s,
            max(${p.close}) filter (where ${p.instrumentId} = ${target}) as t
          from ${p}
          where ${p.instrumentId} in (${source}, ${target}) and ${p.sourceMode} = ${modeParam(mode)}
            and ${p.minute} >= ${lead} and ${p.minute} < ${to}
          group by ${p.minute}
        ),
        timeline as (
          select minute, legs.s, legs.t, r.rate, legs.minute is not null as bar
          from legs full join (${rates}) r using (minute)
        ),
        grouped as (
          select *,
            count(s) over w as sg, count(t) over w as tg, count(rate) over w as rg,
            case when s is not null then minute end as s_at,
            case when t is not null then minute end as t_at
          from timeline window w as (order by minute)
        ),
        filled as (
          select minute, bar,
            first_value(s) over (partition by sg order by minute) as s,
            first_value(s_at) over (partition by sg order by minute) as s_at,
            first_value(t) over (partition by tg order by minute) as t,
            first_value(t_at) over (partition by tg order by minute) as t_at,
            ${query.exponent === 0 ? sql`1::float8` : sql`first_value(rate) over (partition by rg order by minute)`} as rate
          from grouped
        ),
        stored as (
          select ${gm.minute} as minute, ${gm.open} as o, ${gm.high} as h, ${gm.low} as l, ${gm.close} as c
          from ${gm}
          where ${gm.firstId} = ${source} and ${gm.secondId} = ${target} and ${gm.sourceMode} = ${modeParam(mode)}
            and ${gm.minute} >= ${from} and ${gm.minute} < ${to}
          union all
          -- Kept the other way round: source / target is its reciprocal, so high and low swap.
          select ${gm.minute}, 1 / ${gm.open}, 1 / ${gm.low}, 1 / ${gm.high}, 1 / ${gm.close}
          from ${gm}
          where ${gm.firstId} = ${target} and ${gm.secondId} = ${source} and ${gm.sourceMode} = ${modeParam(mode)}
            and ${gm.minute} >= ${from} and ${gm.minute} < ${to}
        ),
        g as (
          select f.minute, (f.s / f.t * f.k - 1) * 100 as gap,
            (st.o * f.k - 1) * 100 as go, (st.h * f.k - 1) * 100 as gh,
            (st.l * f.k - 1) * 100 as gl, (st.c * f.k - 1) * 100 as gc
          from (
            select minute, s, t, power(rate, ${query.exponent}::float8) as k from filled
            where bar and minute >= ${from}
              and s_at > minute - ${carry} and t_at > minute - ${carry}
          ) f
          left join stored st on st.minute = f.minute
        )
        select ${bucket(sql`g.minute`, query.stepMs)} as t,
          (array_agg(coalesce(g.go, g.gap) order by g.minute))[1] as o,
          max(coalesce(g.gh, g.gap)) as h, min(coalesce(g.gl, g.gap)) as l,
          (array_agg(coalesce(g.gc, g.gap) order by g.minute desc))[1] as c
        from g
        where g.gap is not null
        group by 1 order by 1`);
      return rowsOf<CandleSqlRow>(result).map((r) => ({ ...candle(r), v: null }));
    },

    async pruneBefore(cutoffMs, settlementCutoffMs, gapCutoffMs = cutoffMs) {
      const modes = sameClockModes(modeNow());
      let deleted = 0;
      const targets = [
        { table: fundingMinutes, column: fundingMinutes.minute, cutoff: cutoffMs },
        { table: gapMinutes, column: gapMinutes.minute, cutoff: gapCutoffMs },
        { table: premiumIndexMinutes, column: premiumIndexMinutes.minute, cutoff: cutoffMs },
        { table: fundingSettlements, column: fundingSettlements.fundingTime, cutoff: settlementCutoffMs },
      ];
      for (const { table, column, cutoff } of targets) {
        const gone = db.$with('gone').as(
          db
            .delete(table)
            .where(and(lt(column, boundToTimestamptz(cutoff, 'cutoffMs')), inArray(table.sourceMode, modes)))
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

interface CandleSqlRow {
  readonly t: unknown;
  readonly o: unknown;
  readonly h: unknown;
  readonly l: unknown;
  readonly c: unknown;
  readonly v24?: unknown;
  readonly traded?: unknown;
  readonly traded_minutes?: unknown;
  readonly minutes?: unknown;
  readonly last_minute?: unknown;
  readonly mean_close?: unknown;
}

interface HeatSqlRow {
  readonly venue: unknown;
  readonly base: unknown;
  readonly quote: unknown;
  readonly hour: unknown;
  readonly annualized_sum: unknown;
  readonly minutes: unknown;
}

interface IndexSqlRow {
  readonly minute: unknown;
  readonly value: unknown;
  readonly btc_premium: unknown;
  readonly btc_price_krw: unknown;
  readonly btc_price_usd: unknown;
  readonly constituents: unknown;
}

/** Rows of a raw statement: both drivers answer `{ rows }` (PGlite's results and pg's QueryResult alike). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function candle(r: CandleSqlRow): Omit<CandleRow, 'v'> {
  return { t: Number(r.t), o: Number(r.o), h: Number(r.h), l: Number(r.l), c: Number(r.c) };
}

const DAY_MS = 86_400_000;

/**
 * Candles with their volume where it can be told (see CandleRow.v): the sum of the minutes' traded volume when
 * every minute of the bucket has one (a source that reports its trades); otherwise complete 1-day buckets.
 */
function volumeOf(stepMs: number): (r: CandleSqlRow) => CandleRow {
  return (r) => {
    const row = candle(r);
    const tradedMinutes = Number(r.traded_minutes ?? 0);
    if (tradedMinutes > 0 && tradedMinutes === Number(r.minutes)) return { ...row, v: Number(r.traded) };
    const v24 = nullableNumber(r.v24);
    const mean = Number(r.mean_close);
    const complete = Number(r.last_minute) === row.t + stepMs - 60_000;
    const v = stepMs === DAY_MS && complete && v24 !== null && mean > 0 ? v24 / mean : null;
    return { ...row, v };
  };
}

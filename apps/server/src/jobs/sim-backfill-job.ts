import { DAY_MS, HOUR_MS, type MinuteBar, minuteStart, type VenueId } from '@spreadscope/core';
import type { HistoryRepository, MarketCloses, MarketHistoryRepository } from '@spreadscope/db';
import type { FundingHeatHour } from '@spreadscope/engine';
import { INDEX_TOKENS } from '@spreadscope/engine';
import { type MarketDay, SimulatedHistory } from '@spreadscope/feeds';
import type { BackgroundPacer } from './background-pacer.ts';
import type { JobQueue } from './job-queue.ts';
import { backfillIndexRows, indexMarkets } from './sim-backfill-index.ts';

export const SIM_BACKFILL_JOB = 'history.sim-backfill';
/** One back-fill per data directory (and source mode): the key makes a second enqueue return the first. */
export const SIM_BACKFILL_KEY = `${SIM_BACKFILL_JOB}:simulated`;
/** A shutdown interrupts it and the next start resumes it; many restarts must not kill it. */
const MAX_ATTEMPTS = 25;
/**
 * Rows per statement: an embedded database runs one statement at a time, so each stays at a few tens of
 * milliseconds and requests' queries are served between them.
 */
const ROWS_PER_STATEMENT = 500;
/**
 * Premium-candle wicks (gap minutes) for each Korean market against the token's three most traded overseas
 * markets: a row per pair per minute is the largest share of a day (BTC alone has ~90 pairs).
 */
const GAP_PAIRS_PER_MARKET = 3;
/**
 * Funding minutes feed only the 24 h heatmap's hourly means after a restart: one in five gives the same means
 * at a fifth of the rows (settlements, which the funding charts read, are all written).
 */
const FUNDING_EVERY_MINUTES = 5;
/**
 * The first tokens (USDT/KRW, BTC and, between them and the rest, the premium index) are written flat out even
 * while callers wait: they are what a fresh install's first pages chart, and paced they took minutes to land.
 */
const UNPACED_TOKENS = 2;

export interface SimBackfillPayload {
  /** Where the simulation started: the history ends at this minute (exclusive). */
  readonly end: number;
  readonly seed: number;
  readonly minutes: number;
  /** Top tokens by volume that get history (index constituents and USDT/KRW always do). */
  readonly tokens: number;
  readonly tokenLimit: number | null;
  readonly disabledVenues: readonly string[];
}

/** What one landed chunk hands to the running engine, so its look-back columns fill as the charts do. */
export interface BackfillLanded {
  readonly closes: readonly MarketCloses[];
  readonly forex?: { readonly minutes: number[]; readonly closes: number[] };
  readonly fundingHeat: readonly FundingHeatHour[];
}

export interface SimBackfillDeps {
  readonly history: HistoryRepository;
  readonly marketHistory?: MarketHistoryRepository | undefined;
  readonly logger: { info(msg: string): void; warn(msg: string): void };
  /** The running engine takes each chunk's closes and funding (when it runs the simulated source). */
  readonly onLanded?: (landed: BackfillLanded) => void;
  /** Set at shutdown: the job stops between statements and the next start resumes it. */
  readonly signal?: AbortSignal;
  /** Settles once the server serves: the back-fill never competes with the start-up for the first screen. */
  readonly serving?: Promise<void>;
  /** Yields to requests and pushes while there are any (background-pacer.ts); flat out without one. */
  readonly pacer?: BackgroundPacer;
}

export interface SimBackfillResult {
  readonly tokens: number;
  readonly markets: number;
  readonly rows: number;
  /** Tokens found complete (a resumed run) and skipped. */
  readonly skipped: number;
  readonly ms: number;
}

export function registerSimBackfillJob(queue: JobQueue, deps: SimBackfillDeps): void {
  queue.handle<SimBackfillPayload>(SIM_BACKFILL_JOB, async (payload) => {
    await deps.serving;
    await runSimBackfill(payload, deps);
  });
}

/**
 * Asks for the back-fill of a fresh install: nothing if the simulated history already holds minutes of the day
 * before `end` (a restart, or a back-fill done or under way: a job interrupted by a crash resumes when its
 * lease runs out), and once per data directory whatever happens (the job's key).
 */
export async function requestSimBackfill(
  queue: JobQueue,
  history: HistoryRepository,
  payload: SimBackfillPayload,
): Promise<'enqueued' | 'present' | 'known'> {
  const end = minuteStart(payload.end);
  const held = await history
    .forMode('simulated')
    .readForexBars({ pair: 'USD/KRW', from: end - DAY_MS, to: end });
  if (held.length > 0) return 'present';
  const { created } = await queue.enqueue(
    SIM_BACKFILL_JOB,
    { ...payload, end },
    {
      key: SIM_BACKFILL_KEY,
      maxAttempts: MAX_ATTEMPTS,
    },
  );
  return created ? 'enqueued' : 'known';
}

/**
 * Writes the simulated day in the background of a running server, most viewed first: USD/KRW, then token by
 * token (USDT/KRW, BTC, the premium index, then the rest by volume) each token's bars, funding and Kimchi gap minutes, a
 * small statement at a time with the event loop free between. Rows already stored stay (the live run's
 * minutes are never overwritten); a token whose bars are all there is skipped, so a run interrupted by a
 * restart resumes where it stopped and writes exactly what it would have.
 */
export async function runSimBackfill(
  payload: SimBackfillPayload,
  deps: SimBackfillDeps,
): Promise<SimBackfillResult> {
  const started = Date.now();
  const history = deps.history.forMode('simulated');
  const marketHistory = deps.marketHistory?.forMode('simulated');
  const sim = new SimulatedHistory({
    seed: payload.seed,
    end: payload.end,
    minutes: payload.minutes,
    disabledVenues: new Set(payload.disabledVenues as VenueId[]),
    ...(payload.tokenLimit === null ? {} : { tokenLimit: payload.tokenLimit }),
  });
  const range = { from: sim.first, to: sim.end };
  const keep = { keepExisting: true };
  let rows = 0;
  let pacer: BackgroundPacer | undefined;
  // Rows are taken from `items` a statement's worth at a time: a token's bars and gap minutes are tens of
  // thousands of rows, made as they are written rather than all at once (one long task, and objects held for
  // seconds that the collector then copies and promotes), their making counted in the pacing.
  const write = async <T>(items: Iterable<T>, writer: (slice: T[]) => Promise<number>) => {
    const source = items[Symbol.iterator]();
    for (let more = true; more; ) {
      checkpoint(deps.signal);
      const size = pacer?.rowsPerStatement(ROWS_PER_STATEMENT) ?? ROWS_PER_STATEMENT;
      const started = performance.now();
      const slice: T[] = [];
      while (slice.length < size) {
        const next = source.next();
        if (next.done) {
          more = false;
          break;
        }
        slice.push(next.value);
      }
      if (slice.length === 0) return;
      await writer(slice);
      rows += slice.length;
      await (pacer ? pacer.pause(performance.now() - started) : breathe());
    }
  };

  // USD/KRW first: every converted chart reads it.
  const forex = sim.forex();
  await write(forex, (slice) => history.writeForexBars(slice, keep));
  deps.onLanded?.({
    closes: [],
    forex: { minutes: forex.map((b) => b.minute), closes: forex.map((b) => b.close) },
    fundingHeat: [],
  });
  const writeIndex = async () => {
    if (!marketHistory) return;
    const days = new Map<number, MarketDay>();
    for (const index of indexMarkets(sim)) {
      const started = performance.now();
      days.set(index, sim.marketDay(index));
      await (pacer ? pacer.pause(performance.now() - started) : breathe());
    }
    await write(backfillIndexRows(sim, days), (slice) => marketHistory.writePremiumIndex(slice, keep));
  };

  const wanted = new Set<string>([...INDEX_TOKENS, 'USDT']);
  const tokens = sim.order.filter((t, rank) => rank <= payload.tokens || wanted.has(t.symbol));
  let markets = 0;
  let skipped = 0;
  for (const [done, token] of tokens.entries()) {
    checkpoint(deps.signal);
    // The index page right after Bitcoin's charts (USDT/KRW and BTC come first).
    if (done === UNPACED_TOKENS) {
      await writeIndex();
      pacer = deps.pacer;
    }
    const keys = token.instruments.map((i) => sim.spec(i));
    markets += keys.length;
    if ((await history.countMinuteBars(keys, range)) >= keys.length * sim.minutes) {
      skipped++;
      continue;
    }
    // A market's simulated day takes milliseconds to compute: paced one by one while callers wait.
    const days: MarketDay[] = [];
    for (const index of token.instruments) {
      const started = performance.now();
      days.push(sim.marketDay(index));
      if (pacer) await pacer.pause(performance.now() - started);
      else if (days.length % 8 === 0) await breathe();
    }
    const funding: ReturnType<typeof sim.funding>[] = [];
    for (const day of days) {
      const started = performance.now();
      funding.push(sim.funding(day, FUNDING_EVERY_MINUTES));
      if (pacer) await pacer.pause(performance.now() - started);
    }
    const fundingMinutes = funding.flatMap((f) => f.minutes);
    if (marketHistory) {
      await write(sim.gapMinutes(days, GAP_PAIRS_PER_MARKET), (slice) =>
        marketHistory.writeGapMinutes(slice, keep),
      );
      await write(fundingMinutes, (slice) => marketHistory.writeFundingMinutes(slice, keep));
      await write(
        funding.flatMap((f) => f.settlements),
        (slice) => marketHistory.writeFundingSettlements(slice, keep),
      );
    }
    // Bars last: a token counts as done (see the skip above) only once everything else of it is stored.
    await write(barsOf(sim, days), (slice) => history.writeMinuteBars(slice, keep));
    deps.onLanded?.({
      closes: days.map((day) => ({
        ...marketKey(sim.spec(day.instrument)),
        minutes: Array.from({ length: sim.minutes }, (_, m) => sim.minuteAt(m)),
        closes: Array.from(day.close),
      })),
      fundingHeat: heatOf(fundingMinutes),
    });
    if ((done + 1) % 50 === 0) {
      deps.logger.info(
        `history: simulated back-fill ${done + 1}/${tokens.length} tokens, ${rows} rows in ${Math.round((Date.now() - started) / 1000)} s`,
      );
    }
  }
  if (tokens.length <= 2) await writeIndex();
  const result = { tokens: tokens.length, markets, rows, skipped, ms: Date.now() - started };
  deps.logger.info(
    `history: back-filled a simulated day of ${result.tokens} tokens (${result.markets} markets, ${result.rows} rows${skipped > 0 ? `, ${skipped} tokens already there` : ''}) in ${Math.round(result.ms / 1000)} s`,
  );
  return result;
}

/** Funding minutes summed per perpetual and hour, as readFundingHeat sums the stored ones. */
function heatOf(
  minutes: readonly {
    venue: string;
    base: string;
    quote: string;
    minute: number;
    rate: number;
    intervalHours: number;
  }[],
): FundingHeatHour[] {
  const byKey = new Map<
    string,
    { venue: string; base: string; quote: string; hour: number; annualizedSum: number; count: number }
  >();
  for (const row of minutes) {
    const hour = Math.floor(row.minute / HOUR_MS);
    const key = `${row.venue}|${row.base}|${row.quote}|${hour}`;
    const entry = byKey.get(key) ?? {
      venue: row.venue,
      base: row.base,
      quote: row.quote,
      hour,
      annualizedSum: 0,
      count: 0,
    };
    entry.annualizedSum += ((row.rate * 8760) / row.intervalHours) * 100;
    entry.count++;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/** The token's minute bars, a market's day at a time. */
function* barsOf(sim: SimulatedHistory, days: readonly MarketDay[]): Generator<MinuteBar, void, undefined> {
  for (const day of days) yield* sim.bars(day);
}

function marketKey(spec: { venue: string; market: 'spot' | 'perp'; base: string; quote: string }) {
  return { venue: spec.venue, market: spec.market, base: spec.base, quote: spec.quote };
}

function checkpoint(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Error('interrupted by shutdown; the next start resumes it');
}

/** Lets requests, the market tick and the live minute writes run between two statements. */
function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

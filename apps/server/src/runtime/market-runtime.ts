import {
  CONVERSION_BASES,
  type DataSourceMode,
  HOUR_MS,
  type Logger,
  type MarketEvent,
  MINUTE_MS,
  minuteStart,
} from '@spreadscope/core';
import type { HistoryRepository, MarketHistoryRepository, PremiumIndexRow } from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';
import { BUS_TOPICS, type Bus } from '../bus/bus.ts';
import type { BackgroundPacer } from '../jobs/background-pacer.ts';
import type { BackfillLanded } from '../jobs/sim-backfill-job.ts';
import type { EngineSlot } from './engine-slot.ts';

/** How much earlier than the rings' reach the start-up refill reads, so the oldest minutes have a close. */
const RESTORE_LEAD_MINUTES = 60;
/**
 * Markets per read of the start-up refill. When PGlite ran its statements on the event loop, at 60 markets
 * (~90,000 closes, ~370 ms a read) a restart on a day of simulated history answered /healthz in up to 4.9 s
 * (p99 2.5 s) during the refill's 32 s; at 12, max 0.9 s, p99 0.29 s, and the refill took 21 s. Its own thread
 * since, a read still holds the one connection and its rows are still decoded here.
 */
const RESTORE_MARKETS_PER_READ = 12;

/**
 * How long before a minute closes its bars in progress are written once already. Writing a minute's bars
 * takes a second or more after its close (thousands of rows), so a crash just after a boundary would
 * otherwise lose the whole minute; with the checkpoint it loses at most these last seconds of it. One extra
 * write per market per minute, of the markets that moved since.
 */
const CHECKPOINT_BEFORE_CLOSE_MS = 15_000;
/** Bars per statement while callers are served: a statement holds the database, a few ms for this many. */
const DURABLE_SLICE_ROWS = 1_000;

export interface MarketRuntimeOptions {
  readonly source: MarketSource;
  /** The engine of the running source; the runtime replaces it when the source switches mode. */
  readonly engines: EngineSlot;
  readonly bus: Bus;
  /** Minute bars; the runtime writes and reads them as the running source's (see `forMode`). */
  readonly history?: HistoryRepository | undefined;
  /** Funding rollups, settlements and the premium index per minute (likewise per source). */
  readonly marketHistory?: MarketHistoryRepository | undefined;
  readonly logger: Logger;
  /** How often a changed state is announced on the bus. */
  readonly tickMs?: number;
  /**
   * While callers wait, a closed minute's rows go out in small statements at a share of the time
   * (jobs/background-pacer.ts): a minute's thousands of rows in a few big inserts held PGlite 50-100 ms each.
   */
  readonly pacer?: BackgroundPacer | undefined;
  /**
   * Called as a mode's history is read back into a fresh engine (at start and after a switch), with when that
   * mode's source started: the simulated mode asks for a day of back-filled history on a fresh install
   * (jobs/sim-backfill-job.ts). Runs in the background: the refill never waits for it.
   */
  readonly requestBackfill?: (mode: DataSourceMode, since: number) => Promise<void>;
  /**
   * False for an API replica: it closes minutes like the ingest (its rings need them) but writes nothing; the
   * ingest is the one history writer. Default true.
   */
  readonly writeHistory?: boolean;
  /** Closes minutes on a timer (default); false when the caller calls flush() as its clock moves. */
  readonly flushTimer?: boolean;
  /**
   * Hears every reference event the engine has no table for (notices, token updates, caution flags), with the
   * mode of the source that produced it: the notices module stores and pushes them.
   */
  readonly observe?: (event: MarketEvent, mode: DataSourceMode) => void;
  /**
   * Called once after each batch of events the engine took in (coalesced to one call per turn of the loop),
   * not held back to the tick's pace: light readers that want a quote the moment it lands (the paid API's
   * WebSocket) listen here and pace themselves.
   */
  readonly onBatch?: () => void;
}

/**
 * The ingest pipeline: source → engine, then announcements on the bus and minute rollups into history.
 * Nothing here reaches back upstream. Retention (pruning old minutes) is a job (jobs/history-jobs.ts), not
 * part of this hot path.
 *
 * History is kept per source mode (live, simulated, replay): rows are written as the mode of the source that
 * produced them and the rings are refilled from that mode's rows only. When the source switches mode (auto:
 * the simulator taking over, or live coming back), what the old source left is written as its own, the
 * engine is replaced by a fresh one (nothing of the old source's quotes, books, funding, wallets, rings or
 * durations survives) and the new mode's history is restored into it, as at start-up.
 */
export class MarketRuntime {
  private timers: NodeJS.Timeout[] = [];
  private publishedVersion = -1;
  /** When the last tick was published, and whether one is already on its way for the events just applied. */
  private tickedAt = Number.NEGATIVE_INFINITY;
  private tickSoon = false;
  private batchSoon = false;
  private writing: Promise<void> = Promise.resolve();
  private failedEvents = 0;
  /** Last minute whose premium index was recorded. */
  private indexedMinute = -1;
  /** Last minute whose bars in progress were checkpointed. */
  private checkpointedMinute = -1;
  private stopping = false;
  /** The mode of the source whose data the current engine holds. */
  private mode: DataSourceMode;
  private unsubscribe: (() => void) | null = null;
  /**
   * Settles when the refill of the engine's minute rings and funding heatmap from history is over (done,
   * skipped without a database, or failed and logged): at start-up, and again after a source switch.
   */
  restored: Promise<void> = Promise.resolve();

  constructor(private readonly options: MarketRuntimeOptions) {
    this.mode = options.source.state().mode;
  }

  /** The mode of the source the engine's state comes from (the source's own, once a switch is applied). */
  get sourceMode(): DataSourceMode {
    return this.mode;
  }

  async start(): Promise<void> {
    const { source, engines, tickMs = 100 } = this.options;
    this.mode = source.state().mode;
    const engine = engines.current;
    const mode = this.mode;
    this.unsubscribe = source.onStateChange((state) => this.follow(state.mode));
    await source.start((event) => this.apply(event));
    // Live data flows meanwhile: the rings take history under whatever the feeds have already written. (A
    // switch during start has chained its own restore; this one then finds its engine replaced and stops.)
    const switched = this.restored;
    this.restored = Promise.all([switched, this.restore(engine, mode)]).then(() => {});
    this.timers.push(setInterval(() => this.tick(), tickMs));
    if (this.options.flushTimer !== false) this.timers.push(setInterval(() => this.flush(false), 1_000));
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.restored;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.options.source.stop();
    await this.flush(true);
  }

  /**
   * The source changed mode: persist what the old one produced (as its own, the minute in progress included,
   * as at shutdown), start over with a fresh engine and refill it from the new mode's history. Called from the
   * source's state change and, should an event of the new mode arrive first, before that event is applied.
   */
  private follow(mode: DataSourceMode): void {
    if (mode === this.mode || this.stopping) return;
    const { engines, logger, source } = this.options;
    const from = this.mode;
    void this.flush(true);
    this.mode = mode;
    const engine = engines.replace();
    // The new source's premium index starts with the minute in progress, not with minutes it never saw.
    this.indexedMinute = minuteStart(source.now()) - MINUTE_MS;
    logger.info(
      `market source switched from ${from} to ${mode}: dropped the ${from} quotes, books, funding, wallets and minute rings; restoring ${mode} history`,
    );
    const previous = this.restored;
    const writing = this.writing;
    // The previous refill stops at once (its engine is gone); pending writes land before the new mode's read.
    this.restored = Promise.all([previous, writing]).then(() => this.restore(engine, mode));
  }

  /**
   * Starts over with a fresh engine refilled from history, the mode unchanged: an API replica that missed part
   * of the log replays a snapshot into it rather than patching a state it can no longer trust.
   */
  reset(): void {
    if (this.stopping) return;
    const engine = this.options.engines.replace();
    this.indexedMinute = minuteStart(this.options.source.now()) - MINUTE_MS;
    const previous = this.restored;
    this.restored = previous.then(() => this.restore(engine, this.mode));
  }

  /** Refills a fresh engine from the history of `mode`; stops early when the engine is replaced meanwhile. */
  private async restore(engine: MarketEngine, mode: DataSourceMode): Promise<void> {
    const { source, logger } = this.options;
    const since = source.state().mode === mode ? source.state().since : source.now();
    this.options.requestBackfill?.(mode, since).catch((error: Error) => {
      logger.warn(`history: could not ask for the ${mode} back-fill: ${error.message}`);
    });
    await Promise.all([this.restoreRings(engine, mode), this.restoreFundingHeat(engine, mode)]);
  }

  /**
   * Back-filled history of `mode` that just landed (a chunk of the background back-fill): into the rings and
   * the funding heatmap of the running engine, when it runs that mode. Live minutes already in the rings
   * win (MinuteRing.backfill fills only before them).
   */
  applyBackfill(mode: DataSourceMode, landed: BackfillLanded): void {
    if (mode !== this.mode || this.stopping) return;
    const engine = this.options.engines.current;
    if (landed.forex) engine.restoreForexCloses(landed.forex.minutes, landed.forex.closes);
    if (landed.closes.length > 0) engine.restoreCloses(landed.closes);
    if (landed.fundingHeat.length > 0) engine.restoreFundingHeat(landed.fundingHeat);
  }

  private abandoned(engine: MarketEngine): boolean {
    return this.stopping || this.options.engines.current !== engine;
  }

  /**
   * Restart continuity: the look-back columns (gap 5 m … 24 h ago) and premium duration read in-memory rings of
   * 1-minute closes that a fresh process would otherwise fill only over the next 24 hours. The persisted
   * minute history refills them: the rings' reach plus an hour before it (a quiet market's earlier close
   * carries into the window), read a batch of markets at a time so the event loop keeps serving.
   */
  private async restoreRings(engine: MarketEngine, mode: DataSourceMode): Promise<void> {
    const { logger, source } = this.options;
    const history = this.options.history?.forMode(mode);
    if (!history || this.abandoned(engine)) return;
    const startedAt = Date.now();
    const to = minuteStart(source.now());
    const from = to - (engine.windowMinutes + RESTORE_LEAD_MINUTES) * MINUTE_MS;
    try {
      const fx = await history.readForexBars({ pair: 'USD/KRW', from, to });
      if (this.abandoned(engine)) return;
      engine.restoreForexCloses(
        fx.map((bar) => bar.minute),
        fx.map((bar) => bar.close),
      );
      let markets = 0;
      let closes = 0;
      for await (const batch of history.readRecentCloses({ from, to }, RESTORE_MARKETS_PER_READ)) {
        if (this.abandoned(engine)) return;
        engine.restoreCloses(batch);
        markets += batch.length;
        for (const market of batch) closes += market.minutes.length;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (markets > 0 || fx.length > 0) {
        logger.info(
          `history: refilled the minute rings of ${markets} ${mode} markets (${closes} closes, ${fx.length} forex) in ${Date.now() - startedAt} ms`,
        );
      }
    } catch (error) {
      logger.warn(`history: could not refill the minute rings: ${(error as Error).message}`);
    }
  }

  /**
   * The funding heatmap (24 hourly cells per token) lives in memory: refill its last 25 hours from the
   * persisted funding minutes, summed per hour in the database.
   */
  private async restoreFundingHeat(engine: MarketEngine, mode: DataSourceMode): Promise<void> {
    const { logger, source } = this.options;
    const marketHistory = this.options.marketHistory?.forMode(mode);
    if (!marketHistory || this.abandoned(engine)) return;
    const to = source.now();
    const from = (Math.floor(to / HOUR_MS) - 24) * HOUR_MS;
    try {
      const rows = await marketHistory.readFundingHeat({ from, to });
      if (this.abandoned(engine) || rows.length === 0) return;
      engine.restoreFundingHeat(
        rows.map((r) => ({
          venue: r.venue,
          base: r.base,
          quote: r.quote,
          hour: r.hour,
          annualizedSum: r.annualizedSum,
          count: r.minutes,
        })),
      );
      logger.info(`history: refilled the funding heatmap with ${rows.length} ${mode} perpetual-hours`);
    } catch (error) {
      logger.warn(`history: could not refill the funding heatmap: ${(error as Error).message}`);
    }
  }

  private apply(event: MarketEvent): void {
    // A source may hand over the first event of a new mode before announcing the change: switch first.
    const mode = this.options.source.state().mode;
    if (mode !== this.mode) this.follow(mode);
    if (event.type === 'notice' || event.type === 'token_update' || event.type === 'caution') {
      this.options.observe?.(event, this.mode);
      return;
    }
    try {
      this.options.engines.current.apply(event);
      this.tickAfterBatch();
    } catch (error) {
      // One bad event must not stop the feed; report the first and then every thousandth.
      if (this.failedEvents++ % 1000 === 0) {
        this.options.logger.error(`engine rejected a ${event.type} event: ${(error as Error).message}`);
      }
    }
  }

  /**
   * Publishes the tick as soon as the batch being applied is in (the sources hand events over in batches, one
   * synchronous run each), instead of at the interval's next turn: subscribers see a quote up to a whole
   * interval sooner. Ticks stay about an interval apart (a batch a few ms early still goes at once: the
   * simulator's come every 100 ms with jitter); the interval stays for whatever this leaves.
   */
  private tickAfterBatch(): void {
    if (this.options.onBatch && !this.batchSoon) {
      this.batchSoon = true;
      setImmediate(() => {
        this.batchSoon = false;
        if (!this.stopping) this.options.onBatch?.();
      });
    }
    if (this.tickSoon || performance.now() - this.tickedAt < 0.8 * (this.options.tickMs ?? 100)) return;
    this.tickSoon = true;
    setImmediate(() => {
      this.tickSoon = false;
      if (!this.stopping) this.tick();
    });
  }

  private tick(): void {
    const { bus, source } = this.options;
    const engine = this.options.engines.current;
    if (engine.version === this.publishedVersion) return;
    this.publishedVersion = engine.version;
    this.tickedAt = performance.now();
    bus.publish(BUS_TOPICS.marketTick, JSON.stringify({ version: engine.version, at: source.now() }));
  }

  /**
   * Closes finished minutes and writes them as the current mode's; `all` also closes the minute in progress
   * (at shutdown, and for the old source at a switch).
   */
  flush(all: boolean): Promise<void> {
    const { source, logger } = this.options;
    const engine = this.options.engines.current;
    // Drained and tagged now: a switch before the write below lands cannot relabel these rows.
    const mode = this.mode;
    const history = this.options.history?.forMode(mode);
    const marketHistory = this.options.marketHistory?.forMode(mode);
    const now = source.now();
    const closed = minuteStart(now);
    engine.closeBefore(all ? Number.POSITIVE_INFINITY : closed);
    let { bars, forex } = engine.bars.drain();
    if (!all && now - closed >= MINUTE_MS - CHECKPOINT_BEFORE_CLOSE_MS && this.checkpointedMinute < closed) {
      // Closed bars first: a market's in-progress bar is a later minute, so both rows are kept.
      this.checkpointedMinute = closed;
      const open = engine.bars.inProgress();
      bars = bars.concat(open.bars);
      forex = forex.concat(open.forex);
    }
    const funding = engine.funding.drain();
    const gaps = engine.drainGapBars();
    if (!history || this.options.writeHistory === false) return this.writing;
    const index = this.indexRows(engine, closed);
    const { pacer } = this.options;
    // Whole when nobody waits (and at shutdown's last flush); in slices while callers are served. The bars are
    // what a kill -9 just after the boundary must not lose: their slices only let callers in between, never
    // wait; the derived rows (funding minutes, gap minutes, the index) are paced.
    const write = async <T>(rows: readonly T[], writer: (rows: T[]) => Promise<unknown>, durable = false) => {
      for (let i = 0; i < rows.length; ) {
        const busy = !all && pacer?.busy() === true;
        const size = !busy ? rows.length : durable ? DURABLE_SLICE_ROWS : pacer.rowsPerStatement(rows.length);
        const started = performance.now();
        await writer(rows.slice(i, i + size));
        i += size;
        if (!busy || i >= rows.length) continue;
        await (durable
          ? new Promise((resolve) => setImmediate(resolve))
          : pacer.pause(performance.now() - started));
      }
    };
    this.writing = this.writing.then(async () => {
      try {
        await write(bars, (rows) => history.writeMinuteBars(rows), true);
        await write(forex, (rows) => history.writeForexBars(rows), true);
        if (marketHistory) {
          await write(funding.minutes, (rows) => marketHistory.writeFundingMinutes(rows));
          await write(funding.settlements, (rows) => marketHistory.writeFundingSettlements(rows));
          await write(gaps, (rows) => marketHistory.writeGapMinutes(rows));
          await write(index, (rows) => marketHistory.writePremiumIndex(rows));
        }
      } catch (error) {
        logger.error(
          `history: writing ${bars.length} ${mode} minute bars failed: ${(error as Error).message}`,
        );
      }
    });
    return this.writing;
  }

  /** The premium index of every minute closed since the last call (at most the last five after a stall). */
  private indexRows(engine: MarketEngine, boundary: number): PremiumIndexRow[] {
    const last = boundary - MINUTE_MS;
    const first = Math.max(this.indexedMinute + MINUTE_MS, last - 4 * MINUTE_MS);
    const rows: PremiumIndexRow[] = [];
    for (let minute = first; minute <= last; minute += MINUTE_MS) {
      for (const conversionBase of CONVERSION_BASES) {
        const index = engine.premiumIndexAt(conversionBase, minute);
        if (index.value === null) continue;
        rows.push({
          minute,
          conversionBase,
          value: index.value,
          btcPremium: index.bitcoin.premiumPercent,
          btcPriceKrw: index.bitcoin.priceKrw,
          btcPriceUsd: index.bitcoin.priceUsd,
          constituents: index.constituents.filter((c) => c.weight > 0).length,
        });
      }
    }
    if (last > this.indexedMinute) this.indexedMinute = last;
    return rows;
  }
}

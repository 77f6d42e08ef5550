import { CONVERSION_BASES, HOUR_MS, type MarketEvent, MINUTE_MS, minuteStart } from '@spreadscope/core';
import type { HistoryRepository, MarketHistoryRepository, PremiumIndexRow } from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';
import { BUS_TOPICS, type Bus } from '../bus/bus.ts';

/** How much earlier than the rings' reach the start-up refill reads, so the oldest minutes have a close. */
const RESTORE_LEAD_MINUTES = 60;

export interface RuntimeLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface MarketRuntimeOptions {
  readonly source: MarketSource;
  readonly engine: MarketEngine;
  readonly bus: Bus;
  readonly history?: HistoryRepository | undefined;
  /** Funding rollups, settlements and the premium index per minute. */
  readonly marketHistory?: MarketHistoryRepository | undefined;
  readonly retentionMs: number;
  /** Settled fundings are kept at least this long (the 1 y funding history). */
  readonly settlementRetentionMs?: number;
  /** Kimchi pairs' minute gap bars (the 1-minute premium candles' wicks) are kept this long (default 30 d). */
  readonly gapRetentionMs?: number;
  readonly logger: RuntimeLogger;
  /** How often a changed state is announced on the bus. */
  readonly tickMs?: number;
}

/**
 * The ingest pipeline: source → engine, then announcements on the bus and minute rollups into history.
 * Nothing here reaches back upstream.
 */
export class MarketRuntime {
  private timers: NodeJS.Timeout[] = [];
  private publishedVersion = -1;
  private writing: Promise<void> = Promise.resolve();
  private failedEvents = 0;
  private lastPruneAt = 0;
  /** Last minute whose premium index was recorded. */
  private indexedMinute = -1;
  private stopping = false;
  /**
   * Settles when the start-up refill of the engine's minute rings from history is over (done, skipped without
   * a database, or failed and logged).
   */
  restored: Promise<void> = Promise.resolve();

  constructor(private readonly options: MarketRuntimeOptions) {}

  async start(): Promise<void> {
    const { source, tickMs = 100 } = this.options;
    await source.start((event) => this.apply(event));
    // Live data flows meanwhile: the rings take history under whatever the feeds have already written.
    this.restored = Promise.all([this.restoreRings(), this.restoreFundingHeat()]).then(() => {});
    this.timers.push(setInterval(() => this.tick(), tickMs));
    this.timers.push(setInterval(() => this.flush(false), 1_000));
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.restored;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.options.source.stop();
    await this.flush(true);
  }

  /**
   * Restart continuity: the look-back columns (gap 5 m … 24 h ago) and premium duration read in-memory rings of
   * 1-minute closes that a fresh process would otherwise fill only over the next 24 hours. The persisted
   * minute history refills them: the rings' reach plus an hour before it (a quiet market's earlier close
   * carries into the window), read a batch of markets at a time so the event loop keeps serving.
   */
  private async restoreRings(): Promise<void> {
    const { engine, history, logger, source } = this.options;
    if (!history) return;
    const startedAt = Date.now();
    const to = minuteStart(source.now());
    const from = to - (engine.windowMinutes + RESTORE_LEAD_MINUTES) * MINUTE_MS;
    try {
      const fx = await history.readForexBars({ pair: 'USD/KRW', from, to });
      engine.restoreForexCloses(
        fx.map((bar) => bar.minute),
        fx.map((bar) => bar.close),
      );
      let markets = 0;
      let closes = 0;
      for await (const batch of history.readRecentCloses({ from, to })) {
        if (this.stopping) return;
        engine.restoreCloses(batch);
        markets += batch.length;
        for (const market of batch) closes += market.minutes.length;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (markets > 0 || fx.length > 0) {
        logger.info(
          `history: refilled the minute rings of ${markets} markets (${closes} closes, ${fx.length} forex) in ${Date.now() - startedAt} ms`,
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
  private async restoreFundingHeat(): Promise<void> {
    const { engine, marketHistory, logger, source } = this.options;
    if (!marketHistory) return;
    const to = source.now();
    const from = (Math.floor(to / HOUR_MS) - 24) * HOUR_MS;
    try {
      const rows = await marketHistory.readFundingHeat({ from, to });
      if (this.stopping || rows.length === 0) return;
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
      logger.info(`history: refilled the funding heatmap with ${rows.length} perpetual-hours`);
    } catch (error) {
      logger.warn(`history: could not refill the funding heatmap: ${(error as Error).message}`);
    }
  }

  private apply(event: MarketEvent): void {
    try {
      this.options.engine.apply(event);
    } catch (error) {
      // One bad event must not stop the feed; report the first and then every thousandth.
      if (this.failedEvents++ % 1000 === 0) {
        this.options.logger.error(`engine rejected a ${event.type} event: ${(error as Error).message}`);
      }
    }
  }

  private tick(): void {
    const { engine, bus, source } = this.options;
    if (engine.version === this.publishedVersion) return;
    this.publishedVersion = engine.version;
    bus.publish(BUS_TOPICS.marketTick, JSON.stringify({ version: engine.version, at: source.now() }));
  }

  /** Closes finished minutes and writes them; `all` also closes the minute in progress (at shutdown). */
  flush(all: boolean): Promise<void> {
    const { engine, history, marketHistory, source, logger, retentionMs } = this.options;
    const now = source.now();
    const boundary = all ? Number.POSITIVE_INFINITY : minuteStart(now);
    engine.closeBefore(boundary);
    const { bars, forex } = engine.bars.drain();
    const funding = engine.funding.drain();
    const gaps = engine.drainGapBars();
    const index = all ? [] : this.indexRows(boundary);
    if (!history) return this.writing;
    const settlementRetentionMs = Math.max(retentionMs, this.options.settlementRetentionMs ?? 0);
    this.writing = this.writing.then(async () => {
      try {
        if (bars.length > 0) await history.writeMinuteBars(bars);
        if (forex.length > 0) await history.writeForexBars(forex);
        if (marketHistory) {
          if (funding.minutes.length > 0) await marketHistory.writeFundingMinutes(funding.minutes);
          if (funding.settlements.length > 0)
            await marketHistory.writeFundingSettlements(funding.settlements);
          if (gaps.length > 0) await marketHistory.writeGapMinutes(gaps);
          if (index.length > 0) await marketHistory.writePremiumIndex(index);
        }
        if (now - this.lastPruneAt >= HOUR_MS) {
          this.lastPruneAt = now;
          let removed = await history.pruneBefore(now - retentionMs);
          if (marketHistory)
            removed += await marketHistory.pruneBefore(
              now - retentionMs,
              now - settlementRetentionMs,
              now - Math.min(retentionMs, this.options.gapRetentionMs ?? 30 * 86_400_000),
            );
          if (removed > 0) logger.info(`history: pruned ${removed} rows older than the retention window`);
        }
      } catch (error) {
        logger.error(`history: writing ${bars.length} minute bars failed: ${(error as Error).message}`);
      }
    });
    return this.writing;
  }

  /** The premium index of every minute closed since the last call (at most the last five after a stall). */
  private indexRows(boundary: number): PremiumIndexRow[] {
    const { engine } = this.options;
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

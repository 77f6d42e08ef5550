import type { Logger } from '@spreadscope/core';
import { DAY_MS, type DataSourceMode, minuteStart, type VenueId } from '@spreadscope/core';
import type { HistoryRepository } from '@spreadscope/db';
import { simulatedDay } from '@spreadscope/feeds';

export interface SimBackfillOptions {
  readonly history: HistoryRepository;
  readonly seed: number;
  readonly disabledVenues: ReadonlySet<VenueId>;
  readonly logger: Logger;
}

/** Rows per write: one statement stays small, and the event loop gets a turn between them. */
const CHUNK = 5_000;

/**
 * A fresh install on the simulator would chart one candle: when the simulated history holds nothing for the
 * last day, write a simulated day of 1-minute bars (the majors on the main venues, and USD/KRW) ending where
 * the simulation starts, deterministic from the seed. Runs from MarketRuntime before the rings are refilled,
 * in the background of start-up (never on a request); once per process.
 */
export function simBackfill(
  options: SimBackfillOptions,
): (mode: DataSourceMode, now: number) => Promise<void> {
  let tried = false;
  return async (mode, now) => {
    if (mode !== 'simulated' || tried) return;
    tried = true;
    const history = options.history.forMode('simulated');
    const end = minuteStart(now);
    const existing = await history.readForexBars({ pair: 'USD/KRW', from: end - DAY_MS, to: end });
    if (existing.length > 0) return;
    const started = Date.now();
    const day = simulatedDay({ seed: options.seed, end, disabledVenues: options.disabledVenues });
    const generated = Date.now() - started;
    await history.writeForexBars(day.forex);
    for (let i = 0; i < day.bars.length; i += CHUNK) {
      await history.writeMinuteBars(day.bars.slice(i, i + CHUNK));
      await new Promise((resolve) => setImmediate(resolve));
    }
    options.logger.info(
      `history: back-filled a simulated day (${day.bars.length} minute bars, ${day.forex.length} forex) in ${Date.now() - started} ms (${generated} ms generating)`,
    );
  };
}

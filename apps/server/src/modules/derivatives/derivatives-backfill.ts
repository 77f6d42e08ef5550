import type { Logger, VenueId } from '@spreadscope/core';
import { DAY_MS, type DataSourceMode, minuteStart } from '@spreadscope/core';
import { simulatedDerivativesDay } from '@spreadscope/feeds';
import type { DerivativesDesk } from './derivatives-desk.ts';

/**
 * A fresh install on the simulator would chart one point of open interest: when the simulated history has
 * no BTC open interest in the last day, write a simulated day (majors on the main derivatives venues) that
 * ends now. Once per process, in the background of start-up.
 */
export function derivativesBackfill(options: {
  seed: number;
  disabledVenues: ReadonlySet<VenueId>;
  logger: Logger;
}): (desk: DerivativesDesk, mode: DataSourceMode, now: number) => Promise<void> {
  let tried = false;
  return async (desk, mode, now) => {
    if (mode !== 'simulated' || tried) return;
    tried = true;
    const end = minuteStart(now);
    if (await desk.hasOpenInterest('BTC', end - DAY_MS, end)) return;
    const started = Date.now();
    const day = simulatedDerivativesDay({ seed: options.seed, end, disabledVenues: options.disabledVenues });
    await desk.writeBackfill(day.openInterest, day.liquidations);
    options.logger.info(
      `derivatives: back-filled a simulated day (${day.openInterest.length} open-interest minutes, ${day.liquidations.length} liquidations) in ${Date.now() - started} ms`,
    );
  };
}

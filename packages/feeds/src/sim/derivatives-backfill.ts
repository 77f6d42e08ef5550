import type { LiquidationEvent, MarketEvent, MinuteBar, OpenInterestEvent, VenueId } from '@spreadscope/core';
import { minuteStart } from '@spreadscope/core';
import { SimulatedHistory } from './backfill.ts';
import { DerivativesSimulator } from './derivatives-sim.ts';
import { SIMULATED_VENUE_IDS } from './venue-profiles.ts';

const BASES: ReadonlySet<string> = new Set(['BTC', 'ETH', 'XRP', 'SOL', 'DOGE']);
const VENUES: ReadonlySet<VenueId> = new Set(['binance', 'bybit', 'okx', 'bitget', 'gateio']);

export interface DerivativesDay {
  readonly openInterest: OpenInterestEvent[];
  readonly liquidations: LiquidationEvent[];
}

/**
 * A simulated day of open interest and liquidations for the majors' perpetuals on the main derivatives
 * venues, ending at `end`: the day's simulated perpetual prices (the same paths the candle back-fill
 * draws) run through the derivatives simulator minute by minute, so open interest and liquidations move
 * with the chart beside them. Deterministic from the seed; for a fresh install's charts (server start-up).
 */
export function simulatedDerivativesDay(options: {
  seed: number;
  end: number;
  disabledVenues?: ReadonlySet<VenueId>;
}): DerivativesDay {
  const disabled = options.disabledVenues ?? new Set<VenueId>();
  const end = minuteStart(options.end);
  const history = new SimulatedHistory({
    seed: options.seed,
    end,
    ...(options.disabledVenues ? { disabledVenues: options.disabledVenues } : {}),
  });
  const perps: MinuteBar[] = [];
  history.instruments.forEach((spec, i) => {
    const wanted = BASES.has(spec.base) && VENUES.has(spec.venue) && !disabled.has(spec.venue);
    if (wanted && spec.market === 'perp' && spec.quote === 'USDT')
      perps.push(...history.bars(history.marketDay(i)));
  });
  const byMinute = new Map<number, MarketEvent[]>();
  for (const bar of perps) {
    const quote: MarketEvent = {
      t: bar.minute + 59_000,
      type: 'quote',
      venue: bar.venue as VenueId,
      market: 'perp',
      base: bar.base,
      quote: bar.quote,
      last: bar.close,
      ...(bar.volume24h === null ? {} : { volume24h: bar.volume24h }),
    };
    const list = byMinute.get(bar.minute) ?? [];
    list.push(quote);
    byMinute.set(bar.minute, list);
  }
  const minutes = [...byMinute.keys()].sort((a, b) => a - b);
  const sim = new DerivativesSimulator(
    options.seed,
    SIMULATED_VENUE_IDS.filter((v) => !disabled.has(v)),
    // Borrow rates are not back-filled: only the latest reading counts.
    Number.POSITIVE_INFINITY,
  );
  const openInterest: OpenInterestEvent[] = [];
  const liquidations: LiquidationEvent[] = [];
  for (const minute of minutes) {
    for (const event of sim.observe(byMinute.get(minute) ?? [])) {
      if (event.t >= end) continue;
      if (event.type === 'oi') openInterest.push(event);
      else if (event.type === 'liquidation') liquidations.push(event);
    }
  }
  return { openInterest, liquidations };
}

import {
  type ConversionBase,
  type Currency,
  type MarketType,
  VENUE_IDS,
  type VenueId,
} from '@spreadscope/core';
import type { MarketEngine } from '@spreadscope/engine';
import { ApiError } from '../../http/errors.ts';
import { type PublicMarket, toMarketType } from './public-params.ts';

/** The engine's market for an SDK (exchange, BASE-QUOTE, spot|futures), or 404 naming what was asked. */
export function findMarket(
  engine: MarketEngine,
  exchange: VenueId,
  symbol: { base: string; quote: string; symbol: string },
  market: PublicMarket,
): number {
  const id = engine.state.find(exchange, toMarketType(market), symbol.base, symbol.quote);
  if (id < 0 || !Number.isFinite(engine.state.last.array[id] as number)) {
    throw new ApiError(
      404,
      'market_not_found',
      'publicApi.noMarket',
      { exchange, symbol: symbol.symbol, market },
      'symbol',
    );
  }
  return id;
}

/** KRW per unit of the conversion base: forex USD/KRW, or Upbit's USDT/KRW. */
export function conversionRate(engine: MarketEngine, base: ConversionBase): number {
  return base === 'USDT' ? engine.state.usdtKrw : engine.state.usdKrw;
}

/** Markets of one type on each exchange, as `BASE-QUOTE`, for the discovery lists. */
export function symbolsOf(engine: MarketEngine, exchange: VenueId, market?: MarketType): string[] {
  const out = new Set<string>();
  for (const info of engine.state.instruments) {
    if (info.venue !== exchange || (market && info.market !== market)) continue;
    out.add(`${info.base}-${info.quote}`);
  }
  return [...out].sort();
}

/** Exchanges that list at least one market of the type (every type when absent). */
export function exchangesWith(engine: MarketEngine, market?: MarketType): VenueId[] {
  const present = new Set<VenueId>();
  for (const info of engine.state.instruments) if (!market || info.market === market) present.add(info.venue);
  return VENUE_IDS.filter((v) => present.has(v));
}

/** The currency figures are shown in: USD or KRW. */
export type PublicCurrency = Currency;

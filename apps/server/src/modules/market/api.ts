import { silentLogger } from '@spreadscope/core';
import type { DerivativesRepository, HistoryRepository, MarketHistoryRepository } from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';
import { DerivativesDesk } from '../derivatives/derivatives-desk.ts';
import { DerivativesService } from '../derivatives/derivatives-service.ts';
import { FundingService } from '../funding/service.ts';
import { MarginService } from '../margin/margin-service.ts';
import { MarketDataService } from '../market-data/market-data-service.ts';
import { SymbolCatalogService } from '../market-data/symbol-catalog-service.ts';
import { GatedTables } from './gated-rows.ts';
import { MarketHistoryService } from './history-service.ts';
import { MarketService } from './service.ts';

/** Everything the market routes and the WebSocket topics read from. */
export interface MarketApi {
  readonly market: MarketService;
  readonly funding: FundingService;
  /** The premium and arbitrage tables as each caller may see them (gated rows, spec §6). */
  readonly tables: GatedTables;
  /** Absent without a database: history routes answer 503. */
  readonly history: MarketHistoryService | undefined;
  /** Candles straight from a live venue (FEEDS): fills ranges the minute history does not cover. */
  readonly venueCandles?: MarketSource['fetchCandles'];
  /** Margin borrow rates and trading fees. */
  readonly margin: MarginService;
  /** Open interest and liquidations. */
  readonly derivatives: DerivativesService;
  /** Ticker, order book and forex front calls. */
  readonly marketData: MarketDataService;
  /** The `symbol` registry and `market` front calls. */
  readonly symbols: SymbolCatalogService;
}

export function createMarketApi(deps: {
  engine: MarketEngine;
  source: MarketSource;
  history?: HistoryRepository | undefined;
  marketHistory?: MarketHistoryRepository | undefined;
  /** Best rows of a table masked for visitors (default 3; 0: none). */
  visitorGatedRows?: number | undefined;
  /** Fed by the runtime's tap (derivatives/tap-source.ts); a fresh empty desk when absent. */
  desk?: DerivativesDesk | undefined;
  derivativesHistory?: DerivativesRepository | undefined;
}): MarketApi {
  const { engine, source } = deps;
  // History as the running source sees it: a live deployment never reads simulated minutes, nor the other way
  // round, and the mode is asked per read, so an `auto` switch takes effect at once.
  const mode = () => source.state().mode;
  const history = deps.history?.forMode(mode);
  const marketHistory = deps.marketHistory?.forMode(mode);
  const market = new MarketService(engine, source);
  const desk = deps.desk ?? new DerivativesDesk({ write: false, logger: silentLogger });
  return {
    margin: new MarginService(desk, engine, source),
    derivatives: new DerivativesService(desk, source, deps.derivativesHistory?.forMode(mode)),
    marketData: new MarketDataService(engine, source),
    symbols: new SymbolCatalogService(engine, source),
    market,
    tables: new GatedTables(market, deps.visitorGatedRows),
    funding: new FundingService(engine, source, marketHistory),
    history: history && marketHistory ? new MarketHistoryService(source, history, marketHistory) : undefined,
    ...(source.fetchCandles ? { venueCandles: source.fetchCandles.bind(source) } : {}),
  };
}

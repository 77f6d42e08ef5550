import type {
  ArbitrageQuery,
  ArbitrageResponse,
  NetworksResponse,
  PremiumDetailHeaderResponse,
  PremiumDetailOverviewResponse,
  PremiumDetailQuery,
  PremiumIndexResponse,
  PremiumQuery,
  PremiumResponse,
  PriceStatsQuery,
  PriceStatsResponse,
} from '@spreadscope/contracts';
import {
  type ArbitrageKind,
  type ConversionBase,
  InvalidSymbolError,
  tryParseSymbol,
  type VenueId,
} from '@spreadscope/core';
import { INDEX_WEIGHTING, type MarketEngine } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';
import { ApiError } from '../../http/errors.ts';
import { TokenSearch } from './token-search.ts';
import { unknownSymbol } from './unknown-symbol.ts';

/** Read side of the live market: answers the API from the engine's state, nothing else. */
export class MarketService {
  private readonly search = new TokenSearch();

  constructor(
    readonly engine: MarketEngine,
    private readonly source: MarketSource,
  ) {}

  now(): number {
    return this.source.now();
  }

  get version(): number {
    return this.engine.version;
  }

  dataSource() {
    return this.source.state();
  }

  premium(query: PremiumQuery): PremiumResponse {
    const page = this.engine.premium(query, this.source.now());
    return { ...page, dataSource: this.source.state() };
  }

  arbitrage(kind: ArbitrageKind, query: ArbitrageQuery): ArbitrageResponse {
    const page = this.engine.arbitrage(kind, query, this.source.now());
    return { ...page, dataSource: this.source.state() };
  }

  premiumIndex(conversionBase: ConversionBase): PremiumIndexResponse {
    const now = this.source.now();
    const index = this.engine.premiumIndex(conversionBase, now);
    // Bitcoin's 24 h move as Korean traders see it: the busiest Korean KRW market.
    const views = this.engine.views;
    const upbit = this.engine.state.find('upbit', 'spot', 'BTC', 'KRW');
    const korean =
      upbit >= 0 ? upbit : views.reference(this.engine.state.find('binance', 'spot', 'BTC', 'USDT'));
    const change = korean >= 0 ? views.detailMarket(korean, 'KRW', Number.NaN, now).change24hPercent : null;
    return {
      ...index,
      weighting: INDEX_WEIGHTING,
      bitcoin: { ...index.bitcoin, change24hPercent: change },
      updatedAt: now,
      dataSource: this.source.state(),
    };
  }

  priceStats(query: PriceStatsQuery): PriceStatsResponse {
    return { ...this.engine.views.priceStats(query, this.source.now()), dataSource: this.source.state() };
  }

  networks(query: {
    asset?: string | undefined;
    exchange?: VenueId | undefined;
  }): Omit<NetworksResponse, 'page' | 'limit' | 'total'> {
    return { data: this.engine.views.networks(query), updatedAt: this.source.now() };
  }

  premiumExchanges() {
    return this.engine.views.premiumExchanges();
  }

  premiumSymbols(scope: 'kimchi' | 'global', dex: boolean) {
    return { data: this.engine.views.premiumSymbols(scope, dex) };
  }

  /** Fuzzy token search (spec §9: threshold 0.4 on the symbol). */
  searchTokens(q: string, limit: number) {
    const { state } = this.engine;
    this.search.refresh(state.tokens.length, () => this.engine.views.tokenVenues(), state);
    return { data: this.search.find(q, limit) };
  }

  /** The detail page of one market: `symbol` is exchange-base or exchange-quote-base. */
  detail(query: PremiumDetailQuery): {
    header: PremiumDetailHeaderResponse;
    overview: PremiumDetailOverviewResponse;
  } {
    const parsed = tryParseSymbol(query.symbol);
    if (parsed instanceof InvalidSymbolError) {
      throw new ApiError(400, 'invalid_symbol', 'error.invalidSymbol', { symbol: query.symbol }, 'symbol');
    }
    const id = this.engine.views.resolve(parsed);
    // A market nobody lists is another answer than one that exists but has no price yet.
    if (id < 0) throw unknownSymbol(query.symbol, parsed.exchange, parsed.base, 'symbol');
    if (!Number.isFinite(this.engine.state.last.array[id] as number)) {
      throw new ApiError(404, 'not_quoted', 'market.notQuoted', { symbol: query.symbol }, 'symbol');
    }
    return this.engine.views.detail(query.symbol, id, query, this.source.now());
  }

  walletStatus(symbol: string) {
    const parsed = tryParseSymbol(symbol);
    if (parsed instanceof InvalidSymbolError) {
      throw new ApiError(400, 'invalid_symbol', 'error.invalidSymbol', { symbol }, 'symbol');
    }
    return { symbol, base: parsed.base, data: this.engine.views.networks({ asset: parsed.base }) };
  }
}

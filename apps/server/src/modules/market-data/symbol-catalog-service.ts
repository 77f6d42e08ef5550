import type {
  CatalogSymbol,
  MarketQuery,
  MarketResponse,
  SymbolCatalogQuery,
  SymbolCatalogResponse,
} from '@spreadscope/contracts';
import { FRESHNESS_MS, getVenue, InvalidSymbolError, tryParseSymbol, VENUE_IDS } from '@spreadscope/core';
import type { InstrumentInfo, MarketEngine } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';
import { ApiError } from '../../http/errors.ts';
import { unknownSymbol } from '../market/unknown-symbol.ts';
import { DOLLAR_QUOTES } from './market-data-service.ts';

const VENUE_ORDER = new Map<string, number>(VENUE_IDS.map((id, i) => [id, i]));
const STALE_MS = FRESHNESS_MS['10s'];

const finite = (v: number | undefined): number | null => (v === undefined || !Number.isFinite(v) ? null : v);

/**
 * The spec §7 `symbol` and `market` front calls: every market the registry follows (quoted or not yet), and
 * one market as it stands now. Read from the engine's state; nothing is stored.
 */
export class SymbolCatalogService {
  constructor(
    private readonly engine: MarketEngine,
    private readonly source: MarketSource,
  ) {}

  symbols(query: SymbolCatalogQuery): SymbolCatalogResponse {
    const state = this.engine.state;
    let only: { exchange: string; base: string; quote: string | null } | undefined;
    if (query.symbol !== undefined) {
      const parsed = tryParseSymbol(query.symbol);
      if (parsed instanceof InvalidSymbolError) {
        throw new ApiError(400, 'invalid_symbol', 'error.invalidSymbol', { symbol: query.symbol }, 'symbol');
      }
      only = parsed;
    }
    const q = query.q?.toUpperCase();
    const rows: CatalogSymbol[] = [];
    for (const info of state.instruments) {
      if (query.exchange !== undefined && info.venue !== query.exchange) continue;
      if (query.market !== undefined && info.market !== query.market) continue;
      if (query.base !== undefined && info.base !== query.base) continue;
      if (query.quote !== undefined && info.quote !== query.quote) continue;
      if (q !== undefined && !info.base.includes(q)) continue;
      if (only && (info.venue !== only.exchange || info.base !== only.base)) continue;
      if (only?.quote && info.quote !== only.quote) continue;
      const at = state.updatedAt.array[info.id] as number;
      const quoted = at > 0 && Number.isFinite(state.last.array[info.id] as number);
      if (query.quoted !== undefined && quoted !== query.quoted) continue;
      rows.push({
        id: info.market === 'perp' ? `${info.symbol}.perp` : info.symbol,
        exchange: info.venue,
        market: info.market,
        baseSymbol: info.base,
        quoteSymbol: info.quote,
        apiSymbol: `${info.base}/${info.quote}`,
        symbol: info.symbol,
        quoted,
        updatedAt: at > 0 ? at : null,
      });
    }
    rows.sort(
      (a, b) =>
        (VENUE_ORDER.get(a.exchange) ?? 0) - (VENUE_ORDER.get(b.exchange) ?? 0) ||
        a.market.localeCompare(b.market) ||
        a.baseSymbol.localeCompare(b.baseSymbol) ||
        a.quoteSymbol.localeCompare(b.quoteSymbol),
    );
    const start = (query.page - 1) * query.limit;
    return {
      data: rows.slice(start, start + query.limit),
      page: query.page,
      limit: query.limit,
      total: rows.length,
      updatedAt: this.source.now(),
    };
  }

  /** Multiplier from the market's quote to `currency`; NaN where no rate is known. */
  private factor(info: InstrumentInfo, currency: 'USD' | 'KRW' | undefined): number {
    if (currency === undefined) return 1;
    const usdKrw = this.engine.state.usdKrw;
    if (info.quote === 'KRW') return currency === 'KRW' ? 1 : 1 / usdKrw;
    if (DOLLAR_QUOTES.has(info.quote)) return currency === 'USD' ? 1 : usdKrw;
    return Number.NaN;
  }

  market(query: MarketQuery): MarketResponse {
    const state = this.engine.state;
    const [base = '', quote = ''] = query.symbol.split('-');
    const id = state.find(query.exchange, query.market, base, quote);
    if (id < 0) throw unknownSymbol(query.symbol, query.exchange, base, 'symbol');
    const info = state.instruments[id] as InstrumentInfo;
    const at = state.updatedAt.array[id] as number;
    if (!(at > 0)) {
      throw new ApiError(404, 'not_quoted', 'market.notQuoted', { symbol: query.symbol }, 'symbol');
    }
    const k = this.factor(info, query.currency);
    const conv = (v: number | undefined) => finite(v === undefined ? undefined : v * k);
    const last = state.last.array[id];
    const open = state.open24h.array[id];
    const bid = finite(state.bid.array[id]);
    const ask = finite(state.ask.array[id]);
    const mid = bid !== null && ask !== null ? (bid + ask) / 2 : null;
    const usd = this.factor(info, 'USD');
    const venue = getVenue(info.venue);
    const now = this.source.now();
    const perp = info.market === 'perp';
    return {
      id: perp ? `${info.symbol}.perp` : info.symbol,
      exchange: info.venue,
      exchangeName: venue.name,
      kind: venue.kind,
      region: venue.region,
      market: info.market,
      base: info.base,
      quote: info.quote,
      symbol: `${info.base}-${info.quote}`,
      detailSymbol: info.symbol,
      currency: query.currency ?? info.quote,
      price: conv(last),
      bid: conv(bid ?? undefined),
      ask: conv(ask ?? undefined),
      spreadPercent:
        mid !== null && mid > 0 && ask !== null && bid !== null ? ((ask - bid) / mid) * 100 : null,
      open24h: conv(open),
      change24hPercent:
        last !== undefined && open !== undefined && open > 0 ? finite((last / open - 1) * 100) : null,
      volume24h: conv(state.volume24h.array[id]),
      volume24hUsd: finite((state.volume24h.array[id] as number) * usd),
      funding: perp
        ? {
            ratePercent: finite((state.fundingRate.array[id] as number) * 100),
            intervalHours: finite(state.fundingIntervalHours.array[id]),
            nextFundingTime: finite(state.nextFundingTime.array[id]),
            markPrice: conv(state.markPrice.array[id]),
          }
        : null,
      tokenMarkets: state.tokens[info.token]?.instruments.length ?? 1,
      updatedAt: at,
      stale: now - at > STALE_MS,
      dataSource: this.source.state(),
    };
  }
}

import type {
  ForexResponse,
  OrderbookQuery,
  OrderbookResponse,
  TickerQuery,
  TickerResponse,
} from '@spreadscope/contracts';
import { FRESHNESS_MS, type MarketType, type VenueId } from '@spreadscope/core';
import type { MarketEngine } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';
import { ApiError } from '../../http/errors.ts';
import { listPage } from '../market/route-support.ts';
import { unknownSymbol } from '../market/unknown-symbol.ts';

export const DOLLAR_QUOTES = new Set(['USDT', 'USDC', 'USD', 'FDUSD']);
/** A quote older than the 10 s interval's window is stale (spec §9). */
const STALE_MS = FRESHNESS_MS['10s'];

const nullable = (v: number | undefined): number | null =>
  v === undefined || !Number.isFinite(v) ? null : v;

/** Ticker, order book and forex front calls, read from the engine's current state (nothing stored). */
export class MarketDataService {
  constructor(
    private readonly engine: MarketEngine,
    private readonly source: MarketSource,
  ) {}

  /** Multiplier from the market's quote currency to the requested currency; NaN where no rate is known. */
  private factor(quote: string, currency: 'USD' | 'KRW', base: 'USD' | 'USDT'): number {
    const state = this.engine.state;
    const krwPerDollar = base === 'USDT' ? state.usdtKrw : state.usdKrw;
    if (quote === 'KRW') return currency === 'KRW' ? 1 : 1 / krwPerDollar;
    if (DOLLAR_QUOTES.has(quote)) return currency === 'USD' ? 1 : krwPerDollar;
    return Number.NaN;
  }

  private find(
    exchange: VenueId,
    market: MarketType,
    symbol: string,
  ): { id: number; base: string; quote: string } {
    const [base = '', quote = ''] = symbol.split('-');
    const id = this.engine.state.find(exchange, market, base, quote);
    if (id < 0) throw unknownSymbol(symbol, exchange, base, 'symbol');
    return { id, base, quote };
  }

  ticker(query: TickerQuery): TickerResponse {
    const { id, base, quote } = this.find(query.exchange, query.market, query.symbol);
    const s = this.engine.state;
    const at = s.updatedAt.array[id] ?? 0;
    if (at === 0) {
      throw new ApiError(404, 'not_quoted', 'market.notQuoted', { symbol: query.symbol }, 'symbol');
    }
    const k = this.factor(quote, query.currency, query.conversion_base);
    const conv = (v: number | undefined) => nullable(v === undefined ? undefined : v * k);
    const last = s.last.array[id];
    const open = s.open24h.array[id];
    const now = this.source.now();
    const freshAfter = now - STALE_MS;
    return {
      currency: query.currency,
      market: query.market === 'perp' ? 'futures' : 'spot',
      data: {
        d: at,
        e: query.exchange,
        m: query.market === 'perp' ? 'futures' : 'spot',
        s: `${base}-${quote}`,
        b: base,
        q: quote,
        p: conv(last),
        p24h: conv(open),
        pc: last !== undefined && open !== undefined && open > 0 ? nullable((last / open - 1) * 100) : null,
        v: conv(s.volume24h.array[id]),
        hb: conv(s.bid.array[id]),
        la: conv(s.ask.array[id]),
        ud: conv(this.engine.books.depth(id, 'ask', freshAfter)),
        ld: conv(this.engine.books.depth(id, 'bid', freshAfter)),
        stale: now - at > STALE_MS,
      },
      dataSource: this.source.state(),
    };
  }

  orderbook(query: OrderbookQuery): OrderbookResponse {
    const { id, base, quote } = this.find(query.exchange, query.market, query.symbol);
    const book = this.engine.books.get(id);
    if (!book) throw new ApiError(404, 'not_quoted', 'market.notQuoted', { symbol: query.symbol }, 'symbol');
    const levels = (side: { prices: Float64Array; sizes: Float64Array }): [number, number][] => {
      const out: [number, number][] = [];
      for (let i = 0; i < side.prices.length && i < query.depth; i++) {
        out.push([side.prices[i] as number, side.sizes[i] as number]);
      }
      return out;
    };
    return {
      exchange: query.exchange,
      symbol: `${base}-${quote}`,
      market: query.market,
      base,
      quote,
      date: book.at,
      bids: levels(book.bids),
      asks: levels(book.asks),
      dataSource: this.source.state(),
    };
  }

  /** Venues with at least one market of the type (with a book, for order books). */
  exchanges(market: MarketType | undefined, books: boolean): { data: VenueId[] } {
    const venues = new Set<VenueId>();
    for (const i of this.engine.state.instruments) {
      if (market !== undefined && i.market !== market) continue;
      if (books && !this.engine.books.get(i.id)) continue;
      venues.add(i.venue);
    }
    return { data: [...venues].sort() };
  }

  symbols(
    exchange: VenueId,
    market: MarketType | undefined,
    books: boolean,
    page: { page: number; limit: number },
  ) {
    const symbols = new Set<string>();
    for (const i of this.engine.state.instruments) {
      if (i.venue !== exchange || (market !== undefined && i.market !== market)) continue;
      if (books && !this.engine.books.get(i.id)) continue;
      symbols.add(`${i.base}-${i.quote}`);
    }
    return listPage([...symbols].sort(), page);
  }

  forex(symbol: string): ForexResponse {
    const s = this.engine.state;
    const pick =
      symbol === 'USD-KRW'
        ? { r: s.usdKrw, d: s.usdKrwAt, source: 'forex' }
        : symbol === 'USDT-KRW'
          ? { r: s.usdtKrw, d: s.usdtKrwAt, source: 'upbit' }
          : null;
    if (!pick || !Number.isFinite(pick.r) || pick.d === 0) {
      throw new ApiError(404, 'not_quoted', 'market.notQuoted', { symbol }, 'symbol');
    }
    return { s: symbol, r: pick.r, d: pick.d, source: pick.source, dataSource: this.source.state() };
  }

  forexSymbols(): { data: string[] } {
    const s = this.engine.state;
    const out: string[] = [];
    if (Number.isFinite(s.usdKrw) && s.usdKrwAt > 0) out.push('USD-KRW');
    if (Number.isFinite(s.usdtKrw) && s.usdtKrwAt > 0) out.push('USDT-KRW');
    return { data: out };
  }
}

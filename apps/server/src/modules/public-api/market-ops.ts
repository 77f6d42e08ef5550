import { getVenue, MINUTE_MS, type VenueId } from '@spreadscope/core';
import { feeRates, type MarketEngine } from '@spreadscope/engine';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { MarketApi } from '../market/api.ts';
import { conversionRate, exchangesWith, findMarket, symbolsOf } from './market-lookup.ts';
import {
  exchange,
  MARKETS,
  oneOf,
  oneOfOr,
  optionalExchange,
  requiredOneOf,
  requiredText,
  symbol,
  text,
  timeParam,
  toMarketType,
  toPublicMarket,
} from './public-params.ts';

/** Candle intervals the SDK asks for (its constants add 30m to the registry's list). */
export const PUBLIC_CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '12h', '1d'] as const;
const STEP_MS: Record<(typeof PUBLIC_CANDLE_INTERVALS)[number], number> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '12h': 720 * MINUTE_MS,
  '1d': 1_440 * MINUTE_MS,
};
/** Most candles one call returns; the SDK pages by time, not by count. */
const MAX_CANDLES = 5_000;

export const candleQuery = z.object({
  exchange: exchange(),
  symbol: symbol(),
  market: oneOfOr(MARKETS, 'spot'),
  currency: oneOfOr(['USD', 'KRW'] as const, 'USD'),
  interval: oneOfOr(PUBLIC_CANDLE_INTERVALS, '1d'),
  from: timeParam(),
  to: timeParam(),
});

export async function candleAnswer(api: MarketApi, q: z.infer<typeof candleQuery>) {
  const { engine } = api.market;
  findMarket(engine, q.exchange, q.symbol, q.market);
  const stepMs = STEP_MS[q.interval];
  const to = q.to ?? api.market.now();
  const span = q.from === undefined ? 500 : Math.ceil((to - q.from) / stepMs) + 1;
  const history = api.history;
  const rows = history
    ? await history.candlesByStep({
        exchange: q.exchange,
        market: toMarketType(q.market),
        base: q.symbol.base,
        quote: q.symbol.quote,
        stepMs,
        from: q.from,
        to,
        limit: Math.max(1, Math.min(MAX_CANDLES, span)),
        currency: q.currency,
        conversionBase: 'USD',
      })
    : [];
  return {
    currency: q.currency,
    exchange: q.exchange,
    interval: q.interval,
    market: q.market,
    symbol: q.symbol.symbol,
    data: rows.map((r) => ({ d: r.t, o: r.o, h: r.h, l: r.l, c: r.c, v: r.v })),
  };
}

export const tickerQuery = z.object({
  exchange: exchange(),
  symbol: symbol(),
  market: requiredOneOf(MARKETS),
  currency: oneOfOr(['USD', 'KRW'] as const, 'USD'),
  conversion_base: oneOfOr(['USDT', 'USD'] as const, 'USDT'),
});

/** One market's ticker in the SDK's short keys; depth within ±2 % of the mid, in the requested currency. */
export function tickerAnswer(engine: MarketEngine, q: z.infer<typeof tickerQuery>, now: number) {
  const id = findMarket(engine, q.exchange, q.symbol, q.market);
  const view = engine.views.detailMarket(id, q.currency, conversionRate(engine, q.conversion_base), now);
  const factor = view.nativePrice > 0 ? view.price / view.nativePrice : Number.NaN;
  const fresh = now - 60_000;
  const depth = (side: 'bid' | 'ask') => orNull(engine.books.depth(id, side, fresh) * factor);
  const change = view.change24hPercent;
  return {
    currency: q.currency,
    market: q.market,
    data: {
      d: view.updatedAt,
      e: q.exchange,
      m: q.market,
      s: q.symbol.symbol,
      b: q.symbol.base,
      q: q.symbol.quote,
      p: view.price,
      p24h: change === null ? null : view.price / (1 + change / 100),
      pc: change,
      v: view.volume24h,
      hb: view.bid,
      la: view.ask,
      ud: depth('ask'),
      ld: depth('bid'),
    },
  };
}

export const marketOnlyQuery = z.object({ market: requiredOneOf(MARKETS) });
export const exchangeMarketQuery = z.object({
  exchange: exchange(),
  market: oneOf(MARKETS),
});

export function symbolsAnswer(
  engine: MarketEngine,
  q: { exchange: VenueId; market?: 'spot' | 'futures' | undefined },
) {
  return symbolsOf(engine, q.exchange, q.market ? toMarketType(q.market) : undefined);
}

export function exchangesAnswer(engine: MarketEngine, market?: 'spot' | 'futures') {
  return exchangesWith(engine, market ? toMarketType(market) : undefined);
}

export const feesQuery = z.object({ exchange: optionalExchange(), symbol: text(48) });

/**
 * Trading fees: per exchange and market type (the venues' base tier), or per market when a symbol is named.
 * Rates are percentages of the notional.
 */
export function feesAnswer(engine: MarketEngine, q: z.infer<typeof feesQuery>) {
  const wanted = q.symbol?.toUpperCase();
  const rows: Record<string, unknown>[] = [];
  for (const venue of exchangesWith(engine)) {
    if (q.exchange && venue !== q.exchange) continue;
    if (wanted) {
      for (const info of engine.state.instruments) {
        if (info.venue !== venue || `${info.base}-${info.quote}` !== wanted) continue;
        rows.push(feeRow(venue, info.market, wanted));
      }
    } else {
      for (const market of getVenue(venue).markets) rows.push(feeRow(venue, market, null));
    }
  }
  return rows;
}

function feeRow(venue: VenueId, market: 'spot' | 'perp', symbol: string | null) {
  const rates = feeRates(venue, market);
  return {
    exchange: venue,
    market: toPublicMarket(market),
    symbol,
    maker_fee: rates.maker * 100,
    taker_fee: rates.taker * 100,
    unit: 'percent',
    tier: 'base',
  };
}

export const walletQuery = z.object({ asset: requiredText(20), exchange: optionalExchange() });

/** Deposit and withdrawal state per network, the SDK's WalletRow. Unknown is never shown as open. */
export function walletAnswer(engine: MarketEngine, q: z.infer<typeof walletQuery>) {
  return engine.views.networks({ asset: q.asset.toUpperCase(), exchange: q.exchange }).map((n) => ({
    exchange: n.exchange,
    currency: n.asset,
    network: n.network,
    deposit_state: n.deposit ? 'open' : 'suspended',
    deposit_message: '',
    withdraw_state: n.withdraw ? 'open' : 'suspended',
    withdraw_message: '',
    withdraw_fee: n.withdrawFee,
    confirmations: n.confirmations,
    updated_at: n.updatedAt,
  }));
}

export function walletExchanges(engine: MarketEngine): VenueId[] {
  const present = new Set(engine.views.networks({}).map((n) => n.exchange));
  return exchangesWith(engine).filter((v) => present.has(v));
}

export function walletAssets(engine: MarketEngine, venue: VenueId): string[] {
  return [...new Set(engine.views.networks({ exchange: venue }).map((n) => n.asset))].sort();
}

export const volumeQuery = z.object({ base: requiredText(20), market: oneOf(MARKETS) });

/** 24 h volume of one token on every exchange and market, in its quote and in US dollars. */
export function volumeAnswer(engine: MarketEngine, q: z.infer<typeof volumeQuery>, now: number) {
  const token = engine.state.findToken(q.base.toUpperCase());
  if (!token)
    throw new ApiError(404, 'token_not_found', 'market.tokenNotSupported', { token: q.base }, 'base');
  const rate = conversionRate(engine, 'USD');
  const data = token.instruments.flatMap((id) => {
    const info = engine.state.instruments[id];
    if (!info || (q.market && info.market !== toMarketType(q.market))) return [];
    const view = engine.views.detailMarket(id, 'USD', rate, now);
    return [
      {
        exchange: info.venue,
        market: toPublicMarket(info.market),
        quote: info.quote,
        volume24h: orNull((engine.state.volume24h.array[id] as number) ?? Number.NaN),
        volume24hUsd: view.volume24h,
        updatedAt: view.updatedAt,
      },
    ];
  });
  data.sort((a, b) => (b.volume24hUsd ?? -1) - (a.volume24hUsd ?? -1));
  return { base: token.base, market: q.market ?? null, data };
}

function orNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

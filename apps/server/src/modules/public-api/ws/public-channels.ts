import { type MarketType, tokenIdOf, type VenueId } from '@spreadscope/core';
import type { MarketEngine } from '@spreadscope/engine';
import { conversionRate } from '../market-lookup.ts';
import { type PublicMarket, toMarketType } from '../public-params.ts';
import { type DerivativeTopic, symbolTopic } from './derivative-channels.ts';

/**
 * The paid API's WebSocket channels (shared/formats/public-api.md §3.4): how each reads its subscription
 * parameter and builds the message for it from the engine. A message is one JSON object carrying the
 * fields the SDK's models name; none has keys only from {result, id}, which the SDK would drop as an ack.
 */
export const PUBLIC_WS_CHANNELS = [
  '/ticker/spot',
  '/ticker/futures',
  '/forex',
  '/premium',
  '/funding-rate',
  '/open-interest',
  '/liquidation',
  '/liquidation/feed',
  '/announcement/listing',
  '/front/liquidation/feed',
] as const;
export type PublicWsChannel = (typeof PUBLIC_WS_CHANNELS)[number];

/**
 * Listing announcements (§3.4): a stream every socket of the channel gets from the moment it opens, since the
 * SDK sends `SUBSCRIBE` with no parameter once and none after a reconnect. Its plan is Pro+ (the listing
 * screens' feature on top of the API), not the API's basic one.
 */
export const LISTING_CHANNEL = '/announcement/listing' satisfies PublicWsChannel;

/** A parsed subscription: the market(s) it watches and how to build its message. */
export interface ChannelTopic {
  /** The parameter as the client wrote it (acks echo it). */
  readonly param: string;
  /** Channels pushed on every market tick: the message for the current state. */
  message?(engine: MarketEngine, now: number): Record<string, unknown> | null;
  /** Channels pushed per event (open interest, liquidations): the events it takes, see derivative-channels.ts. */
  readonly derivative?: DerivativeTopic;
}

const SYMBOL = /^([A-Z0-9]{1,20})-([A-Z0-9]{1,12})$/;

/** Reads a subscription parameter of a channel; null when it is not one. */
export function parseTopic(channel: PublicWsChannel, raw: unknown): ChannelTopic | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 160) return null;
  switch (channel) {
    case '/ticker/spot':
    case '/ticker/futures':
      return tickerTopic(raw, channel === '/ticker/spot' ? 'spot' : 'futures');
    case '/forex':
      return raw.toUpperCase() === 'USD-KRW' ? { param: raw, message: forexMessage } : null;
    case '/premium':
      return premiumTopic(raw);
    case '/funding-rate':
      return fundingTopic(raw);
    case '/open-interest':
    case '/liquidation':
      return symbolTopic(channel, raw);
    default:
      return null;
  }
}

function marketOf(
  engine: MarketEngine,
  venue: string,
  market: MarketType,
  base: string,
  quote: string,
): number {
  const id = engine.state.find(venue, market, base, quote);
  return id >= 0 && Number.isFinite(engine.state.last.array[id] as number) ? id : -1;
}

function tickerTopic(raw: string, market: PublicMarket): ChannelTopic | null {
  const [symbol = '', exchange = '', currency, conversionBase, ...rest] = raw.split('@');
  const match = SYMBOL.exec(symbol.toUpperCase());
  if (!match || !exchange || rest.length > 0) return null;
  // The optional currency and conversion base come both or neither.
  if ((currency === undefined) !== (conversionBase === undefined)) return null;
  const cur = (currency ?? 'USD').toUpperCase();
  const conv = (conversionBase ?? 'USDT').toUpperCase();
  if ((cur !== 'USD' && cur !== 'KRW') || (conv !== 'USD' && conv !== 'USDT')) return null;
  const [, base = '', quote = ''] = match;
  const venue = exchange.toLowerCase();
  return {
    param: raw,
    message(engine, now) {
      const id = marketOf(engine, venue, toMarketType(market), base, quote);
      if (id < 0) return null;
      const view = engine.views.detailMarket(id, cur as 'USD', conversionRate(engine, conv as 'USD'), now);
      const change = view.change24hPercent;
      const factor = view.nativePrice > 0 ? view.price / view.nativePrice : Number.NaN;
      const depth = (side: 'bid' | 'ask') => finite(engine.books.depth(id, side, now - 60_000) * factor);
      return {
        d: view.updatedAt,
        e: venue,
        m: market,
        s: `${base}-${quote}`,
        b: base,
        q: quote,
        p: view.price,
        p24h: change === null ? null : view.price / (1 + change / 100),
        pc: change,
        v: view.volume24h,
        hb: view.bid,
        la: view.ask,
        ud: depth('ask'),
        ld: depth('bid'),
      };
    },
  };
}

function forexMessage(engine: MarketEngine): Record<string, unknown> | null {
  const rate = engine.state.usdKrw;
  return Number.isFinite(rate) ? { s: 'USD-KRW', r: rate, d: engine.state.usdKrwAt } : null;
}

function premiumTopic(raw: string): ChannelTopic | null {
  const parts = raw.split(':');
  if (parts.length !== 7) return null;
  const [source = '', target = '', tokenId = '', sourceQuote = '', targetQuote = '', sm = '', tm = ''] =
    parts;
  if (!isMarket(sm) || !isMarket(tm) || !tokenId) return null;
  let base: string | null = null;
  return {
    param: raw,
    message(engine, now) {
      base ??= baseOfTokenId(engine, tokenId);
      if (base === null) return null;
      const s = marketOf(engine, source.toLowerCase(), toMarketType(sm), base, sourceQuote.toUpperCase());
      const t = marketOf(engine, target.toLowerCase(), toMarketType(tm), base, targetQuote.toUpperCase());
      if (s < 0 || t < 0) return null;
      const rate = conversionRate(engine, 'USD');
      const sv = engine.views.detailMarket(s, 'USD', rate, now);
      const tv = engine.views.detailMarket(t, 'USD', rate, now);
      // The newest input the message carries: a KRW leg's USD price moves with the USD/KRW rate too, and a
      // message sent for a rate move must not claim the age of the last quote.
      const krw =
        engine.state.instruments[s]?.quote === 'KRW' || engine.state.instruments[t]?.quote === 'KRW';
      const rateAt = krw ? engine.state.usdKrwAt : 0;
      return {
        key: raw,
        token_id: tokenId,
        source_exchange: source.toLowerCase(),
        target_exchange: target.toLowerCase(),
        source_market: sm,
        target_market: tm,
        source_base: base,
        source_quote: sourceQuote.toUpperCase(),
        target_quote: targetQuote.toUpperCase(),
        source_price: sv.price,
        target_price: tv.price,
        premium: tv.price > 0 ? (sv.price / tv.price - 1) * 100 : null,
        timestamp: Math.max(sv.updatedAt, tv.updatedAt, rateAt),
      };
    },
  };
}

function fundingTopic(raw: string): ChannelTopic | null {
  const [symbol = '', exchange = '', ...rest] = raw.split('@');
  const match = SYMBOL.exec(symbol.toUpperCase());
  if (!match || !exchange || rest.length > 0) return null;
  const [, base = '', quote = ''] = match;
  const venue = exchange.toLowerCase() as VenueId;
  return {
    param: raw,
    message(engine) {
      const id = marketOf(engine, venue, 'perp', base, quote);
      if (id < 0) return null;
      const { state } = engine;
      return {
        e: venue,
        s: `${base}-${quote}`,
        b: base,
        q: quote,
        id: tokenIdOf(base),
        f: finite(state.fundingRate.array[id] as number),
        i: finite(state.fundingIntervalHours.array[id] as number),
        d: state.fundingAt.array[id] as number,
      };
    },
  };
}

function isMarket(value: string): value is PublicMarket {
  return value === 'spot' || value === 'futures';
}

/** A token id (`bitcoin`) or ticker (`BTC`) to the engine's ticker; null when no market has the token. */
function baseOfTokenId(engine: MarketEngine, tokenId: string): string | null {
  const wanted = tokenId.toLowerCase();
  for (const token of engine.state.tokens) {
    if (token.base.toLowerCase() === wanted || tokenIdOf(token.base) === wanted) return token.base;
  }
  return null;
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

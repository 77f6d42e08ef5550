import {
  type ConversionBase,
  type Currency,
  conversionRate,
  FRESHNESS_MS,
  GAP_WINDOW_MINUTES,
  GAP_WINDOWS,
  type GapWindow,
  gapPercent,
  getVenue,
  type MarketType,
  minuteStart,
  type ParsedSymbol,
  tokenSearchMatcher,
  transferTimeSec,
  VENUE_IDS,
  type VenueId,
} from '@spreadscope/core';
import { type InstrumentInfo, type MarketState, UNIT_KRW, UNIT_OTHER } from './market-state.ts';
import type { MinuteBarCollector } from './minute-bars.ts';
import { minuteAgo } from './spread-row.ts';
import type { WalletNetworkState, Wallets } from './wallets.ts';

/** Per-market views: price statistics, the premium detail page, wallet networks, what the premium screens list. */

const orNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

export interface PriceStatsFilter {
  readonly exchange?: VenueId | undefined;
  readonly market?: MarketType | undefined;
  readonly quote?: string | undefined;
  readonly search?: string | undefined;
  readonly currency: Currency;
  readonly dex?: boolean | undefined;
  readonly sort: 'volume' | 'change24h' | 'change1h' | 'base';
  readonly order: 'asc' | 'desc';
  readonly page: number;
  readonly limit: number;
}

export interface DetailMarketView {
  readonly exchange: VenueId;
  readonly market: MarketType;
  readonly quote: string;
  readonly symbol: string;
  readonly price: number;
  readonly nativePrice: number;
  readonly bid: number | null;
  readonly ask: number | null;
  readonly change24hPercent: number | null;
  readonly volume24h: number | null;
  readonly fundingRatePercent: number | null;
  readonly updatedAt: number;
  readonly stale: boolean;
}

export interface NetworkView {
  readonly exchange: VenueId;
  readonly asset: string;
  readonly network: string;
  readonly deposit: boolean;
  readonly withdraw: boolean;
  readonly confirmations: number | null;
  readonly blockTimeSec: number | null;
  readonly transferTimeSec: number | null;
  readonly withdrawFee: number | null;
  readonly updatedAt: number;
}

export class MarketViews {
  constructor(
    private readonly state: MarketState,
    private readonly bars: MinuteBarCollector,
    private readonly wallets: Wallets,
  ) {}

  /** Display factor of a market's prices: KRW and dollar quotes convert by the given KRW-per-dollar rate. */
  private factor(info: InstrumentInfo, currency: Currency, rate: number): number {
    if (info.unit === UNIT_KRW) return currency === 'KRW' ? 1 : 1 / rate;
    return currency === 'USD' ? 1 : rate;
  }

  /** The 24 h change: the venue's own open when it reports one, else the engine's close of 24 h ago. */
  private change24h(id: number, now: number): number {
    const last = this.state.last.array[id] as number;
    const change = gapPercent(last, this.state.open24h.array[id] as number);
    return Number.isNaN(change) ? gapPercent(last, this.bars.priceAt(id, minuteAgo(now, 1_440))) : change;
  }

  priceStats(filter: PriceStatsFilter, now: number) {
    const { state } = this;
    const rate = state.usdKrw;
    const matches = tokenSearchMatcher(filter.search);
    const freshAfter = now - FRESHNESS_MS.realtime;
    const chosen = state.instruments.filter(
      (info) =>
        info.unit !== UNIT_OTHER &&
        Number.isFinite(state.last.array[info.id] as number) &&
        (!filter.exchange || info.venue === filter.exchange) &&
        (!filter.market || info.market === filter.market) &&
        (!filter.quote || info.quote === filter.quote) &&
        (filter.dex || !info.dex) &&
        (!matches || matches(info.base)),
    );
    if (!Number.isFinite(rate) && chosen.some((info) => this.factor(info, filter.currency, rate) !== 1)) {
      return {
        data: [],
        page: filter.page,
        limit: filter.limit,
        total: 0,
        currency: filter.currency,
        updatedAt: now,
      };
    }
    const key = (info: InstrumentInfo): number | string => {
      switch (filter.sort) {
        case 'volume':
          return (state.volume24h.array[info.id] as number) * this.factor(info, filter.currency, rate);
        case 'change24h':
          return this.change24h(info.id, now);
        case 'change1h':
          return gapPercent(
            state.last.array[info.id] as number,
            this.bars.priceAt(info.id, minuteAgo(now, 60)),
          );
        case 'base':
          return info.base;
      }
    };
    const direction = filter.order === 'asc' ? 1 : -1;
    const keyed = chosen.map((info) => ({ info, key: key(info) }));
    keyed.sort((a, b) => {
      if (typeof a.key === 'string' || typeof b.key === 'string')
        return String(a.key).localeCompare(String(b.key)) * direction || a.info.id - b.info.id;
      if (Number.isNaN(a.key) !== Number.isNaN(b.key)) return Number.isNaN(a.key) ? 1 : -1;
      return (a.key - b.key) * direction || a.info.id - b.info.id;
    });
    const start = (filter.page - 1) * filter.limit;
    const lastClosed = minuteStart(now) - 60_000;
    const data = keyed.slice(start, start + filter.limit).map(({ info }) => {
      const id = info.id;
      const f = this.factor(info, filter.currency, rate);
      const last = state.last.array[id] as number;
      const changePercent = {} as Record<GapWindow, number | null>;
      for (const w of GAP_WINDOWS)
        changePercent[w] =
          w === '24h'
            ? orNull(this.change24h(id, now))
            : orNull(gapPercent(last, this.bars.priceAt(id, minuteAgo(now, GAP_WINDOW_MINUTES[w]))));
      let high = last;
      let low = last;
      for (let m = lastClosed - 1_439 * 60_000; m <= lastClosed; m += 60_000) {
        const close = this.bars.priceAt(id, m);
        if (!Number.isFinite(close)) continue;
        if (close > high) high = close;
        if (close < low) low = close;
      }
      const updatedAt = state.updatedAt.array[id] as number;
      return {
        exchange: info.venue,
        market: info.market,
        base: info.base,
        quote: info.quote,
        symbol: info.symbol,
        price: last * f,
        nativePrice: last,
        changePercent,
        high24h: orNull(high * f),
        low24h: orNull(low * f),
        volume24h: orNull((state.volume24h.array[id] as number) * f),
        updatedAt,
        stale: updatedAt < freshAfter,
      };
    });
    return {
      data,
      page: filter.page,
      limit: filter.limit,
      total: keyed.length,
      currency: filter.currency,
      updatedAt: now,
    };
  }

  /** The market a detail symbol names: spot, in the given quote or the venue's main one. */
  resolve(symbol: ParsedSymbol): number {
    const venue = getVenue(symbol.exchange);
    const quote = symbol.quote ?? venue.quotes[0] ?? 'USDT';
    return this.state.find(symbol.exchange, 'spot', symbol.base, quote);
  }

  detailMarket(id: number, currency: Currency, rate: number, now: number): DetailMarketView {
    const { state } = this;
    const info = state.instruments[id];
    if (!info) throw new Error(`unknown instrument ${id}`);
    const f = this.factor(info, currency, rate);
    const updatedAt = state.updatedAt.array[id] as number;
    const last = state.last.array[id] as number;
    return {
      exchange: info.venue,
      market: info.market,
      quote: info.quote,
      symbol: info.symbol,
      price: last * f,
      nativePrice: last,
      bid: orNull((state.bid.array[id] as number) * f),
      ask: orNull((state.ask.array[id] as number) * f),
      change24hPercent: orNull(this.change24h(id, now)),
      volume24h: orNull((state.volume24h.array[id] as number) * f),
      fundingRatePercent:
        info.market === 'perp' ? orNull((state.fundingRate.array[id] as number) * 100) : null,
      updatedAt,
      stale: updatedAt < now - FRESHNESS_MS.realtime,
    };
  }

  /**
   * The counterpart a detail page's headline premium is taken against: for a Korean market the busiest overseas
   * CEX USDT spot market of the token, for an overseas one the busiest Korean KRW market.
   */
  reference(id: number): number {
    const { state } = this;
    const info = state.instruments[id];
    const token = info ? state.tokens[info.token] : undefined;
    let best = -1;
    let bestVolume = Number.NEGATIVE_INFINITY;
    for (const other of token?.instruments ?? []) {
      const o = state.instruments[other];
      if (!o || !info || o.market !== 'spot' || o.korean === info.korean) continue;
      if (info.korean ? o.quote !== 'USDT' || o.dex : o.quote !== 'KRW') continue;
      // Candidates share one quote (all KRW or all USDT), so volumes compare as they are.
      const volume = state.volume24h.array[other] as number;
      const v = Number.isFinite(volume) ? volume : 0;
      if (v > bestVolume) {
        best = other;
        bestVolume = v;
      }
    }
    return best;
  }

  detail(
    symbol: string,
    id: number,
    options: { currency: Currency; conversionBase: ConversionBase; dex: boolean },
    now: number,
  ) {
    const { state } = this;
    const info = state.instruments[id];
    if (!info) throw new Error(`unknown instrument ${id}`);
    const rate = conversionRate(options.conversionBase, { usdKrw: state.usdKrw, usdtKrw: state.usdtKrw });
    const market = this.detailMarket(id, options.currency, rate, now);
    const premiumOver = (other: number) =>
      gapPercent(
        market.price,
        (state.last.array[other] as number) *
          this.factor(state.instruments[other] as InstrumentInfo, options.currency, rate),
      );
    const referenceId = this.reference(id);
    const others = (state.tokens[info.token]?.instruments ?? []).filter((other) => {
      const o = state.instruments[other];
      return (
        o !== undefined &&
        o.unit !== UNIT_OTHER &&
        (options.dex || !o.dex) &&
        Number.isFinite(state.last.array[other] as number)
      );
    });
    others.sort(
      (a, b) =>
        VENUE_IDS.indexOf(state.instruments[a]?.venue ?? 'upbit') -
          VENUE_IDS.indexOf(state.instruments[b]?.venue ?? 'upbit') || a - b,
    );
    return {
      header: {
        symbol,
        base: info.base,
        market,
        reference: referenceId < 0 ? null : this.detailMarket(referenceId, options.currency, rate, now),
        premiumPercent: referenceId < 0 ? null : orNull(premiumOver(referenceId)),
        currency: options.currency,
        conversionBase: options.conversionBase,
        conversionRate: orNull(rate),
        markets: others.length,
      },
      overview: {
        symbol,
        base: info.base,
        currency: options.currency,
        conversionBase: options.conversionBase,
        conversionRate: orNull(rate),
        data: others.map((other) => ({
          ...this.detailMarket(other, options.currency, rate, now),
          premiumPercent: other === id ? 0 : orNull(premiumOver(other)),
        })),
      },
    };
  }

  networks(filter: { asset?: string | undefined; exchange?: VenueId | undefined }): NetworkView[] {
    const rows = this.wallets
      .all()
      .filter(
        (w) =>
          (!filter.asset || w.asset === filter.asset) && (!filter.exchange || w.venue === filter.exchange),
      );
    rows.sort(
      (a, b) =>
        a.asset.localeCompare(b.asset) ||
        VENUE_IDS.indexOf(a.venue) - VENUE_IDS.indexOf(b.venue) ||
        a.network.localeCompare(b.network),
    );
    return rows.map(networkView);
  }

  /** Venues that can be the source and the target of a premium row, with how many markets each quotes. */
  premiumExchanges() {
    const counts = new Map<VenueId, number>();
    for (const info of this.state.instruments) {
      if (info.unit === UNIT_OTHER) continue;
      counts.set(info.venue, (counts.get(info.venue) ?? 0) + 1);
    }
    const entry = (venue: VenueId) => {
      const v = getVenue(venue);
      return { exchange: venue, name: v.name, region: v.region, markets: counts.get(venue) ?? 0 };
    };
    const present = VENUE_IDS.filter((v) => counts.has(v));
    return {
      sources: present.filter((v) => getVenue(v).region === 'korea').map(entry),
      targets: present.filter((v) => getVenue(v).region === 'overseas').map(entry),
    };
  }

  /** Tokens of the premium tables: Korean and overseas listings (kimchi) or two overseas ones (global). */
  premiumSymbols(scope: 'kimchi' | 'global', dex: boolean) {
    const out: { base: string; exchanges: VenueId[]; markets: number }[] = [];
    for (const token of this.state.tokens) {
      const markets = token.instruments
        .map((id) => this.state.instruments[id])
        .filter((i): i is InstrumentInfo => i !== undefined && i.unit !== UNIT_OTHER && (dex || !i.dex));
      const korean = markets.filter((m) => m.korean);
      const overseas = markets.filter((m) => !m.korean);
      const listed = scope === 'kimchi' ? korean.length > 0 && overseas.length > 0 : overseas.length > 1;
      if (!listed) continue;
      const inScope = scope === 'kimchi' ? markets : overseas;
      const exchanges = VENUE_IDS.filter((v) => inScope.some((m) => m.venue === v));
      out.push({ base: token.base, exchanges, markets: inScope.length });
    }
    return out.sort((a, b) => a.base.localeCompare(b.base));
  }

  /** Every token with the venues quoting it, for search. */
  tokenVenues(): { base: string; exchanges: VenueId[] }[] {
    return this.state.tokens.map((token) => ({
      base: token.base,
      exchanges: VENUE_IDS.filter((v) =>
        token.instruments.some((id) => this.state.instruments[id]?.venue === v),
      ),
    }));
  }

  /** Markets with candles, for the chart symbol list. */
  candleSymbols(exchange?: VenueId) {
    return this.state.instruments
      .filter((info) => !exchange || info.venue === exchange)
      .map((info) => ({
        id: info.market === 'perp' ? `${info.symbol}.perp` : info.symbol,
        exchange: info.venue,
        market: info.market,
        baseSymbol: info.base,
        quoteSymbol: info.quote,
        apiSymbol: `${info.base}/${info.quote}`,
      }));
  }
}

function networkView(w: WalletNetworkState): NetworkView {
  return {
    exchange: w.venue,
    asset: w.asset,
    network: w.network,
    deposit: w.deposit,
    withdraw: w.withdraw,
    confirmations: w.confirmations,
    blockTimeSec: w.blockTimeSec,
    transferTimeSec:
      w.confirmations === null || w.blockTimeSec === null
        ? null
        : transferTimeSec(w.blockTimeSec, w.confirmations),
    withdrawFee: w.withdrawFee,
    updatedAt: w.updatedAt,
  };
}

import type {
  ExchangeInfoResponse,
  ExchangeMarket,
  ExchangeMarketsResponse,
  ExchangeOverviewResponse,
  ExchangeSummary,
  ExchangesOverviewResponse,
  TokenMetricsResponse,
} from '@spreadscope/contracts';
import { FRESHNESS_MS, getVenue, VENUES, type VenueId } from '@spreadscope/core';
import { type InstrumentInfo, type MarketEngine, UNIT_DOLLAR, UNIT_KRW } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';
import { emptyCounts } from '../wallets/wallet-views.ts';
import type { WalletsService } from '../wallets/wallets-service.ts';
import type { ExchangesService } from './service.ts';

/** The venues' own sites, for the detail page's info block (public facts). */
const WEBSITES: Partial<Record<VenueId, string>> = {
  upbit: 'https://upbit.com',
  bithumb: 'https://www.bithumb.com',
  coinone: 'https://coinone.co.kr',
  korbit: 'https://www.korbit.co.kr',
  binance: 'https://www.binance.com',
  bybit: 'https://www.bybit.com',
  okx: 'https://www.okx.com',
  mexc: 'https://www.mexc.com',
  bitget: 'https://www.bitget.com',
  gateio: 'https://www.gate.com',
  hashkey: 'https://www.hashkey.com',
  huobi: 'https://www.htx.com',
  backpack: 'https://backpack.exchange',
  dydx: 'https://dydx.trade',
  hyperliquid: 'https://hyperliquid.xyz',
  lighter: 'https://lighter.xyz',
  aster: 'https://www.asterdex.com',
  edgex: 'https://www.edgex.exchange',
  uniswapv3: 'https://app.uniswap.org',
  pancakeswap: 'https://pancakeswap.finance',
  dragonswap: 'https://dgswap.io',
  klayswap: 'https://klayswap.com',
  capybara: 'https://capybara.exchange',
};

/**
 * What the exchanges pages show beyond the link health: markets and 24 h volume per venue, token metrics, and
 * each venue's wallet health counts. Volumes are summed in USD (KRW at the forex rate, USDT and USDC at par).
 */
export class ExchangeDetailService {
  constructor(
    private readonly engine: MarketEngine,
    private readonly source: MarketSource,
    private readonly connection: ExchangesService,
    private readonly wallets: WalletsService | undefined,
  ) {}

  private usd(info: InstrumentInfo): number {
    const state = this.engine.state;
    const volume = state.volume24h.array[info.id] as number;
    if (info.unit === UNIT_DOLLAR) return volume;
    if (info.unit === UNIT_KRW) return volume / state.usdKrw;
    return Number.NaN;
  }

  private quoted(exchange?: VenueId): InstrumentInfo[] {
    const state = this.engine.state;
    return state.instruments.filter(
      (i) => (!exchange || i.venue === exchange) && Number.isFinite(state.last.array[i.id] as number),
    );
  }

  overview(): ExchangesOverviewResponse {
    const connection = new Map(this.connection.connection().venues.map((v) => [v.id, v]));
    const byVenue = new Map<string, InstrumentInfo[]>();
    for (const info of this.quoted()) {
      const list = byVenue.get(info.venue);
      if (list) list.push(info);
      else byVenue.set(info.venue, [info]);
    }
    const venues = VENUES.map((v) => this.summary(v.id, byVenue.get(v.id) ?? [], connection.get(v.id)));
    return { dataSource: this.source.state(), venues, updatedAt: this.source.now() };
  }

  private summary(
    exchange: VenueId,
    markets: readonly InstrumentInfo[],
    link: { status: ExchangeSummary['status']; lastMessageAt: number | null } | undefined,
  ): ExchangeSummary {
    const venue = getVenue(exchange);
    let volume = 0;
    let counted = 0;
    for (const info of markets) {
      const usd = this.usd(info);
      if (Number.isFinite(usd)) {
        volume += usd;
        counted++;
      }
    }
    return {
      id: venue.id,
      name: venue.name,
      kind: venue.kind,
      region: venue.region,
      marketTypes: [...venue.markets],
      markets: markets.length,
      tokens: new Set(markets.map((m) => m.base)).size,
      volume24hUsd: counted > 0 ? volume : null,
      status: link?.status ?? 'unsupported',
      lastMessageAt: link?.lastMessageAt ?? null,
      wallets: this.wallets?.counts(exchange) ?? emptyCounts(),
    };
  }

  info(exchange: VenueId): ExchangeInfoResponse {
    const venue = getVenue(exchange);
    return {
      id: venue.id,
      name: venue.name,
      kind: venue.kind,
      region: venue.region,
      marketTypes: [...venue.markets],
      quotes: [...venue.quotes],
      website: WEBSITES[exchange] ?? null,
      chain: venue.chain ?? null,
    };
  }

  exchangeOverview(exchange: VenueId): ExchangeOverviewResponse {
    const link = this.connection.connection().venues.find((v) => v.id === exchange);
    return {
      dataSource: this.source.state(),
      summary: this.summary(exchange, this.quoted(exchange), link),
      updatedAt: this.source.now(),
    };
  }

  markets(query: {
    exchange?: VenueId | undefined;
    market?: 'spot' | 'perp' | undefined;
    page: number;
    limit: number;
  }): ExchangeMarketsResponse {
    const state = this.engine.state;
    const now = this.source.now();
    const freshAfter = now - FRESHNESS_MS['10s'];
    const rows: ExchangeMarket[] = this.quoted(query.exchange)
      .filter((i) => !query.market || i.market === query.market)
      .map((i) => {
        const usd = this.usd(i);
        const updatedAt = state.updatedAt.array[i.id] as number;
        return {
          exchange: i.venue,
          market: i.market,
          base: i.base,
          quote: i.quote,
          symbol: i.symbol,
          price: state.last.array[i.id] as number,
          volume24hUsd: Number.isFinite(usd) ? usd : null,
          updatedAt,
          stale: updatedAt < freshAfter,
        };
      })
      .sort((a, b) => (b.volume24hUsd ?? -1) - (a.volume24hUsd ?? -1) || a.symbol.localeCompare(b.symbol));
    const start = (query.page - 1) * query.limit;
    return {
      data: rows.slice(start, start + query.limit),
      page: query.page,
      limit: query.limit,
      total: rows.length,
      updatedAt: now,
    };
  }

  tokenMetrics(exchange: VenueId, limit: number): TokenMetricsResponse {
    const byToken = new Map<string, { markets: number; volume: number; counted: boolean }>();
    let total = 0;
    for (const info of this.quoted(exchange)) {
      const entry = byToken.get(info.base) ?? { markets: 0, volume: 0, counted: false };
      entry.markets++;
      const usd = this.usd(info);
      if (Number.isFinite(usd)) {
        entry.volume += usd;
        entry.counted = true;
        total += usd;
      }
      byToken.set(info.base, entry);
    }
    const data = [...byToken]
      .map(([base, e]) => ({
        base,
        markets: e.markets,
        volume24hUsd: e.counted ? e.volume : null,
        shareOfVenuePercent: e.counted && total > 0 ? (e.volume / total) * 100 : null,
      }))
      .sort((a, b) => (b.volume24hUsd ?? -1) - (a.volume24hUsd ?? -1) || a.base.localeCompare(b.base))
      .slice(0, limit);
    return { exchange, data, tokens: byToken.size, updatedAt: this.source.now() };
  }
}

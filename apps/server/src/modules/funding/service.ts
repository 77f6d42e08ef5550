import type {
  FundingHeatmapQuery,
  FundingHeatmapResponse,
  FundingHistoryQuery,
  FundingHistoryResponse,
  FundingHistoryV2Query,
  FundingHistoryV2Response,
  FundingLatestQuery,
  FundingLatestResponse,
  FundingOverviewQuery,
  FundingOverviewResponse,
  FundingRankingQuery,
  FundingRankingResponse,
  FundingTokenResponse,
} from '@spreadscope/contracts';
import { getVenue, HISTORY_RANGE_MS, VENUE_IDS, type VenueId } from '@spreadscope/core';
import type { FundingSettlementRow, MarketHistoryRepository } from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';
import { ApiError } from '../../http/errors.ts';
import { defaultQuote } from '../market/history-service.ts';
import { TokenSearch } from '../market/token-search.ts';

/** Funding views of spec §7 (funding-rate, funding-rates/*): live from the engine, history from the database. */
export class FundingService {
  private readonly search = new TokenSearch();

  constructor(
    private readonly engine: MarketEngine,
    private readonly source: MarketSource,
    private readonly store: MarketHistoryRepository | undefined,
  ) {}

  latest(query: FundingLatestQuery): FundingLatestResponse {
    return {
      ...this.engine.fundingViews.latest(query, this.source.now()),
      dataSource: this.source.state(),
      rates: this.rates(),
    };
  }

  /** The KRW rates the screens convert USDT/USDC amounts with, as the premium tables report them. */
  private rates() {
    const { state } = this.engine;
    const at = Math.max(state.usdKrwAt, state.usdtKrwAt);
    return {
      usdKrw: Number.isFinite(state.usdKrw) ? state.usdKrw : null,
      usdtKrw: Number.isFinite(state.usdtKrw) ? state.usdtKrw : null,
      updatedAt: at > 0 ? at : null,
    };
  }

  ranking(query: FundingRankingQuery): FundingRankingResponse {
    return { ...this.engine.fundingViews.ranking(query, this.source.now()), dataSource: this.source.state() };
  }

  overview(query: FundingOverviewQuery): FundingOverviewResponse {
    return {
      ...this.engine.fundingViews.overview(query, this.source.now()),
      dataSource: this.source.state(),
    };
  }

  token(base: string, dex: boolean): FundingTokenResponse {
    const view = this.engine.fundingViews.token(base, dex, this.source.now());
    if (view.data.length === 0)
      throw new ApiError(404, 'not_found', 'market.tokenNotSupported', { token: base }, 'base');
    return { ...view, rates: this.rates() };
  }

  heatmap(query: FundingHeatmapQuery): FundingHeatmapResponse {
    return this.engine.fundingViews.heatmap(query, this.source.now());
  }

  symbols() {
    return { data: this.engine.fundingViews.symbols() };
  }

  exchanges() {
    const byVenue = new Map<VenueId, { markets: number; intervals: Set<number> }>();
    for (const s of this.engine.fundingViews.symbols()) {
      const id = this.engine.state.find(s.exchange, 'perp', s.baseToken, s.quoteToken);
      const entry = byVenue.get(s.exchange) ?? { markets: 0, intervals: new Set<number>() };
      entry.markets++;
      entry.intervals.add(this.engine.state.fundingIntervalHours.array[id] as number);
      byVenue.set(s.exchange, entry);
    }
    return {
      data: VENUE_IDS.filter((v) => byVenue.has(v)).map((v) => {
        const venue = getVenue(v);
        const entry = byVenue.get(v);
        return {
          exchange: v,
          name: venue.name,
          kind: venue.kind,
          markets: entry?.markets ?? 0,
          intervals: [...(entry?.intervals ?? [])].sort((a, b) => a - b),
        };
      }),
    };
  }

  intervals() {
    return { data: this.engine.fundingViews.intervals() };
  }

  searchTokens(q: string, limit: number) {
    const perps = this.engine.fundingViews.symbols();
    this.search.refresh(
      perps.length,
      () => {
        const byBase = new Map<string, Set<VenueId>>();
        for (const p of perps)
          byBase.set(p.baseToken, (byBase.get(p.baseToken) ?? new Set()).add(p.exchange));
        return [...byBase.entries()].map(([base, venues]) => ({
          base,
          exchanges: VENUE_IDS.filter((v) => venues.has(v)),
        }));
      },
      // The engine's state is replaced on a source switch: a new one must rebuild the index at once.
      this.engine.state,
    );
    return {
      data: this.search
        .find(q, limit)
        .map((hit) => ({ baseToken: hit.base, exchanges: hit.exchanges, score: hit.score })),
    };
  }

  private window(range: keyof typeof HISTORY_RANGE_MS) {
    const to = this.source.now();
    return { from: to - HISTORY_RANGE_MS[range], to };
  }

  private requireHistory(): MarketHistoryRepository {
    if (!this.store) throw new ApiError(503, 'unavailable', 'error.unavailable');
    return this.store;
  }

  async history(query: FundingHistoryQuery): Promise<FundingHistoryResponse> {
    const history = this.requireHistory();
    const quote = query.quote ?? defaultQuote(query.exchange);
    const { from, to } = this.window(query.range);
    const rows = await history.readFundingSettlements({
      venue: query.exchange,
      base: query.base,
      quote,
      from,
      to,
    });
    return {
      exchange: query.exchange,
      baseToken: query.base,
      quoteToken: quote,
      range: query.range,
      from,
      to,
      data: rows.map(point),
    };
  }

  /** Settlements of one perpetual in a range, oldest first (the paid API pages and sorts them itself). */
  async settlements(market: { exchange: VenueId; base: string; quote: string }, from: number, to: number) {
    return this.requireHistory().readFundingSettlements({
      venue: market.exchange,
      base: market.base,
      quote: market.quote,
      from,
      to,
    });
  }

  async historyV2(query: FundingHistoryV2Query): Promise<FundingHistoryV2Response> {
    const history = this.requireHistory();
    const { from, to } = this.window(query.range);
    const wanted = query.exchanges ? new Set<VenueId>(query.exchanges) : null;
    const perps = this.engine.fundingViews
      .symbols()
      .filter((s) => s.baseToken === query.base)
      .filter((s) => (wanted ? wanted.has(s.exchange) : query.dex || getVenue(s.exchange).kind === 'cex'));
    const series = await Promise.all(
      perps.map(async (p) => ({
        exchange: p.exchange,
        quoteToken: p.quoteToken,
        data: (
          await history.readFundingSettlements({
            venue: p.exchange,
            base: p.baseToken,
            quote: p.quoteToken,
            from,
            to,
          })
        ).map(point),
      })),
    );
    series.sort((a, b) => VENUE_IDS.indexOf(a.exchange) - VENUE_IDS.indexOf(b.exchange));
    return { baseToken: query.base, range: query.range, from, to, series };
  }
}

function point(row: FundingSettlementRow) {
  return {
    date: row.fundingTime,
    fundingRate: row.rate * 100,
    intervalHours: row.intervalHours,
    markPrice: row.markPrice,
  };
}

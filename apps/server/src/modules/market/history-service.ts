import type {
  CexCandleQuery,
  CexCandleResponse,
  PremiumCandleQuery,
  PremiumCandleResponse,
  PremiumHistoryQuery,
  PremiumHistoryResponse,
  PremiumHistoryTokensQuery,
  PremiumHistoryTokensResponse,
  PremiumHistoryV2Query,
  PremiumHistoryV2Response,
  PremiumIndexHistoryQuery,
  PremiumIndexHistoryResponse,
} from '@spreadscope/contracts';
import {
  CANDLE_INTERVAL_MS,
  type ConversionBase,
  DAY_MS,
  getVenue,
  HISTORY_RANGE_MS,
  HOUR_MS,
  isDollarQuote,
  type MarketType,
  MINUTE_MS,
  type VenueId,
} from '@spreadscope/core';
import type { HistoryRepository, MarketHistoryRepository, MarketKey, MinuteBarQuery } from '@spreadscope/db';
import { computePairHistory, type LegUnit } from '@spreadscope/engine';
import type { MarketSource } from '@spreadscope/feeds';

export const MAX_HISTORY_SPAN_MS = 31 * DAY_MS;
const HISTORY_LOOKBACK_MS = 6 * HOUR_MS;

export class HistoryRangeError extends Error {
  constructor(
    readonly param: 'from' | 'to',
    message: string,
  ) {
    super(message);
  }
}

/** Index history steps: about 300 points whatever the range. */
const INDEX_STEP_MS = {
  '1d': 5 * MINUTE_MS,
  '7d': 30 * MINUTE_MS,
  '30d': 2 * HOUR_MS,
  '1y': DAY_MS,
} as const;

/** A venue's quote when the caller names none: KRW in Korea, else the venue's main quote. */
export function defaultQuote(venue: VenueId): string {
  return getVenue(venue).quotes[0] ?? 'USDT';
}

function unitOf(quote: string): LegUnit | null {
  if (quote === 'KRW') return 'KRW';
  return isDollarQuote(quote) ? 'DOLLAR' : null;
}

/** Exponent of KRW-per-dollar that puts the source over the target in one currency. */
function exponentOf(source: LegUnit, target: LegUnit): -1 | 0 | 1 {
  if (source === target) return 0;
  return source === 'KRW' ? -1 : 1;
}

/** History from the 1-minute rollups: premium series, chart candles and the premium index. */
export class MarketHistoryService {
  constructor(
    private readonly source: MarketSource,
    private readonly history: HistoryRepository,
    private readonly market: MarketHistoryRepository,
  ) {}

  /** The oldest stored minute of these venues' markets, or of USD/KRW; null when none is stored. */
  earliestMinute(of: { readonly venues: readonly string[] } | 'forex'): Promise<number | null> {
    return this.history.earliestMinute(of);
  }

  private range(query: { from?: number | undefined; to?: number | undefined }): { from: number; to: number } {
    const to = query.to ?? this.source.now();
    const from = query.from ?? to - DAY_MS;
    if (from >= to) throw new HistoryRangeError('from', 'from must be before to');
    if (to - from > MAX_HISTORY_SPAN_MS)
      throw new HistoryRangeError('from', 'the range may span at most 31 days');
    return { from, to };
  }

  private rateBars(base: ConversionBase, range: { from: number; to: number }) {
    return base === 'USD'
      ? this.history.readForexBars({ pair: 'USD/KRW', ...range })
      : this.history.readMinuteBars({ venue: 'upbit', market: 'spot', base: 'USDT', quote: 'KRW', ...range });
  }

  async premiumHistory(query: PremiumHistoryQuery): Promise<PremiumHistoryResponse> {
    const v2 = await this.premiumHistoryV2({
      ...query,
      sourceMarket: 'spot',
      targetMarket: 'spot',
      sourceQuote: 'KRW',
      targetQuote: 'USDT',
    });
    const { sourceMarket: _s, targetMarket: _t, sourceQuote: _sq, targetQuote: _tq, ...v1 } = v2;
    return v1;
  }

  async premiumHistoryV2(query: PremiumHistoryV2Query): Promise<PremiumHistoryV2Response> {
    const { from, to } = this.range(query);
    const sourceQuote = query.sourceQuote ?? defaultQuote(query.source);
    const targetQuote = query.targetQuote ?? defaultQuote(query.target);
    const units = { source: unitOf(sourceQuote), target: unitOf(targetQuote) };
    const echo = {
      source: query.source,
      target: query.target,
      base: query.base,
      currency: query.currency,
      conversionBase: query.conversionBase,
      from,
      to,
      sourceMarket: query.sourceMarket,
      targetMarket: query.targetMarket,
      sourceQuote,
      targetQuote,
    };
    if (!units.source || !units.target) return { ...echo, data: [] };
    // Read a little before the window so a quiet market or a rate that last moved earlier still has a value
    // at the first minute; the as-of join then carries it forward.
    const range = { from: from - HISTORY_LOOKBACK_MS, to };
    const leg = (venue: VenueId, market: MarketType, quote: string): MinuteBarQuery => ({
      venue,
      market,
      base: query.base,
      quote,
      ...range,
    });
    const [sourceBars, targetBars, rateBars] = await Promise.all([
      this.history.readMinuteBars(leg(query.source, query.sourceMarket, sourceQuote)),
      this.history.readMinuteBars(leg(query.target, query.targetMarket, targetQuote)),
      this.rateBars(query.conversionBase, range),
    ]);
    const data = computePairHistory(
      sourceBars,
      targetBars,
      rateBars,
      { source: units.source, target: units.target },
      query.currency,
    ).filter((p) => p.t >= from);
    return { ...echo, data };
  }

  /** Candle range: `limit` buckets ending at `to` unless `from` says otherwise, aligned to the interval. */
  private candleRange(
    query: { from?: number | undefined; to?: number | undefined; limit: number },
    stepMs: number,
  ) {
    const to = query.to ?? this.source.now();
    if (query.from !== undefined && query.from >= to)
      throw new HistoryRangeError('from', 'from must be before to');
    const earliest = Math.floor((to - query.limit * stepMs) / stepMs) * stepMs;
    const from = Math.max(
      query.from === undefined ? earliest : Math.floor(query.from / stepMs) * stepMs,
      earliest,
    );
    if (from >= to) throw new HistoryRangeError('from', 'from must be before to');
    return { from, to };
  }

  /**
   * Candles of any bucket size (the paid API's 12 h too), in the market's own quote or converted minute by
   * minute to KRW or dollars with the rate of that minute (forex USD/KRW for USD, Upbit USDT/KRW for USDT).
   */
  async candlesByStep(query: {
    exchange: VenueId;
    market: MarketType;
    base: string;
    quote: string;
    stepMs: number;
    from?: number | undefined;
    to?: number | undefined;
    limit: number;
    currency?: 'KRW' | 'USD' | undefined;
    conversionBase?: ConversionBase | undefined;
  }) {
    const unit = unitOf(query.quote);
    const wanted = query.currency === undefined ? unit : query.currency === 'KRW' ? 'KRW' : 'DOLLAR';
    const exponent = unit && wanted ? exponentOf(unit, wanted) : 0;
    return this.market.readCandles({
      venue: query.exchange,
      market: query.market,
      base: query.base,
      quote: query.quote,
      stepMs: query.stepMs,
      ...this.candleRange(query, query.stepMs),
      ...(exponent !== 0
        ? { convert: { exponent: exponent as -1 | 1, conversionBase: query.conversionBase ?? 'USD' } }
        : {}),
    });
  }

  async cexCandles(query: CexCandleQuery): Promise<CexCandleResponse> {
    const stepMs = CANDLE_INTERVAL_MS[query.interval];
    const quote = query.quote ?? defaultQuote(query.exchange);
    const rows = await this.market.readCandles({
      venue: query.exchange,
      market: query.market,
      base: query.base,
      quote,
      stepMs,
      ...this.candleRange(query, stepMs),
    });
    return {
      exchange: query.exchange,
      market: query.market,
      base: query.base,
      quote,
      interval: query.interval,
      // v: base-token volume of complete 1-day buckets only (see CandleRow.v).
      data: rows,
    };
  }

  async premiumCandles(query: PremiumCandleQuery): Promise<PremiumCandleResponse> {
    const stepMs = CANDLE_INTERVAL_MS[query.interval];
    const sourceQuote = query.sourceQuote ?? defaultQuote(query.source);
    const targetQuote = query.targetQuote ?? defaultQuote(query.target);
    const echo = {
      source: query.source,
      target: query.target,
      base: query.base,
      sourceMarket: query.sourceMarket,
      targetMarket: query.targetMarket,
      sourceQuote,
      targetQuote,
      conversionBase: query.conversionBase,
      interval: query.interval,
    };
    const s = unitOf(sourceQuote);
    const t = unitOf(targetQuote);
    if (!s || !t) return { ...echo, data: [] };
    const key = (venue: VenueId, market: MarketType, quote: string): MarketKey => ({
      venue,
      market,
      base: query.base,
      quote,
    });
    const rows = await this.market.readGapCandles({
      source: key(query.source, query.sourceMarket, sourceQuote),
      target: key(query.target, query.targetMarket, targetQuote),
      exponent: exponentOf(s, t),
      conversionBase: query.conversionBase,
      stepMs,
      ...this.candleRange(query, stepMs),
    });
    // A premium has no volume of its own.
    return { ...echo, data: rows.map((r) => ({ ...r, v: null })) };
  }

  async premiumHistoryTokens(query: PremiumHistoryTokensQuery): Promise<PremiumHistoryTokensResponse> {
    const stepMs = query.range === '1d' ? 15 * MINUTE_MS : HOUR_MS;
    const to = this.source.now();
    const from = Math.floor((to - HISTORY_RANGE_MS[query.range]) / stepMs) * stepMs;
    const sourceQuote = defaultQuote(query.source);
    const targetQuote = defaultQuote(query.target);
    const s = unitOf(sourceQuote);
    const t = unitOf(targetQuote);
    const data = await Promise.all(
      query.bases.map(async (base) => {
        if (!s || !t) return { base, points: [] };
        const rows = await this.market.readGapCandles({
          source: { venue: query.source, market: 'spot', base, quote: sourceQuote },
          target: { venue: query.target, market: 'spot', base, quote: targetQuote },
          exponent: exponentOf(s, t),
          conversionBase: query.conversionBase,
          stepMs,
          from,
          to,
        });
        return { base, points: rows.map((r) => ({ t: r.t, gapPercent: r.c })) };
      }),
    );
    return {
      source: query.source,
      target: query.target,
      conversionBase: query.conversionBase,
      from,
      to,
      stepMs,
      data,
    };
  }

  async premiumIndexHistory(query: PremiumIndexHistoryQuery): Promise<PremiumIndexHistoryResponse> {
    const stepMs = INDEX_STEP_MS[query.range];
    const to = this.source.now();
    const from = Math.floor((to - HISTORY_RANGE_MS[query.range]) / stepMs) * stepMs;
    const rows = await this.market.readPremiumIndex({
      conversionBase: query.conversionBase,
      from,
      to,
      stepMs,
    });
    return {
      conversionBase: query.conversionBase,
      range: query.range,
      stepMs,
      from,
      to,
      data: rows.map((r) => ({
        t: r.minute,
        value: r.value,
        btcPremiumPercent: r.btcPremium,
        btcPriceKrw: r.btcPriceKrw,
        btcPriceUsd: r.btcPriceUsd,
      })),
    };
  }
}

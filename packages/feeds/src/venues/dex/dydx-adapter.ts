import { fundingEventSchema, HOUR_MS, type MarketEvent, quoteEventSchema } from '@spreadscope/core';
import { describeFailure } from '../../live/describe-failure.ts';
import { DeferredTask } from '../../supervisor/deferred-task.ts';
import type { SupervisedTask } from '../../supervisor/feed-health.ts';
import { type StreamFailure, StreamTask } from '../../supervisor/stream-task.ts';
import {
  type AdapterContext,
  type Candle,
  type CandleRequest,
  type CapabilityMap,
  type VenueAdapter,
  VenueRequestError,
} from '../adapter.ts';
import { windowBook } from '../book-window.ts';
import { fetchJson, isRecord, num } from '../http-json.ts';
import { BadFrameError, RawWsStream, VenueStreamError } from '../raw-ws.ts';
import { describeRaw, pollTask } from '../tasks.ts';

const INDEXER = 'https://indexer.dydx.trade';
const WS = 'wss://indexer.dydx.trade/v4/ws';
const RESOLUTIONS: Readonly<Record<string, string>> = {
  '1m': '1MIN',
  '5m': '5MINS',
  '15m': '15MINS',
  '30m': '30MINS',
  '1h': '1HOUR',
  '4h': '4HOURS',
  '1d': '1DAY',
};
/**
 * dYdX v4 settles funding every hour (its documentation). The indexer publishes no period: its markets carry
 * `nextFundingRate` and `defaultFundingRate1H` (a rate per hour), so the documented hour is used.
 */
const FUNDING_HOURS = 1;

/** `BTC-USD` → BTC; dYdX perpetuals are USD-quoted and USDC-settled, tracked as USDC. */
function base(ticker: string): string | null {
  const match = /^([A-Z0-9]+)-USD$/.exec(ticker);
  return match?.[1] ?? null;
}

/**
 * dYdX v4 through its public indexer (ccxt has no dYdX tickers): the v4_markets stream (one REST request
 * lists every perpetual while it is down) carries each perpetual's oracle price, 24 h volume and next
 * funding rate; books of the most traded markets; candles on request.
 * The indexer's market list carries no last trade, so `last` is the oracle price (what dYdX marks
 * positions at).
 */
export class DydxAdapter implements VenueAdapter {
  readonly venue = 'dydx' as const;
  private readonly volumes = new Map<string, number>();
  private readonly built: SupervisedTask[];
  private readonly firstTickers: Promise<void>;
  private tickersArrived: () => void = () => {};

  constructor(private readonly ctx: AdapterContext) {
    this.firstTickers = new Promise((resolve) => {
      this.tickersArrived = resolve;
    });
    const interval = ctx.override.pollIntervalMs ?? ctx.settings.pollIntervalMs;
    this.built = [
      ctx.settings.streams
        ? this.marketStream(interval)
        : pollTask(ctx, 'perp-tickers', interval, (signal) => this.pollMarkets(signal)),
    ];
    if (ctx.settings.bookMarkets > 0) {
      this.built.push(
        new DeferredTask(
          pollTask(ctx, 'books', ctx.settings.bookIntervalMs, (signal) => this.pollBooks(signal)),
          this.firstTickers,
          'rest',
          'waiting for the first tickers to choose the most traded markets',
          ctx.onChange,
        ),
      );
    }
  }

  capabilities(): CapabilityMap {
    return {
      'perp-tickers': this.ctx.settings.streams
        ? { via: 'ws', fallback: 'rest', note: "the indexer's v4_markets channel; last = oracle price" }
        : { via: 'rest', note: 'the indexer lists every market in one request; last = oracle price' },
      funding: {
        via: this.ctx.settings.streams ? 'ws' : 'rest',
        note: 'read with the tickers; hourly funding as dYdX documents it',
      },
      books: { via: 'rest', note: 'the most traded markets, polled' },
      wallets: { via: 'none', note: 'on-chain venue: no exchange wallets' },
      candles: { via: 'on-demand' },
    };
  }

  tasks(): readonly SupervisedTask[] {
    return this.built;
  }

  async close(): Promise<void> {}

  async fetchCandles(request: CandleRequest): Promise<Candle[]> {
    const resolution = RESOLUTIONS[request.interval];
    if (request.market !== 'perp') throw new VenueRequestError('dydx has perpetuals only');
    if (!resolution) {
      throw new VenueRequestError(
        `dydx has no ${request.interval} candles (it offers ${Object.keys(RESOLUTIONS).join(', ')})`,
      );
    }
    const query = new URLSearchParams({ resolution, limit: String(request.limit ?? 100) });
    if (request.since !== undefined) query.set('fromISO', new Date(request.since).toISOString());
    const body = await fetchJson(
      this.ctx,
      `${INDEXER}/v4/candles/perpetualMarkets/${request.base.toUpperCase()}-USD?${query}`,
    );
    const rows = isRecord(body) && Array.isArray(body.candles) ? body.candles : null;
    if (!rows) throw new Error('unexpected candle response');
    return rows
      .flatMap((row) => {
        if (!isRecord(row)) return [];
        const time = typeof row.startedAt === 'string' ? Date.parse(row.startedAt) : Number.NaN;
        const [open, high, low, close] = [row.open, row.high, row.low, row.close].map(num);
        if (!Number.isFinite(time) || [open, high, low, close].some((n) => n === undefined)) return [];
        return [
          {
            time,
            open: open as number,
            high: high as number,
            low: low as number,
            close: close as number,
            volume: num(row.baseTokenVolume) ?? 0,
          },
        ];
      })
      .sort((a, b) => a.time - b.time);
  }

  private async pollMarkets(signal: AbortSignal): Promise<{ events: MarketEvent[] }> {
    const body = await fetchJson(this.ctx, `${INDEXER}/v4/perpetualMarkets`, { signal });
    const markets = isRecord(body) && isRecord(body.markets) ? body.markets : null;
    if (!markets) throw new Error('unexpected response: no markets');
    const events = this.marketEvents(markets);
    if (events.length === 0) throw new Error('no usable markets in the response');
    return { events };
  }

  /** Indexer market records (REST list or stream state) → a quote and a funding event per active market. */
  private marketEvents(markets: Readonly<Record<string, unknown>>): MarketEvent[] {
    const now = this.ctx.clock();
    const nextHour = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
    const events: MarketEvent[] = [];
    for (const [ticker, market] of Object.entries(markets)) {
      const b = base(ticker);
      if (!b || !isRecord(market) || market.status !== 'ACTIVE') continue;
      const price = num(market.oraclePrice);
      const change = num(market.priceChange24H);
      const volume = num(market.volume24H);
      const quote = quoteEventSchema.safeParse({
        t: now,
        type: 'quote',
        venue: 'dydx',
        market: 'perp',
        base: b,
        quote: 'USDC',
        last: price,
        ...(volume !== undefined ? { volume24h: volume } : {}),
        ...(price !== undefined && change !== undefined && price - change > 0
          ? { open24h: price - change }
          : {}),
      });
      if (!quote.success) continue;
      events.push(quote.data);
      if (volume !== undefined) this.volumes.set(b, volume);
      const funding = fundingEventSchema.safeParse({
        t: now,
        type: 'funding',
        venue: 'dydx',
        base: b,
        quote: 'USDC',
        rate: num(market.nextFundingRate),
        intervalHours: FUNDING_HOURS,
        nextFundingTime: nextHour,
        markPrice: price,
      });
      if (funding.success) events.push(funding.data);
    }
    if (events.length > 0) this.tickersArrived();
    return events;
  }

  /**
   * The indexer's `v4_markets` channel: a full market list on subscribing, then changes — `trading`
   * (volume, next funding rate, status …) and `oraclePrices` — merged into the list; each message
   * republishes the markets it touched.
   */
  private marketStream(intervalMs: number): StreamTask {
    const state = new Map<string, Record<string, unknown>>();
    const merge = (changes: unknown, field?: string): string[] => {
      if (!isRecord(changes)) throw new BadFrameError('market changes are not an object');
      const touched: string[] = [];
      for (const [ticker, change] of Object.entries(changes)) {
        if (!isRecord(change)) continue;
        const current = state.get(ticker) ?? {};
        state.set(ticker, field ? { ...current, [field]: change[field] } : { ...current, ...change });
        touched.push(ticker);
      }
      return touched;
    };
    const stream = new RawWsStream({
      url: WS,
      ...(this.ctx.override.wsUrl ? { override: this.ctx.override.wsUrl } : {}),
      connectTimeoutMs: this.ctx.settings.requestTimeoutMs,
      pingMs: 20_000,
      subscribe: () => [{ type: 'subscribe', channel: 'v4_markets' }],
      parse: (frame) => {
        if (!isRecord(frame)) throw new BadFrameError('frame is not an object');
        if (frame.type === 'error') throw new VenueStreamError(`dYdX refused: ${String(frame.message)}`);
        if (frame.channel !== 'v4_markets' || !isRecord(frame.contents)) return [];
        const contents = frame.contents;
        let touched: string[] = [];
        if (frame.type === 'subscribed') {
          state.clear();
          touched = merge(contents.markets);
        } else if (frame.type === 'channel_data') {
          if (contents.trading !== undefined) touched.push(...merge(contents.trading));
          if (contents.oraclePrices !== undefined)
            touched.push(...merge(contents.oraclePrices, 'oraclePrice'));
        }
        const subset: Record<string, unknown> = {};
        for (const ticker of new Set(touched)) subset[ticker] = state.get(ticker);
        return this.marketEvents(subset);
      },
    });
    return new StreamTask({
      feed: 'perp-tickers',
      next: () => stream.next(),
      reset: (reason) => stream.reset(reason),
      silenceMs: this.ctx.settings.silenceMs,
      backoff: this.ctx.settings.backoff,
      fallback: { intervalMs, run: (signal) => this.pollMarkets(signal) },
      classify: (error): StreamFailure => (error instanceof BadFrameError ? 'bad-message' : 'reconnect'),
      describe: (error) =>
        error instanceof BadFrameError || error instanceof VenueStreamError
          ? error.message
          : describeFailure(
              error,
              { lastUrl: stream.target, lastStatus: null, lastStatusText: null },
              this.ctx.settings.requestTimeoutMs,
            ),
      describeFallback: describeRaw,
      emit: this.ctx.emit,
      onChange: this.ctx.onChange,
      clock: this.ctx.clock,
      random: this.ctx.random,
    });
  }

  private async pollBooks(signal: AbortSignal): Promise<{ events: MarketEvent[]; problem?: string | null }> {
    const bases = [...this.volumes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, this.ctx.settings.bookMarkets)
      .map(([b]) => b);
    const events: MarketEvent[] = [];
    const problems: string[] = [];
    for (const b of bases) {
      try {
        const body = await fetchJson(this.ctx, `${INDEXER}/v4/orderbooks/perpetualMarket/${b}-USD`, {
          signal,
        });
        if (!isRecord(body)) throw new Error('unexpected order book response');
        const side = (levels: unknown) =>
          Array.isArray(levels) ? levels.map((l) => (isRecord(l) ? [l.price, l.size] : [])) : [];
        const result = windowBook({
          t: this.ctx.clock(),
          venue: 'dydx',
          market: 'perp',
          base: b,
          quote: 'USDC',
          bids: side(body.bids),
          asks: side(body.asks),
        });
        if (result.kind === 'book') events.push(result.event);
        else if (result.kind === 'crossed') problems.push(`${b}: crossed book skipped`);
      } catch (error) {
        problems.push(`${b}: ${describeRaw(error)}`);
      }
    }
    if (events.length === 0 && problems.length > 0) throw new Error(problems.slice(0, 3).join('; '));
    return { events, problem: problems.length > 0 ? problems.join('; ') : null };
  }
}

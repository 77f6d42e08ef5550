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

const API = 'https://pro.edgex.exchange';
/** edgeX's public quote socket (the quote host of the same API generation as pro.edgex.exchange). */
const WS = 'wss://quote.edgex.exchange/api/v1/public/ws';
/** Every contract's 24 h ticker, pushed once a second (edgeX's periodic all-contracts channel). */
const TICKER_CHANNEL = 'ticker.all.1s';
/** Levels asked of getDepth: 15 is edgeX's smaller depth, enough for the ±2 % window of liquid contracts. */
const DEPTH_LEVELS = 15;
const KLINE_TYPES: Readonly<Record<string, string>> = {
  '1m': 'MINUTE_1',
  '5m': 'MINUTE_5',
  '15m': 'MINUTE_15',
  '30m': 'MINUTE_30',
  '1h': 'HOUR_1',
  '4h': 'HOUR_4',
  '1d': 'DAY_1',
};

/** `BTCUSD` / `BTCUSDT` / `BTC2USD` → BTC. edgeX perpetuals settle in USDT. */
function base(contractName: unknown): string | null {
  if (typeof contractName !== 'string') return null;
  const match = /^([A-Z0-9]+?)2?(USDT|USD)$/.exec(contractName.trim().toUpperCase());
  return match?.[1] ?? null;
}

/** edgeX wraps every answer as `{ code: "SUCCESS", data }`; anything else is its refusal. */
function edgexData(body: unknown): unknown {
  if (!isRecord(body)) throw new Error('unexpected response: not an object');
  if (body.code !== 'SUCCESS') throw new Error(`edgeX refused the request: ${String(body.msg ?? body.code)}`);
  return body.data;
}

/** A book side as edgeX sends it: `[price, size]` pairs (socket) or `{ price, size }` objects. */
function levels(side: unknown): unknown[][] {
  if (!Array.isArray(side)) return [];
  return side.map((l) => (Array.isArray(l) ? l : isRecord(l) ? [l.price, l.size] : []));
}

/**
 * edgeX (not in ccxt) through its public quote API: every contract's 24 h ticker streams from the quote
 * socket (`ticker.all.1s`: last, best bid and ask, funding rate with its current and next funding time —
 * the interval is their distance, as edgeX itself schedules it), with the REST ticker list standing in
 * while the socket is down. Books of the most traded contracts are REST snapshots (`getDepth`): the socket's
 * incremental depth frames are documented both as absolute sizes and as increases/decreases, so only
 * snapshots are trusted. Candles come on request (`getKline`).
 */
export class EdgexAdapter implements VenueAdapter {
  readonly venue = 'edgex' as const;
  private readonly built: SupervisedTask[];
  private readonly volumes = new Map<string, number>();
  /** Contract id by base (BTC → 10000001), learned from the tickers. */
  private readonly contracts = new Map<string, string>();
  private readonly firstTickers: Promise<void>;
  private tickersArrived: () => void = () => {};

  constructor(private readonly ctx: AdapterContext) {
    this.firstTickers = new Promise((resolve) => {
      this.tickersArrived = resolve;
    });
    // REST stands in for the stream at LIVE_POLL_MS; the getTicker list is one request for every contract.
    const interval = ctx.override.pollIntervalMs ?? ctx.settings.pollIntervalMs;
    this.built = [
      ctx.settings.streams
        ? this.tickerStream(interval)
        : pollTask(ctx, 'perp-tickers', interval, (signal) => this.pollTickers(signal)),
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
        ? { via: 'ws', fallback: 'rest', note: `every contract on ${TICKER_CHANNEL}, with best bid and ask` }
        : { via: 'rest', note: 'every contract in one request' },
      funding: {
        via: this.ctx.settings.streams ? 'ws' : 'rest',
        note: 'read with the tickers; interval = next − current funding time',
      },
      books: {
        via: 'rest',
        note: 'getDepth snapshots of the most traded contracts (the stream’s depth increments are ambiguously documented)',
      },
      wallets: { via: 'none', note: 'on-chain venue: no exchange wallets' },
      candles: { via: 'on-demand' },
    };
  }

  tasks(): readonly SupervisedTask[] {
    return this.built;
  }

  async close(): Promise<void> {}

  // ---------------------------------------------------------------- tickers

  private async pollTickers(
    signal: AbortSignal,
  ): Promise<{ events: MarketEvent[]; problem?: string | null }> {
    const data = edgexData(await fetchJson(this.ctx, `${API}/api/v1/public/quote/getTicker`, { signal }));
    if (!Array.isArray(data)) throw new Error('unexpected response: data is not a list');
    const { events, unknownInterval } = this.rowEvents(data);
    if (events.length === 0) throw new Error('no usable contracts in the response');
    return {
      events,
      problem:
        unknownInterval > 0 ? `${unknownInterval} contracts without a readable funding schedule` : null,
    };
  }

  /** Ticker rows (REST list or socket push) → a quote and, where the schedule is readable, a funding event. */
  private rowEvents(rows: readonly unknown[]): { events: MarketEvent[]; unknownInterval: number } {
    const now = this.ctx.clock();
    const events: MarketEvent[] = [];
    let unknownInterval = 0;
    for (const row of rows) {
      if (!isRecord(row)) continue;
      const b = base(row.contractName);
      if (!b) continue;
      const last = num(row.lastPrice);
      const volume = num(row.value);
      const open = num(row.open);
      const bid = num(row.bestBidPrice);
      const ask = num(row.bestAskPrice);
      // An empty side reads 0; a crossed pair is not a quote worth showing.
      const top =
        bid !== undefined && ask !== undefined && bid > 0 && ask > 0 && bid < ask ? { bid, ask } : {};
      const quote = quoteEventSchema.safeParse({
        t: now,
        type: 'quote',
        venue: 'edgex',
        market: 'perp',
        base: b,
        quote: 'USDT',
        last,
        ...top,
        ...(volume !== undefined ? { volume24h: volume } : {}),
        ...(open !== undefined && open > 0 ? { open24h: open } : {}),
      });
      if (!quote.success) continue;
      events.push(quote.data);
      if (typeof row.contractId === 'string') this.contracts.set(b, row.contractId);
      if (volume !== undefined) this.volumes.set(b, volume);
      const fundingTime = num(row.fundingTime);
      const nextFundingTime = num(row.nextFundingTime);
      const hours =
        fundingTime !== undefined && nextFundingTime !== undefined
          ? (nextFundingTime - fundingTime) / HOUR_MS
          : Number.NaN;
      // Only whole-minute periods of up to a day are believable schedules.
      if (!(hours > 0 && hours <= 24 && Number.isInteger(hours * 60))) {
        unknownInterval++;
        continue;
      }
      const oracle = num(row.oraclePrice);
      const funding = fundingEventSchema.safeParse({
        t: now,
        type: 'funding',
        venue: 'edgex',
        base: b,
        quote: 'USDT',
        rate: num(row.fundingRate),
        intervalHours: hours,
        nextFundingTime,
        ...(oracle !== undefined && oracle > 0 ? { markPrice: oracle } : {}),
      });
      if (funding.success) events.push(funding.data);
    }
    if (events.length > 0) this.tickersArrived();
    return { events, unknownInterval };
  }

  /**
   * The quote socket: `{ type: "subscribe", channel: "ticker.all.1s" }`, acknowledged with `subscribed`, then
   * `quote-event` pushes whose `content.data` lists the contracts; the server's JSON `ping` is answered with
   * `pong` carrying the same time (five unanswered pings close the socket).
   */
  private tickerStream(intervalMs: number): StreamTask {
    const stream = new RawWsStream({
      url: WS,
      ...(this.ctx.override.wsUrl ? { override: this.ctx.override.wsUrl } : {}),
      connectTimeoutMs: this.ctx.settings.requestTimeoutMs,
      pingMs: 20_000,
      subscribe: () => [{ type: 'subscribe', channel: TICKER_CHANNEL }],
      answer: (frame) =>
        isRecord(frame) && frame.type === 'ping' ? { type: 'pong', time: frame.time } : null,
      parse: (frame) => {
        if (!isRecord(frame)) throw new BadFrameError('frame is not an object');
        if (frame.type === 'error') {
          const content = isRecord(frame.content) ? frame.content : {};
          throw new VenueStreamError(`edgeX refused: ${String(content.msg ?? content.code ?? 'error')}`);
        }
        if (frame.type !== 'quote-event' || frame.channel !== TICKER_CHANNEL) return [];
        const content = frame.content;
        if (!isRecord(content) || !Array.isArray(content.data)) {
          throw new BadFrameError('ticker push without a list of contracts');
        }
        const { events } = this.rowEvents(content.data);
        if (events.length === 0 && content.data.length > 0)
          throw new BadFrameError('no readable contract in the push');
        return events;
      },
    });
    return new StreamTask({
      feed: 'perp-tickers',
      next: () => stream.next(),
      reset: (reason) => stream.reset(reason),
      silenceMs: this.ctx.settings.silenceMs,
      backoff: this.ctx.settings.backoff,
      fallback: { intervalMs, run: (signal) => this.pollTickers(signal) },
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

  // ---------------------------------------------------------------- books

  private async pollBooks(signal: AbortSignal): Promise<{ events: MarketEvent[]; problem?: string | null }> {
    const bases = [...this.volumes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, this.ctx.settings.bookMarkets)
      .map(([b]) => b);
    const events: MarketEvent[] = [];
    const problems: string[] = [];
    for (const b of bases) {
      try {
        const id = this.contracts.get(b);
        if (!id) throw new Error('no contract id');
        const query = new URLSearchParams({ contractId: id, level: String(DEPTH_LEVELS) });
        const data = edgexData(
          await fetchJson(this.ctx, `${API}/api/v1/public/quote/getDepth?${query}`, { signal }),
        );
        const book = Array.isArray(data) ? data[0] : data;
        if (!isRecord(book)) throw new Error('unexpected depth response');
        const result = windowBook({
          t: this.ctx.clock(),
          venue: 'edgex',
          market: 'perp',
          base: b,
          quote: 'USDT',
          bids: levels(book.bids),
          asks: levels(book.asks),
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

  // ---------------------------------------------------------------- candles

  async fetchCandles(request: CandleRequest): Promise<Candle[]> {
    if (request.market !== 'perp') throw new VenueRequestError('edgex has perpetuals only');
    const klineType = KLINE_TYPES[request.interval];
    if (!klineType) {
      throw new VenueRequestError(
        `edgex has no ${request.interval} candles here (${Object.keys(KLINE_TYPES).join(', ')})`,
      );
    }
    if (this.contracts.size === 0)
      await this.pollTickers(AbortSignal.timeout(this.ctx.settings.requestTimeoutMs));
    const id = this.contracts.get(request.base.toUpperCase());
    if (!id) throw new VenueRequestError(`edgex has no perpetual ${request.base}/${request.quote}`);
    const query = new URLSearchParams({
      contractId: id,
      klineType,
      priceType: 'LAST_PRICE',
      size: String(request.limit ?? 100),
    });
    if (request.since !== undefined) query.set('filterBeginKlineTimeInclusive', String(request.since));
    const data = edgexData(await fetchJson(this.ctx, `${API}/api/v1/public/quote/getKline?${query}`));
    const rows = isRecord(data) && Array.isArray(data.dataList) ? data.dataList : null;
    if (!rows) throw new Error('unexpected candle response');
    return rows
      .flatMap((row) => {
        if (!isRecord(row)) return [];
        const time = num(row.klineTime);
        const [open, high, low, close] = [row.open, row.high, row.low, row.close].map(num);
        if (time === undefined || [open, high, low, close].some((n) => n === undefined)) return [];
        return [
          {
            time,
            open: open as number,
            high: high as number,
            low: low as number,
            close: close as number,
            volume: num(row.size) ?? 0,
          },
        ];
      })
      .sort((a, b) => a.time - b.time);
  }
}

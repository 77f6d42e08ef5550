import type { MarketEvent } from '@spreadscope/core';
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
import { fetchJson, HttpFailure, isRecord, num } from '../http-json.ts';
import { BadFrameError, RawWsStream, VenueStreamError } from '../raw-ws.ts';
import { describeRaw, pollTask } from '../tasks.ts';
import { korbitData, korbitQuote } from './korbit-parse.ts';

const REST = 'https://api.korbit.co.kr';
const WS = 'wss://ws-api.korbit.co.kr/v2/public';
/** Korbit's candle intervals by our names. */
const INTERVALS: Readonly<Record<string, string>> = {
  '1m': '1',
  '5m': '5',
  '15m': '15',
  '30m': '30',
  '1h': '60',
  '4h': '240',
  '1d': '1D',
  '1w': '1W',
};

/**
 * Korbit (Open API v2; not in ccxt): KRW tickers over its public WebSocket with REST polling as the
 * fallback, order books of the most traded markets by REST, candles on request. Korbit publishes wallet
 * status to signed-in users only, so it is not read; its notices come from the portal's public notice
 * endpoint (notices/korbit), added beside this adapter in the registry.
 */
export class KorbitAdapter implements VenueAdapter {
  readonly venue = 'korbit' as const;
  private readonly volumes = new Map<string, number>();
  private symbols: string[] | null = null;
  private readonly built: SupervisedTask[];
  private readonly firstTickers: Promise<void>;
  private tickersArrived: () => void = () => {};

  constructor(private readonly ctx: AdapterContext) {
    this.firstTickers = new Promise((resolve) => {
      this.tickersArrived = resolve;
    });
    const interval = ctx.override.pollIntervalMs ?? ctx.settings.pollIntervalMs;
    const poll = (signal: AbortSignal) => this.pollTickers(signal);
    const tickers = ctx.settings.streams
      ? this.tickerStream(interval, poll)
      : pollTask(ctx, 'spot-tickers', interval, poll);
    this.built = [tickers];
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
      'spot-tickers': this.ctx.settings.streams
        ? { via: 'ws', fallback: 'rest' }
        : { via: 'rest', note: 'streams switched off (LIVE_STREAMS=0)' },
      books: { via: 'rest', note: 'the most traded markets, polled' },
      funding: { via: 'none', note: 'spot only' },
      wallets: { via: 'none', note: 'Korbit shows deposit/withdraw status to signed-in users only' },
      candles: { via: 'on-demand' },
    };
  }

  tasks(): readonly SupervisedTask[] {
    return this.built;
  }

  async close(): Promise<void> {}

  async fetchCandles(request: CandleRequest): Promise<Candle[]> {
    const interval = INTERVALS[request.interval];
    if (request.market !== 'spot') throw new VenueRequestError('korbit has spot markets only');
    if (!interval) {
      throw new VenueRequestError(
        `korbit has no ${request.interval} candles (it offers ${Object.keys(INTERVALS).join(', ')})`,
      );
    }
    const symbol = `${request.base.toLowerCase()}_${request.quote.toLowerCase()}`;
    const query = new URLSearchParams({ symbol, interval, limit: String(request.limit ?? 200) });
    if (request.since !== undefined) query.set('start', String(request.since));
    const data = korbitData(await fetchJson(this.ctx, `${REST}/v2/candles?${query}`));
    if (!Array.isArray(data)) throw new Error('unexpected candle response');
    return data.flatMap((row) => {
      if (!isRecord(row)) return [];
      const [time, open, high, low, close] = [row.timestamp, row.open, row.high, row.low, row.close].map(num);
      if ([time, open, high, low, close].some((n) => n === undefined)) return [];
      return [
        {
          time: time as number,
          open: open as number,
          high: high as number,
          low: low as number,
          close: close as number,
          volume: num(row.volume) ?? 0,
        },
      ];
    });
  }

  private async pollTickers(signal: AbortSignal): Promise<{ events: MarketEvent[] }> {
    const data = korbitData(await fetchJson(this.ctx, `${REST}/v2/tickers`, { signal }));
    if (!Array.isArray(data)) throw new Error('unexpected response: data is not a list');
    const now = this.ctx.clock();
    const events = data.flatMap((row) => {
      const quote = isRecord(row) ? korbitQuote(row.symbol, row, now) : null;
      return quote ? [quote] : [];
    });
    if (events.length === 0) throw new Error('no usable tickers in the response');
    this.symbols = events.map((e) => `${e.base.toLowerCase()}_krw`);
    this.note(events);
    return { events };
  }

  private note(events: readonly MarketEvent[]): void {
    for (const e of events)
      if (e.type === 'quote' && e.volume24h !== undefined) this.volumes.set(e.base, e.volume24h);
    if (events.length > 0) this.tickersArrived();
  }

  private tickerStream(
    intervalMs: number,
    poll: (signal: AbortSignal) => Promise<{ events: MarketEvent[] }>,
  ): StreamTask {
    const stream = new RawWsStream({
      url: WS,
      ...(this.ctx.override.wsUrl ? { override: this.ctx.override.wsUrl } : {}),
      connectTimeoutMs: this.ctx.settings.requestTimeoutMs,
      pingMs: 20_000,
      subscribe: () => [[{ method: 'subscribe', type: 'ticker', symbols: this.symbols ?? [] }]],
      parse: (frame) => this.parseFrame(frame),
    });
    const abort = new AbortController();
    return new StreamTask({
      feed: 'spot-tickers',
      next: async () => {
        // The subscription lists every market: learn them from one REST round first.
        if (this.symbols === null) {
          const listed = await poll(abort.signal);
          for (const event of listed.events) this.ctx.emit(event);
        }
        const events = await stream.next();
        this.note(events);
        return events;
      },
      reset: (reason) => stream.reset(reason),
      silenceMs: this.ctx.settings.silenceMs,
      backoff: this.ctx.settings.backoff,
      fallback: { intervalMs, run: poll },
      classify: (error): StreamFailure => (error instanceof BadFrameError ? 'bad-message' : 'reconnect'),
      describe: (error) =>
        error instanceof BadFrameError || error instanceof VenueStreamError || error instanceof HttpFailure
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

  private parseFrame(frame: unknown): MarketEvent[] {
    if (Array.isArray(frame)) return frame.flatMap((f) => this.parseFrame(f));
    if (!isRecord(frame)) throw new BadFrameError('frame is not an object');
    if (frame.status === 'fail') {
      throw new VenueStreamError(
        `Korbit refused the subscription: ${String(frame.message ?? frame.code ?? 'unknown error')}`,
      );
    }
    if (frame.type !== 'ticker') return []; // acknowledgements and other channels
    const quote = korbitQuote(frame.symbol, frame.data, this.ctx.clock());
    if (!quote) throw new BadFrameError(`unreadable ticker for ${String(frame.symbol)}`);
    return [quote];
  }

  private async pollBooks(signal: AbortSignal): Promise<{ events: MarketEvent[]; problem?: string | null }> {
    const bases = [...this.volumes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, this.ctx.settings.bookMarkets)
      .map(([base]) => base);
    const events: MarketEvent[] = [];
    const problems: string[] = [];
    for (const base of bases) {
      try {
        const data = korbitData(
          await fetchJson(this.ctx, `${REST}/v2/orderbook?symbol=${base.toLowerCase()}_krw`, { signal }),
        );
        if (!isRecord(data)) throw new Error('unexpected order book response');
        const side = (levels: unknown) =>
          Array.isArray(levels) ? levels.map((l) => (isRecord(l) ? [l.price, l.qty] : [])) : [];
        const result = windowBook({
          t: this.ctx.clock(),
          venue: 'korbit',
          market: 'spot',
          base,
          quote: 'KRW',
          bids: side(data.bids),
          asks: side(data.asks),
        });
        if (result.kind === 'book') events.push(result.event);
        else if (result.kind === 'crossed') problems.push(`${base}: crossed book skipped`);
      } catch (error) {
        problems.push(`${base}: ${describeRaw(error)}`);
      }
    }
    if (events.length === 0 && problems.length > 0) throw new Error(problems.slice(0, 3).join('; '));
    return { events, problem: problems.length > 0 ? problems.join('; ') : null };
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { getVenue, type MarketEvent, type MarketType, type VenueId } from '@spreadscope/core';
import type { Exchange, FundingRate, OrderBook, Ticker } from 'ccxt';
import { describeFailure } from '../../live/describe-failure.ts';
import { ccxtFetchImplementation, type HttpTrace, newTrace } from '../../live/http-seam.ts';
import { DeferredTask } from '../../supervisor/deferred-task.ts';
import type { FeedKind, SupervisedTask } from '../../supervisor/feed-health.ts';
import { PollTask } from '../../supervisor/poll-task.ts';
import { type StreamFailure, StreamTask } from '../../supervisor/stream-task.ts';
import { WatchMux } from '../../supervisor/watch-mux.ts';
import type { AdapterContext, Candle, CandleRequest, CapabilityMap, VenueAdapter } from '../adapter.ts';
import { VenueRequestError } from '../adapter.ts';
import { windowBook } from '../book-window.ts';
import { MarketListWatcher } from '../market-list-diff.ts';
import { CcxtMarkets, type Tracked } from './ccxt-markets.ts';
import { currenciesToWallets, fundingToEvent, intervalHours, tickerToQuote } from './ccxt-normalize.ts';
import type { BookConfig, CcxtVenue, TickerFeedConfig, TickerStream } from './ccxt-venues.ts';
import { installWsSeam, type WsSeam } from './ws-seam.ts';

/** The parts of the ccxt module we use (loaded lazily: ccxt takes about a second to import). */
export interface CcxtModule {
  readonly exchanges: Record<string, unknown>;
  readonly pro: Record<string, unknown>;
  readonly NetworkError: new (...args: never[]) => Error;
  readonly ExchangeError: new (...args: never[]) => Error;
}

type ExchangeClass = new (config: Record<string, unknown>) => Exchange;

/** Funding polled one market at a time is limited to the most traded ones. */
const FUNDING_PER_MARKET_LIMIT = 30;
/** A book still crossed after this many updates in a row is rebuilt from a fresh snapshot. */
const CROSSED_LIMIT = 3;

class BookCrossedError extends Error {
  override readonly name = 'BookCrossedError';
}

/**
 * One venue through ccxt: ticker streams (ccxt pro) with REST polling as their fallback, or polling alone
 * where ccxt streams nothing usable; order books for the most traded markets; funding; wallet status;
 * candles on request. Every feed is a supervised task; every HTTP request goes through our fetch seam
 * and every socket through our WebSocket seam, which is also how tests feed recorded venue traffic.
 */
export class CcxtAdapter implements VenueAdapter {
  readonly venue: VenueId;
  private readonly exchange: Exchange;
  private readonly walletExchange: Exchange | null;
  private readonly trace: HttpTrace;
  /** The HTTP trace of the task whose request is running (each poll round has its own). */
  private readonly scope = new AsyncLocalStorage<HttpTrace>();
  /** The trace a failed round left, to describe its error after the round has returned. */
  private readonly failedTraces = new WeakMap<object, HttpTrace>();
  private readonly walletTrace: HttpTrace;
  private readonly seam: WsSeam | null;
  private readonly volumes = new Map<string, number>();
  private readonly firstTickers: Promise<void>;
  private tickersArrived: () => void = () => {};
  private readonly builtTasks: SupervisedTask[];
  private readonly markets: CcxtMarkets;

  constructor(
    private readonly config: CcxtVenue,
    ccxt: CcxtModule,
    private readonly ctx: AdapterContext,
  ) {
    this.venue = config.venue;
    const ProClass = ccxt.pro[config.ccxtId] as ExchangeClass | undefined;
    const RestClass = ccxt.exchanges[config.ccxtId] as ExchangeClass | undefined;
    const Klass = ProClass ?? RestClass;
    if (!Klass) throw new Error(`ccxt has no exchange "${config.ccxtId}"`);
    this.firstTickers = new Promise((resolve) => {
      this.tickersArrived = resolve;
    });
    this.trace = newTrace();
    this.exchange = this.newExchange(Klass, this.trace, {});
    this.seam = ProClass ? installWsSeam(this.exchange, ctx.override.wsUrl) : null;
    config.wireFixes?.(this.exchange);
    this.markets = new CcxtMarkets(
      this.exchange,
      new Set(getVenue(config.venue).quotes),
      ctx.settings.marketsRefreshMs,
      ctx.clock,
      this.listingWatch(),
    );
    this.walletTrace = newTrace();
    this.walletExchange =
      'access' in config.wallets && config.wallets.access === 'key' && ctx.override.apiKey
        ? this.newExchange(RestClass ?? Klass, this.walletTrace, {
            apiKey: ctx.override.apiKey,
            secret: ctx.override.apiSecret,
            password: ctx.override.apiPassword,
          })
        : null;
    this.builtTasks = this.buildTasks();
  }

  /**
   * Listings and delistings as token updates, from the changes of the market list between two reads. Upbit and
   * Bithumb are left out: their detailed market lists (notices/market-flags) tell the same with the flags.
   */
  private listingWatch(): ((markets: readonly Tracked[]) => void) | undefined {
    if (this.venue === 'upbit' || this.venue === 'bithumb') return undefined;
    const watcher = new MarketListWatcher(this.venue);
    return (markets) => {
      const { events, doubtful } = watcher.update(markets, this.ctx.clock());
      if (doubtful > 0) {
        this.ctx.logger.warn(
          `${this.venue}: ${doubtful} markets vanished in one read of the market list; not told as delistings`,
        );
      }
      for (const event of events) this.ctx.emit(event);
    };
  }

  capabilities(): CapabilityMap {
    const c = this.config;
    const map: Record<string, unknown> = {};
    for (const t of c.tickers) {
      const key = t.market === 'spot' ? 'spot-tickers' : 'perp-tickers';
      map[key] =
        typeof t.stream === 'string'
          ? { via: 'rest', note: t.stream }
          : this.ctx.settings.streams
            ? { via: 'ws', fallback: 'rest' }
            : { via: 'rest', note: 'streams switched off (LIVE_STREAMS=0)' };
    }
    map.books =
      'stream' in c.books
        ? this.ctx.settings.streams
          ? { via: 'ws', fallback: 'rest' }
          : { via: 'rest', note: 'streams switched off (LIVE_STREAMS=0)' }
        : 'rest' in c.books
          ? { via: 'rest', note: c.books.rest }
          : { via: 'none', note: c.books.none };
    if (this.ctx.settings.bookMarkets === 0)
      map.books = { via: 'none', note: 'switched off (BOOK_MARKETS=0)' };
    map.funding = 'none' in c.funding ? { via: 'none', note: c.funding.none } : { via: 'rest' };
    if ('none' in c.wallets) map.wallets = { via: 'none', note: c.wallets.none };
    else if (c.wallets.access === 'public') map.wallets = { via: 'rest' };
    else {
      map.wallets = {
        via: this.walletExchange ? 'rest' : 'none',
        needsKey: { configured: this.walletExchange !== null },
        note: c.wallets.note,
      };
    }
    map.candles = c.candles ? { via: 'none', note: c.candles } : { via: 'on-demand' };
    return map as CapabilityMap;
  }

  tasks(): readonly SupervisedTask[] {
    return this.builtTasks;
  }

  async close(): Promise<void> {
    try {
      await this.exchange.close();
    } catch {
      // Closing sockets that are already gone is not a problem worth reporting.
    }
  }

  async fetchCandles(request: CandleRequest): Promise<Candle[]> {
    if (this.config.candles) throw new VenueRequestError(`${this.venue}: ${this.config.candles}`);
    await this.markets.ensure();
    const symbol = this.markets.find(request.market, request.base, request.quote)?.symbol;
    if (!symbol) {
      throw new VenueRequestError(
        `${this.venue} has no ${request.market} market ${request.base}/${request.quote}`,
      );
    }
    const timeframes = this.exchange.timeframes ?? {};
    if (!(request.interval in timeframes)) {
      throw new VenueRequestError(
        `${this.venue} has no ${request.interval} candles (it offers ${Object.keys(timeframes).join(', ')})`,
      );
    }
    try {
      const rows = await this.exchange.fetchOHLCV(symbol, request.interval, request.since, request.limit);
      return rows.flatMap((row) => {
        const [time, open, high, low, close, volume] = row.map(Number);
        if (![time, open, high, low, close].every((n) => n !== undefined && Number.isFinite(n))) return [];
        return [
          {
            time: time as number,
            open: open as number,
            high: high as number,
            low: low as number,
            close: close as number,
            volume: Number.isFinite(volume) ? (volume as number) : 0,
          },
        ];
      });
    } catch (error) {
      throw new Error(`${this.venue} candles: ${this.describe(error)}`);
    }
  }

  // ---------------------------------------------------------------- construction

  private newExchange(
    Klass: ExchangeClass,
    trace: HttpTrace,
    credentials: Record<string, unknown>,
  ): Exchange {
    const exchange = new Klass({
      enableRateLimit: this.ctx.settings.clientThrottle !== false,
      timeout: this.ctx.settings.requestTimeoutMs,
      ...credentials,
    });
    // ccxt prints frames it cannot parse to stdout; the supervisor reports them in the feed's health instead.
    (exchange as unknown as { log: (...args: unknown[]) => void }).log = () => {};
    // Must be set before the first request: ccxt resolves its fetch implementation once per instance.
    exchange.fetchImplementation = ccxtFetchImplementation(
      this.ctx.fetch,
      this.ctx.override.baseUrl,
      () => this.scope.getStore() ?? trace,
    );
    if (this.config.fetchMarkets) {
      const current = exchange.options.fetchMarkets;
      const base = current && typeof current === 'object' && !Array.isArray(current) ? current : {};
      exchange.options.fetchMarkets = { ...base, ...this.config.fetchMarkets };
    }
    return exchange;
  }

  private buildTasks(): SupervisedTask[] {
    const tasks: SupervisedTask[] = [];
    for (const feed of this.config.tickers) {
      const kind: FeedKind = feed.market === 'spot' ? 'spot-tickers' : 'perp-tickers';
      const interval =
        this.ctx.override.pollIntervalMs ?? Math.max(this.ctx.settings.pollIntervalMs, feed.minPollMs ?? 0);
      const poll = (signal: AbortSignal) => this.pollTickers(feed, signal);
      if (typeof feed.stream === 'string' || !this.seam || !this.ctx.settings.streams)
        tasks.push(this.pollTask(kind, interval, poll));
      else tasks.push(this.tickerStream(kind, feed, feed.stream, interval, poll));
    }
    if (this.ctx.settings.bookMarkets > 0 && !('none' in this.config.books)) {
      const books = this.config.books;
      // The markets worth a book are the most traded ones: books start once the tickers have said which.
      tasks.push(
        new DeferredTask(
          this.bookTask(books),
          this.firstTickers,
          'stream' in books && this.seam && this.ctx.settings.streams ? 'ws' : 'rest',
          'waiting for the first tickers to choose the most traded markets',
          this.ctx.onChange,
        ),
      );
    }
    if (!('none' in this.config.funding)) {
      tasks.push(this.pollTask('funding', this.ctx.settings.fundingIntervalMs, () => this.pollFunding()));
    }
    if ('access' in this.config.wallets && (this.config.wallets.access === 'public' || this.walletExchange)) {
      tasks.push(
        this.pollTask(
          'wallets',
          this.ctx.settings.walletIntervalMs,
          () => this.pollWallets(),
          this.walletTrace,
        ),
      );
    }
    return tasks;
  }

  private pollTask(
    feed: FeedKind,
    intervalMs: number,
    run: (signal: AbortSignal) => Promise<{ events: MarketEvent[]; problem?: string | null }>,
    trace = this.trace,
  ): PollTask {
    return new PollTask({
      feed,
      intervalMs,
      backoff: this.ctx.settings.backoff,
      run: this.traced(run),
      describe: (error) => this.describe(error, trace),
      emit: this.ctx.emit,
      onChange: this.ctx.onChange,
      clock: this.ctx.clock,
      random: this.ctx.random,
    });
  }

  private streamTask(
    feed: FeedKind,
    next: () => Promise<readonly MarketEvent[]>,
    reset: (reason: string) => Promise<void>,
    fallback: { intervalMs: number; run: (signal: AbortSignal) => Promise<{ events: MarketEvent[] }> },
  ): StreamTask {
    return new StreamTask({
      feed,
      next,
      reset,
      silenceMs: this.ctx.settings.silenceMs,
      backoff: this.ctx.settings.backoff,
      fallback: { intervalMs: fallback.intervalMs, run: this.traced(fallback.run) },
      classify: (error) => this.classify(error, feed),
      describe: (error) => this.describeStream(error, feed),
      describeFallback: (error) => this.describe(error),
      emit: this.ctx.emit,
      onChange: this.ctx.onChange,
      clock: this.ctx.clock,
      random: this.ctx.random,
    });
  }

  // ---------------------------------------------------------------- tickers

  private quotesFrom(tickers: Iterable<Ticker | undefined>, market: MarketType): MarketEvent[] {
    const now = this.ctx.clock();
    const events: MarketEvent[] = [];
    for (const ticker of tickers) {
      const tracked = ticker?.symbol ? this.markets.resolve(ticker.symbol, market) : undefined;
      if (!ticker || !tracked) continue;
      const top =
        this.config.topOfBook && (ticker.bid === undefined || ticker.ask === undefined)
          ? this.config.topOfBook(ticker.info)
          : {};
      const last = ticker.last ?? ticker.close;
      const ownVolume = this.config.quoteVolume?.[tracked.market];
      const event = tickerToQuote(
        this.venue,
        tracked,
        { ...ticker, bid: ticker.bid ?? top.bid, ask: ticker.ask ?? top.ask },
        now,
        ownVolume && last ? ownVolume(ticker.info, last) : undefined,
      );
      if (!event) continue;
      events.push(event);
      if (event.volume24h !== undefined) this.volumes.set(tracked.symbol, event.volume24h);
    }
    if (events.length > 0) this.tickersArrived();
    return events;
  }

  private async pollTickers(
    feed: TickerFeedConfig,
    _signal: AbortSignal,
  ): Promise<{ events: MarketEvent[]; problem?: string | null }> {
    await this.markets.ensure();
    const symbols = feed.explicitSymbols ? this.markets.symbolsOf(feed.market) : undefined;
    const tickers = await this.exchange.fetchTickers(symbols, { ...feed.params });
    const events = this.quotesFrom(Object.values(tickers ?? {}), feed.market);
    // A 200 with nothing usable (an HTML error page, an empty list) is a failure, not silence.
    if (events.length === 0) throw new Error('no usable tickers in the response');
    const problems: string[] = [];
    for (const params of feed.alsoParams ?? []) {
      try {
        const more = await this.exchange.fetchTickers(symbols, { ...params });
        events.push(...this.quotesFrom(Object.values(more ?? {}), feed.market));
      } catch (error) {
        problems.push(this.describe(error));
      }
    }
    return { events, problem: problems.length > 0 ? `part of the markets failed: ${problems[0]}` : null };
  }

  private tickerStream(
    kind: FeedKind,
    feed: TickerFeedConfig,
    stream: TickerStream,
    intervalMs: number,
    poll: (signal: AbortSignal) => Promise<{ events: MarketEvent[] }>,
  ): StreamTask {
    const name = kind;
    const seam = this.seam as WsSeam;
    const params = { ...(stream.params ?? {}) };
    let mux: WatchMux<Ticker[]> | null = null;
    // Tickers already delivered (ccxt makes a new object per update): venues whose watch returns every
    // cached ticker (allTickersPerWatch) pass on only the fresh ones.
    const delivered = new WeakSet<Ticker>();
    const fresh = (tickers: readonly Ticker[]) =>
      tickers.filter((t) => {
        if (delivered.has(t)) return false;
        delivered.add(t);
        return true;
      });
    let subscribed = new Set<string>();
    let subscribedVersion = -1;
    const watchCalls = (symbols: readonly string[]) =>
      this.subscriptionGroups(symbols, stream.chunk).map((group) =>
        stream.method === 'watchTicker'
          ? () =>
              seam.within(name, async () => [
                await this.exchange.watchTicker(group[0] as string, { ...params }),
              ])
          : () =>
              seam.within(name, async () =>
                Object.values(await this.exchange.watchTickers(group, { ...params })),
              ),
      );
    const open = async () => {
      await this.markets.ensure();
      const symbols = this.markets.symbolsOf(feed.market);
      if (symbols.length === 0) throw new Error(`no ${feed.market} markets quoted in ${this.quoteList()}`);
      subscribed = new Set(symbols);
      subscribedVersion = this.markets.version;
      return new WatchMux(watchCalls(symbols));
    };
    /**
     * Markets listed since the stream opened join it as further subscriptions on the sockets already open
     * (ccxt sends another subscribe message on the same connection); nothing is dropped or re-sent.
     */
    const subscribeNewMarkets = (current: WatchMux<Ticker[]>) => {
      this.markets.refreshIfDue();
      if (subscribedVersion === this.markets.version) return;
      subscribedVersion = this.markets.version;
      const fresh = this.markets.symbolsOf(feed.market).filter((s) => !subscribed.has(s));
      if (fresh.length === 0) return;
      for (const symbol of fresh) subscribed.add(symbol);
      current.add(watchCalls(fresh));
    };
    return this.streamTask(
      kind,
      async () => {
        mux ??= await open();
        subscribeNewMarkets(mux);
        return this.quotesFrom(fresh(await mux.next()), feed.market);
      },
      async (reason) => {
        mux?.reset(reason);
        mux = null;
        await seam.close(name, new Error(reason));
      },
      { intervalMs, run: poll },
    );
  }

  /**
   * Symbols in subscription batches of at most `size`, one market type and quote currency per batch: ccxt
   * takes a multi-symbol subscription's channel family from its first symbol (Bitget's USDT- and
   * USDC-margined perpetuals are different instTypes), so a batch must not mix them.
   */
  private subscriptionGroups(symbols: readonly string[], size: number): string[][] {
    const families = new Map<string, string[]>();
    for (const symbol of symbols) {
      const tracked = this.markets.get(symbol);
      const family = tracked ? `${tracked.market}|${tracked.quote}` : '';
      const list = families.get(family);
      if (list) list.push(symbol);
      else families.set(family, [symbol]);
    }
    return [...families.values()].flatMap((list) => chunk(list, size));
  }

  private quoteList(): string {
    return getVenue(this.venue).quotes.join('/');
  }

  // ---------------------------------------------------------------- books

  /** Books per market type: BOOK_MARKETS, or fewer where the venue's stream limits say so. */
  private bookLimit(): number {
    const books = this.config.books;
    const max = 'none' in books ? 0 : (books.maxMarkets ?? Number.POSITIVE_INFINITY);
    return Math.min(this.ctx.settings.bookMarkets, max);
  }

  /** The most traded markets of each type, by the volumes the tickers reported. */
  private bookSymbols(): { symbol: string; tracked: Tracked }[] {
    const picked: { symbol: string; tracked: Tracked }[] = [];
    for (const market of ['spot', 'perp'] as const) {
      const ranked = [...this.markets.all()]
        .filter((t) => t.market === market && this.volumes.has(t.symbol))
        .sort((a, b) => (this.volumes.get(b.symbol) ?? 0) - (this.volumes.get(a.symbol) ?? 0))
        .slice(0, this.bookLimit());
      for (const tracked of ranked) picked.push({ symbol: tracked.symbol, tracked });
    }
    return picked;
  }

  private bookEvents(books: Iterable<OrderBook | undefined>, crossed: Map<string, number>): MarketEvent[] {
    const now = this.ctx.clock();
    const events: MarketEvent[] = [];
    for (const book of books) {
      const tracked = book?.symbol ? this.markets.get(book.symbol) : undefined;
      if (!book || !tracked) continue;
      const result = windowBook({
        t: now,
        venue: this.venue,
        market: tracked.market,
        base: tracked.base,
        quote: tracked.quote,
        bids: book.bids ?? [],
        asks: book.asks ?? [],
      });
      if (result.kind === 'crossed') {
        const times = (crossed.get(tracked.symbol) ?? 0) + 1;
        crossed.set(tracked.symbol, times);
        if (times >= CROSSED_LIMIT) {
          throw new BookCrossedError(
            `${tracked.symbol} book crossed (bid ${result.bestBid} ≥ ask ${result.bestAsk}); fetching a fresh snapshot`,
          );
        }
        continue;
      }
      crossed.delete(tracked.symbol);
      if (result.kind === 'book') events.push(result.event);
    }
    return events;
  }

  private async pollBooks(
    limit: number | undefined,
  ): Promise<{ events: MarketEvent[]; problem?: string | null }> {
    await this.markets.ensure();
    const picked = this.bookSymbols();
    if (picked.length === 0) return { events: [] };
    const events: MarketEvent[] = [];
    const problems: string[] = [];
    for (const { symbol } of picked) {
      try {
        const book = await this.exchange.fetchOrderBook(symbol, limit);
        events.push(...this.bookEvents([book], new Map()));
      } catch (error) {
        problems.push(`${symbol}: ${this.describe(error)}`);
      }
    }
    if (events.length === 0 && problems.length > 0) throw new Error(problems.slice(0, 3).join('; '));
    return {
      events,
      problem: problems.length > 0 ? `${problems.length} books failed: ${problems[0]}` : null,
    };
  }

  private bookTask(config: Exclude<BookConfig, { none: string }>): SupervisedTask {
    const restLimit = config.limit;
    if ('rest' in config || !this.seam || !this.ctx.settings.streams) {
      return this.pollTask('books', this.ctx.settings.bookIntervalMs, () => this.pollBooks(restLimit));
    }
    const seam = this.seam;
    const name = 'books';
    let mux: WatchMux<OrderBook[]> | null = null;
    let pickedTypes = '';
    const crossed = new Map<string, number>();
    const typesWithVolumes = () =>
      [...new Set([...this.volumes.keys()].map((s) => this.markets.get(s)?.market))].sort().join(',');
    const open = async () => {
      await this.markets.ensure();
      pickedTypes = typesWithVolumes();
      // Books follow the tickers' volumes: wait for the first ticker round of each market type.
      const picked = this.bookSymbols();
      if (picked.length === 0) throw new Error('no ticker volumes to choose the most traded markets by');
      const symbols = picked.map((p) => p.symbol);
      const groups = this.subscriptionGroups(symbols, config.chunk);
      const calls =
        config.stream === 'watchOrderBookForSymbols'
          ? groups.map(
              (group) => () =>
                seam.within(name, async () => [
                  await this.exchange.watchOrderBookForSymbols(group, config.limit),
                ]),
            )
          : symbols.map(
              (symbol) => () =>
                seam.within(name, async () => [await this.exchange.watchOrderBook(symbol, config.limit)]),
            );
      return new WatchMux(calls);
    };
    return this.streamTask(
      'books',
      async () => {
        if (mux !== null && typesWithVolumes() !== pickedTypes) {
          // The other market type's tickers arrived after the books were chosen: choose again. The books
          // already subscribed stay subscribed (and keep their state); only the new ones are asked for.
          mux.reset('adding the newly quoted market type');
          mux = null;
        }
        mux ??= await open();
        return this.bookEvents(await mux.next(), crossed);
      },
      async (reason) => {
        mux?.reset(reason);
        mux = null;
        crossed.clear();
        await seam.close(name, new Error(reason));
      },
      { intervalMs: this.ctx.settings.bookIntervalMs, run: () => this.pollBooks(restLimit) },
    );
  }

  // ---------------------------------------------------------------- funding

  private async pollFunding(): Promise<{ events: MarketEvent[]; problem?: string | null }> {
    const config = this.config.funding;
    if ('none' in config) return { events: [] };
    await this.markets.ensure();
    const perps = this.markets.symbolsOf('perp');
    if (perps.length === 0) throw new Error('no perpetual markets to read funding for');
    let rates: FundingRate[];
    const partial: string[] = [];
    if (config.bulk) {
      rates = Object.values(await this.exchange.fetchFundingRates(undefined, { ...config.params }));
      for (const params of config.alsoParams ?? []) {
        try {
          rates.push(...Object.values(await this.exchange.fetchFundingRates(undefined, { ...params })));
        } catch (error) {
          partial.push(this.describe(error));
        }
      }
    } else {
      const ranked = perps
        .sort((a, b) => (this.volumes.get(b) ?? 0) - (this.volumes.get(a) ?? 0))
        .slice(0, FUNDING_PER_MARKET_LIMIT);
      rates = [];
      for (const symbol of ranked)
        rates.push(await this.exchange.fetchFundingRate(symbol, { ...config.params }));
    }
    let listed = new Map<string, number>();
    let problem: string | null = null;
    if (config.intervals === 'fetchFundingIntervals') {
      try {
        listed = new Map(
          Object.values(await this.exchange.fetchFundingIntervals()).flatMap((r) => {
            const hours = intervalHours(r.interval);
            return r.symbol && hours !== undefined ? [[r.symbol, hours] as const] : [];
          }),
        );
      } catch (error) {
        // Without the list of exceptions the default would be a guess for some markets: publish none.
        throw new Error(`funding intervals unavailable: ${this.describe(error)}`);
      }
    }
    const now = this.ctx.clock();
    const events: MarketEvent[] = [];
    let unknownInterval = 0;
    for (const rate of rates) {
      const tracked = rate?.symbol ? this.markets.get(rate.symbol) : undefined;
      if (tracked?.market !== 'perp') continue;
      const fromMarket = config.intervalFromMarket?.(this.exchange.markets?.[tracked.symbol]?.info);
      const hours =
        fromMarket ?? intervalHours(rate.interval) ?? listed.get(tracked.symbol) ?? config.documentedHours;
      if (hours === undefined) {
        unknownInterval++;
        continue;
      }
      const event = fundingToEvent(this.venue, tracked, rate, hours, now);
      if (event) events.push(event);
    }
    if (unknownInterval > 0) problem = `${unknownInterval} markets without a published funding interval`;
    if (partial.length > 0) problem = `part of the markets failed: ${partial[0]}`;
    if (events.length === 0) throw new Error(problem ?? 'no usable funding rates in the response');
    return { events, problem };
  }

  // ---------------------------------------------------------------- wallets

  private async pollWallets(): Promise<{ events: MarketEvent[] }> {
    const exchange = this.walletExchange ?? this.exchange;
    const currencies = await exchange.fetchCurrencies();
    const events = currenciesToWallets(this.venue, currencies ?? {}, this.ctx.clock());
    if (events.length === 0) throw new Error('no deposit/withdraw networks in the response');
    return { events };
  }

  // ---------------------------------------------------------------- errors

  /**
   * A failed watch on a socket that is still open failed on one message (a frame ccxt could not parse):
   * skip it. A closed or errored socket, a sequence gap or a crossed book needs a fresh connection.
   */
  private classify(error: unknown, stream: string): StreamFailure {
    if (error instanceof BookCrossedError) return 'reconnect';
    const name = error instanceof Error ? error.name : '';
    if (name === 'ChecksumError' || name === 'InvalidNonce') return 'reconnect';
    return this.seam?.isOpen(stream) ? 'bad-message' : 'reconnect';
  }

  /** A stream failure, named after the socket's host (the HTTP trace belongs to the REST calls). */
  private describeStream(error: unknown, stream: string): string {
    if (error instanceof BookCrossedError) return error.message;
    const url = this.seam?.urlsOf(stream)[0] ?? null;
    const trace = url ? { lastUrl: url, lastStatus: null, lastStatusText: null } : this.trace;
    return this.describe(error, trace);
  }

  /**
   * Runs one round with its own HTTP trace (an async context), so that a failure is told from its own
   * request's status even while other feeds of the venue are requesting at the same time.
   */
  private traced<T>(run: (signal: AbortSignal) => Promise<T>): (signal: AbortSignal) => Promise<T> {
    return (signal) => {
      const trace = newTrace();
      return this.scope.run(trace, async () => {
        try {
          return await run(signal);
        } catch (error) {
          // A request shared by several rounds (the market list) fails them all with one error: the round
          // that made the request keeps its trace.
          if (error !== null && typeof error === 'object' && !this.failedTraces.has(error) && trace.lastUrl)
            this.failedTraces.set(error, trace);
          throw error;
        }
      });
    };
  }

  private describe(error: unknown, fallbackTrace: HttpTrace = this.trace): string {
    if (error instanceof BookCrossedError) return error.message;
    const own = error !== null && typeof error === 'object' ? this.failedTraces.get(error) : undefined;
    const trace = own ?? this.scope.getStore() ?? fallbackTrace;
    const secrets = [this.ctx.override.apiKey, this.ctx.override.apiSecret, this.ctx.override.apiPassword];
    return describeFailure(error, trace, this.ctx.settings.requestTimeoutMs, secrets);
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  const step = Math.max(1, size);
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step));
  return out;
}

import type { MarketType } from '@spreadscope/core';
import type { Exchange, Market } from 'ccxt';
import { type TrackedMarket, trackedMarket } from './ccxt-normalize.ts';

export interface Tracked extends TrackedMarket {
  /** ccxt's unified symbol (`BTC/USDT`, `BTC/USDT:USDT`). */
  readonly symbol: string;
  /** The venue's own id of the market (`BTCUSDT`); spot and perpetual often share it. */
  readonly id: string;
}

/** A failed refresh is retried no sooner than this, so a venue that refuses is not asked on every frame. */
const RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * The markets of one ccxt venue that the product tracks, loaded once and refreshed every `refreshMs` so
 * newly listed markets are picked up while streams keep running. The first load must succeed; a later
 * refresh that fails keeps the list already known (the venue did not delist everything because one
 * request failed). `version` changes whenever a refresh succeeds, so streams can tell that they have
 * markets to add.
 */
export class CcxtMarkets {
  private loadedAt: number | null = null;
  private attemptedAt: number | null = null;
  private loading: Promise<void> | null = null;
  private bySymbol = new Map<string, Tracked>();
  private byTypeAndId = new Map<string, Tracked>();
  private lastFailure: unknown = null;
  version = 0;

  constructor(
    private readonly exchange: Exchange,
    private readonly quotes: ReadonlySet<string>,
    private readonly refreshMs: number,
    private readonly clock: () => number,
    /** Told the whole tracked list after every successful read (the first included). */
    private readonly onRead?: (markets: readonly Tracked[]) => void,
  ) {}

  /** Loads the markets if they never were, refreshes them if due; rejects only when none are known. */
  async ensure(): Promise<void> {
    if (!this.due()) return;
    await this.load();
    if (this.loadedAt === null) throw this.lastFailure ?? new Error('markets not loaded');
  }

  /** Starts a refresh if one is due, without waiting for it (streams call this between frames). */
  refreshIfDue(): void {
    if (this.loadedAt !== null && this.due()) void this.load().catch(() => {});
  }

  /** Why the last refresh failed while an older list stayed in use, or null. */
  staleBecause(): unknown {
    return this.loadedAt !== null ? this.lastFailure : null;
  }

  get(symbol: string): Tracked | undefined {
    return this.bySymbol.get(symbol);
  }

  all(): IterableIterator<Tracked> {
    return this.bySymbol.values();
  }

  symbolsOf(market: MarketType): string[] {
    return [...this.bySymbol.values()].filter((t) => t.market === market).map((t) => t.symbol);
  }

  find(market: MarketType, base: string, quote: string): Tracked | undefined {
    const b = base.toUpperCase();
    const q = quote.toUpperCase();
    for (const t of this.bySymbol.values())
      if (t.market === market && t.base === b && t.quote === q) return t;
    return undefined;
  }

  /**
   * The tracked market a ticker belongs to, when it came from an endpoint or socket of `market`'s type.
   * Some ccxt parsers guess the type from the payload (Aster: a spot row without `baseAsset` is taken for
   * the perpetual of the same id); the endpoint it was read from is authoritative, so a ticker filed under
   * the other type's market with the same venue id is moved to this type's market.
   */
  resolve(symbol: string, market: MarketType): Tracked | undefined {
    const direct = this.bySymbol.get(symbol);
    if (direct?.market === market) return direct;
    const id = direct?.id ?? (this.exchange.markets?.[symbol] as Market | undefined)?.id;
    return id === undefined ? undefined : this.byTypeAndId.get(`${market}|${id}`);
  }

  private due(): boolean {
    const now = this.clock();
    if (this.loadedAt === null) return true;
    if (now - this.loadedAt < this.refreshMs) return false;
    return (
      this.attemptedAt === null || now - this.attemptedAt >= Math.min(this.refreshMs, RETRY_AFTER_FAILURE_MS)
    );
  }

  /** One load at a time; concurrent callers share it. */
  private load(): Promise<void> {
    this.loading ??= (async () => {
      this.attemptedAt = this.clock();
      try {
        // reload=true: after a failed attempt ccxt would otherwise hand back the same rejection.
        await this.exchange.loadMarkets(true);
        const bySymbol = new Map<string, Tracked>();
        const byTypeAndId = new Map<string, Tracked>();
        for (const market of Object.values(this.exchange.markets ?? {}) as Market[]) {
          const t = trackedMarket(market, this.quotes);
          if (!t || !market?.symbol) continue;
          const tracked: Tracked = { ...t, symbol: market.symbol, id: String(market.id) };
          bySymbol.set(market.symbol, tracked);
          byTypeAndId.set(`${tracked.market}|${tracked.id}`, tracked);
        }
        this.bySymbol = bySymbol;
        this.byTypeAndId = byTypeAndId;
        this.loadedAt = this.clock();
        this.lastFailure = null;
        this.version++;
        this.onRead?.([...bySymbol.values()]);
      } catch (error) {
        this.lastFailure = error;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}

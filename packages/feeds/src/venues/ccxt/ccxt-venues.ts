import type { MarketType, VenueId } from '@spreadscope/core';
import type { Exchange } from 'ccxt';
import { allTickersPerWatch, asterDepthSides } from './wire-fixes.ts';

/**
 * How each venue ccxt (pinned 4.5.84) covers is read. ccxt ids differ from ours for gateio (`gate`) and
 * huobi (`htx`). Every choice below was checked against ccxt's implementation of that venue; where we poll
 * instead of streaming, or leave something out, the reason is written next to it and shown to operators
 * in the capability map.
 */

export interface TickerStream {
  readonly method: 'watchTickers' | 'watchTicker';
  /** Symbols per subscription call: venues cap the topics one subscribe message may carry. */
  readonly chunk: number;
  readonly params?: Readonly<Record<string, unknown>>;
}

export interface TickerFeedConfig {
  readonly market: MarketType;
  /** fetchTickers params for polling (and for the fallback while the stream is down). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Further fetchTickers params polled in the same round, where a venue serves a family per request. */
  readonly alsoParams?: readonly Readonly<Record<string, unknown>>[];
  /** Poll with the venue's relevant symbols listed (venues that otherwise page through every market). */
  readonly explicitSymbols?: boolean;
  /** The stream, or why this market is polled instead. */
  readonly stream: TickerStream | string;
  /**
   * The shortest poll period the venue's rate limit allows for this feed (ms), where LIVE_POLL_MS would
   * exceed it. An explicit VENUE_<ID>_POLL_MS still wins.
   */
  readonly minPollMs?: number;
}

export type BookConfig =
  | {
      readonly stream: 'watchOrderBookForSymbols' | 'watchOrderBook';
      readonly chunk: number;
      readonly limit?: number;
      /** At most this many books per market type whatever BOOK_MARKETS says, where the venue limits it. */
      readonly maxMarkets?: number;
    }
  | { readonly rest: string; readonly limit?: number; readonly maxMarkets?: number }
  | { readonly none: string };

/**
 * Books per market type where BOOK_MARKETS (25) is more than a venue's stream limits allow. Venues whose
 * ccxt stream takes many symbols per subscribe message (watchOrderBookForSymbols: Binance 1,024 streams per
 * connection, Bybit 10 topics per message, OKX, Bitget, Backpack, Aster) take BOOK_MARKETS as it is; so do
 * the per-symbol subscriptions of Gate, MEXC (30 channels per connection; ccxt opens more), HTX, HashKey and
 * Lighter. Upbit, Bithumb and Coinone take one subscribe message per book (ccxt re-sends every code on
 * Upbit), and Upbit allows an IP 5 WebSocket messages per second: 15 books per venue keep the start within
 * 3 s; Bithumb and Coinone get the same cap. Hyperliquid's REST fallback for books (l2Book,
 * weight 2) shares the 1,200 weight a minute its ticker polls mostly use: 10 per type.
 */
const KOREAN_BOOKS = 15;

export type FundingConfig =
  | {
      /** One request for every perpetual (fetchFundingRates), or one per market (the most traded ones). */
      readonly bulk: boolean;
      /** The venue lists the markets whose interval differs from its published default (fundingInfo). */
      readonly intervals?: 'fetchFundingIntervals';
      /** The interval the venue documents for markets it does not list otherwise (hours). */
      readonly documentedHours?: number;
      /** fetchFundingRate(s) params (which of the venue's endpoints answers with the interval). */
      readonly params?: Readonly<Record<string, unknown>>;
      /** Further fetchFundingRates params read in the same round (one contract family per request). */
      readonly alsoParams?: readonly Readonly<Record<string, unknown>>[];
      /**
       * The interval (hours) the venue's own market list gives each perpetual, read from ccxt's raw market
       * (`info`); it wins over ccxt's parse, which may hard-code one.
       */
      readonly intervalFromMarket?: (info: unknown) => number | undefined;
    }
  | { readonly none: string };

export type WalletConfig =
  | { readonly access: 'public' }
  | { readonly access: 'key'; readonly note: string }
  | { readonly none: string };

export interface CcxtVenue {
  readonly venue: VenueId;
  readonly ccxtId: string;
  readonly tickers: readonly TickerFeedConfig[];
  readonly books: BookConfig;
  readonly funding: FundingConfig;
  readonly wallets: WalletConfig;
  /** Replaces ccxt's `options.fetchMarkets`, merged over its default (trims options, inverse, futures). */
  readonly fetchMarkets?: Readonly<Record<string, unknown>>;
  /** Candles (fetchOHLCV), or why not. */
  readonly candles?: string;
  /** Reads the best bid and ask from the raw ticker where ccxt's parser misses them. */
  readonly topOfBook?: (info: unknown) => { bid?: number; ask?: number };
  /** Adjusts how ccxt reads frames the venue documents differently from what ccxt 4.5.84 expects. */
  readonly wireFixes?: (exchange: Exchange) => void;
  /**
   * 24 h volume in the quote currency from the raw ticker, per market type, where ccxt's unified
   * `quoteVolume`/`baseVolume` are not quote and base units for that venue (contract counts); undefined
   * falls back to ccxt's numbers.
   */
  readonly quoteVolume?: Partial<Record<MarketType, (info: unknown, last: number) => number | undefined>>;
}

function field(info: unknown, key: string): number | undefined {
  if (typeof info !== 'object' || info === null) return undefined;
  const value = Number((info as Record<string, unknown>)[key]);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * OKX swaps: `vol24h` counts contracts (BTC-USDT-SWAP: 0.01 BTC each) and ccxt 4.5.84 passes it on as the
 * base volume with no quote volume; `volCcy24h` is the base amount ("for derivatives, the number of base
 * currency"), so base amount × last is the quote turnover. Spot's `volCcy24h` is already quote (ccxt reads it).
 */
export function okxSwapQuoteVolume(info: unknown, last: number): number | undefined {
  const base = field(info, 'volCcy24h');
  return base === undefined ? undefined : base * last;
}

/**
 * HTX linear swaps (`batch_merged`): `vol` counts contracts, `amount` is the base amount and
 * `trade_turnover` the USDT turnover; ccxt 4.5.84 reports `vol` as the quote volume.
 */
export function htxSwapQuoteVolume(info: unknown, last: number): number | undefined {
  const turnover = field(info, 'trade_turnover');
  if (turnover !== undefined) return turnover;
  const base = field(info, 'amount');
  return base === undefined ? undefined : base * last;
}

/** First `price` of a list of `{ price, qty }` levels. */
function firstPrice(levels: unknown): number | undefined {
  const first = Array.isArray(levels) ? (levels[0] as { price?: unknown } | undefined) : undefined;
  const price = Number(first?.price);
  return Number.isFinite(price) && price > 0 ? price : undefined;
}

const SPOT_PARAMS = { type: 'spot' } as const;
const SWAP_PARAMS = { type: 'swap' } as const;
const LINEAR_PARAMS = { type: 'swap', subType: 'linear' } as const;

const KEY_ONLY = (what: string): WalletConfig => ({
  access: 'key',
  note: `${what} publishes deposit/withdraw status only to API keys; set a read-only key to enable it`,
});

export const CCXT_VENUES: readonly CcxtVenue[] = [
  {
    venue: 'upbit',
    ccxtId: 'upbit',
    // One request returns every KRW ticker (GET /v1/ticker/all?quote_currencies=KRW), USDT/KRW included;
    // the stream takes every KRW code in one subscription.
    tickers: [
      {
        market: 'spot',
        params: { quote_currencies: 'KRW' },
        stream: { method: 'watchTickers', chunk: 500 },
      },
    ],
    books: { stream: 'watchOrderBook', chunk: 1, maxMarkets: KOREAN_BOOKS },
    funding: { none: 'spot only' },
    // Upbit's wallet status needs a key (GET /v1/status/wallet); the Upbit adapter reads it directly.
    wallets: { none: 'read by the Upbit wallet feed' },
  },
  {
    venue: 'bithumb',
    ccxtId: 'bithumb',
    tickers: [
      { market: 'spot', params: {}, explicitSymbols: true, stream: { method: 'watchTickers', chunk: 500 } },
    ],
    books: { stream: 'watchOrderBook', chunk: 1, maxMarkets: KOREAN_BOOKS },
    funding: { none: 'spot only' },
    wallets: { none: 'read by the Bithumb wallet feed' },
  },
  {
    venue: 'coinone',
    ccxtId: 'coinone',
    tickers: [
      // ccxt streams Coinone one market per subscription (watchTicker); all of them share one socket.
      { market: 'spot', params: {}, stream: { method: 'watchTicker', chunk: 1 } },
    ],
    books: { stream: 'watchOrderBook', chunk: 1, maxMarkets: KOREAN_BOOKS },
    funding: { none: 'spot only' },
    wallets: { none: 'read by the Coinone wallet feed' },
    candles: 'ccxt 4.5.84 has no Coinone candles',
    // ccxt 4.5.84 reads `best_bids`/`best_asks` as objects; Coinone sends lists of levels.
    topOfBook: (info) => {
      const raw = (info ?? {}) as { best_bids?: unknown; best_asks?: unknown };
      const bid = firstPrice(raw.best_bids);
      const ask = firstPrice(raw.best_asks);
      return { ...(bid === undefined ? {} : { bid }), ...(ask === undefined ? {} : { ask }) };
    },
  },
  {
    venue: 'binance',
    ccxtId: 'binance',
    tickers: [
      // The full 24 h ticker stream (`<symbol>@ticker`) carries best bid/ask; the default mini ticker does not.
      {
        market: 'spot',
        params: SPOT_PARAMS,
        stream: { method: 'watchTickers', chunk: 100, params: { name: 'ticker' } },
      },
      {
        market: 'perp',
        params: LINEAR_PARAMS,
        stream: { method: 'watchTickers', chunk: 100, params: { name: 'ticker' } },
      },
    ],
    books: { stream: 'watchOrderBookForSymbols', chunk: 20 },
    funding: { bulk: true, intervals: 'fetchFundingIntervals', documentedHours: 8 },
    wallets: KEY_ONLY('Binance'),
    fetchMarkets: { types: ['spot', 'linear'] },
  },
  {
    venue: 'bybit',
    ccxtId: 'bybit',
    // Bybit accepts at most 10 topics per subscribe message on spot.
    tickers: [
      { market: 'spot', params: SPOT_PARAMS, stream: { method: 'watchTickers', chunk: 10 } },
      { market: 'perp', params: LINEAR_PARAMS, stream: { method: 'watchTickers', chunk: 10 } },
    ],
    books: { stream: 'watchOrderBookForSymbols', chunk: 10 },
    funding: { bulk: true },
    wallets: KEY_ONLY('Bybit'),
    fetchMarkets: { types: ['spot', 'linear'] },
  },
  {
    venue: 'okx',
    ccxtId: 'okx',
    tickers: [
      { market: 'spot', params: SPOT_PARAMS, stream: { method: 'watchTickers', chunk: 100 } },
      { market: 'perp', params: SWAP_PARAMS, stream: { method: 'watchTickers', chunk: 100 } },
    ],
    books: { stream: 'watchOrderBookForSymbols', chunk: 20 },
    funding: { bulk: true },
    wallets: KEY_ONLY('OKX'),
    fetchMarkets: { types: ['spot', 'swap'] },
    quoteVolume: { perp: okxSwapQuoteVolume },
  },
  {
    venue: 'mexc',
    ccxtId: 'mexc',
    tickers: [
      // Polled every LIVE_POLL_MS (2 s): GET /api/v3/ticker/24hr without a symbol weighs 40 against MEXC's
      // per-IP spot limit of 500 weight per 10 s, so 5 polls per 10 s spend 200.
      { market: 'spot', params: SPOT_PARAMS, stream: 'ccxt 4.5.84 streams no MEXC spot tickers; polled' },
      { market: 'perp', params: SWAP_PARAMS, stream: { method: 'watchTickers', chunk: 10_000 } },
    ],
    books: { stream: 'watchOrderBook', chunk: 1 },
    funding: { bulk: false },
    wallets: KEY_ONLY('MEXC'),
  },
  {
    venue: 'bitget',
    ccxtId: 'bitget',
    // Bitget answers one perpetual family per request (productType): USDT-margined by default, USDC-margined
    // when asked.
    tickers: [
      { market: 'spot', params: SPOT_PARAMS, stream: { method: 'watchTickers', chunk: 50 } },
      {
        market: 'perp',
        params: SWAP_PARAMS,
        alsoParams: [{ ...SWAP_PARAMS, productType: 'USDC-FUTURES' }],
        stream: { method: 'watchTickers', chunk: 50 },
      },
    ],
    books: { stream: 'watchOrderBookForSymbols', chunk: 20 },
    // ccxt's default for all markets is the tickers endpoint, which carries no funding interval; the
    // current-fund-rate endpoint lists every market with its `fundingRateInterval` and next settlement.
    funding: {
      bulk: true,
      params: { method: 'publicMixGetV2MixMarketCurrentFundRate' },
      alsoParams: [{ method: 'publicMixGetV2MixMarketCurrentFundRate', productType: 'USDC-FUTURES' }],
    },
    wallets: { none: 'read by the Bitget wallet feed' },
  },
  {
    venue: 'gateio',
    ccxtId: 'gate',
    tickers: [
      { market: 'spot', params: SPOT_PARAMS, stream: { method: 'watchTickers', chunk: 50 } },
      { market: 'perp', params: SWAP_PARAMS, stream: { method: 'watchTickers', chunk: 50 } },
    ],
    books: { stream: 'watchOrderBook', chunk: 1 },
    funding: { bulk: true },
    wallets: { none: 'read by the Gate wallet feed' },
    fetchMarkets: { types: ['spot', 'swap'] },
  },
  {
    venue: 'hashkey',
    ccxtId: 'hashkey',
    // Polled every LIVE_POLL_MS (2 s): GET /quote/v1/ticker/24hr answers every market in one request and costs
    // 1 of the 10 requests per second HashKey Global allows an IP on its public quote API (ccxt: rateLimit
    // 100 ms, cost 1), so spot and perpetuals together use 1 request per second.
    tickers: [
      {
        market: 'spot',
        params: SPOT_PARAMS,
        stream: 'ccxt 4.5.84 has no multi-market HashKey ticker stream; polled',
      },
      {
        market: 'perp',
        params: SWAP_PARAMS,
        stream: 'ccxt 4.5.84 has no multi-market HashKey ticker stream; polled',
      },
    ],
    books: { stream: 'watchOrderBook', chunk: 1 },
    funding: { none: 'HashKey publishes funding rates without their interval' },
    wallets: { access: 'public' },
  },
  {
    venue: 'huobi',
    ccxtId: 'htx',
    // Polled every LIVE_POLL_MS (2 s): GET /market/tickers and /linear-swap-ex/market/detail/batch_merged
    // each answer every market in one request; HTX allows an IP 10 public market-data requests per second
    // without a key (its "Rate limiting rule"), and this uses 1 per second for both.
    tickers: [
      {
        market: 'spot',
        params: SPOT_PARAMS,
        stream: 'ccxt 4.5.84 has no multi-market HTX ticker stream; polled',
      },
      {
        market: 'perp',
        params: LINEAR_PARAMS,
        stream: 'ccxt 4.5.84 has no multi-market HTX ticker stream; polled',
      },
    ],
    books: { stream: 'watchOrderBook', chunk: 1 },
    // ccxt 4.5.84 reads HTX funding in bulk only for coin-margined swaps (linear throws NotSupported), so the
    // most traded USDT-margined contracts are read one by one (v5 market/funding_rate); the interval is the
    // distance between the current and the next funding time HTX returns.
    funding: { bulk: false },
    wallets: { none: 'read by the HTX wallet feed' },
    fetchMarkets: { types: { spot: true, linear: true, inverse: false } },
    quoteVolume: { perp: htxSwapQuoteVolume },
  },
  {
    venue: 'backpack',
    ccxtId: 'backpack',
    tickers: [
      { market: 'spot', params: SPOT_PARAMS, stream: { method: 'watchTickers', chunk: 50 } },
      { market: 'perp', params: SWAP_PARAMS, stream: { method: 'watchTickers', chunk: 50 } },
    ],
    books: { stream: 'watchOrderBookForSymbols', chunk: 20 },
    // Backpack's market list (GET /api/v1/markets) gives each perpetual's `fundingInterval` in ms; ccxt 4.5.84
    // reports '1h' for every market whatever it says.
    funding: {
      bulk: false,
      intervalFromMarket: (info) => {
        const ms = Number((info as { fundingInterval?: unknown } | undefined)?.fundingInterval);
        return Number.isFinite(ms) && ms > 0 ? ms / 3_600_000 : undefined;
      },
    },
    wallets: { access: 'public' },
  },
  {
    venue: 'hyperliquid',
    ccxtId: 'hyperliquid',
    // Hyperliquid's all-market stream (allMids) carries mid prices only, no bid/ask or volume; one poll of
    // metaAndAssetCtxs carries all of it, so the tickers are polled. Hyperliquid allows an IP 1,200 weight per
    // minute on /info, and metaAndAssetCtxs and spotMetaAndAssetCtxs weigh 20 each: both every 2 s would be
    // the whole budget (1,200), so each is polled every 2.5 s (960 a minute), leaving room for funding (20)
    // and markets; 2.5 s plus the request stays inside the 3 s real-time window.
    tickers: [
      {
        market: 'spot',
        params: SPOT_PARAMS,
        stream: 'the all-market stream has mid prices only; polled every 2.5 s (rate limit)',
        minPollMs: 2_500,
      },
      {
        market: 'perp',
        params: SWAP_PARAMS,
        stream: 'the all-market stream has mid prices only; polled every 2.5 s (rate limit)',
        minPollMs: 2_500,
      },
    ],
    books: { stream: 'watchOrderBook', chunk: 1, maxMarkets: 10 },
    // Hyperliquid's API (metaAndAssetCtxs) publishes the rate but no interval; its docs ("Funding") settle it
    // every hour, which ccxt 4.5.84 reports as `interval: '1h'`.
    funding: { bulk: true, documentedHours: 1 },
    wallets: { none: 'on-chain venue: deposits and withdrawals go through its bridge, not exchange wallets' },
    fetchMarkets: { types: ['spot', 'swap'] },
  },
  {
    venue: 'lighter',
    ccxtId: 'lighter',
    tickers: [{ market: 'perp', params: SWAP_PARAMS, stream: { method: 'watchTickers', chunk: 10_000 } }],
    books: { stream: 'watchOrderBook', chunk: 1 },
    // Lighter settles funding every hour (its docs); its API does not repeat the interval.
    funding: { bulk: true, documentedHours: 1 },
    wallets: { none: 'on-chain venue: deposits and withdrawals go through its bridge, not exchange wallets' },
    wireFixes: allTickersPerWatch,
  },
  {
    venue: 'aster',
    ccxtId: 'aster',
    tickers: [
      { market: 'spot', params: SPOT_PARAMS, stream: { method: 'watchTickers', chunk: 50 } },
      { market: 'perp', params: SWAP_PARAMS, stream: { method: 'watchTickers', chunk: 50 } },
    ],
    books: { stream: 'watchOrderBookForSymbols', chunk: 20 },
    funding: { bulk: true, intervals: 'fetchFundingIntervals', documentedHours: 8 },
    // Aster's asset list (exchangeInfo `assets`) names the assets and nothing else: no networks, no
    // deposit/withdraw switches. Its deposits go through its own bridge contracts.
    wallets: { none: 'Aster publishes no deposit/withdraw status (its asset list names assets only)' },
    wireFixes: asterDepthSides,
  },
];

export function ccxtVenue(venue: VenueId): CcxtVenue | undefined {
  return CCXT_VENUES.find((c) => c.venue === venue);
}

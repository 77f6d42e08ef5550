/**
 * Every REST operation of the DataMaxi+-compatible public API (shared/formats/public-api.md §2), as data: the
 * path, whether it needs a key, its required parameters and the defaults the official SDK sends. Routes,
 * OpenAPI and the contract tests are all checked against this one list, so an operation cannot be forgotten.
 */
export type PublicApiAuth = 'key' | 'public';

/** What the SDK expects back (§1.4). */
export type PublicApiFamily = 'discovery' | 'envelope' | 'object' | 'rows' | 'aggregate' | 'untyped';

export interface PublicApiOperation {
  readonly path: string;
  readonly auth: PublicApiAuth;
  readonly family: PublicApiFamily;
  /** Parameters the operation refuses to run without (400 naming the first missing one). */
  readonly required: readonly string[];
  /** A valid value for each required parameter, for tests and documentation examples. */
  readonly example: Readonly<Record<string, string>>;
  /** Keys the reply echoes besides `data` (§1.5). */
  readonly echo?: readonly string[];
  /** The issue that brings the data, for operations not served yet. */
  readonly pending?: 'exchange-intelligence' | 'tokens-trends' | 'listing-arbitrage';
}

const op = (
  path: string,
  auth: PublicApiAuth,
  family: PublicApiFamily,
  example: Record<string, string> = {},
  extra: Partial<Pick<PublicApiOperation, 'echo' | 'pending'>> & { required?: readonly string[] } = {},
): PublicApiOperation => ({
  path,
  auth,
  family,
  required: extra.required ?? Object.keys(example),
  example,
  ...(extra.echo ? { echo: extra.echo } : {}),
  ...(extra.pending ? { pending: extra.pending } : {}),
});

const BTC_BINANCE = { exchange: 'binance', symbol: 'BTC-USDT' };
/** The symbol lists page as `{data, page, limit, total}` (the SDK models none of them). */
const PAGED = { echo: ['page', 'limit', 'total'] } as const;

export const PUBLIC_API_OPERATIONS: readonly PublicApiOperation[] = [
  // 2.1 CEX candle
  op('/cex/candle', 'key', 'envelope', BTC_BINANCE),
  op('/cex/candle/exchanges', 'public', 'discovery', { market: 'spot' }),
  op('/cex/candle/intervals', 'public', 'discovery'),
  op('/cex/candle/symbols', 'public', 'discovery', { exchange: 'binance' }),
  // 2.2 Ticker
  op('/ticker', 'key', 'envelope', { ...BTC_BINANCE, market: 'spot' }),
  op('/ticker/exchanges', 'public', 'discovery', { market: 'spot' }),
  op('/ticker/symbols', 'public', 'discovery', { exchange: 'binance', market: 'spot' }),
  // 2.3 Trading fees
  op('/cex/fees', 'key', 'rows'),
  op('/cex/fees/exchanges', 'public', 'discovery'),
  op('/cex/fees/symbols', 'public', 'discovery', { exchange: 'binance' }),
  // 2.4 Wallet status
  op('/wallet-status', 'key', 'rows', { asset: 'BTC', exchange: 'binance' }, { required: ['asset'] }),
  op('/wallet-status/exchanges', 'public', 'discovery'),
  op('/wallet-status/assets', 'public', 'discovery', { exchange: 'binance' }),
  // 2.5, 2.6 Announcements, token updates
  op(
    '/cex/announcements',
    'key',
    'envelope',
    {},
    {
      echo: ['page', 'limit', 'total', 'sort', 'key', 'exchange', 'category'],
    },
  ),
  op('/cex/token/updates', 'key', 'envelope', {}, { echo: ['page', 'limit', 'total', 'sort', 'key'] }),
  // 2.7 CEX symbol
  op('/cex/symbol/metadata', 'public', 'untyped', {}, PAGED),
  op('/cex/symbol/tags', 'public', 'untyped', {}, PAGED),
  op('/cex/symbol/cautions', 'public', 'untyped', {}, PAGED),
  op('/cex/symbol/delistings', 'public', 'untyped', {}, PAGED),
  op('/cex/symbol/volume', 'public', 'untyped', { base: 'BTC' }),
  op('/cex/symbol/oi', 'public', 'untyped', { base: 'BTC' }),
  op('/cex/symbol/oi-stats', 'public', 'untyped', { base: 'BTC' }),
  op('/cex/symbol/liquidation', 'public', 'untyped', { base: 'BTC' }),
  // 2.8 Funding rate
  op('/funding-rate/history', 'key', 'envelope', BTC_BINANCE, {
    echo: ['page', 'limit', 'sort', 'exchange', 'symbol'],
  }),
  op('/funding-rate/latest', 'key', 'object', BTC_BINANCE),
  op('/funding-rate/exchanges', 'public', 'discovery'),
  op('/funding-rate/symbols', 'public', 'discovery', { exchange: 'binance' }, { required: [] }),
  // 2.9 Premium
  op(
    '/premium',
    'key',
    'envelope',
    {},
    { echo: ['page', 'limit', 'total', 'sort', 'key', 'currency', 'conversion_base'] },
  ),
  op('/premium/exchanges', 'public', 'discovery'),
  // 2.10, 2.11, 2.12 Forex, index price, margin borrow
  op('/forex', 'key', 'object', { symbol: 'USD-KRW' }),
  op('/forex/symbols', 'public', 'discovery'),
  op('/index-price', 'key', 'envelope', { asset: 'BTC' }),
  op('/margin-borrow', 'key', 'object', { asset: 'BTC' }),
  // 2.13 Liquidation
  op('/liquidation', 'key', 'envelope', BTC_BINANCE),
  op('/liquidation/feed', 'key', 'envelope'),
  op('/liquidation/heatmap', 'key', 'aggregate'),
  op('/liquidation/map', 'key', 'aggregate'),
  op('/liquidation/stats', 'key', 'aggregate'),
  op('/liquidation/symbol-history', 'key', 'aggregate', { symbol: 'BTC' }),
  // 2.14 Open interest
  op('/open-interest', 'key', 'object', BTC_BINANCE),
  op('/open-interest/list', 'key', 'envelope'),
  op('/open-interest/overview', 'key', 'envelope', {}, { echo: ['page', 'limit', 'total', 'sort', 'key'] }),
  op('/open-interest/summary', 'key', 'aggregate'),
  op('/open-interest/history-aggregated', 'key', 'aggregate', { token_id: 'bitcoin' }),
  // 2.15 Listings
  op('/listings/historical', 'key', 'envelope'),
  // 2.16, 2.17 Telegram, Naver
  op(
    '/telegram/channels',
    'key',
    'envelope',
    {},
    { echo: ['page', 'limit', 'total', 'sort', 'key', 'category'] },
  ),
  op(
    '/telegram/messages',
    'key',
    'envelope',
    {},
    { echo: ['page', 'limit', 'total', 'sort', 'key', 'category'] },
  ),
  op('/naver-trend', 'key', 'rows', { symbol: 'BTC' }),
  op('/naver-trend/symbols', 'key', 'discovery'),
];

/**
 * Operations beyond the DataMaxi+ contract (issue item 6), in the same style: GET, keyed, metered, the same error
 * body and pagination echo. Our arbitrage tables with every field of spec §3, and the executable size of a pair.
 */
export const PUBLIC_API_EXTENSIONS: readonly PublicApiOperation[] = [
  op('/arbitrage/spot-spot', 'key', 'envelope', {}, { echo: ['page', 'limit', 'total', 'sort', 'key'] }),
  op('/arbitrage/spot-perp', 'key', 'envelope', {}, { echo: ['page', 'limit', 'total', 'sort', 'key'] }),
  op('/arbitrage/perp-perp', 'key', 'envelope', {}, { echo: ['page', 'limit', 'total', 'sort', 'key'] }),
  op('/arbitrage/executable-size', 'key', 'envelope', {
    kind: 'spot-spot',
    base: 'BTC',
    source: 'binance',
    target: 'upbit',
  }),
];

export const PUBLIC_API_PREFIX = '/api/v1';

/** The header every paid-API answer carries: when its data was last updated (epoch ms). */
export const DATA_UPDATED_AT_HEADER = 'x-data-updated-at';

import {
  type FundingEvent,
  fundingEventSchema,
  type MarketType,
  type QuoteEvent,
  quoteEventSchema,
  type VenueId,
  type WalletEvent,
  walletEventSchema,
} from '@spreadscope/core';
import type { Currencies, FundingRate, Market, Ticker } from 'ccxt';

/** The product's view of a ccxt market, or null for markets we don't track. */
export interface TrackedMarket {
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
}

/**
 * Spot markets and linear perpetuals settled in their quote currency, quoted in one of the venue's tracked
 * currencies (KRW in Korea, USDT/USDC elsewhere). Halted or delisted markets (Binance "BREAK") still answer
 * with their last, stale numbers and are left out.
 */
export function trackedMarket(market: Market | undefined, quotes: ReadonlySet<string>): TrackedMarket | null {
  if (!market || market.active === false) return null;
  let kind: MarketType;
  if (market.spot) kind = 'spot';
  else if (market.swap && market.linear && market.settle === market.quote) kind = 'perp';
  else return null;
  const quote = market.quote.toUpperCase();
  if (!quotes.has(quote)) return null;
  return { market: kind, base: market.base.toUpperCase(), quote };
}

function isPositive(value: number | undefined): value is number {
  return value !== undefined && value !== null && Number.isFinite(value) && value > 0;
}

/** Some venues only report base volume; volume × VWAP (or last) is the quote-currency volume. */
function quoteVolume(ticker: Ticker): number | undefined {
  if (ticker.quoteVolume !== undefined && ticker.quoteVolume !== null) return ticker.quoteVolume;
  const price = ticker.vwap ?? ticker.last;
  if (ticker.baseVolume === undefined || ticker.baseVolume === null || !price) return undefined;
  return ticker.baseVolume * price;
}

/**
 * ccxt's unified ticker → a tape `quote`. `t` is when we received it: a venue's own timestamps (last trade,
 * candle close) would make quiet markets look stale, and streams and polls must agree on the clock.
 */
export function tickerToQuote(
  venue: VenueId,
  tracked: TrackedMarket,
  ticker: Ticker,
  receivedAt: number,
  /** The venue's quote volume read from the raw ticker, where ccxt's unified volumes are in contracts. */
  venueQuoteVolume?: number,
): QuoteEvent | null {
  const candidate: Record<string, unknown> = {
    t: receivedAt,
    type: 'quote',
    venue,
    market: tracked.market,
    base: tracked.base,
    quote: tracked.quote,
    last: ticker.last ?? ticker.close,
  };
  if (isPositive(ticker.bid)) candidate.bid = ticker.bid;
  if (isPositive(ticker.ask)) candidate.ask = ticker.ask;
  const volume = venueQuoteVolume ?? quoteVolume(ticker);
  if (volume !== undefined && Number.isFinite(volume) && volume >= 0) candidate.volume24h = volume;
  if (isPositive(ticker.open)) candidate.open24h = ticker.open;
  // The core schema is the contract: symbols like "1000PEPE" pass; odd ones and missing prices do not.
  const parsed = quoteEventSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** `8h` → 8, `30m` → 0.5, `1d` → 24; anything else → undefined. */
export function intervalHours(interval: string | undefined | null): number | undefined {
  if (!interval) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*([mhd])$/i.exec(interval.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = (match[2] ?? 'h').toLowerCase();
  const hours = unit === 'm' ? value / 60 : unit === 'd' ? value * 24 : value;
  return hours > 0 && Number.isFinite(hours) ? hours : undefined;
}

export function fundingToEvent(
  venue: VenueId,
  tracked: TrackedMarket,
  rate: FundingRate,
  hours: number,
  receivedAt: number,
): FundingEvent | null {
  const candidate: Record<string, unknown> = {
    t: receivedAt,
    type: 'funding',
    venue,
    base: tracked.base,
    quote: tracked.quote,
    rate: rate.fundingRate,
    intervalHours: hours,
  };
  const next = rate.fundingTimestamp ?? rate.nextFundingTimestamp;
  if (next !== undefined && next !== null && Number.isFinite(next) && next > 0)
    candidate.nextFundingTime = next;
  if (isPositive(rate.markPrice)) candidate.markPrice = rate.markPrice;
  const parsed = fundingEventSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** Confirmation counts venues put in their raw network info under these names (ccxt leaves them there). */
const CONFIRMATION_KEYS = [
  'depositConfirm',
  'minDepArrivalConfirm',
  'numOfConfirmations',
  'minConfirm',
  'confirmations',
  'needConfirm',
  'confirmTimes',
  'depositConfirmations',
  'deposit_confirm_count',
] as const;

function confirmations(info: unknown): number | undefined {
  if (!info || typeof info !== 'object') return undefined;
  const record = info as Record<string, unknown>;
  for (const key of CONFIRMATION_KEYS) {
    const value = Number(record[key]);
    if (record[key] !== undefined && record[key] !== null && Number.isInteger(value) && value >= 0)
      return value;
  }
  return undefined;
}

/**
 * The token's contract in a network's raw entry, which ccxt keeps but does not unify: Binance and Bybit call
 * it `contractAddress`, OKX `ctAddr`, MEXC `contract`, Gate `contract_address`.
 */
const CONTRACT_KEYS = ['contractAddress', 'ctAddr', 'contract', 'contract_address'] as const;

function contractOf(info: unknown): string | undefined {
  if (!info || typeof info !== 'object') return undefined;
  const record = info as Record<string, unknown>;
  for (const key of CONTRACT_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '' && value.length <= 200) return value.trim();
  }
  return undefined;
}

/** ccxt currencies (with their networks) → one `wallet` event per asset and network. */
export function currenciesToWallets(
  venue: VenueId,
  currencies: Currencies,
  receivedAt: number,
): WalletEvent[] {
  const events: WalletEvent[] = [];
  for (const currency of Object.values(currencies ?? {})) {
    if (!currency?.code) continue;
    const asset = currency.code.toUpperCase();
    const networks = Object.entries(currency.networks ?? {});
    if (
      networks.length === 0 &&
      currency.type !== 'fiat' &&
      (currency.deposit !== undefined || currency.withdraw !== undefined)
    ) {
      // Venues that run one network per asset (Coinone) report the status on the currency itself.
      const candidate: Record<string, unknown> = {
        t: receivedAt,
        type: 'wallet',
        venue,
        asset,
        network: asset,
        deposit: currency.deposit === true,
        withdraw: currency.withdraw === true,
      };
      const confirms = confirmations(currency.info);
      if (confirms !== undefined) candidate.confirmations = confirms;
      if (
        currency.fee !== undefined &&
        currency.fee !== null &&
        Number.isFinite(currency.fee) &&
        currency.fee >= 0
      ) {
        candidate.withdrawFee = currency.fee;
      }
      const parsed = walletEventSchema.safeParse(candidate);
      if (parsed.success) events.push(parsed.data);
      continue;
    }
    for (const [id, network] of networks) {
      if (!network) continue;
      const candidate: Record<string, unknown> = {
        t: receivedAt,
        type: 'wallet',
        venue,
        asset,
        network: network.network ?? id,
        deposit: network.deposit === true,
        withdraw: network.withdraw === true,
      };
      const confirms = confirmations(network.info);
      if (confirms !== undefined) candidate.confirmations = confirms;
      const contract = contractOf(network.info);
      if (contract !== undefined) candidate.contract = contract;
      // Binance marks a congested network `busy`; Bitget says `congestion: congested`.
      const raw = network.info as Record<string, unknown> | undefined;
      if (raw?.busy === true || raw?.congestion === 'congested') candidate.delayed = true;
      const min = network.limits?.withdraw?.min;
      if (typeof min === 'number' && Number.isFinite(min) && min >= 0) candidate.withdrawMin = min;
      if (
        network.fee !== undefined &&
        network.fee !== null &&
        Number.isFinite(network.fee) &&
        network.fee >= 0
      ) {
        candidate.withdrawFee = network.fee;
      }
      const parsed = walletEventSchema.safeParse(candidate);
      if (parsed.success) events.push(parsed.data);
    }
  }
  return events;
}

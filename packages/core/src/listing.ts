/**
 * Listing arbitrage (spec §3 Listing arbitrage event, §4 Listing flow and status labels, §5/§9 profit
 * estimate): the pure rules. The server feeds them the venue's wallet and market state; nothing here reads a
 * clock of its own.
 */

export const LISTING_VENUES = ['upbit', 'bithumb', 'coinone', 'korbit', 'kbit'] as const;
export type ListingVenue = (typeof LISTING_VENUES)[number];

export const LISTING_QUOTES = ['KRW', 'BTC', 'USDT'] as const;
export type ListingQuote = (typeof LISTING_QUOTES)[number];

export const LISTING_STATUSES = [
  'deposit',
  'deposit_wait',
  'sell',
  'sell_wait',
  'trade',
  'trade_wait',
  'unknown',
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_TYPES = ['default', 'global_simultaneous', 'first_domestic'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** Spec §4 listing flow. */
export const LISTING_STAGES = ['announced', 'deposit_open', 'trading', 'listed'] as const;
export type ListingStage = (typeof LISTING_STAGES)[number];

/** Spec §9: deposit opens within 2 hours of the notice. */
export const LISTING_DEPOSIT_WITHIN_MS = 2 * 3_600_000;
/** Spec §5/§9: the profit estimate assumes 0.1 % buy and 0.1 % sell. */
export const LISTING_BUY_FEE = 0.001;
export const LISTING_SELL_FEE = 0.001;
/** A market counts as listed (no longer "new") a day after trading starts. */
export const LISTING_NEW_FOR_MS = 24 * 3_600_000;

export function isListingVenue(venue: string): venue is ListingVenue {
  return (LISTING_VENUES as readonly string[]).includes(venue);
}

/** What the venue shows now, as the engine holds it. */
export interface ListingObservation {
  /** The new market quotes a price on the listing venue. */
  readonly trading: boolean;
  /**
   * The listing venue's deposit state for the token: `open` on at least one network, `closed` when it reports
   * the token and every network is closed, `unreported` when it reports nothing for it yet.
   */
  readonly deposit: 'open' | 'closed' | 'unreported';
  /** The venue publishes wallet status at all (some never do): without it `unreported` says nothing. */
  readonly venueReportsWallets: boolean;
}

export interface ListingTimes {
  readonly depositAt: number | null;
  readonly sellAt: number | null;
  readonly tradingAt: number | null;
}

/**
 * The status label (spec §4) from what the venue shows, with the announced times only breaking ties between
 * two states the venue cannot tell apart (a sell-only window before buying opens, waiting for orders):
 *  - market quoting: `sell` in an announced sell-only window, else `trade`;
 *  - not quoting, deposits open: `sell_wait` when sell orders are announced, `trade_wait` when trading is,
 *    else `deposit`;
 *  - not quoting, deposits reported closed (or not yet reported by a venue that reports wallets):
 *    `deposit_wait`;
 *  - nothing observable: `trade_wait` once the announced trading time has passed, else `unknown`.
 */
export function listingStatus(obs: ListingObservation, times: ListingTimes, now: number): ListingStatus {
  if (obs.trading) {
    if (times.sellAt !== null && times.tradingAt !== null && now >= times.sellAt && now < times.tradingAt)
      return 'sell';
    return 'trade';
  }
  if (obs.deposit === 'open') {
    if (times.sellAt !== null) return 'sell_wait';
    if (times.tradingAt !== null) return 'trade_wait';
    return 'deposit';
  }
  if (obs.deposit === 'closed' || obs.venueReportsWallets) return 'deposit_wait';
  if (times.tradingAt !== null && now >= times.tradingAt) return 'trade_wait';
  return 'unknown';
}

/** The flow stage (spec §4) from the same observation. */
export function listingStage(
  obs: ListingObservation,
  tradingSince: number | null,
  now: number,
): ListingStage {
  if (obs.trading || tradingSince !== null) {
    return tradingSince !== null && now - tradingSince >= LISTING_NEW_FOR_MS ? 'listed' : 'trading';
  }
  return obs.deposit === 'open' ? 'deposit_open' : 'announced';
}

/**
 * The listing type (spec §4) from where the token already trades when the notice appears: nowhere abroad →
 * `global_simultaneous` (it lists worldwide at the same time), on no other Korean venue → `first_domestic`,
 * otherwise `default`.
 */
export function listingType(tradesAbroad: boolean, tradesOnOtherKoreanVenue: boolean): ListingType {
  if (!tradesAbroad) return 'global_simultaneous';
  if (!tradesOnOtherKoreanVenue) return 'first_domestic';
  return 'default';
}

/** `(krw / (overseas × usdtKrw) − 1) × 100`, or null without the three prices. */
export function listingPremiumPct(krwPrice: number, overseasUsdt: number, usdtKrw: number): number | null {
  if (!(krwPrice > 0) || !(overseasUsdt > 0) || !(usdtKrw > 0)) return null;
  return (krwPrice / (overseasUsdt * usdtKrw) - 1) * 100;
}

export interface ProfitInput {
  /** KRW put in (spent buying abroad). */
  readonly amountKrw: number;
  /** The token's price abroad, converted to KRW. */
  readonly buyPriceKrw: number;
  /** The new market's price in KRW. */
  readonly sellPriceKrw: number;
  /** The withdrawal fee of the chosen network, in tokens (0 when unknown). */
  readonly withdrawFee: number;
}

export interface ProfitEstimate {
  readonly tokensBought: number;
  readonly tokensArrived: number;
  readonly proceedsKrw: number;
  readonly profitKrw: number;
  readonly profitPct: number;
}

/** Buy abroad (0.1 % fee), withdraw (network fee in tokens), sell on the new KRW market (0.1 % fee). */
export function estimateListingProfit(input: ProfitInput): ProfitEstimate | null {
  const { amountKrw, buyPriceKrw, sellPriceKrw, withdrawFee } = input;
  if (!(amountKrw > 0) || !(buyPriceKrw > 0) || !(sellPriceKrw > 0) || !(withdrawFee >= 0)) return null;
  const tokensBought = (amountKrw / buyPriceKrw) * (1 - LISTING_BUY_FEE);
  const tokensArrived = Math.max(0, tokensBought - withdrawFee);
  const proceedsKrw = tokensArrived * sellPriceKrw * (1 - LISTING_SELL_FEE);
  const profitKrw = proceedsKrw - amountKrw;
  return { tokensBought, tokensArrived, proceedsKrw, profitKrw, profitPct: (profitKrw / amountKrw) * 100 };
}

/** `/listing-arbitrage/{exchange}-{quote}-{base}`, all lowercase. */
export function listingSlug(venue: string, quote: string, base: string): string {
  return `${venue}-${quote}-${base}`.toLowerCase();
}

/**
 * The slug's parts, or null for anything that is not exactly `{exchange}-{quote}-{base}` in lower case with a
 * listing venue and quote (the page answers those with 404).
 */
export function parseListingSlug(
  slug: string,
): { venue: ListingVenue; quote: ListingQuote; base: string } | null {
  if (slug !== slug.toLowerCase()) return null;
  const parts = slug.split('-');
  if (parts.length !== 3) return null;
  const [venue, quote, base] = parts as [string, string, string];
  if (!isListingVenue(venue)) return null;
  const q = quote.toUpperCase();
  if (!(LISTING_QUOTES as readonly string[]).includes(q)) return null;
  if (!/^[a-z0-9]{1,20}$/.test(base)) return null;
  return { venue, quote: q as ListingQuote, base: base.toUpperCase() };
}

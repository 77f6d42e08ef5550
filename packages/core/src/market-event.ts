import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text.ts';

/**
 * Normalized market events: what every source (live adapter, simulator, tape) emits and the engine consumes.
 * The shapes are the market tape v1 contract (shared/formats/market-tape.md); unknown fields are dropped.
 */

const time = z.number().int().nonnegative();
/** Free text from a venue or a tape: it may be stored and served, so no NUL or unpaired surrogate. */
const text = z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });
const venue = z.string().regex(/^[a-z0-9]+$/, 'venue must be a lowercase registry id');
const token = z.string().regex(/^[A-Z0-9]+$/, 'tokens are upper case, like BTC');
const price = z.number().positive().finite();
const amount = z.number().nonnegative().finite();
const market = z.enum(['spot', 'perp']);
const level = z.tuple([price, amount]);

export const metaEventSchema = z.object({
  t: time,
  type: z.literal('meta'),
  version: z.literal(1),
  source: text,
  start: time.optional(),
});

export const quoteEventSchema = z.object({
  t: time,
  type: z.literal('quote'),
  venue,
  market,
  base: token,
  quote: token,
  last: price,
  bid: price.optional(),
  ask: price.optional(),
  volume24h: amount.optional(),
  open24h: price.optional(),
  /**
   * Addition to tape v1 (documented in packages/feeds/README.md): base volume traded since this source's
   * previous quote of the market, where the source knows its trades (the simulator does); the minute
   * candles' volume is their sum.
   */
  traded: amount.optional(),
});

export const bookEventSchema = z.object({
  t: time,
  type: z.literal('book'),
  venue,
  market,
  base: token,
  quote: token,
  bids: z.array(level),
  asks: z.array(level),
});

export const fundingEventSchema = z.object({
  t: time,
  type: z.literal('funding'),
  venue,
  base: token,
  quote: token,
  rate: z.number().finite(),
  intervalHours: z.number().positive().finite(),
  nextFundingTime: time.optional(),
  markPrice: price.optional(),
});

export const forexEventSchema = z.object({
  t: time,
  type: z.literal('forex'),
  pair: z.string().regex(/^[A-Z]{3}\/[A-Z]{3}$/, 'pair looks like USD/KRW'),
  rate: price,
});

export const walletEventSchema = z.object({
  t: time,
  type: z.literal('wallet'),
  venue,
  asset: token,
  network: text.min(1),
  deposit: z.boolean(),
  withdraw: z.boolean(),
  confirmations: z.number().int().nonnegative().optional(),
  blockTimeSec: z.number().positive().finite().optional(),
  withdrawFee: amount.optional(),
  /** Additions to tape v1 (documented in packages/feeds/README.md), all optional: */
  /** Smallest withdrawal the venue accepts, in the asset. */
  withdrawMin: amount.optional(),
  /** The token's contract on this network as the venue publishes it (absent for a chain's native coin). */
  contract: text.max(200).optional(),
  /** The venue says transfers on this network are delayed or congested (still open). */
  delayed: z.boolean().optional(),
});

export const noticeEventSchema = z.object({
  t: time,
  type: z.literal('notice'),
  venue,
  category: z.enum(['listing', 'delisting', 'notice', 'user_events']),
  title: text,
  url: text,
  summary: text.optional(),
  /** Addition to tape v1 (documented in packages/feeds/README.md): when the venue published it, epoch ms. */
  publishedAt: time.optional(),
  /** Addition to tape v1 (docs/tape-notice-events.md): tokens the title names (upper case, like BTC). */
  tokens: z.array(token).max(50).optional(),
  /** Addition to tape v1 (docs/tape-notice-events.md): networks the title names (canonical names, like Ethereum). */
  networks: z.array(text).max(20).optional(),
  /** Addition to tape v1: the scheduled time a delisting notice names (its trading end), epoch ms. */
  effectiveAt: time.optional(),
  /** Addition to tape v1: true when produced by the simulator (labelled simulated on screen). */
  simulated: z.boolean().optional(),
});

/**
 * Addition to tape v1 (docs/tape-notice-events.md): a market appeared in (`listed`) or vanished from
 * (`delisted`) a venue's market list between two reads.
 */
export const tokenUpdateEventSchema = z.object({
  t: time,
  type: z.literal('token_update'),
  venue,
  market,
  base: token,
  quote: token,
  update: z.enum(['listed', 'delisted']),
  simulated: z.boolean().optional(),
});

/** Korean exchanges' investor-protection flags (Upbit 유의/주의, Bithumb 투자유의/경고). */
export const CAUTION_REASONS = [
  'price_fluctuations',
  'trading_volume_soaring',
  'deposit_amount_soaring',
  'global_price_differences',
  'concentration_of_small_accounts',
] as const;

/**
 * Addition to tape v1 (docs/tape-notice-events.md): a market's current caution state on its venue's market
 * list. `warning` is the designation that precedes a delisting review (Upbit 유의 종목, Bithumb 투자유의);
 * `caution` a short-lived alert with its reasons (Upbit 주의 종목); `none` clears both.
 */
export const cautionEventSchema = z.object({
  t: time,
  type: z.literal('caution'),
  venue,
  base: token,
  quote: token,
  level: z.enum(['none', 'caution', 'warning']),
  reasons: z.array(z.enum(CAUTION_REASONS)).default([]),
  simulated: z.boolean().optional(),
});

/**
 * Addition to tape v1 (packages/feeds/README.md): one margin-borrow rate of a venue — the rate to borrow
 * `asset` on cross or isolated margin (`pair` names the isolated pair) at a VIP level, as a fraction per
 * hour (0.00001 = 0.001 %/h; daily and annual are ×24 and ×8760). `borrowLimit` is the most one account
 * may borrow (asset units), `borrowable` whether borrowing is open at all.
 */
export const borrowEventSchema = z.object({
  t: time,
  type: z.literal('borrow'),
  venue,
  asset: token,
  marginType: z.enum(['cross', 'isolated']),
  pair: text.optional(),
  vipLevel: text.min(1).max(32),
  hourlyRate: z.number().nonnegative().finite(),
  borrowLimit: amount.optional(),
  borrowable: z.boolean(),
});

/** Addition to tape v1: open interest of one perpetual, in base units (and USD where the venue says). */
export const openInterestEventSchema = z.object({
  t: time,
  type: z.literal('oi'),
  venue,
  base: token,
  quote: token,
  openInterest: amount,
  openInterestUsd: amount.optional(),
});

/**
 * Addition to tape v1: one forced liquidation on a perpetual. `side` is the liquidated position (`long`:
 * the venue sold it), `size` in base units at `price` (quote currency).
 */
export const liquidationEventSchema = z.object({
  t: time,
  type: z.literal('liquidation'),
  venue,
  base: token,
  quote: token,
  side: z.enum(['long', 'short']),
  price,
  size: z.number().positive().finite(),
});

/**
 * Addition to tape v1 (packages/feeds/README.md): one VIP level of a venue's trading fee schedule as the venue
 * publishes it through its API (percent of the traded value; negative is a rebate). It overrides the same
 * level of the configured schedule (core trading-fees.ts) on the trading-fees call.
 */
export const feeTierEventSchema = z.object({
  t: time,
  type: z.literal('fee_tier'),
  venue,
  market,
  vipLevel: text.min(1).max(32),
  makerPercent: z.number().min(-1).max(5).finite(),
  takerPercent: z.number().min(-1).max(5).finite(),
  requirement: text.max(120).optional(),
});

export const marketEventSchema = z.discriminatedUnion('type', [
  metaEventSchema,
  quoteEventSchema,
  bookEventSchema,
  fundingEventSchema,
  forexEventSchema,
  walletEventSchema,
  noticeEventSchema,
  tokenUpdateEventSchema,
  cautionEventSchema,
  borrowEventSchema,
  openInterestEventSchema,
  liquidationEventSchema,
  feeTierEventSchema,
]);

export type MetaEvent = z.infer<typeof metaEventSchema>;
export type QuoteEvent = z.infer<typeof quoteEventSchema>;
export type BookEvent = z.infer<typeof bookEventSchema>;
export type FundingEvent = z.infer<typeof fundingEventSchema>;
export type ForexEvent = z.infer<typeof forexEventSchema>;
export type WalletEvent = z.infer<typeof walletEventSchema>;
export type NoticeEvent = z.infer<typeof noticeEventSchema>;
export type TokenUpdateEvent = z.infer<typeof tokenUpdateEventSchema>;
export type CautionEvent = z.infer<typeof cautionEventSchema>;
export type CautionReason = (typeof CAUTION_REASONS)[number];
export type BorrowEvent = z.infer<typeof borrowEventSchema>;
export type FeeTierEvent = z.infer<typeof feeTierEventSchema>;
export type OpenInterestEvent = z.infer<typeof openInterestEventSchema>;
export type LiquidationEvent = z.infer<typeof liquidationEventSchema>;
export type MarketEvent = z.infer<typeof marketEventSchema>;
export type MarketEventType = MarketEvent['type'];

export class TapeLineError extends Error {
  override readonly name = 'TapeLineError';
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(`tape line ${line}: ${detail}`);
  }
}

/** Parses one tape line; a malformed line yields an error naming its line number (1-based). */
export function parseTapeLine(text: string, line: number): MarketEvent | TapeLineError {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return new TapeLineError(line, 'not valid JSON');
  }
  const parsed = marketEventSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return new TapeLineError(line, `${where}${issue?.message ?? 'invalid event'}`);
}

export function serializeTapeEvent(event: MarketEvent): string {
  return JSON.stringify(event);
}

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
});

export const marketEventSchema = z.discriminatedUnion('type', [
  metaEventSchema,
  quoteEventSchema,
  bookEventSchema,
  fundingEventSchema,
  forexEventSchema,
  walletEventSchema,
  noticeEventSchema,
]);

export type MetaEvent = z.infer<typeof metaEventSchema>;
export type QuoteEvent = z.infer<typeof quoteEventSchema>;
export type BookEvent = z.infer<typeof bookEventSchema>;
export type FundingEvent = z.infer<typeof fundingEventSchema>;
export type ForexEvent = z.infer<typeof forexEventSchema>;
export type WalletEvent = z.infer<typeof walletEventSchema>;
export type NoticeEvent = z.infer<typeof noticeEventSchema>;
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

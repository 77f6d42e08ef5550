import { LISTING_QUOTES, LISTING_TYPES, LISTING_VENUES } from '@spreadscope/core';
import { z } from 'zod';

/** Past listing cases (spec §3 Listing historical case, §7 `listing/history`). */

export const listingCasePostSchema = z.object({
  channel: z.string().describe('Telegram channel username'),
  text: z.string().describe('the post, cut to an excerpt'),
  url: z.string().nullable(),
  publishedAt: z.number(),
});
export type ListingCasePost = z.infer<typeof listingCasePostSchema>;

export const LISTING_CASE_POSTS_MAX = 10;
export const LISTING_CASE_EXCERPT_MAX = 280;

export const listingCaseSchema = z.object({
  key: z.string().describe('{exchange}-{quote}-{base}, lower case: the detail page'),
  exchange: z.enum(LISTING_VENUES),
  quote: z.enum(LISTING_QUOTES),
  base: z.string(),
  name: z.string().nullable(),
  type: z.enum(LISTING_TYPES),
  announcedAt: z.number(),
  listedAt: z.number().nullable().describe('trading start (when the market was seen quoting)'),
  totalDepositBeforeTrading: z
    .object({ amount: z.number(), krw: z.number().nullable() })
    .nullable()
    .describe('tokens deposited into the venue before trading (deposit tracker); null when not tracked'),
  listingPrice: z.number().nullable().describe('first traded price on the listing market, in its quote'),
  high24h: z.number().nullable().describe('within 24 h of trading start, in the quote'),
  low24h: z.number().nullable(),
  peakPremium: z.object({ pct: z.number(), at: z.number() }).nullable(),
  marketCapChange24hPct: z
    .number()
    .nullable()
    .describe('market cap 24 h after trading start over the cap at the listing price; null without supply'),
  posts: z.array(listingCasePostSchema).max(LISTING_CASE_POSTS_MAX),
  closed: z.boolean().describe('24 h after trading start the figures are final and stored'),
  origin: z.enum(['recorded', 'imported', 'open']),
  simulated: z.boolean(),
});
export type ListingCase = z.infer<typeof listingCaseSchema>;

export const LISTING_HISTORY_SORTS = ['date', 'peak'] as const;

export const listingHistoryQuerySchema = z.object({
  page: z.coerce.number().min(1).max(1_000).int().default(1),
  limit: z.coerce.number().min(1).max(100).int().default(20),
  sort: z.enum(LISTING_HISTORY_SORTS).default('date').describe('listing date or peak premium'),
  order: z.enum(['asc', 'desc']).default('desc'),
  key: z.string().max(60).optional().describe('one case, as {exchange}-{quote}-{base} in lower case'),
});
export type ListingHistoryQuery = z.infer<typeof listingHistoryQuerySchema>;

export const listingHistoryResponseSchema = z.object({
  data: z.array(listingCaseSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type ListingHistoryResponse = z.infer<typeof listingHistoryResponseSchema>;

const time = z.union([
  z.number().int().positive(),
  z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
]);
const amount = z.number().finite().nonnegative();
const price = z.number().finite().positive();

/**
 * One past case in an import file (`npm run admin -- listing import <file.json>`, docs/listing-import.md):
 * times as epoch ms or ISO 8601 with an offset; unknown figures left out or null, never guessed.
 */
export const listingCaseImportSchema = z
  .object({
    exchange: z.enum(LISTING_VENUES),
    quote: z.enum(LISTING_QUOTES),
    base: z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'a token ticker'),
    name: z.string().max(100).nullable().default(null),
    type: z.enum(LISTING_TYPES).default('default'),
    announcedAt: time,
    listedAt: time.nullable().default(null),
    totalDepositBeforeTrading: z
      .object({ amount, krw: amount.nullable().default(null) })
      .strict()
      .nullable()
      .default(null),
    listingPrice: price.nullable().default(null),
    high24h: price.nullable().default(null),
    low24h: price.nullable().default(null),
    peakPremium: z.object({ pct: z.number().finite(), at: time }).strict().nullable().default(null),
    marketCapChange24hPct: z.number().finite().nullable().default(null),
    posts: z
      .array(
        z
          .object({
            channel: z.string().min(1).max(64),
            text: z.string().max(4_000),
            url: z.url().nullable().default(null),
            publishedAt: time,
          })
          .strict(),
      )
      .max(LISTING_CASE_POSTS_MAX)
      .default([]),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.high24h !== null && c.low24h !== null && c.low24h > c.high24h)
      ctx.addIssue({ code: 'custom', path: ['low24h'], message: 'low24h is above high24h' });
    if (c.listedAt !== null && c.listedAt < c.announcedAt)
      ctx.addIssue({ code: 'custom', path: ['listedAt'], message: 'listedAt is before announcedAt' });
  });
export type ListingCaseImport = z.infer<typeof listingCaseImportSchema>;

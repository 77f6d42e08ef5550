import {
  LISTING_QUOTES,
  LISTING_STAGES,
  LISTING_STATUSES,
  LISTING_TYPES,
  LISTING_VENUES,
} from '@spreadscope/core';
import { z } from 'zod';
import { dataSourceSchema, storableText, venueIdSchema } from './common.ts';

/** Listing arbitrage (spec §3 Listing arbitrage event, §7 `listing`, `/setting`, `/history`). */

export const listingVenueSchema = z.enum(LISTING_VENUES);
export const listingQuoteSchema = z.enum(LISTING_QUOTES);
export const listingStatusSchema = z.enum(LISTING_STATUSES);

const csv = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item).max(10),
  );

export const listingQuerySchema = z.object({
  exchange: csv(listingVenueSchema).optional().describe('comma-separated listing venues (default all)'),
  status: csv(listingStatusSchema).optional(),
  key: z
    .string()
    .max(60)
    .optional()
    .describe('one listing, as {exchange}-{quote}-{base} in lower case (the detail page)'),
});
export type ListingQuery = z.infer<typeof listingQuerySchema>;

export const listingNetworkSchema = z.object({
  network: z.string().describe('the chain’s one id (ETH, SOL …)'),
  deposit: z.boolean().nullable().describe('at the listing venue; null when it reports nothing'),
  withdraw: z.boolean().nullable().describe('at the overseas venue with the best price'),
  withdrawFee: z.number().nullable().describe('at the overseas venue, in tokens'),
});

export const listingTimelineEntrySchema = z.object({
  at: z.number(),
  kind: z.enum(['announced', 'edited', 'deposit_opened', 'deposit_closed', 'trading_started', 'postponed']),
  detail: z.string().optional(),
});

export const listingCardSchema = z.object({
  id: z.number(),
  key: z.string().describe('{exchange}-{quote}-{base}, lower case'),
  exchange: listingVenueSchema,
  quote: listingQuoteSchema,
  base: z.string(),
  name: z.string().nullable(),
  type: z.enum(LISTING_TYPES),
  status: listingStatusSchema,
  stage: z.enum(LISTING_STAGES),
  notice: z.object({ title: z.string(), url: z.string() }),
  announcedAt: z.number(),
  depositAt: z.number().nullable().describe('announced deposit start'),
  depositDeadline: z.number().describe('spec §9: deposits open within 2 h of the notice'),
  sellAt: z.number().nullable(),
  tradingAt: z.number().nullable().describe('announced trading start'),
  postponed: z.boolean(),
  depositOpenedAt: z.number().nullable().describe('when deposits were seen open'),
  tradingStartedAt: z.number().nullable().describe('when the market was seen quoting'),
  networks: z.array(listingNetworkSchema),
  price: z.object({
    listing: z.number().nullable().describe('the new market’s last price, in its quote'),
    listingKrw: z.number().nullable(),
    overseas: z
      .object({ exchange: venueIdSchema, usdt: z.number(), krw: z.number() })
      .nullable()
      .describe('the cheapest overseas USDT spot market (where an arbitrageur buys)'),
    usdtKrw: z.number().nullable(),
    premiumPct: z.number().nullable().describe('new KRW market over the overseas price, percent'),
  }),
  peakPremium: z.object({ pct: z.number(), at: z.number() }).nullable(),
  supply: z
    .object({
      total: z.number().nullable().describe('read from the token contract (totalSupply)'),
      circulating: z.number().nullable().describe('operator configuration'),
      max: z.number().nullable().describe('the hard cap, operator configuration'),
      lockedPct: z.number().nullable().describe('share of the total not circulating, percent'),
    })
    .nullable()
    .describe('null where the token is not configured for on-chain reading'),
  borrow: z
    .array(
      z.object({
        exchange: venueIdSchema,
        marginType: z.enum(['cross', 'isolated']),
        annualRate: z.number().describe('fraction a year (0.12 = 12 %)'),
        borrowLimit: z.number().nullable().describe('in tokens, the base VIP level'),
      }),
    )
    .describe('venues that lend the token on margin, cheapest first (sellers short the premium with it)'),
  timeline: z.array(listingTimelineEntrySchema),
  simulated: z.boolean(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

export const listingResponseSchema = z.object({
  data: z.array(listingCardSchema),
  serverTime: z.number(),
  fees: z
    .object({ buy: z.number(), sell: z.number() })
    .describe('the profit estimate’s assumption (spec §9)'),
  dataSource: dataSourceSchema,
});
export type ListingResponse = z.infer<typeof listingResponseSchema>;

/** The settings as answered. */
export const listingSettingsSchema = z.object({
  exchanges: z.array(listingVenueSchema).max(LISTING_VENUES.length),
  quotes: z.array(listingQuoteSchema).max(LISTING_QUOTES.length),
  blacklist: z.array(z.string()).max(100),
  amountKrw: z.number().positive().max(100_000_000_000),
});
/** The settings as saved: tickers checked, upper-cased and deduplicated. */
export const listingSettingsInputSchema = listingSettingsSchema.extend({
  blacklist: z
    .array(z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'a token ticker'))
    .max(100)
    .transform((list) => [...new Set(list.map((t) => t.toUpperCase()))]),
});
export type ListingSettings = z.infer<typeof listingSettingsSchema>;

export const listingInviteBodySchema = z.object({ code: storableText(64).pipe(z.string().trim().min(1)) });

export const listingAccessSchema = z.object({
  allowed: z.boolean(),
  /** What stands in the way: sign in, a paid plan, or an invite code. */
  needs: z.enum(['sign_in', 'plan', 'invite']).nullable(),
  inviteRequired: z.boolean(),
});
export type ListingAccess = z.infer<typeof listingAccessSchema>;

/** A listing card that changed (status, premium, an announced time), pushed on the `listing` event topic. */
export const listingEventMessageSchema = z.object({
  type: z.literal('event'),
  topic: z.literal('listing'),
  data: listingCardSchema,
});

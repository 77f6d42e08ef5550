import {
  CAPABILITY_KEYS,
  CAPABILITY_VIAS,
  FEED_KINDS,
  FEED_REJECT_REASONS,
  FEED_TRANSPORTS,
  VENUE_STATUSES,
} from '@spreadscope/core';
import { z } from 'zod';
import { dataSourceSchema, venueIdSchema } from './common.ts';

export const feedHealthSchema = z.object({
  feed: z.enum(FEED_KINDS).describe('what the feed carries'),
  transport: z.enum(FEED_TRANSPORTS).describe('what the feed is built on'),
  via: z
    .enum(FEED_TRANSPORTS)
    .nullable()
    .describe('what delivered the latest data (rest while a stream is down)'),
  status: z.enum(['connecting', 'connected', 'degraded', 'down']),
  lastMessageAt: z.number().nullable(),
  lastMessageAgeMs: z.number().nullable(),
  lastError: z.string().nullable(),
  restarts: z.number().describe('reconnects (streams) or failed rounds (polls) since start'),
});
export type FeedHealthView = z.infer<typeof feedHealthSchema>;

export const capabilitySchema = z.object({
  via: z.enum(CAPABILITY_VIAS),
  fallback: z.literal('rest').optional(),
  needsKey: z.object({ configured: z.boolean() }).optional().describe('only with a read-only API key'),
  note: z.string().optional(),
});
export type CapabilityView = z.infer<typeof capabilitySchema>;

export const venueRejectsSchema = z.object({
  total: z.number(),
  counts: z
    .record(z.enum(FEED_REJECT_REASONS), z.number())
    .describe(
      'refused events by reason: crossed bid/ask, invalid number, absurd jump, out-of-order, stamped in the future',
    ),
  last: z
    .object({
      at: z.number().describe('event time of the latest refused event'),
      reason: z.enum(FEED_REJECT_REASONS),
      market: z.string().describe('e.g. spot BTC/KRW'),
      detail: z.string().describe('what was wrong, in plain words for operators'),
    })
    .nullable(),
});
export type VenueRejectsView = z.infer<typeof venueRejectsSchema>;

export const venueConnectionSchema = z.object({
  id: venueIdSchema,
  name: z.string(),
  kind: z.enum(['cex', 'perp-dex', 'amm-dex']),
  region: z.enum(['korea', 'overseas']),
  markets: z.array(z.enum(['spot', 'perp'])),
  status: z.enum(VENUE_STATUSES),
  dataSource: z.enum(['live', 'simulated', 'replay', 'none']),
  instruments: z.number().describe('markets currently quoted'),
  lastMessageAt: z.number().nullable(),
  lastMessageAgeMs: z.number().nullable(),
  lastError: z.string().nullable(),
  feeds: z.array(feedHealthSchema).describe('live venues: each feed with its own health; empty otherwise'),
  capabilities: z
    .partialRecord(z.enum(CAPABILITY_KEYS), capabilitySchema)
    .nullable()
    .describe('live venues: what the venue publishes and how it is read'),
  rejects: venueRejectsSchema.describe(
    'events the ingest refused before they could count (never ranked, charted or fed into depth)',
  ),
});
export type VenueConnection = z.infer<typeof venueConnectionSchema>;

export const forexHealthSchema = z.object({
  status: z.enum(['connecting', 'connected', 'down']),
  source: z.string().nullable().describe('host the last good USD/KRW rate came from'),
  rate: z.number().nullable(),
  lastRateAt: z.number().nullable(),
  lastRateAgeMs: z.number().nullable(),
  lastError: z.string().nullable().describe('why the latest round failed, every source tried'),
});
export type ForexHealthView = z.infer<typeof forexHealthSchema>;

export const liveFailureSchema = z.object({ venue: venueIdSchema, reason: z.string() });

export const exchangesConnectionResponseSchema = z.object({
  dataSource: dataSourceSchema,
  serverTime: z.number(),
  venues: z.array(venueConnectionSchema),
  forex: forexHealthSchema
    .nullable()
    .optional()
    .describe('USD/KRW forex from public sources (live data only; null otherwise)'),
  liveFailures: z
    .array(liveFailureSchema)
    .optional()
    .describe('auto mode on the simulator: why each live exchange failed on the latest live attempt'),
});
export type ExchangesConnectionResponse = z.infer<typeof exchangesConnectionResponseSchema>;

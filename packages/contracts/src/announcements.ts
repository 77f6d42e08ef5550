import { VENUE_IDS } from '@spreadscope/core';
import { z } from 'zod';
import { dataSourceSchema, storableText } from './common.ts';

export const ANNOUNCEMENT_CATEGORIES = ['listing', 'delisting', 'notice', 'user_events'] as const;
export type AnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORIES)[number];

/**
 * A comma-separated list of allowed values (or the parameter repeated). Empty, `all` or `empty` means no filter
 * (the public SDK sends `category=` when the caller gives none); anything else outside the list is a 400.
 */
function choiceList<T extends string>(allowed: readonly T[], what: string) {
  return z
    .union([z.string().max(400), z.array(z.string().max(400)).max(30)])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [] as T[];
      const parts = (typeof value === 'string' ? [value] : value)
        .flatMap((v) => v.split(','))
        .map((v) => v.trim().toLowerCase())
        .filter((v) => v !== '' && v !== 'all' && v !== 'empty');
      const bad = parts.find((p) => !(allowed as readonly string[]).includes(p));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 24)}" is not a ${what}` });
        return z.NEVER;
      }
      return [...new Set(parts)] as T[];
    });
}

/** Exchange ids as the spec names them; `htx` is accepted for huobi, `gate` for gateio. */
const EXCHANGE_ALIASES: Readonly<Record<string, string>> = { htx: 'huobi', gate: 'gateio' };
export const exchangeListParam = z
  .union([z.string().max(400), z.array(z.string().max(400)).max(30)])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return [] as string[];
    const parts = (typeof value === 'string' ? [value] : value)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toLowerCase())
      .filter((v) => v !== '' && v !== 'all')
      .map((v) => EXCHANGE_ALIASES[v] ?? v);
    const bad = parts.find((p) => !(VENUE_IDS as readonly string[]).includes(p));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 24)}" is not an exchange` });
      return z.NEVER;
    }
    return [...new Set(parts)];
  });

const sortParam = z.enum(['asc', 'desc']).default('desc');
const searchParam = storableText(100)
  .optional()
  .transform((s) => s?.trim() ?? '');

/** GET /front/announcements and /front/cex/announcements. */
export const announcementsQuerySchema = z.object({
  category: choiceList(ANNOUNCEMENT_CATEGORIES, 'category (listing, delisting, notice, user_events)'),
  exchange: exchangeListParam,
  search: searchParam,
  /** Only notices naming this token (the token detail's notice tab). */
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, 'letters and digits only')
    .transform((s) => s.toUpperCase())
    .optional(),
  page: z.coerce.number().min(1).max(100_000).int().default(1),
  limit: z.coerce.number().min(1).max(1_000).int().default(50),
  sort: sortParam,
  // The public SDK's suite sends `created_at`, outside its own enum: read it as the time.
  key: z
    .enum(['timestamp', 'exchange', 'category', 'title', 'created_at'])
    .default('timestamp')
    .transform((k) => (k === 'created_at' ? 'timestamp' : k)),
});
export type AnnouncementsQuery = z.infer<typeof announcementsQuerySchema>;

export const announcementSchema = z.object({
  id: z.number(),
  exchange: z.string(),
  category: z.enum(ANNOUNCEMENT_CATEGORIES),
  title: z.string(),
  summary: z.string().nullable(),
  url: z.string().describe("the original notice on the exchange's site"),
  date: z.number().describe('published, epoch ms'),
  tokens: z.array(z.string()).describe('tokens the title names'),
  networks: z.array(z.string()).describe('networks the title names (canonical ids: ETH, TRX, BSC …)'),
  effectiveAt: z.number().nullable().describe("a delisting's trading end, where the title names it"),
  simulated: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementsResponseSchema = z.object({
  data: z.array(announcementSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  sort: z.string(),
  key: z.string(),
  exchange: z.array(z.string()),
  category: z.array(z.string()),
  dataSource: dataSourceSchema,
});
export type AnnouncementsResponse = z.infer<typeof announcementsResponseSchema>;

/** GET /front/announcements/search: the global search's announcements type. */
export const announcementSearchQuerySchema = z.object({
  q: storableText(100)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'type something to search')),
  limit: z.coerce.number().min(1).max(50).int().default(10),
});
export const announcementSearchResponseSchema = z.object({ data: z.array(announcementSchema) });

export const announcementFilterOptionsSchema = z.object({
  exchanges: z.array(z.object({ id: z.string(), name: z.string(), count: z.number() })),
  categories: z.array(z.object({ id: z.enum(ANNOUNCEMENT_CATEGORIES), count: z.number() })),
});
export type AnnouncementFilterOptions = z.infer<typeof announcementFilterOptionsSchema>;

/** The public API's short-key announcement row (`/cex/announcements`, see shared/formats/public-api.md §2.5). */
export const cexAnnouncementSchema = z.object({
  e: z.string().describe('exchange'),
  c: z.enum(ANNOUNCEMENT_CATEGORIES).describe('category'),
  t: z.string().describe('title'),
  s: z.string().describe('summary'),
  u: z.string().describe('url'),
  d: z.number().describe('time, epoch ms'),
});
export const cexAnnouncementsResponseSchema = z.object({
  data: z.array(cexAnnouncementSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  sort: z.string(),
  key: z.string(),
  exchange: z.array(z.string()),
  category: z.array(z.string()),
});

/** GET /front/cex/token-updates (the public API's `/cex/token/updates`). */
export const tokenUpdatesQuerySchema = z.object({
  type: z.enum(['listed', 'delisted']).optional(),
  exchange: exchangeListParam,
  page: z.coerce.number().min(1).max(100_000).int().default(1),
  limit: z.coerce.number().min(1).max(1_000).int().default(50),
  sort: sortParam,
});
export const tokenUpdateSchema = z.object({
  e: z.string().describe('exchange'),
  m: z.enum(['spot', 'futures']).describe('market'),
  b: z.string().describe('base'),
  q: z.string().describe('quote'),
  t: z.enum(['listed', 'delisted']).describe('update type'),
  d: z.number().describe('event time, epoch ms'),
});
export const tokenUpdatesResponseSchema = z.object({
  data: z.array(tokenUpdateSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  sort: z.string(),
  key: z.string().nullable(),
});

export const cautionsQuerySchema = z.object({
  exchange: exchangeListParam,
  level: z.enum(['caution', 'warning']).optional(),
});
export const cautionSchema = z.object({
  exchange: z.string(),
  base: z.string(),
  quote: z.string(),
  level: z.enum(['caution', 'warning']),
  reasons: z.array(z.string()),
  since: z.number(),
});
export const cautionsResponseSchema = z.object({ data: z.array(cautionSchema) });

export const delistingsResponseSchema = z.object({ data: z.array(announcementSchema) });

export const calendarQuerySchema = z.object({
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  importance: z.enum(['high', 'medium', 'low']).optional(),
});
export const calendarEventSchema = z.object({
  id: z.string(),
  kind: z.string().describe('fomc, cpi, payrolls … or `custom` for a configured feed'),
  title: z.string().describe('for custom events; built-in ones are named by kind in the client'),
  country: z.string(),
  at: z.number().describe('epoch ms'),
  importance: z.enum(['high', 'medium', 'low']),
  status: z.enum(['confirmed', 'tentative', 'estimated']),
  source: z.enum(['built-in', 'feed']),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarResponseSchema = z.object({
  data: z.array(calendarEventSchema),
  feed: z.object({
    configured: z.boolean(),
    lastError: z.string().nullable(),
    lastLoadedAt: z.number().nullable(),
  }),
});

/** The live push on the WebSocket topic `announcements`: each new notice as it is stored. */
export const announcementEventMessageSchema = z.object({
  type: z.literal('event'),
  topic: z.literal('announcements'),
  data: announcementSchema,
});

import { z } from 'zod';
import { storableText } from './common.ts';
import { SEARCH_TYPES } from './wire-constants.ts';

export { SEARCH_TYPES } from './wire-constants.ts';

/** Global search (spec §2 "global search"): one text, results grouped by type. */

export const searchTypeSchema = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof searchTypeSchema>;
export type SearchGroupType = Exclude<SearchType, 'all'>;

export const SEARCH_MAX_QUERY = 60;

export const searchQuerySchema = z.object({
  q: storableText(SEARCH_MAX_QUERY).trim().min(1),
  type: searchTypeSchema.default('all'),
  limit: z.coerce.number().min(1).max(50).int().default(8).describe('hits per group'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The page to open, without the locale prefix (the client adds /en). */
  path: z.string(),
  /** External pages (an announcement's own URL, a Telegram post) open outside the app. */
  url: z.string().nullable(),
  score: z.number(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Why a group's source is off: a reason code the client words (`needs_key`, …) and the source's message. */
export const searchGroupOffSchema = z.object({
  reason: z.string(),
  message: z.string().nullable(),
});
export type SearchGroupOff = z.infer<typeof searchGroupOffSchema>;

export const searchGroupSchema = z.object({
  type: searchTypeSchema.exclude(['all']),
  /** False while the group's source is not built or configured: the group is empty for that reason. */
  available: z.boolean(),
  /** Present when the source is switched off, saying why (Naver without NAVER_CLIENT_ID and _SECRET). */
  off: searchGroupOffSchema.optional(),
  hits: z.array(searchHitSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchResponseSchema = z.object({
  q: z.string(),
  type: searchTypeSchema,
  groups: z.array(searchGroupSchema),
  total: z.number(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

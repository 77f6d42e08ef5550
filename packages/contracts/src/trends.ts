import { z } from 'zod';
import { dataSourceSchema, storableText } from './common.ts';
import { TREND_OFF_REASONS, TREND_SOURCES } from './wire-constants.ts';

export { TREND_OFF_REASONS, TREND_SOURCES, type TrendSource } from './wire-constants.ts';

/** Social trends (spec §2 /trend/*, §3 Telegram post and channel, §7 telegram/*, naver/*, naver-trend/*, google/*). */

/** Whether a source feeds the screens and, when not, why, so the screen can say which source is off. */
export const trendSourceStatusSchema = z.object({
  source: z.enum(TREND_SOURCES),
  state: z.enum(['ok', 'simulated', 'off', 'error', 'pending']),
  reason: z.enum(TREND_OFF_REASONS).nullable(),
  message: z.string().nullable().describe('what the source said, for the operator'),
  updatedAt: z.number().nullable().describe('last successful read, epoch ms'),
});
export type TrendSourceStatus = z.infer<typeof trendSourceStatusSchema>;

const sourcesField = z.array(trendSourceStatusSchema);
const simulatedField = z.boolean().describe('made by the simulator, not read from Telegram or Naver');

const channelName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'a Telegram channel username (letters, digits, _)');
const tokenSymbol = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/, 'letters and digits only')
  .transform((s) => s.toUpperCase());
/** `empty` and `` mean all (the public SDK's default); otherwise korean or english. */
const categoryParam = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '' || v === 'empty' || v === 'all') return undefined;
    if (v === 'korean' || v === 'english') return v;
    ctx.addIssue({ code: 'custom', message: 'category is korean or english' });
    return z.NEVER;
  });
const sortParam = z.enum(['asc', 'desc']).default('desc');
const pageParams = {
  page: z.coerce.number().min(1).max(100_000).int().default(1),
  limit: z.coerce.number().min(1).max(1_000).int().default(50),
};
const searchText = storableText(100)
  .optional()
  .transform((s) => s?.trim() ?? '');

export const telegramChannelSchema = z.object({
  username: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(['korean', 'english']),
  link: z.string(),
  photoUrl: z.string().nullable(),
  members: z.number().nullable().describe('subscribers as the public page prints them'),
  createdAt: z.number().nullable().describe('channel creation, epoch ms, where known'),
  date: z.number().nullable().describe('last read, epoch ms'),
  status: z.string().describe('ok, or why the last read gave nothing'),
  statusMessage: z.string().nullable(),
  messages: z.number().describe('posts in the last 7 days'),
  views: z.number().describe('views of those posts'),
  shares: z.number().describe('forwards of those posts (not printed on public pages: 0 when live)'),
  reactions: z.number(),
  lastPostAt: z.number().nullable(),
  simulated: simulatedField,
});
export type TelegramChannel = z.infer<typeof telegramChannelSchema>;

export const telegramPostSchema = z.object({
  channelUsername: z.string(),
  channelTitle: z.string(),
  channelCategory: z.enum(['korean', 'english']),
  channelPhotoUrl: z.string().nullable(),
  messageId: z.number(),
  link: z.string(),
  postText: z.string(),
  date: z.number().describe('epoch ms'),
  views: z.number().nullable(),
  forwards: z.number().nullable().describe('null: the public page does not print it'),
  reactions: z.number().nullable(),
  tokens: z.array(z.string()).describe('tokens the post mentions'),
  simulated: simulatedField,
});
export type TelegramPost = z.infer<typeof telegramPostSchema>;

export const telegramChannelsQuerySchema = z.object({
  category: categoryParam,
  search: searchText,
  key: z
    .enum([
      'channelName',
      'handle',
      'subscribers',
      'subscriber_count',
      'createdAt',
      'created_at',
      'messages',
      'views',
    ])
    .default('subscribers'),
  sort: sortParam,
  ...pageParams,
});
export type TelegramChannelsQuery = z.infer<typeof telegramChannelsQuerySchema>;

export const telegramChannelsResponseSchema = z.object({
  data: z.array(telegramChannelSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  sources: sourcesField,
  dataSource: dataSourceSchema,
});
export type TelegramChannelsResponse = z.infer<typeof telegramChannelsResponseSchema>;

export const telegramPostsQuerySchema = z.object({
  channel: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(channelName.optional()),
  category: categoryParam,
  token: tokenSymbol.optional(),
  search: searchText,
  key: z
    .enum(['publishedAt', 'date', 'views', 'forwards', 'reactions', 'channelName'])
    .default('publishedAt'),
  sort: sortParam,
  ...pageParams,
});
export type TelegramPostsQuery = z.infer<typeof telegramPostsQuerySchema>;

export const telegramPostsResponseSchema = z.object({
  data: z.array(telegramPostSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  sources: sourcesField,
  dataSource: dataSourceSchema,
});
export type TelegramPostsResponse = z.infer<typeof telegramPostsResponseSchema>;

export const trendSearchQuerySchema = z.object({
  q: storableText(100)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'type something to search')),
  limit: z.coerce.number().min(1).max(50).int().default(10),
});

export const channelParamsSchema = z.object({ channel: channelName });

/** Per-token mentions in Telegram posts, the trend rank being the order by 24 h mentions. */
export const tokenMentionsSchema = z.object({
  base: z.string(),
  rank: z.number().describe('1 = most mentioned over 24 h'),
  h1: z.number(),
  h24: z.number(),
  d7: z.number(),
  /** Mentions over the last 24 h against the daily mean of the 6 days before: 1 = as usual. */
  change: z.number().nullable(),
});
export type TokenMentions = z.infer<typeof tokenMentionsSchema>;

export const telegramOverviewResponseSchema = z.object({
  totals: z.object({
    channels: z.number(),
    subscribers: z.number(),
    messages: z.number().describe('posts in the last 7 days'),
    views: z.number(),
    shares: z.number(),
    reactions: z.number(),
  }),
  channels: z.array(telegramChannelSchema),
  mentions: z.array(tokenMentionsSchema),
  sources: sourcesField,
  dataSource: dataSourceSchema,
});
export type TelegramOverviewResponse = z.infer<typeof telegramOverviewResponseSchema>;

export const messagesOverviewQuerySchema = z.object({
  window: z.enum(['1h', '24h', '7d']).default('24h'),
  limit: z.coerce.number().min(1).max(500).int().default(50),
});
export const messagesOverviewResponseSchema = z.object({
  window: z.enum(['1h', '24h', '7d']),
  data: z.array(tokenMentionsSchema),
  hourly: z.array(z.object({ t: z.number(), posts: z.number() })).describe('posts per hour, last 24 h'),
  sources: sourcesField,
  dataSource: dataSourceSchema,
});
export type MessagesOverviewResponse = z.infer<typeof messagesOverviewResponseSchema>;

export const channelInfoResponseSchema = z.object({ data: telegramChannelSchema, sources: sourcesField });
export type ChannelInfoResponse = z.infer<typeof channelInfoResponseSchema>;

export const channelOverviewResponseSchema = z.object({
  channel: telegramChannelSchema,
  daily: z.array(z.object({ d: z.number(), posts: z.number(), views: z.number() })),
  mentions: z.array(tokenMentionsSchema),
  latest: z.array(telegramPostSchema),
  sources: sourcesField,
});
export type ChannelOverviewResponse = z.infer<typeof channelOverviewResponseSchema>;

export const SEARCH_ENGINES = ['naver', 'google'] as const;
export const trendPointSchema = z.object({
  d: z.number().describe('day, epoch ms (UTC midnight)'),
  v: z.number(),
});

export const searchTrendQuerySchema = z.object({
  symbol: tokenSymbol,
  days: z.coerce.number().min(7).max(365).int().default(90),
});
export const searchTrendResponseSchema = z.object({
  symbol: z.string(),
  engine: z.enum(SEARCH_ENGINES),
  data: z.array(trendPointSchema),
  sources: sourcesField,
  simulated: simulatedField,
});
export type SearchTrendResponse = z.infer<typeof searchTrendResponseSchema>;

export const searchSymbolsResponseSchema = z.object({ data: z.array(z.string()), sources: sourcesField });

/** Rising interest: the last 3 days' mean against the 14 days before. */
export const risingRowSchema = z.object({
  base: z.string(),
  rank: z.number(),
  latest: z.number(),
  recent: z.number().describe('mean of the last 3 days'),
  before: z.number().describe('mean of the 14 days before those'),
  rise: z.number().nullable().describe('recent / before − 1'),
  spark: z.array(z.number()).describe('last 30 days'),
});
export type RisingRow = z.infer<typeof risingRowSchema>;

export const risingQuerySchema = z.object({
  engine: z.enum(SEARCH_ENGINES).default('naver'),
  search: searchText,
  ...pageParams,
});
export const risingResponseSchema = z.object({
  engine: z.enum(SEARCH_ENGINES),
  data: z.array(risingRowSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  sources: sourcesField,
  simulated: simulatedField,
});
export type RisingResponse = z.infer<typeof risingResponseSchema>;

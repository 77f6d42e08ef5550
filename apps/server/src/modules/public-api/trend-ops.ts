import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { TrendsService } from '../trends/trends-service.ts';
import { int, requiredText, sortParam, text } from './public-params.ts';

/** public-api.md §2.16–2.17: /telegram/channels, /telegram/messages, /naver-trend, /naver-trend/symbols. */

const CHANNEL_KEYS = {
  channelName: 'channelName',
  handle: 'handle',
  subscribers: 'subscribers',
  subscriber_count: 'subscribers',
  createdAt: 'createdAt',
  created_at: 'createdAt',
} as const;
const MESSAGE_KEYS = {
  channelName: 'channelName',
  views: 'views',
  reactions: 'reactions',
  forwards: 'forwards',
  publishedAt: 'publishedAt',
  created_at: 'publishedAt',
} as const;

const category = () =>
  text(16).transform((v) => {
    const c = v?.toLowerCase();
    return c === 'korean' || c === 'english' ? c : undefined;
  });

export const telegramChannelsQuery = z.object({
  page: int(1, 1, 100_000),
  limit: int(10, 1, 1_000),
  category: text(16),
  key: text(32),
  sort: sortParam('desc'),
});

export const telegramMessagesQuery = z.object({
  channel: text(64),
  page: int(1, 1, 100_000),
  limit: int(10, 1, 1_000),
  key: text(32),
  sort: sortParam('desc'),
  category: category(),
  search_query: text(100),
});

export const naverTrendQuery = z.object({ symbol: requiredText(20) });

/** Unknown category values mean no filter here: the SDK sends its enum's `empty` and other values arrive. */
function categoryOf(value: string | undefined): 'korean' | 'english' | undefined {
  const c = value?.toLowerCase();
  return c === 'korean' || c === 'english' ? c : undefined;
}

export async function telegramChannelsAnswer(
  trends: TrendsService,
  q: z.infer<typeof telegramChannelsQuery>,
) {
  const key = CHANNEL_KEYS[(q.key ?? 'channelName') as keyof typeof CHANNEL_KEYS] ?? 'channelName';
  const list = await trends.channels({
    category: categoryOf(q.category),
    search: '',
    key,
    sort: q.sort,
    page: q.page,
    limit: q.limit,
  });
  return {
    data: list.data.map((c) => ({
      channelName: c.username,
      channelTitle: c.title,
      category: c.category,
      description: c.description ?? '',
      link: c.link,
      subscribers: c.members ?? 0,
      // The public page does not print a creation date: 0 where it is not known (the SDK's model wants an int).
      createdAt: c.createdAt ?? 0,
    })),
    page: q.page,
    limit: q.limit,
    total: list.total,
    sort: q.sort,
    key: q.key ?? 'channelName',
    category: q.category ?? 'empty',
  };
}

export async function telegramMessagesAnswer(
  trends: TrendsService,
  q: z.infer<typeof telegramMessagesQuery>,
) {
  const wanted = MESSAGE_KEYS[(q.key ?? 'publishedAt') as keyof typeof MESSAGE_KEYS] ?? 'publishedAt';
  const channel = q.channel?.replace(/^@/, '');
  const echo = {
    page: q.page,
    limit: q.limit,
    sort: q.sort,
    key: q.key ?? 'publishedAt',
    category: q.category ?? '',
  };
  // A name Telegram would not accept follows no channel of ours: an empty page, not every channel's posts.
  if (channel !== undefined && !/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(channel))
    return { data: [], total: 0, ...echo };
  const list = await trends.posts({
    ...(channel ? { channel } : {}),
    category: q.category,
    search: q.search_query ?? '',
    key: wanted === 'channelName' ? 'channelName' : wanted,
    sort: q.sort,
    page: q.page,
    limit: q.limit,
  });
  return {
    data: list.data.map((p) => ({
      channelId: p.channelUsername,
      channelName: p.channelUsername,
      channelHandle: `@${p.channelUsername}`,
      messageId: p.messageId,
      messageLink: p.link,
      message: p.postText,
      publishedAt: p.date,
      views: p.views ?? 0,
      reactions: p.reactions ?? 0,
      forwards: p.forwards ?? 0,
    })),
    total: list.total,
    ...echo,
  };
}

/** /naver-trend: bare [{d, v}], v a whole number as the SDK reads it. */
export async function naverTrendAnswer(trends: TrendsService, q: z.infer<typeof naverTrendQuery>) {
  const symbol = q.symbol.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(symbol)) {
    throw new ApiError(400, 'invalid_parameter', 'validation.invalid', {}, 'symbol');
  }
  const series = await trends.searchTrend('naver', symbol, 365);
  return series.data.map((p) => ({ d: p.d, v: Math.round(p.v) }));
}

export async function naverSymbolsAnswer(trends: TrendsService) {
  return (await trends.searchSymbols('naver')).data;
}

import { ANNOUNCEMENT_CATEGORIES, type AnnouncementsQuery } from '@spreadscope/contracts';
import { isVenueId } from '@spreadscope/core';
import { z } from 'zod';
import type { NoticesRoutesDeps } from '../notices/routes.ts';
import { int, multi, oneOf, sortParam, text } from './public-params.ts';

const KEYS = ['timestamp', 'exchange', 'category', 'title'] as const;

export const announcementsQuery = z.object({
  page: int(1, 1, 100_000),
  limit: int(10, 1, 1_000),
  sort: sortParam('desc'),
  // The SDK's suite also sends `created_at`, outside the registry's enum: the time, as `timestamp`.
  key: text(32),
  exchange: multi(),
  category: multi(),
});

/** /cex/announcements: the notices in short keys (e exchange, c category, t title, s summary, u URL, d ms). */
export async function announcementsAnswer(notices: NoticesRoutesDeps, q: z.infer<typeof announcementsQuery>) {
  const categories = (q.category ?? []).filter((c): c is (typeof ANNOUNCEMENT_CATEGORIES)[number] =>
    (ANNOUNCEMENT_CATEGORIES as readonly string[]).includes(c),
  );
  const exchanges = (q.exchange ?? []).map((e) => e.toLowerCase()).filter(isVenueId);
  const key = (KEYS as readonly string[]).includes(q.key ?? '')
    ? (q.key as (typeof KEYS)[number])
    : 'timestamp';
  const echo = {
    page: q.page,
    limit: q.limit,
    sort: q.sort,
    key: q.key ?? 'timestamp',
    exchange: exchanges,
    category: categories,
  };
  // Asked only for exchanges or categories we do not know: nothing matches (an empty page, not everything).
  if ((q.exchange?.length && exchanges.length === 0) || (q.category?.length && categories.length === 0)) {
    return { data: [], total: 0, ...echo };
  }
  const query: AnnouncementsQuery = {
    category: categories,
    exchange: exchanges,
    search: '',
    page: q.page,
    limit: q.limit,
    sort: q.sort,
    key,
  };
  const list = await notices.notices.list(query);
  return {
    data: list.data.map((a) => ({
      e: a.exchange,
      c: a.category,
      t: a.title,
      s: a.summary ?? '',
      u: a.url,
      d: a.date,
    })),
    total: list.total,
    ...echo,
  };
}

export const tokenUpdatesQuery = z.object({
  page: int(1, 1, 100_000),
  limit: int(10, 1, 1_000),
  type: oneOf(['listed', 'delisted'] as const),
});

/** /cex/token/updates: markets listed or delisted (e exchange, m market, b base, q quote, t type, d ms). */
export async function tokenUpdatesAnswer(notices: NoticesRoutesDeps, q: z.infer<typeof tokenUpdatesQuery>) {
  const { rows, total } = await notices.repository.listTokenUpdates({
    ...(q.type ? { update: q.type } : {}),
    sort: 'desc',
    page: q.page,
    limit: q.limit,
  });
  return {
    data: rows.map((r) => ({
      e: r.venue,
      m: r.market === 'perp' ? 'futures' : 'spot',
      b: r.base,
      q: r.quote,
      t: r.update,
      d: r.at,
    })),
    page: q.page,
    limit: q.limit,
    total,
    sort: 'desc',
    key: 'timestamp',
  };
}

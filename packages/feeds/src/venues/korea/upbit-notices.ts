import type { NoticeEvent } from '@spreadscope/core';
import { isRecord, num } from '../http-json.ts';
import { noticeCategory } from './notice-category.ts';
import { kstTime } from './notice-feed.ts';

/** Upbit's notice board (the same list upbit.com/service_center/notice shows), newest first. */
export const UPBIT_NOTICES_URL =
  'https://api-manager.upbit.com/api/v1/announcements?os=web&page=1&per_page=20&category=all';

type Candidate = Omit<NoticeEvent, 't' | 'type' | 'venue'>;

/**
 * `{ success, data: { notices: [{ id, title, category, listed_at, first_listed_at, … }] } }` → notices.
 * Throws when the shape is not Upbit's (a proxy's error page, a changed API): that is a failed poll.
 */
export function parseUpbitNotices(body: unknown): Candidate[] {
  const data = isRecord(body) ? body.data : undefined;
  const notices = isRecord(data) ? data.notices : undefined;
  if (!Array.isArray(notices)) throw new Error('unexpected response: no data.notices list');
  const out: Candidate[] = [];
  for (const item of notices) {
    if (!isRecord(item)) continue;
    const id = num(item.id);
    const title = typeof item.title === 'string' ? item.title.trim() : '';
    if (id === undefined || title === '') continue;
    const label = typeof item.category === 'string' ? item.category : '';
    const published = kstTime(item.first_listed_at) ?? kstTime(item.listed_at);
    out.push({
      category: noticeCategory(title, [label]),
      title,
      url: `https://upbit.com/service_center/notice?id=${id}`,
      ...(published === undefined ? {} : { publishedAt: published }),
    });
  }
  return out;
}

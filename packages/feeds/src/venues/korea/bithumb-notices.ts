import type { NoticeEvent } from '@spreadscope/core';
import { isRecord } from '../http-json.ts';
import { noticeCategory } from './notice-category.ts';
import { kstTime } from './notice-feed.ts';

/** Bithumb's public notice API (Open API 2.1.5: newest first, at most 20, one request per second per IP). */
export const BITHUMB_NOTICES_URL = 'https://api.bithumb.com/v1/notices?count=20';

type Candidate = Omit<NoticeEvent, 't' | 'type' | 'venue'>;

/** `[{ categories: [...], title, pc_url, published_at: "YYYY-MM-DD HH:MM:SS" (KST) }]` → notices. */
export function parseBithumbNotices(body: unknown): Candidate[] {
  if (!Array.isArray(body)) throw new Error('unexpected response: not a list of notices');
  const out: Candidate[] = [];
  for (const item of body) {
    if (!isRecord(item)) continue;
    const title = typeof item.title === 'string' ? item.title.trim() : '';
    const url = typeof item.pc_url === 'string' ? item.pc_url : '';
    if (title === '' || !/^https?:\/\//.test(url)) continue;
    const labels = Array.isArray(item.categories) ? item.categories.filter((c) => typeof c === 'string') : [];
    const published = kstTime(item.published_at);
    out.push({
      category: noticeCategory(title, labels),
      title,
      url,
      ...(published === undefined ? {} : { publishedAt: published }),
    });
  }
  return out;
}

import { isRecord, num } from '../../venues/http-json.ts';
import { kstTime, type NoticeCandidate, text } from '../notice-candidate.ts';

/** Upbit's notice board (the same list upbit.com/service_center/notice shows), newest first. */
export const UPBIT_NOTICES_URL =
  'https://api-manager.upbit.com/api/v1/announcements?os=web&page=1&per_page=20&category=all';

/**
 * `{ success, data: { notices: [{ id, title, category, listed_at, first_listed_at, … }] } }` → notices.
 * Throws when the shape is not Upbit's (a proxy's error page, a changed API): that is a failed poll.
 */
export function parseUpbitNotices(body: unknown): NoticeCandidate[] {
  const data = isRecord(body) ? body.data : undefined;
  const notices = isRecord(data) ? data.notices : undefined;
  if (!Array.isArray(notices)) throw new Error('unexpected response: no data.notices list');
  const out: NoticeCandidate[] = [];
  for (const item of notices) {
    if (!isRecord(item)) continue;
    const id = num(item.id);
    const title = text(item.title);
    if (id === undefined || title === '') continue;
    out.push({
      title,
      url: `https://upbit.com/service_center/notice?id=${id}`,
      labels: [text(item.category)],
      // First publication, not the last edit: an edited notice keeps its place in time.
      publishedAt: kstTime(item.first_listed_at) ?? kstTime(item.listed_at),
    });
  }
  return out;
}

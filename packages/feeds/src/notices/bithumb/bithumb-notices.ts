import { isRecord } from '../../venues/http-json.ts';
import { kstTime, type NoticeCandidate, text } from '../notice-candidate.ts';

/** Bithumb's public notice API (Open API 2.1.5: newest first, at most 20, one request per second per IP). */
export const BITHUMB_NOTICES_URL = 'https://api.bithumb.com/v1/notices?count=20';

/** `[{ categories: [...], title, pc_url, published_at: "YYYY-MM-DD HH:MM:SS" (KST) }]` → notices. */
export function parseBithumbNotices(body: unknown): NoticeCandidate[] {
  if (!Array.isArray(body)) throw new Error('unexpected response: not a list of notices');
  const out: NoticeCandidate[] = [];
  for (const item of body) {
    if (!isRecord(item)) continue;
    const title = text(item.title);
    const url = typeof item.pc_url === 'string' ? item.pc_url : '';
    if (title === '' || !/^https?:\/\//.test(url)) continue;
    const labels = Array.isArray(item.categories) ? item.categories.filter((c) => typeof c === 'string') : [];
    out.push({ title, url, labels, publishedAt: kstTime(item.published_at) });
  }
  return out;
}

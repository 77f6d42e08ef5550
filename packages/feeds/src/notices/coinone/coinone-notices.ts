import { isRecord } from '../../venues/http-json.ts';
import { newestFirst } from '../binance/binance-notices.ts';
import { kstTime, type NoticeCandidate, text } from '../notice-candidate.ts';

/** Coinone's notice board (coinone.co.kr/talk/notice), newest first. */
export const COINONE_NOTICES_URL =
  'https://coinone.co.kr/api/talk/notice/?page=1&searchWord=&searchType=&ordering=-created_at';

/**
 * `{ count, next, previous, results: [{ id, card_category, title, summary, created_at }] }` → notices. The
 * board's newer answer names the list `result` and the label `notice_type`; both forms are read.
 */
export function parseCoinoneNotices(body: unknown): NoticeCandidate[] {
  const list = isRecord(body) ? (body.results ?? body.result) : undefined;
  if (!Array.isArray(list)) throw new Error('unexpected response: no results list');
  const out: NoticeCandidate[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const title = text(item.title);
    const id = typeof item.id === 'number' ? item.id : Number(item.id);
    if (title === '' || !Number.isInteger(id) || id <= 0) continue;
    const label = text(item.card_category) || text(item.notice_type);
    out.push({
      title,
      url: `https://coinone.co.kr/talk/notice/detail/${id}`,
      labels: label ? [label] : [],
      summary: text(item.summary).slice(0, 500) || undefined,
      publishedAt: kstTime(item.created_at),
    });
  }
  return newestFirst(out);
}

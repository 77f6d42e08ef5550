import { isRecord } from '../../venues/http-json.ts';
import { newestFirst } from '../binance/binance-notices.ts';
import { epochMs, type NoticeCandidate, text } from '../notice-candidate.ts';

/**
 * HTX's support-centre list (what htx.com/support shows): important announcements (oneLevelId 360000031902),
 * latest news (twoLevelId 360000039481), English, newest first.
 */
export const HUOBI_NOTICES_URL =
  'https://www.htx.com/-/x/support/public/getList/v2?language=en-us&page=1&limit=20&oneLevelId=360000031902&twoLevelId=360000039481';

/** `{ code: 200, success: true, data: { total, list: [{ id, title, showTime, topFlag }] } }` → notices. */
export function parseHuobiNotices(body: unknown): NoticeCandidate[] {
  if (!isRecord(body) || (body.success !== true && body.code !== 200)) {
    const message = isRecord(body) ? text(body.message) : '';
    throw new Error(`unexpected response: ${message || 'not a success'}`);
  }
  const data = body.data;
  const list = isRecord(data) ? data.list : undefined;
  if (!Array.isArray(list)) throw new Error('unexpected response: no data.list');
  const out: NoticeCandidate[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const title = text(item.title);
    const id = text(typeof item.id === 'number' ? String(item.id) : item.id);
    if (title === '' || !/^\d{6,20}$/.test(id)) continue;
    out.push({ title, url: `https://www.htx.com/support/${id}`, publishedAt: epochMs(item.showTime) });
  }
  // Pinned items (topFlag) come first whatever their age.
  return newestFirst(out);
}

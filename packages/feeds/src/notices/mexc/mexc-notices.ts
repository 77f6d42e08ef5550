import { isRecord } from '../../venues/http-json.ts';
import { newestFirst } from '../binance/binance-notices.ts';
import { type NoticeCandidate, text } from '../notice-candidate.ts';

/** MEXC's announcement centre, all announcements (section 360000254192), English, 20 a page. */
export const MEXC_NOTICES_URL =
  'https://www.mexc.com/help/announce/api/en-US/section/360000254192/articles?page=1&perPage=20';

/** `{ code: 0, msg: "success", data: { total, results: [{ id, title, createdAt (ISO UTC) }] } }` → notices. */
export function parseMexcNotices(body: unknown): NoticeCandidate[] {
  if (!isRecord(body) || body.code !== 0) {
    const message = isRecord(body) ? text(body.msg) : '';
    throw new Error(`unexpected response: ${message || 'no code 0'}`);
  }
  const data = body.data;
  const results = isRecord(data) ? data.results : undefined;
  if (!Array.isArray(results)) throw new Error('unexpected response: no data.results');
  const out: NoticeCandidate[] = [];
  for (const item of results) {
    if (!isRecord(item)) continue;
    const title = text(item.title);
    const id = text(typeof item.id === 'number' ? String(item.id) : item.id);
    if (title === '' || !/^\d{1,20}$/.test(id)) continue;
    const created = typeof item.createdAt === 'string' ? Date.parse(item.createdAt) : Number.NaN;
    out.push({
      title,
      url: `https://www.mexc.com/support/articles/${id}`,
      publishedAt: Number.isFinite(created) && created > 0 ? created : undefined,
    });
  }
  // Pinned articles come first on MEXC's list: order by time like every other venue.
  return newestFirst(out);
}

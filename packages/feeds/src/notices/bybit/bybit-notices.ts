import { isRecord } from '../../venues/http-json.ts';
import { newestFirst } from '../binance/binance-notices.ts';
import { epochMs, type NoticeCandidate, text } from '../notice-candidate.ts';

/** Bybit's public announcements (V5 `GET /v5/announcements/index`, no key), English, newest first. */
export const BYBIT_NOTICES_URL = 'https://api.bybit.com/v5/announcements/index?locale=en-US&limit=20';

/**
 * `{ retCode: 0, result: { list: [{ title, description, type: { title, key }, tags, url, dateTimestamp,
 * publishTime }] } }` → notices. The type (`delistings`, `new_crypto`, `latest_activities` …) is a label.
 */
export function parseBybitNotices(body: unknown): NoticeCandidate[] {
  if (!isRecord(body) || body.retCode !== 0) {
    const message = isRecord(body) ? text(body.retMsg) : '';
    throw new Error(`unexpected response: ${message || 'no retCode 0'}`);
  }
  const result = body.result;
  const list = isRecord(result) ? result.list : undefined;
  if (!Array.isArray(list)) throw new Error('unexpected response: no result.list');
  const out: NoticeCandidate[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const title = text(item.title);
    const url = text(item.url);
    if (title === '' || !/^https:\/\/[^/]*bybit\.com\//.test(url)) continue;
    const type = isRecord(item.type) ? item.type : {};
    const labels = [text(type.key), text(type.title)].filter((l) => l !== '');
    out.push({
      title,
      url,
      labels: labels.map((l) => (l === 'delistings' ? 'delisting' : l)),
      summary: text(item.description).slice(0, 500) || undefined,
      // dateTimestamp is the announcement's date; publishTime arrived later and is what older lists lack.
      publishedAt: epochMs(item.dateTimestamp) ?? epochMs(item.publishTime),
    });
  }
  return newestFirst(out);
}

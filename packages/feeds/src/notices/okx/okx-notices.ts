import { isRecord } from '../../venues/http-json.ts';
import { newestFirst } from '../binance/binance-notices.ts';
import { epochMs, type NoticeCandidate, text } from '../notice-candidate.ts';

/** OKX's public announcements (`GET /api/v5/support/announcements`, no key), newest first, 20 a page. */
export const OKX_NOTICES_URL = 'https://www.okx.com/api/v5/support/announcements?page=1';

/** OKX's announcement types that say the category outright. */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  'announcements-delistings': 'delisting',
  'announcements-new-listings': 'new listing',
  'announcements-latest-events': 'event',
  'announcements-jumpstart': 'jumpstart',
};

/**
 * `{ code: "0", data: [{ details: [{ annType, pTime, businessPTime, title, url }], totalPage }] }` → notices.
 */
export function parseOkxNotices(body: unknown): NoticeCandidate[] {
  if (!isRecord(body) || body.code !== '0') {
    const message = isRecord(body) ? text(body.msg) : '';
    throw new Error(`unexpected response: ${message || 'no code 0'}`);
  }
  if (!Array.isArray(body.data)) throw new Error('unexpected response: no data list');
  const out: NoticeCandidate[] = [];
  for (const page of body.data) {
    if (!isRecord(page) || !Array.isArray(page.details)) continue;
    for (const item of page.details) {
      if (!isRecord(item)) continue;
      const title = text(item.title);
      const url = text(item.url);
      if (title === '' || !/^https:\/\/[^/]*okx\.com\//.test(url)) continue;
      const type = text(item.annType);
      out.push({
        title,
        url,
        labels: TYPE_LABELS[type] ? [TYPE_LABELS[type]] : [],
        // businessPTime is when the announcement takes effect for users; pTime when it was published.
        publishedAt: epochMs(item.pTime) ?? epochMs(item.businessPTime),
      });
    }
  }
  return newestFirst(out);
}

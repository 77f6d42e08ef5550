import { isRecord } from '../../venues/http-json.ts';
import { newestFirst } from '../binance/binance-notices.ts';
import { epochMs, type NoticeCandidate, text } from '../notice-candidate.ts';

/** Bitget's public announcements (V2 `GET /api/v2/public/annoucements` — the path is spelled so). */
export const BITGET_NOTICES_URL = 'https://api.bitget.com/api/v2/public/annoucements?language=en_US';

const TYPE_LABELS: Readonly<Record<string, string>> = {
  symbol_delisting: 'delisting',
  coin_listings: 'new listing',
  trading_competitions_promotions: 'promotion',
};

/** `{ code: "00000", data: [{ annId, annTitle, annDesc, cTime, annUrl, annType, annSubType }] }` → notices. */
export function parseBitgetNotices(body: unknown): NoticeCandidate[] {
  if (!isRecord(body) || body.code !== '00000') {
    const message = isRecord(body) ? text(body.msg) : '';
    throw new Error(`unexpected response: ${message || 'no code 00000'}`);
  }
  if (!Array.isArray(body.data)) throw new Error('unexpected response: no data list');
  const out: NoticeCandidate[] = [];
  for (const item of body.data) {
    if (!isRecord(item)) continue;
    const title = text(item.annTitle);
    const url = text(item.annUrl);
    if (title === '' || !/^https:\/\/[^/]*bitget\.com\//.test(url)) continue;
    const type = text(item.annType);
    out.push({
      title,
      url,
      labels: TYPE_LABELS[type] ? [TYPE_LABELS[type]] : [],
      summary: text(item.annDesc).slice(0, 500) || undefined,
      publishedAt: epochMs(item.cTime),
    });
  }
  return newestFirst(out);
}

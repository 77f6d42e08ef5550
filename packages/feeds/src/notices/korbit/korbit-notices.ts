import { isRecord } from '../../venues/http-json.ts';
import { newestFirst } from '../binance/binance-notices.ts';
import { type NoticeCandidate, text } from '../notice-candidate.ts';

/**
 * Korbit's notice board is a client-rendered page fed by its portal's proxy of a Contentful space: the same
 * public endpoint its web and mobile apps read (newest first). The proxy answers only requests that name a
 * Korbit client platform, so the two headers its apps send go with ours.
 */
export const KORBIT_NOTICES_URL =
  'https://portal-prod.korbit.co.kr/api/korbit/v2/contentful?content_type=notice&order=-fields.createdAt&limit=30';
export const KORBIT_NOTICE_HEADERS: Readonly<Record<string, string>> = {
  korbit_platform_id: '21',
  'platform-identifier': 'witcher_ios',
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An ISO time (Contentful's, with Z or an offset) → epoch ms. */
function isoTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/**
 * Contentful's collection `{ sys: { type: 'Array' }, total, skip, limit, items: [{ sys: { id, createdAt },
 * fields: { title, category, createdAt, isPinned } }] }` → notices. `fields.category` is Korbit's board label
 * (신규, 종료, 유의, 입출금, 이벤트, 점검 …); `fields.createdAt` is the time the board shows, `sys.createdAt` the
 * entry's creation, used when the field is absent. A Contentful error (`sys.type: 'Error'`) is refused.
 */
export function parseKorbitNotices(body: unknown): NoticeCandidate[] {
  if (isRecord(body) && isRecord(body.sys) && body.sys.type === 'Error') {
    throw new Error(`Korbit notices refused: ${text(body.message) || text(body.sys.id) || 'error'}`);
  }
  const items = isRecord(body) ? body.items : undefined;
  if (!Array.isArray(items)) throw new Error('unexpected response: no items list');
  const out: NoticeCandidate[] = [];
  for (const item of items) {
    if (!isRecord(item) || !isRecord(item.sys) || !isRecord(item.fields)) continue;
    const id = text(item.sys.id);
    const title = text(item.fields.title);
    if (title === '' || !ID.test(id)) continue;
    const label = text(item.fields.category);
    out.push({
      title,
      url: `https://www.korbit.co.kr/notice/detail/?noticeId=${id}`,
      labels: label ? [label] : [],
      publishedAt: isoTime(item.fields.createdAt) ?? isoTime(item.sys.createdAt),
    });
  }
  return newestFirst(out);
}

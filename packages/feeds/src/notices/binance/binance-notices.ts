import { isRecord } from '../../venues/http-json.ts';
import { epochMs, type NoticeCandidate, text } from '../notice-candidate.ts';

/**
 * Binance's announcement centre (the CMS list binance.com/en/support/announcement reads): type 1 is
 * announcements, answered as catalogs (New Cryptocurrency Listing 48, Latest Binance News 49, Latest
 * Activities 93, Delisting 161, Crypto Airdrop 128, Wallet Maintenance 157 …), each with its newest articles.
 */
export const BINANCE_NOTICES_URL =
  'https://www.binance.com/bapi/composite/v1/public/cms/article/list/query?type=1&pageNo=1&pageSize=20';

/**
 * `{ code: "000000", data: { catalogs: [{ catalogId, catalogName, articles: [{ id, code, title, releaseDate }] }] },
 * success }` → notices, newest first across catalogs. The catalog name is a label ("Delisting" classifies).
 */
export function parseBinanceNotices(body: unknown): NoticeCandidate[] {
  if (!isRecord(body) || body.code !== '000000') {
    const message = isRecord(body) ? text(body.message) : '';
    throw new Error(`unexpected response: ${message || 'no success code'}`);
  }
  const data = body.data;
  const catalogs = isRecord(data) ? data.catalogs : undefined;
  if (!Array.isArray(catalogs)) throw new Error('unexpected response: no data.catalogs list');
  const out: NoticeCandidate[] = [];
  for (const catalog of catalogs) {
    if (!isRecord(catalog) || !Array.isArray(catalog.articles)) continue;
    const label = text(catalog.catalogName);
    for (const article of catalog.articles) {
      if (!isRecord(article)) continue;
      const title = text(article.title);
      const code = text(article.code);
      if (title === '' || !/^[0-9a-f]{16,64}$/i.test(code)) continue;
      out.push({
        title,
        url: `https://www.binance.com/en/support/announcement/detail/${code}`,
        labels: [label],
        publishedAt: epochMs(article.releaseDate),
      });
    }
  }
  return newestFirst(out);
}

/** Lists merged from several catalogs or with pinned items, newest first; undated ones last. */
export function newestFirst(list: NoticeCandidate[]): NoticeCandidate[] {
  return list.sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0));
}

import { load } from 'cheerio';
import { type NoticeCandidate, text } from '../notice-candidate.ts';

/**
 * Gate publishes no announcement API: its announcement pages are server-rendered, each article a link to
 * `/announcements/article/{id}`. The newly-listed page carries listings; the latest page everything else.
 */
export const GATEIO_NOTICES_URL = 'https://www.gate.com/announcements/lastest';

const ARTICLE = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?announcements\/article\/(\d{3,12})\/?$/;
const UTC_TIME = /(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)\s*(?:\(?UTC\)?)/;

/** The list page's HTML → notices: each article link once, its title, and the UTC time printed beside it. */
export function parseGateioNotices(html: unknown): NoticeCandidate[] {
  if (typeof html !== 'string' || !/<html[\s>]/i.test(html))
    throw new Error('unexpected response: not an HTML page');
  const $ = load(html);
  const out: NoticeCandidate[] = [];
  const seen = new Set<string>();
  $('a[href*="/announcements/article/"]').each((_, element) => {
    const href = $(element).attr('href') ?? '';
    const path = href.replace(/^https:\/\/www\.gate\.(com|io)/, '');
    const id = ARTICLE.exec(path)?.[1];
    if (!id || seen.has(id)) return;
    const title =
      text($(element).find('h3, .title, [class*="title"]').first().text()) || text($(element).text());
    if (title === '') return;
    seen.add(id);
    // The time sits in the article's card, next to the link.
    const card = $(element).closest('li, article, div');
    const time = UTC_TIME.exec(card.text());
    const publishedAt = time
      ? Date.parse(`${time[1]}T${time[2]?.length === 5 ? `${time[2]}:00` : time[2]}Z`)
      : undefined;
    out.push({
      title,
      url: `https://www.gate.com/announcements/article/${id}`,
      publishedAt: publishedAt !== undefined && Number.isFinite(publishedAt) ? publishedAt : undefined,
    });
  });
  if (out.length === 0 && !/announcement/i.test(html))
    throw new Error('unexpected response: no announcement list');
  return out;
}

import { type CheerioAPI, load } from 'cheerio';

/** A channel as its public page `t.me/s/<channel>` shows it. */
export interface TelegramChannelInfo {
  readonly username: string;
  readonly title: string;
  readonly description: string | null;
  readonly photoUrl: string | null;
  /** The "subscribers" (channels) or "members" (groups) counter; null when the page prints none. */
  readonly members: number | null;
}

/** One post of the page. Telegram's public page prints no forward count, so a live post's is null. */
export interface TelegramPagePost {
  readonly messageId: number;
  readonly text: string;
  /** Epoch ms of the post's `<time datetime>`. */
  readonly date: number;
  readonly views: number | null;
  readonly forwards: number | null;
  /** The sum of the page's reaction counts; null when the post shows no reactions. */
  readonly reactions: number | null;
  readonly link: string;
}

export interface TelegramChannelPage {
  readonly channel: TelegramChannelInfo;
  readonly posts: TelegramPagePost[];
}

/** Why a page gave no posts: the channel is private or gone, or the page is not the one we know. */
export class ChannelPageError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'ChannelPageError';
  }
}

/** "15.3K" → 15300, "2.05M" → 2050000, "982" → 982; null for anything else. */
export function parseCount(raw: string | undefined): number | null {
  const m = /^([\d.,\s]+)\s*([KMB])?$/i.exec((raw ?? '').trim());
  if (!m) return null;
  const value = Number((m[1] ?? '').replace(/[,\s]/g, ''));
  if (!Number.isFinite(value)) return null;
  const scale = { K: 1e3, M: 1e6, B: 1e9 }[(m[2] ?? '').toUpperCase() as 'K' | 'M' | 'B'] ?? 1;
  return Math.round(value * scale);
}

/** Text with line breaks kept: `<br>` becomes a newline, runs of spaces fold. */
function textOf($: CheerioAPI, selector: ReturnType<CheerioAPI>): string {
  const clone = selector.clone();
  clone.find('br').replaceWith('\n');
  return $(clone)
    .text()
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/**
 * The HTML of `https://t.me/s/<channel>` → the channel's header and its latest posts (oldest first, as the
 * page lists them). A private or deleted channel has no preview: Telegram answers its "contact @name" page
 * instead, which is `unavailable`; a page without the channel header at all is `malformed`.
 */
export function parseChannelPage(html: string, username: string): TelegramChannelPage {
  const $ = load(html);
  const info = $('.tgme_channel_info').first();
  if (info.length === 0) {
    if ($('.tgme_page').length > 0 || /tg:\/\/resolve\?domain=/i.test(html)) {
      throw new ChannelPageError('unavailable', `t.me/s/${username} has no public preview (private or gone)`);
    }
    throw new ChannelPageError('malformed', `t.me/s/${username}: no channel header on the page`);
  }
  let members: number | null = null;
  info.find('.tgme_channel_info_counter').each((_, el) => {
    const type = $(el).find('.counter_type').text().trim().toLowerCase();
    if (type === 'subscribers' || type === 'subscriber' || type === 'members' || type === 'member') {
      members = parseCount($(el).find('.counter_value').text());
    }
  });
  const title =
    info.find('.tgme_channel_info_header_title').text().trim() ||
    ($('meta[property="og:title"]').attr('content') ?? '').trim() ||
    username;
  const description = textOf($, info.find('.tgme_channel_info_description'));
  const channel: TelegramChannelInfo = {
    username,
    title,
    description: description === '' ? null : description,
    photoUrl:
      info.find('.tgme_page_photo_image img').attr('src') ??
      $('meta[property="og:image"]').attr('content') ??
      null,
    members,
  };
  const posts: TelegramPagePost[] = [];
  $('.tgme_widget_message[data-post]').each((_, el) => {
    const post = $(el);
    const [, idText = ''] = (post.attr('data-post') ?? '').split('/');
    const messageId = Number(idText);
    const datetime = post.find('.tgme_widget_message_date time').attr('datetime');
    const date = datetime ? Date.parse(datetime) : Number.NaN;
    // A post without an id or a time is half a post (a truncated page); the rest still count.
    if (!Number.isInteger(messageId) || messageId <= 0 || !Number.isFinite(date)) return;
    let reactions: number | null = null;
    post.find('.tgme_reaction').each((__, r) => {
      const reaction = $(r).clone();
      reaction.find('i, b').remove();
      const n = parseCount(reaction.text());
      if (n !== null) reactions = (reactions ?? 0) + n;
    });
    posts.push({
      messageId,
      text: textOf($, post.find('.tgme_widget_message_text').first()),
      date,
      views: parseCount(post.find('.tgme_widget_message_views').first().text()),
      forwards: null,
      reactions,
      link: `https://t.me/${username}/${messageId}`,
    });
  });
  return { channel, posts };
}

import type { ChannelCategory, ChannelEdit } from '@spreadscope/db';
import { DEFAULT_TELEGRAM_CHANNELS, isChannelName } from '@spreadscope/feeds';

export interface ListedChannel {
  readonly username: string;
  readonly category: ChannelCategory;
}

/** TELEGRAM_CHANNELS (`a,b:english`) → channels; unset or empty → the curated default list. */
export function configuredChannels(text: string | undefined): ListedChannel[] {
  if (text === undefined || text.trim() === '') return DEFAULT_TELEGRAM_CHANNELS.map((c) => ({ ...c }));
  const out: ListedChannel[] = [];
  for (const part of text.split(',')) {
    const [name = '', category = 'korean'] = part.trim().split(':');
    const username = name.replace(/^@/, '').replace(/^https:\/\/t\.me\/(s\/)?/, '');
    if (!isChannelName(username))
      throw new Error(`TELEGRAM_CHANNELS: "${part.trim()}" is not a channel name`);
    if (category !== 'korean' && category !== 'english') {
      throw new Error(`TELEGRAM_CHANNELS: category of ${username} is korean or english, not "${category}"`);
    }
    out.push({ username, category });
  }
  return out;
}

/** The configured list with the operator's edits laid over it, in list order then added order. */
export function effectiveChannels(
  base: readonly ListedChannel[],
  edits: readonly ChannelEdit[],
): ListedChannel[] {
  const byName = new Map(base.map((c) => [c.username.toLowerCase(), c]));
  for (const edit of edits) {
    const key = edit.username.toLowerCase();
    if (edit.action === 'remove') byName.delete(key);
    else byName.set(key, { username: edit.username, category: edit.category });
  }
  return [...byName.values()];
}

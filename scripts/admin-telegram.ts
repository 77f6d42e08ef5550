/**
 * `npm run admin -- telegram-channels list | add NAME [--category korean|english] | remove NAME`: the Telegram
 * channels the trend screens read, as edits laid over TELEGRAM_CHANNELS (or the curated default list). The
 * next scheduled read (TELEGRAM_READ_MINUTES) picks the change up.
 */
import { parseArgs } from 'node:util';
import { createTrendsRepository, type Database } from '@spreadscope/db';
import { isChannelName } from '@spreadscope/feeds';
import { configuredChannels, effectiveChannels } from '../apps/server/src/modules/trends/channel-list.ts';

export const TELEGRAM_USAGE =
  '  npm run admin -- telegram-channels list | add NAME [--category korean|english] | remove NAME';

export class TelegramUsageError extends Error {
  override readonly name = 'TelegramUsageError';
}

export async function runTelegramChannels(
  args: readonly string[],
  channelsText: string | undefined,
  open: () => Promise<{ database: Database; owned: boolean } | number>,
  out: { log(line: string): void },
  now: () => number = Date.now,
): Promise<number> {
  const [action, ...rest] = args;
  let parsed: { values: { category?: string }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { category: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new TelegramUsageError((error as Error).message);
  }
  if (action !== 'list' && action !== 'add' && action !== 'remove') {
    throw new TelegramUsageError(`telegram-channels needs list, add or remove\n${TELEGRAM_USAGE}`);
  }
  const category = parsed.values.category ?? 'korean';
  if (category !== 'korean' && category !== 'english') {
    throw new TelegramUsageError('--category is korean or english');
  }
  const name = (parsed.positionals[0] ?? '').replace(/^@/, '').replace(/^https:\/\/t\.me\/(s\/)?/, '');
  if (action !== 'list' && !isChannelName(name)) {
    throw new TelegramUsageError(`"${name}" is not a Telegram channel username (5–32 letters, digits or _)`);
  }
  const opened = await open();
  if (typeof opened === 'number') return opened;
  const repository = createTrendsRepository(opened.database);
  try {
    if (action !== 'list') {
      await repository.editChannel({ username: name, action, category, at: now() });
      out.log(`${action === 'add' ? 'added' : 'removed'} ${name}`);
    }
    const listed = effectiveChannels(configuredChannels(channelsText), await repository.channelEdits());
    if (action === 'list') for (const c of listed) out.log(`${c.username}\t${c.category}`);
    return 0;
  } finally {
    if (opened.owned) await opened.database.close();
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from './admin.ts';

// Every call opens PGlite (seconds each on a loaded machine).
describe('npm run admin -- telegram-channels', { timeout: 120_000 }, () => {
  let env: Record<string, string> = {};
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spreadscope-admin-telegram-'));
    env = {
      DATA_DIR: dataDir,
      MARKET_SOURCE: 'sim',
      PORT: '0',
      TELEGRAM_CHANNELS: 'coinnesskr,binanceexchange:english',
    };
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function admin(...argv: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await runAdmin(argv, env, { log: (l) => lines.push(l) });
    return { code, lines };
  }

  it('adds a channel to the configured list, removes one of it, and lists what is read', async () => {
    expect((await admin('telegram-channels', 'add', '@whale_alert_kr')).lines).toEqual([
      'added whale_alert_kr',
    ]);
    expect((await admin('telegram-channels', 'remove', 'binanceexchange')).code).toBe(0);
    const listed = await admin('telegram-channels', 'list');
    expect(listed.lines).toEqual(['coinnesskr\tkorean', 'whale_alert_kr\tkorean']);
  });

  it('refuses a name Telegram would not take and an unknown category', async () => {
    await expect(admin('telegram-channels', 'add', 'a b')).rejects.toBeInstanceOf(UsageError);
    await expect(
      admin('telegram-channels', 'add', 'good_name', '--category', 'german'),
    ).rejects.toBeInstanceOf(UsageError);
  });
});

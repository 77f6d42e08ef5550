import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContactRepository, openDatabase } from '@spreadscope/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from './admin.ts';

// Every call opens PGlite (seconds each on a loaded machine).
describe('npm run admin -- inquiries', { timeout: 120_000 }, () => {
  let env: Record<string, string> = {};
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spreadscope-admin-contact-'));
    env = { DATA_DIR: dataDir, MARKET_SOURCE: 'sim', PORT: '0' };
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function admin(...argv: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await runAdmin(argv, env, { log: (l) => lines.push(l) });
    return { code, lines };
  }

  it('lists the inquiries the latest first, with whether each was mailed', async () => {
    expect(await admin('inquiries')).toEqual({ code: 0, lines: ['no inquiries yet'] });
    const database = await openDatabase({ dataDir: `${dataDir}/pglite` });
    try {
      const repository = createContactRepository(database);
      const base = Date.UTC(2026, 10, 25, 3, 0, 0);
      await repository.save({
        id: 'a1',
        email: 'kim@example.com',
        telegram: 'kim_trader',
        inquiry: 'API 요금이 궁금합니다.\n연간 결제도 되나요?',
        language: 'ko',
        receivedAt: base,
      });
      await repository.markMailed('a1', base + 1_000);
      await repository.save({
        id: 'b2',
        email: 'lee@example.com',
        telegram: null,
        inquiry: 'Partnership?',
        language: 'en',
        receivedAt: base + 60_000,
      });
    } finally {
      await database.close();
    }
    const listed = await admin('inquiries');
    expect(listed).toEqual({
      code: 0,
      lines: [
        '2026-11-25T03:01:00.000Z  lee@example.com  [en, NOT MAILED]  b2',
        '    Partnership?',
        '2026-11-25T03:00:00.000Z  kim@example.com @kim_trader  [ko, mailed]  a1',
        '    API 요금이 궁금합니다.',
        '    연간 결제도 되나요?',
      ],
    });
    const json = await admin('inquiries', '--limit', '1', '--json');
    expect(json.lines.map((l) => JSON.parse(l).id)).toEqual(['b2']);
    await expect(admin('inquiries', '--limit', '0')).rejects.toBeInstanceOf(UsageError);
  });
});

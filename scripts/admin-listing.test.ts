import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createListingRepository, createUsersRepository, openDatabase } from '@spreadscope/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from './admin.ts';

// Every call opens PGlite (seconds each on a loaded machine).
describe('npm run admin -- listing-invite', { timeout: 120_000 }, () => {
  let env: Record<string, string> = {};
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spreadscope-admin-listing-'));
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

  it('issues codes, revokes an unused one and refuses to revoke a used one', async () => {
    const issued = await admin('listing-invite', 'issue', '--count', '2');
    expect(issued.code).toBe(0);
    expect(issued.lines).toHaveLength(2);
    for (const code of issued.lines) expect(code).toMatch(/^LIST-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const [used, unused] = issued.lines as [string, string];

    const created = await admin(
      'create-user',
      '--email',
      'lister@example.com',
      '--password',
      'correct-Horse7!',
      '--plan',
      'starter',
      '--verified',
    );
    expect(created.code).toBe(0);
    const database = await openDatabase({ dataDir: `${dataDir}/pglite` });
    try {
      const user = await createUsersRepository(database).findByEmail('lister@example.com');
      expect(await createListingRepository(database).redeemInvite(used, user?.id ?? '', Date.now())).toBe(
        'redeemed',
      );
    } finally {
      await database.close();
    }

    const refused = await admin('listing-invite', 'revoke', '--code', used);
    expect(refused).toEqual({ code: 1, lines: [`${used} has been used and cannot be revoked`] });
    expect(await admin('listing-invite', 'revoke', '--code', unused)).toEqual({
      code: 0,
      lines: [`revoked ${unused}`],
    });
    const listed = await admin('listing-invite', 'list');
    expect(listed.lines).toHaveLength(1);
    expect(listed.lines[0]).toContain(`${used}`);
    expect(listed.lines[0]).toContain('used');
  });

  it('explains a wrong call', async () => {
    await expect(admin('listing-invite', 'burn')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('listing-invite', 'issue', '--count', '0')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('listing-invite', 'revoke')).rejects.toBeInstanceOf(UsageError);
  });
});

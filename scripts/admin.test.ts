import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKeysRepository, createUsersRepository, openDatabase } from '@spreadscope/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecretToken } from '../apps/server/src/modules/auth/secret-tokens.ts';
import { runAdmin, UsageError } from './admin.ts';

let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spreadscope-admin-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function admin(...argv: string[]): Promise<{ code: number; lines: string[]; logged: string[] }> {
  const lines: string[] = [];
  const logged: string[] = [];
  const code = await runAdmin(
    argv,
    { DATA_DIR: dataDir, MARKET_SOURCE: 'sim' },
    { log: (l) => lines.push(l), logTo: { write: (record: string) => logged.push(record) } },
  );
  return { code, lines, logged };
}

// Every call opens the embedded database and runs its migrations: seconds each on a loaded 2-core CI machine.
describe('npm run admin', { timeout: 90_000 }, () => {
  it('creates a verified user on a plan, changes the plan, and prints an API key that is stored hashed', async () => {
    const created = await admin(
      'create-user',
      '--email',
      'Ops@Example.com',
      '--password',
      'ops-Pass1!',
      '--plan',
      'pro',
      '--verified',
    );
    expect(created.code).toBe(0);
    expect(created.lines[0]).toMatch(/^created ops@example.com \(plan pro, verified/);
    expect((await admin('set-plan', '--email', 'ops@example.com', '--plan', 'pro_plus')).lines).toEqual([
      'ops@example.com: plan pro → pro_plus',
    ]);
    const key = await admin('create-api-key', '--email', 'ops@example.com', '--name', 'backfill');
    expect(key.code).toBe(0);
    const secret = key.lines[1] ?? '';
    expect(secret).toMatch(/^ssk_[A-Za-z0-9_-]{43}$/);

    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      const user = await createUsersRepository(database).findByEmail('ops@example.com');
      expect(user).toMatchObject({ plan: 'pro_plus' });
      expect(user?.emailVerifiedAt).not.toBeNull();
      const found = await createApiKeysRepository(database).findActiveByHash(hashSecretToken(secret));
      expect(found?.key.name).toBe('backfill');
    } finally {
      await database.close();
    }
  });

  it('sends an activation email (to the outbox here) for a user created unverified', async () => {
    const created = await admin('create-user', '--email', 'new@example.com', '--password', 'new-Pass1!');
    expect(created.code).toBe(0);
    // Where the mail went is a log record of the server's logger, not a line of the command's output.
    expect(created.logged.some((l) => l.includes('kept in the outbox'))).toBe(true);
    expect([...created.lines, ...created.logged].join('\n')).not.toContain('token=');
  });

  it('refuses bad input with a clear message', async () => {
    await expect(admin('set-plan', '--email', 'ops@example.com', '--plan', 'gold')).rejects.toThrow(
      UsageError,
    );
    await expect(admin('launch')).rejects.toThrow(/unknown command/);
    const weak = await admin('create-user', '--email', 'weak@example.com', '--password', 'short');
    expect(weak).toMatchObject({ code: 1, lines: ['Use 8 to 128 characters.'] });
    const taken = await admin('create-user', '--email', 'ops@example.com', '--password', 'ops-Pass1!');
    expect(taken.lines).toEqual(['Email already exists.']);
    expect((await admin('set-plan', '--email', 'nobody@example.com', '--plan', 'pro')).code).toBe(1);
  });

  it('refuses to open the embedded database while another process holds it, naming the directory and pid', async () => {
    // A live process of another pid in the lock file, as a running server leaves it (whatever its PORT).
    const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    const pglite = join(dataDir, 'pglite');
    const start = readFileSync(`/proc/${holder.pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19] ?? null;
    writeFileSync(`${pglite}.lock`, JSON.stringify({ pid: holder.pid, host: hostname(), start }));
    try {
      const lines: string[] = [];
      const code = await runAdmin(
        ['set-plan', '--email', 'ops@example.com', '--plan', 'pro'],
        { DATA_DIR: dataDir, MARKET_SOURCE: 'sim', PORT: '1' },
        { log: (l) => lines.push(l) },
      );
      expect(code).toBe(1);
      expect(lines[0]).toContain(pglite);
      expect(lines[0]).toContain(`pid ${holder.pid}`);
      expect(lines[1]).toContain(`Stop the server (kill ${holder.pid})`);
    } finally {
      holder.kill('SIGKILL');
      rmSync(`${pglite}.lock`, { force: true });
    }
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJobsRepository, type Database, openDatabase } from '@spreadscope/db';
import { createScratchDatabase, testDatabaseKinds } from '@spreadscope/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseJobQueue } from '../apps/server/src/jobs/database-job-queue.ts';
import { runAdmin, UsageError } from './admin.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

for (const kind of testDatabaseKinds()) {
  // Every call opens the database (and on PGlite starts it): seconds each on a loaded 2-core machine.
  describe(`npm run admin -- jobs [${kind}]`, { timeout: 120_000 }, () => {
    let env: Record<string, string> = {};
    let dispose = async () => {};

    beforeAll(async () => {
      if (kind === 'pglite') {
        const dataDir = await mkdtemp(join(tmpdir(), 'spreadscope-admin-jobs-'));
        env = { DATA_DIR: dataDir, MARKET_SOURCE: 'sim', PORT: '0' };
        dispose = () => rm(dataDir, { recursive: true, force: true });
      } else {
        const scratch = await createScratchDatabase('postgres', 'admin jobs');
        env = { DATABASE_URL: scratch.options.url ?? '', MARKET_SOURCE: 'sim', PORT: '0' };
        dispose = () => scratch.dispose();
      }
    });
    afterAll(async () => {
      await dispose();
    });

    /** The server's database as the runner sees it; closed again so the CLI can open PGlite's files. */
    async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
      const database = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` });
      try {
        return await use(database);
      } finally {
        await database.close();
      }
    }

    /** A runner that runs `mail.send` jobs with the given outcome until none is due. */
    async function runMail(database: Database, outcome: () => Promise<void>): Promise<void> {
      const queue = new DatabaseJobQueue({ repository: createJobsRepository(database), logger: quiet });
      queue.handle('mail.send', outcome);
      while ((await queue.runOnce()) > 0) {}
    }

    async function admin(...argv: string[]): Promise<{ code: number; lines: string[] }> {
      const lines: string[] = [];
      const code = await runAdmin(argv, env, { log: (l) => lines.push(l) });
      return { code, lines };
    }

    it('lists a dead job, shows it, retries it, and the runner then completes it', async () => {
      const id = await withDatabase(async (database) => {
        const queue = new DatabaseJobQueue({ repository: createJobsRepository(database), logger: quiet });
        const { id } = await queue.enqueue('mail.send', { to: 'ops@example.com' }, { maxAttempts: 1 });
        await runMail(database, async () => {
          throw new Error('smtp refused: 554 no relay');
        });
        return id;
      });

      const dead = await admin('jobs', 'list', '--state', 'dead');
      expect(dead.code).toBe(0);
      expect(dead.lines[0]).toBe('id\tstate\tkind\tattempts\trun at\tlast error');
      expect(dead.lines[1]).toMatch(
        new RegExp(`^${id}\\tdead\\tmail\\.send\\t1/1\\t.+\\tsmtp refused: 554 no relay$`),
      );

      const shown = await admin('jobs', 'show', String(id));
      expect(shown.lines).toContain(`job ${id}: mail.send (dead)`);
      expect(shown.lines).toContain('  payload:      {"to":"ops@example.com"}');
      expect(shown.lines).toContain('  last error:   smtp refused: 554 no relay');

      expect(await admin('jobs', 'retry', String(id))).toEqual({
        code: 0,
        lines: [`job ${id} (mail.send): dead → queued, runs at the next claim`],
      });
      expect((await admin('jobs', 'list', '--state', 'dead')).lines).toEqual(['no dead jobs']);
      await withDatabase((database) => runMail(database, async () => {}));
      const done = await admin('jobs', 'list', '--state', 'done');
      expect(done.lines[1]).toMatch(new RegExp(`^${id}\\tdone\\tmail\\.send\\t1/1\\t`));
      expect(await admin('jobs', 'retry', String(id))).toEqual({
        code: 1,
        lines: [`job ${id} is done; only dead or failed jobs can be retried`],
      });
    });

    it('retries every dead job at once', async () => {
      await withDatabase(async (database) => {
        const queue = new DatabaseJobQueue({ repository: createJobsRepository(database), logger: quiet });
        await queue.enqueue('mail.send', {}, { maxAttempts: 1 });
        await queue.enqueue('mail.send', {}, { maxAttempts: 1 });
        await runMail(database, async () => {
          throw new Error('down');
        });
      });
      expect((await admin('jobs', 'retry', '--all-dead')).lines).toEqual(['2 dead jobs queued again']);
      const counts = await withDatabase((database) => createJobsRepository(database).counts());
      expect(counts).toMatchObject({ dead: 0, queued: 2 });
    });

    it('refuses bad input with a clear message', async () => {
      await expect(admin('jobs', 'list', '--state', 'zombie')).rejects.toThrow(
        new UsageError('--state must be one of queued, running, done, failed, dead'),
      );
      await expect(admin('jobs', 'retry', 'abc')).rejects.toThrow(/needs one job id/);
      await expect(admin('jobs', 'show')).rejects.toThrow(/needs one job id/);
      await expect(admin('jobs', 'purge')).rejects.toThrow(/unknown jobs command "purge"/);
      await expect(admin('jobs', 'list', '--limit', '0')).rejects.toThrow(/--limit/);
      expect(await admin('jobs', 'show', '999999')).toEqual({ code: 1, lines: ['no job 999999'] });
    });
  });
}

import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from './data-dir-lock.ts';
import { createHistoryRepository } from './history-repository.ts';
import { openDatabase } from './open-database.ts';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spreadscope-lock-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Another process holding the directory open, as a running server would. */
function holdInChild(dataDir: string): Promise<ChildProcess> {
  const script = `
    import { openDatabase } from './src/open-database.ts';
    await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    console.log('open');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('open')) resolve(child);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`holder exited ${code}: ${out}`)));
  });
}

function modesUnder(dir: string): { path: string; mode: number; dir: boolean }[] {
  return readdirSync(dir, { recursive: true }).map((entry) => {
    const stat = statSync(join(dir, String(entry)));
    return { path: String(entry), mode: stat.mode & 0o777, dir: stat.isDirectory() };
  });
}

describe('one process per PGlite data directory', { timeout: 120_000 }, () => {
  it('stops a second process with the directory and the holder’s pid, and a kill -9 leaves no lasting lock', async () => {
    const dataDir = join(root, 'shared', 'pglite');
    const holder = await holdInChild(dataDir);
    try {
      const refused = await openDatabase({ dataDir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toContain(dataDir);
      expect((refused as Error).message).toContain(`pid ${holder.pid}`);
    } finally {
      const gone = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await gone;
    }
    // The lock file is still there (nothing ran at exit), but its pid is dead: the next opener takes over.
    expect(readdirSync(join(root, 'shared'))).toContain('pglite.lock');
    const database = await openDatabase({ dataDir });
    expect(await database.ping()).toBe(true);
    await database.close();
    expect(readdirSync(join(root, 'shared'))).not.toContain('pglite.lock');
  });

  it('takes over a lock whose pid now belongs to an unrelated process started later', async () => {
    const dataDir = join(root, 'reused', 'pglite');
    const first = await openDatabase({ dataDir });
    await first.close();
    // A lock left by a process whose pid was since reused: pid 1 is alive, but started at another time.
    writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ pid: 1, host: (await import('node:os')).hostname(), start: '1' }),
    );
    const second = await openDatabase({ dataDir });
    await second.close();
  });

  it('keeps the data directory to its owner: 0700 directories, 0600 files, after start and after writes', async () => {
    const dataDir = join(root, 'modes', 'pglite');
    const database = await openDatabase({ dataDir });
    // While open, nobody else can reach into the directory at all.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const opened = modesUnder(dataDir);
    expect(opened.length).toBeGreaterThan(100);
    expect(opened.filter((f) => (f.dir ? f.mode !== 0o700 : (f.mode & 0o077) !== 0))).toEqual([]);
    await createHistoryRepository(database).writeForexBars(
      Array.from({ length: 2_000 }, (_, i) => ({
        pair: 'USD/KRW',
        minute: Date.UTC(2026, 0, 1) + i * 60_000,
        open: 1400,
        high: 1401,
        low: 1399,
        close: 1400,
      })),
    );
    await database.close();
    const written = modesUnder(dataDir);
    expect(written.filter((f) => (f.dir ? f.mode !== 0o700 : (f.mode & 0o077) !== 0))).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});

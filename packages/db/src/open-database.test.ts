import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createHistoryRepository } from './history-repository.ts';
import { defaultMigrationsFolder } from './migrations-folder.ts';
import { openDatabase } from './open-database.ts';
import { instruments } from './schema.ts';
import { createScratchDatabase, forEachDatabase, testDatabaseKinds } from './test-databases.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);
/** Every migration in the journal; each new migration raises it, so the count is read, not written down. */
const MIGRATIONS = (
  JSON.parse(readFileSync(join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

forEachDatabase('openDatabase', (getDb, { kind, reopen }) => {
  it('applies the migrations to an empty database', async () => {
    const database = getDb();
    expect(database.kind).toBe(kind);
    expect(await appliedMigrations(database)).toBe(MIGRATIONS);
    expect(await database.db.select().from(instruments)).toEqual([]);
  });

  it('answers ping', async () => {
    expect(await getDb().ping()).toBe(true);
  });

  it('keeps data across close and reopen, and reopening migrates nothing', async () => {
    await createHistoryRepository(getDb()).writeForexBars([
      { pair: 'USD/KRW', minute: T0, open: 1400, high: 1401, low: 1399, close: 1400.5 },
    ]);
    const reopened = await reopen();
    expect(await appliedMigrations(reopened)).toBe(MIGRATIONS);
    const bars = await createHistoryRepository(reopened).readForexBars({
      pair: 'USD/KRW',
      from: T0,
      to: T0 + MINUTE,
    });
    expect(bars).toEqual([{ pair: 'USD/KRW', minute: T0, open: 1400, high: 1401, low: 1399, close: 1400.5 }]);
  });

  it('serves concurrent queries on one handle', async () => {
    const database = getDb();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => database.db.execute(sql`select ${i}::int as n`)),
    );
    expect(results).toHaveLength(20);
  });

  it('reports not-alive after close, and closing twice is fine', async () => {
    const database = await reopen();
    await database.close();
    await database.close();
    expect(await database.ping()).toBe(false);
    await reopen(); // leave an open handle for the suite's own teardown
  });
});

describe('openDatabase with PGlite', () => {
  const dirs: string[] = [];
  const tempDir = async (): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), 'spreadscope-open-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('creates a missing data directory and refuses a second handle on it', async () => {
    const dataDir = join(await tempDir(), 'nested', 'pglite');
    const database = await openDatabase({ dataDir });
    try {
      expect(database.kind).toBe('pglite');
      await expect(openDatabase({ dataDir })).rejects.toThrow(/already open/);
    } finally {
      await database.close();
    }
    // Closing frees the directory for the next open.
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('fails clearly when the migrations folder does not exist', async () => {
    await expect(
      openDatabase({ dataDir: 'memory://', migrationsFolder: join(await tempDir(), 'missing') }),
    ).rejects.toThrow(/No Drizzle migrations/);
  });
});

describe('defaultMigrationsFolder', () => {
  it('finds the committed migrations next to the package source', () => {
    expect(defaultMigrationsFolder()).toMatch(/packages[\\/]db[\\/]drizzle[\\/]?$/);
  });
});

describe('openDatabase with PostgreSQL', () => {
  it('never puts the password into its error', async () => {
    // Port 1 refuses at once, so this runs without a PostgreSQL server.
    const failure = await openDatabase({ url: 'postgres://app:hunter2@127.0.0.1:1/nothing' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).not.toContain('hunter2');
    expect(String((failure as Error).message)).toContain('app:***@127.0.0.1:1');
  });

  it.runIf(testDatabaseKinds().includes('postgres'))(
    'lets several processes open and migrate one empty database at once',
    async () => {
      const scratch = await createScratchDatabase('postgres', 'concurrent open');
      try {
        const handles = await Promise.all([1, 2, 3].map(() => openDatabase(scratch.options)));
        const [first] = handles;
        if (first === undefined) throw new Error('no handle');
        expect(await appliedMigrations(first)).toBe(MIGRATIONS);
        await Promise.all(handles.map((handle) => handle.close()));
      } finally {
        await scratch.dispose();
      }
    },
  );
});

describe.runIf(testDatabaseKinds().includes('postgres'))('migrated PostgreSQL scratch databases', () => {
  it('are copies of one migrated template: every migration applied before the first open, no rows', async () => {
    const scratches = await Promise.all(
      ['a', 'b'].map((label) => createScratchDatabase('postgres', `template ${label}`, { migrated: true })),
    );
    try {
      for (const scratch of scratches) {
        const client = new Client({ connectionString: scratch.options.url });
        await client.connect();
        try {
          const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
          expect(applied.rows[0]?.n).toBe(MIGRATIONS);
          const users = await client.query('select count(*)::int as n from users');
          expect(users.rows[0]?.n).toBe(0);
        } finally {
          await client.end();
        }
        const database = await openDatabase(scratch.options);
        expect(await appliedMigrations(database)).toBe(MIGRATIONS);
        await database.close();
      }
    } finally {
      await Promise.all(scratches.map((scratch) => scratch.dispose()));
    }
  });
});

async function appliedMigrations(database: Awaited<ReturnType<typeof openDatabase>>): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(sql`drizzle.__drizzle_migrations`);
  return row?.n ?? -1;
}

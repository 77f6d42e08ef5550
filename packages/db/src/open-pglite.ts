import { mkdir, readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { OWNER_ONLY_UMASK, restrictToOwner } from './data-dir-modes.ts';
import type { Database } from './database.ts';
import { schema } from './schema.ts';

/**
 * Data directories open in this process. Two PGlite instances on the same files corrupt them, and the
 * embedded default is one process, so sharing one Database is the only correct use; refuse the second.
 */
const openDirs = new Set<string>();

export async function openPglite(
  dataDir: string,
  migrationsFolder: string,
  template?: string,
): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const dirKey = inMemory ? null : resolve(dataDir);
  let lock: DataDirLock | undefined;
  if (dirKey !== null) {
    if (openDirs.has(dirKey)) throw new Error(`PGlite data directory is already open: ${dirKey}`);
    // Everything this process creates from here on is its owner's only (directories PGlite makes, the
    // outbox); PGlite's own data files need restrictToOwner as well.
    restrictUmask();
    await mkdir(dirKey, { recursive: true, mode: 0o700 });
    lock = lockDataDir(dirKey);
    openDirs.add(dirKey);
  }
  let client: PGlite | undefined;
  try {
    if (dirKey !== null) await restrictToOwner(dirKey);
    // A template only seeds an empty database: an existing cluster is never overwritten.
    const empty = dirKey === null || (await readdir(dirKey)).length === 0;
    const loadDataDir = template !== undefined && empty ? new Blob([await readFile(template)]) : undefined;
    client = await PGlite.create(dirKey ?? dataDir, loadDataDir ? { loadDataDir } : {});
    // PGlite runs one query at a time and queues the rest behind its own mutex (query, exec and
    // transaction all take it), so concurrent callers need no extra locking here. The one trap: inside
    // db.transaction(), use the `tx` handle; a query on `db` would wait for the transaction it is in.
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    if (dirKey !== null) await restrictToOwner(dirKey);
    return pgliteDatabase(client, db, dirKey, lock);
  } catch (error) {
    await client?.close().catch(() => {});
    lock?.release();
    if (dirKey !== null) openDirs.delete(dirKey);
    throw error;
  }
}

function pgliteDatabase(
  client: PGlite,
  db: Database['db'],
  dirKey: string | null,
  lock: DataDirLock | undefined,
): Database {
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    db,
    async ping() {
      if (closing !== undefined || client.closed) return false;
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= client
        .close()
        // Files PGlite created while open came out 0666 (inside the 0700 directory); tighten them too.
        .then(() => (dirKey === null ? undefined : restrictToOwner(dirKey)))
        .finally(() => {
          lock?.release();
          if (dirKey !== null) openDirs.delete(dirKey);
        });
      return closing;
    },
  };
}

function restrictUmask(): void {
  try {
    process.umask(OWNER_ONLY_UMASK);
  } catch {
    // A worker thread may not change the process's umask; the 0700 directory still keeps others out.
  }
}

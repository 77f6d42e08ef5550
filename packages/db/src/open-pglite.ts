import { mkdir, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { OWNER_ONLY_UMASK, restrictToOwner } from './data-dir-modes.ts';
import type { Database } from './database.ts';
import {
  type PgliteRestartEvent,
  type PgliteThread,
  startPgliteThread,
} from './pglite-thread/pglite-thread.ts';
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
  onRestart?: (event: PgliteRestartEvent) => void,
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
  let thread: PgliteThread | undefined;
  let pool: Pool | undefined;
  try {
    if (dirKey !== null) await restrictToOwner(dirKey);
    // A template only seeds an empty database: an existing cluster is never overwritten.
    const empty = dirKey === null || (await readdir(dirKey)).length === 0;
    // PGlite computes on the thread that calls it, so it gets its own: this one only speaks the protocol.
    thread = await startPgliteThread(dirKey ?? dataDir, empty ? template : undefined, { onRestart });
    // PGlite has one session, so one connection: a transaction holds it and every other query queues behind
    // it. The one trap: inside db.transaction(), use the `tx` handle; a query on `db` would wait for the
    // transaction it is in. Kept open while idle: a new connection costs a startup exchange.
    pool = new Pool({
      host: thread.host,
      port: thread.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      idleTimeoutMillis: 0,
    });
    // A connection lost with its thread is reported by the next query (the thread is started again: the pool's
    // next connection reaches the new one on the same socket); the pool must not crash the process.
    pool.on('error', () => {});
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder });
    if (dirKey !== null) await restrictToOwner(dirKey);
    return pgliteDatabase(thread, pool, db, dirKey, lock);
  } catch (error) {
    await pool?.end().catch(() => {});
    await thread?.close().catch(() => {});
    lock?.release();
    if (dirKey !== null) openDirs.delete(dirKey);
    throw error;
  }
}

function pgliteDatabase(
  thread: PgliteThread,
  pool: Pool,
  db: Database['db'],
  dirKey: string | null,
  lock: DataDirLock | undefined,
): Database {
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    db,
    async ping() {
      if (closing !== undefined || !thread.alive()) return false;
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= pool
        .end()
        .catch(() => {})
        .then(() => thread.close())
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

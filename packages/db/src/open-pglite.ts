import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from './database.ts';
import { schema } from './schema.ts';

/**
 * Data directories open in this process. Two PGlite instances on the same files corrupt them, and the
 * embedded default is one process, so sharing one Database is the only correct use; refuse the second.
 */
const openDirs = new Set<string>();

export async function openPglite(dataDir: string, migrationsFolder: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const dirKey = inMemory ? null : resolve(dataDir);
  if (dirKey !== null) {
    if (openDirs.has(dirKey)) throw new Error(`PGlite data directory is already open: ${dirKey}`);
    await mkdir(dirKey, { recursive: true });
    openDirs.add(dirKey);
  }
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dirKey ?? dataDir);
    // PGlite runs one query at a time and queues the rest behind its own mutex (query, exec and
    // transaction all take it), so concurrent callers need no extra locking here. The one trap: inside
    // db.transaction(), use the `tx` handle; a query on `db` would wait for the transaction it is in.
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    return pgliteDatabase(client, db, dirKey);
  } catch (error) {
    await client?.close().catch(() => {});
    if (dirKey !== null) openDirs.delete(dirKey);
    throw error;
  }
}

function pgliteDatabase(client: PGlite, db: Database['db'], dirKey: string | null): Database {
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
      closing ??= client.close().finally(() => {
        if (dirKey !== null) openDirs.delete(dirKey);
      });
      return closing;
    },
  };
}

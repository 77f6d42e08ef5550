import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import type { Database } from './database.ts';
import { redactUrl } from './redact-url.ts';
import { schema } from './schema.ts';

/**
 * Key of the session advisory lock held while migrating. Several processes (ingest and api roles) start
 * against one database at once; Drizzle's migrator does not lock, so without this two of them would both
 * try to create the same tables.
 */
const MIGRATION_LOCK_KEY = 0x5350_5244; // 'SPRD'

export async function openPostgres(
  url: string,
  migrationsFolder: string,
  onError: (error: Error) => void,
): Promise<Database> {
  const pool = new Pool({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server emits 'error' on the pool; unhandled, that would crash the
  // process. The pool drops the client and the next query reconnects, so reporting is enough.
  pool.on('error', onError);
  try {
    await migrateLocked(pool, migrationsFolder);
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not open PostgreSQL at ${redactUrl(url)}: ${reason}`, { cause: error });
  }
  return postgresDatabase(pool);
}

async function migrateLocked(pool: Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {
        // A session lock dies with its connection, so destroying the client releases it.
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}

function postgresDatabase(pool: Pool): Database {
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    db: drizzle({ client: pool, schema }),
    async ping() {
      if (closing !== undefined) return false;
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close() {
      // pool.end() throws when called twice; keep the first call's promise.
      closing ??= pool.end();
      return closing;
    },
  };
}

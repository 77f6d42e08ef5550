import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.ts';
import { defaultMigrationsFolder } from './migrations-folder.ts';
import { openPglite } from './open-pglite.ts';
import { openPostgres } from './open-postgres.ts';
import { bundledPgliteTemplate } from './pglite-template.ts';
import type { PgliteRestartEvent } from './pglite-thread/pglite-thread.ts';

export const DEFAULT_PGLITE_DIR = './data/pglite';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection URL (`DATABASE_URL`). Absent or empty: embedded PGlite. */
  readonly url?: string | undefined;
  /**
   * PGlite data directory, created when missing; default `./data/pglite` (relative to the working
   * directory). `memory://` gives a throwaway in-memory database. Ignored when `url` is set.
   */
  readonly dataDir?: string | undefined;
  /**
   * A dumped PGlite cluster migrated with the default migrations (see pglite-template.ts) a new, empty PGlite
   * database starts from instead of running initdb and every migration. Default: the one the server build left
   * beside the bundle's migrations, if it fits (tests pass their own). Ignored when another migrations folder
   * is given (a test of an older schema must not start from the newest).
   */
  readonly template?: string | undefined;
  /** Folder of Drizzle migrations; default {@link defaultMigrationsFolder}. */
  readonly migrationsFolder?: string | undefined;
  /** The embedded database's thread died unasked, or serves again after it did (pglite-thread.ts). */
  readonly onPgliteRestart?: ((event: PgliteRestartEvent) => void) | undefined;
  /** Errors of idle PostgreSQL connections, which the pool replaces on its own. Default: ignored. */
  readonly onError?: ((error: Error) => void) | undefined;
}

/** Opens the database and applies pending migrations before resolving. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  // Checked before connecting: starting PGlite takes seconds, and the migrator's own error is vague.
  if (!existsSync(join(migrationsFolder, 'meta', '_journal.json'))) {
    throw new Error(`No Drizzle migrations in ${migrationsFolder} (meta/_journal.json missing)`);
  }
  if (options.url !== undefined && options.url !== '') {
    return openPostgres(options.url, migrationsFolder, options.onError ?? (() => {}));
  }
  const template =
    options.migrationsFolder === undefined || options.migrationsFolder === defaultMigrationsFolder()
      ? (options.template ?? bundledPgliteTemplate(migrationsFolder))
      : undefined;
  return openPglite(
    options.dataDir ?? DEFAULT_PGLITE_DIR,
    migrationsFolder,
    template,
    options.onPgliteRestart,
  );
}

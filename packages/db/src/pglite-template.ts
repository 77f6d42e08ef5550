import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { copyFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { defaultMigrationsFolder } from './migrations-folder.ts';

/** Files of a migrations folder, sorted, with their bytes: what decides the template's schema. */
export function migrationsDigest(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else hash.update(`${prefix}${entry.name}\0`).update(readFileSync(path)).update('\0');
    }
  };
  walk(folder, '');
  return hash.digest('hex').slice(0, 16);
}

/** PGlite's build (a new version may store clusters differently): its entry file's size and time. */
function pgliteBuild(): string {
  const stat = statSync(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  return `${stat.size}-${Math.floor(stat.mtimeMs)}`;
}

/** What a migrated cluster depends on: this PGlite build and these migrations. */
function templateKey(migrationsFolder: string): string {
  return `${pgliteBuild()}-${migrationsDigest(migrationsFolder)}`;
}

/** The migrated cluster `npm run build` leaves beside the bundle's migrations folder, and its key. */
const BUNDLED = 'pglite-template.tar';

/**
 * Build step: copies the migrated empty cluster (built once, see {@link pgliteTemplate}) beside the bundle's
 * migrations, with the key it was built for, so a first start on an empty data directory skips initdb and every
 * migration (seconds on a small machine).
 */
export async function bundlePgliteTemplate(migrationsFolder: string): Promise<string> {
  const path = join(dirname(migrationsFolder), BUNDLED);
  await copyFile(await pgliteTemplate(migrationsFolder), path);
  await writeFile(`${path}.key`, templateKey(migrationsFolder));
  return path;
}

/**
 * The cluster {@link bundlePgliteTemplate} left beside `migrationsFolder`, if it was built for this PGlite and
 * these migrations; otherwise none (the database starts the slow way, never from a mismatched cluster).
 */
export function bundledPgliteTemplate(migrationsFolder: string): string | undefined {
  const path = join(dirname(migrationsFolder), BUNDLED);
  try {
    return readFileSync(`${path}.key`, 'utf8').trim() === templateKey(migrationsFolder) && existsSync(path)
      ? path
      : undefined;
  } catch {
    return undefined;
  }
}

let building: Promise<string> | undefined;

/**
 * Test support: a migrated empty PGlite cluster, dumped once to a tarball in the temp folder and reused by every
 * test database opened after it (`openDatabase({ template })`). Starting PGlite from an empty directory runs
 * initdb, and then every migration: seconds per database, and the suite opens over a hundred. The file is keyed
 * by the migrations' contents and PGlite's version, so a new migration builds a new one; concurrent test
 * processes may both build it, each renaming its own complete file into place.
 */
export function pgliteTemplate(migrationsFolder = defaultMigrationsFolder()): Promise<string> {
  building ??= (async () => {
    const key = templateKey(migrationsFolder);
    const path = join(tmpdir(), `spreadscope-pglite-template-${key}.tar`);
    if (existsSync(path)) return path;
    const client = await PGlite.create('memory://');
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
      const dump = await client.dumpDataDir('none');
      const partial = `${path}.${process.pid}.${Date.now()}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, path).catch(async (error: unknown) => {
        await rm(partial, { force: true });
        if (!existsSync(path)) throw error;
      });
      return path;
    } finally {
      await client.close();
    }
  })();
  return building;
}

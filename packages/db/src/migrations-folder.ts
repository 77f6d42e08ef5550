import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the committed Drizzle migrations live, found relative to this module rather than the working
 * directory so the same code works from the repo root, from tests and from a bundle:
 * - source layout: `packages/db/src/*.ts` → `packages/db/drizzle/`
 * - bundled layout: `apps/server/dist/main.js` → `apps/server/dist/drizzle/` (the server build copies
 *   `packages/db/drizzle` there, `meta/` included, because the migrator reads `meta/_journal.json`).
 */
export function defaultMigrationsFolder(): string {
  const candidates = [new URL('../drizzle/', import.meta.url), new URL('./drizzle/', import.meta.url)].map(
    (url) => fileURLToPath(url),
  );
  for (const folder of candidates) {
    if (existsSync(join(folder, 'meta', '_journal.json'))) return folder;
  }
  throw new Error(
    `Database migrations not found (looked in ${candidates.join(', ')}); pass migrationsFolder to openDatabase`,
  );
}

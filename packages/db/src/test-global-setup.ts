import { pgliteTemplate } from './pglite-template.ts';

/**
 * Vitest's global setup: the migrated PGlite cluster the test databases start from, built once before any
 * test file runs. Left to the first files, each worker built it inside a `beforeAll` (initdb and every
 * migration, two workers at once on a fresh checkout), and on a loaded two-core machine that once ran past the
 * hook's 60 s timeout.
 */
export default async function setup(): Promise<void> {
  await pgliteTemplate();
}

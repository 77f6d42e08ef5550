import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder } from './migrations-folder.ts';
import { openPglite } from './open-pglite.ts';
import { bundledPgliteTemplate, bundlePgliteTemplate } from './pglite-template.ts';
import { instruments } from './schema.ts';

/** A bundle's layout: its migrations folder, and the template the build leaves beside it. */
const bundle = mkdtempSync(join(tmpdir(), 'spreadscope-bundle-'));
const migrations = join(bundle, 'drizzle');
cpSync(defaultMigrationsFolder(), migrations, { recursive: true });
afterAll(() => rmSync(bundle, { recursive: true, force: true }));

describe('the migrated database the build leaves beside the bundle', () => {
  it('is found for these migrations, and holds every table already (nothing left to migrate)', async () => {
    expect(bundledPgliteTemplate(migrations)).toBeUndefined();
    const path = await bundlePgliteTemplate(migrations);
    expect(bundledPgliteTemplate(migrations)).toBe(path);
    // Opened with no migrations at all: whatever tables it has came from the bundled cluster.
    const none = join(bundle, 'none');
    mkdirSync(join(none, 'meta'), { recursive: true });
    writeFileSync(
      join(none, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }),
    );
    const database = await openPglite(join(bundle, 'data'), none, path);
    try {
      expect(await database.db.select().from(instruments)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('is not used once the migrations change (a new one, or an edited one)', async () => {
    const path = await bundlePgliteTemplate(migrations);
    expect(bundledPgliteTemplate(migrations)).toBe(path);
    writeFileSync(join(migrations, '9999_later.sql'), 'select 1;');
    expect(bundledPgliteTemplate(migrations)).toBeUndefined();
    rmSync(join(migrations, '9999_later.sql'));
    expect(bundledPgliteTemplate(migrations)).toBe(path);
    rmSync(`${path}`);
    expect(bundledPgliteTemplate(migrations)).toBeUndefined();
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder } from '../migrations-folder.ts';
import { pgliteTemplate } from '../pglite-template.ts';
import { extractClusterTar } from './cluster-tar.ts';

const scratch = mkdtempSync(join(tmpdir(), 'spreadscope-cluster-tar-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A one-entry ustar archive (header, data, end blocks) with the given name and type flag. */
function archive(name: string, type: string, body = 'x'): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000600\0', 100);
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write(type, 156);
  header.write('ustar\0', 257);
  const data = Buffer.alloc(512);
  data.write(body);
  return Buffer.concat([header, data, Buffer.alloc(1024)]);
}

describe('extractClusterTar', () => {
  it('unpacks the migrated template into a cluster PGlite opens as it is, owner-only', async () => {
    const dir = join(scratch, 'cluster');
    expect(extractClusterTar(readFileSync(await pgliteTemplate()), dir)).toBe(true);
    const db = await PGlite.create(dir);
    try {
      const journal = JSON.parse(
        readFileSync(join(defaultMigrationsFolder(), 'meta/_journal.json'), 'utf8'),
      ) as {
        entries: unknown[];
      };
      const applied = await db.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
      const users = await db.query<{ n: number }>('select count(*)::int as n from users');
      expect(users.rows[0]?.n).toBe(0);
    } finally {
      await db.close();
    }
    expect(statSync(join(dir, 'global')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'PG_VERSION')).mode & 0o777).toBe(0o600);
  });

  it('writes nothing for an archive it does not read: a name leaving the root, a link, a foreign format', () => {
    const cases: Buffer[] = [
      archive('/../escaped', '0'),
      archive('base/../../escaped', '0'),
      archive('/link', '2'),
      Buffer.concat([archive('/ok', '0').subarray(0, 257), Buffer.alloc(255)]),
    ];
    for (const [i, tar] of cases.entries()) {
      const dir = join(scratch, `refused-${i}`);
      expect(extractClusterTar(tar, dir)).toBe(false);
      expect(() => readdirSync(dir)).toThrow();
    }
    expect(readdirSync(scratch)).not.toContain('escaped');
  });
});

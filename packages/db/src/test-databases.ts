/**
 * Test helper: run a suite against every database backend we ship, each in a scratch database of its own.
 *
 *   import { forEachDatabase } from '@spreadscope/db/testing';
 *
 *   forEachDatabase('alerts service', (getDb, { kind, reopen }) => {
 *     it('stores a rule', async () => {
 *       const database = getDb();
 *       ...
 *     });
 *   });
 *
 * - PGlite always, in a fresh temp directory (so `reopen()` can test persistence); removed afterwards.
 * - PostgreSQL too when `DATABASE_URL` is set: connects to that URL's database, runs
 *   `CREATE DATABASE spreadscope_test_<label>_<pid>_<random> TEMPLATE spreadscope_template_<digest>` (a copy of
 *   the migrated template, postgres-template.ts), runs the suite there and drops it with `WITH (FORCE)`
 *   afterwards, so parallel test files and repeated runs never see each other's rows. The role in the URL needs
 *   CREATEDB.
 *
 * Each `forEachDatabase` block gets one database shared by its tests (opening PGlite costs seconds), with
 * migrations applied. Tests in a block should therefore use distinct keys or tolerate earlier rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MinuteBar } from '@spreadscope/core';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database } from './database.ts';
import { type OpenDatabaseOptions, openDatabase } from './open-database.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { postgresTemplate, withAdmin } from './postgres-template.ts';

export { pgliteTemplate };

export type DatabaseKind = Database['kind'];

/** Backends to test on: PGlite always, PostgreSQL when `DATABASE_URL` is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return postgresTestUrl() === undefined ? ['pglite'] : ['pglite', 'postgres'];
}

export interface ScratchDatabase {
  readonly kind: DatabaseKind;
  /** Pass to {@link openDatabase}; opening it again reaches the same data. */
  readonly options: OpenDatabaseOptions;
  /** Deletes the scratch database; close every Database opened on it first (PostgreSQL forces anyway). */
  dispose(): Promise<void>;
}

/**
 * A scratch database of the given kind, not yet opened. PostgreSQL's is empty (migrations run on first open)
 * unless `migrated`, when it is a copy of the migrated template; PGlite's is seeded from its template either way.
 */
export async function createScratchDatabase(
  kind: DatabaseKind,
  label: string,
  options: { migrated?: boolean } = {},
): Promise<ScratchDatabase> {
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), `spreadscope-${slug(label, 30)}-`));
    return {
      kind,
      options: { dataDir, template: await pgliteTemplate() },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = postgresTestUrl();
  if (adminUrl === undefined) throw new Error('DATABASE_URL is not set');
  // 63 bytes is PostgreSQL's identifier limit; pid + random keep concurrent and repeated runs apart.
  const name = `spreadscope_test_${slug(label, 20)}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.migrated ? ` template "${await postgresTemplate(adminUrl)}"` : '';
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    options: { url: url.toString() },
    dispose: () =>
      withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`)),
  };
}

export interface DatabaseSuiteContext {
  readonly kind: DatabaseKind;
  /** How the scratch database is opened, for tests that open a second handle themselves. */
  readonly options: () => OpenDatabaseOptions;
  /** Closes the current handle and opens the same database again; `getDb()` then returns the new one. */
  reopen(): Promise<Database>;
}

/** Declares `describe('<name> [<kind>]')` once per backend with an open, migrated scratch database. */
export function forEachDatabase(
  name: string,
  body: (getDb: () => Database, context: DatabaseSuiteContext) => void,
): void {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let scratch: ScratchDatabase | undefined;
      let database: Database | undefined;

      beforeAll(async () => {
        scratch = await createScratchDatabase(kind, name, { migrated: true });
        database = await openDatabase(scratch.options);
      });
      afterAll(async () => {
        await database?.close();
        await scratch?.dispose();
      });

      const current = (): ScratchDatabase => {
        if (scratch === undefined) throw new Error('scratch database used outside a test');
        return scratch;
      };
      body(
        () => {
          if (database === undefined) throw new Error('database used outside a test');
          return database;
        },
        {
          kind,
          options: () => current().options,
          async reopen() {
            await database?.close();
            database = await openDatabase(current().options);
            return database;
          },
        },
      );
    });
  }
}

function postgresTestUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url === undefined || url === '' ? undefined : url;
}

function slug(label: string, max: number): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, max) || 'db'
  );
}

/** A throwaway in-memory PGlite database, migrated, started from the shared template. */
export async function openMemoryDatabase(): Promise<Database> {
  return openDatabase({ dataDir: 'memory://', template: await pgliteTemplate() });
}

/** A spot minute bar that opened, peaked and closed at one price (tests that care about closes only). */
export function flatBar(
  venue: string,
  base: string,
  quote: string,
  minute: number,
  close: number,
  extra: Partial<MinuteBar> = {},
): MinuteBar {
  return {
    venue,
    market: 'spot',
    base,
    quote,
    minute,
    open: close,
    high: close,
    low: close,
    close,
    volume24h: null,
    ...extra,
  };
}

import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { defaultMigrationsFolder } from './migrations-folder.ts';
import { openDatabase } from './open-database.ts';
import { migrationsDigest } from './pglite-template.ts';

const building = new Map<string, Promise<string>>();

/**
 * Test support: the name of a PostgreSQL database migrated with the default migrations, kept on the server and
 * copied by `CREATE DATABASE … TEMPLATE` for each suite, instead of each suite running every migration
 * (0.4–1.2 s each on this machine, sixty-odd suites). Named by the migrations' digest, so a new migration makes a
 * new one; it is built under a name of its own and renamed into place, so concurrent test processes never copy
 * a half-migrated database (the loser of a race drops its copy). Nobody stays connected to it: PostgreSQL
 * refuses to copy a database with sessions.
 */
export function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `spreadscope_template_${migrationsDigest(defaultMigrationsFolder())}`;
  let pending = building.get(name);
  if (!pending) {
    pending = build(adminUrl, name);
    building.set(name, pending);
    pending.catch(() => building.delete(name));
  }
  return pending;
}

async function build(adminUrl: string, name: string): Promise<string> {
  if (await exists(adminUrl, name)) return name;
  const partial = `${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database "${partial}"`));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${partial}`;
    const database = await openDatabase({ url: url.toString() });
    await database.close();
    await withAdmin(adminUrl, (client) => client.query(`alter database "${partial}" rename to "${name}"`));
  } catch (error) {
    await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${partial}" with (force)`));
    if (!(await exists(adminUrl, name))) throw error;
  }
  return name;
}

async function exists(adminUrl: string, name: string): Promise<boolean> {
  let found = false;
  await withAdmin(adminUrl, async (client) => {
    found = (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  });
  return found;
}

/** One statement batch on a short-lived connection (the admin database of DATABASE_URL). */
export async function withAdmin(url: string, run: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { Client, Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../pglite-template.ts';
import { type PgliteRestartEvent, type PgliteThread, startPgliteThread } from './pglite-thread.ts';

describe('PGlite on its own thread', () => {
  let thread: PgliteThread;
  const connect = async () => {
    const client = new Client({
      host: thread.host,
      port: thread.port,
      user: 'postgres',
      database: 'postgres',
    });
    await client.connect();
    return client;
  };
  beforeAll(async () => {
    thread = await startPgliteThread('memory://', await pgliteTemplate());
  });
  afterAll(() => thread.close());

  it('leaves the caller free while a statement runs: timers fire before a slow statement answers', async () => {
    const client = await connect();
    try {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      const slept = client.query('select pg_sleep(0.4)');
      let ticksBeforeAnswer = -1;
      await slept.then(() => {
        ticksBeforeAnswer = ticks;
      });
      clearInterval(timer);
      // On the caller's thread PGlite would hold it for the whole 400 ms: no timer could fire.
      expect(ticksBeforeAnswer).toBeGreaterThanOrEqual(5);
    } finally {
      await client.end();
    }
  });

  it('rolls back a transaction whose connection was lost, so the next connection starts clean', async () => {
    const first = await connect();
    await first.query('create table if not exists lost_tx (id int primary key)');
    await first.query('begin');
    await first.query('insert into lost_tx values (1)');
    // The connection drops as a crashed caller's would: no Terminate, no rollback.
    first.on('error', () => {});
    const closed = new Promise((resolve) => first.once('end', resolve));
    (first as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await closed;
    const next = await connect();
    try {
      expect((await next.query('select count(*)::int as n from lost_tx')).rows).toEqual([{ n: 0 }]);
      // Outside any transaction: a new one begins without "already a transaction in progress".
      await next.query('begin');
      await next.query('insert into lost_tx values (2)');
      await next.query('commit');
      expect((await next.query('select id from lost_tx')).rows).toEqual([{ id: 2 }]);
    } finally {
      await next.end();
    }
  });

  it('answers a failed statement with its error and goes on serving', async () => {
    const client = await connect();
    try {
      await expect(client.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
      expect((await client.query('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
    } finally {
      await client.end();
    }
  });

  it('reports a data directory it cannot open, and stops its thread', async () => {
    await expect(startPgliteThread('/proc/no-such-place/pglite', undefined)).rejects.toThrow(
      /PGlite did not start/,
    );
  });
});

describe('a PGlite thread that dies unasked', () => {
  /** The server's pool, as open-pglite.ts makes it: one connection, errors of a lost one swallowed. */
  const poolFor = (thread: PgliteThread) => {
    const pool = new Pool({
      host: thread.host,
      port: thread.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
    });
    pool.on('error', () => {});
    return pool;
  };
  /** The next query that succeeds, once the thread is back (each failed try drops its connection). */
  async function whenServing(pool: Pool, sql: string): Promise<unknown[]> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        return (await pool.query(sql)).rows;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  it('is started again on the same files: the pool serves again, with every committed row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-restart-'));
    const workers: Worker[] = [];
    const events: PgliteRestartEvent[] = [];
    const thread = await startPgliteThread(join(dir, 'db'), await pgliteTemplate(), {
      onWorker: (worker) => workers.push(worker),
      onRestart: (event) => events.push(event),
    });
    const pool = poolFor(thread);
    try {
      await pool.query('create table kept (id int primary key)');
      await pool.query('insert into kept values (1), (2)');
      // Ended from outside, without the close message: to the supervisor, a crash.
      await workers[0]?.terminate();
      expect(thread.alive()).toBe(false);
      await expect(pool.query('select 1')).rejects.toThrow();
      expect(await whenServing(pool, 'select id from kept order by id')).toEqual([{ id: 1 }, { id: 2 }]);
      expect(thread.alive()).toBe(true);
      expect(events.map((e) => e.kind)).toEqual(['died', 'restarted']);
      // And again: the restarted thread is watched too, and writes go on.
      await pool.query('insert into kept values (3)');
      await workers[1]?.terminate();
      expect(await whenServing(pool, 'select count(*)::int as n from kept')).toEqual([{ n: 3 }]);
      expect(workers).toHaveLength(3);
      expect(events.map((e) => e.kind)).toEqual(['died', 'restarted', 'died', 'restarted']);
      // A thread that dies within a minute of its start waits twice as long: a fault on every start backs off.
      expect(events.flatMap((e) => (e.kind === 'died' ? [e.retryInMs] : []))).toEqual([250, 500]);
    } finally {
      await pool.end();
      await thread.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is not started again once closed, even when it died just before', async () => {
    const workers: Worker[] = [];
    const thread = await startPgliteThread('memory://', await pgliteTemplate(), {
      onWorker: (worker) => workers.push(worker),
    });
    await workers[0]?.terminate();
    await thread.close();
    // Past the first back-off: nothing was started after close.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(workers).toHaveLength(1);
    expect(thread.alive()).toBe(false);
  });
});

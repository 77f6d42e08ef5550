import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../pglite-template.ts';
import { type PgliteThread, startPgliteThread } from './pglite-thread.ts';

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

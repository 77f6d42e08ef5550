import { openDatabase } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { CookieClient } from '../../test-support/cookie-client.ts';

/**
 * Two API servers on one database, as behind a load balancer: a session begun on one is honoured by the
 * other, and signing out on either ends it on both. On PostgreSQL the second server has its own connection
 * pool; PGlite is one process by nature, so there the two apps share the handle.
 */
forEachDatabase('sessions across API processes', (getDb, { kind, options }) => {
  let a: AccountsFixture;
  let b: AccountsFixture;
  let second: Awaited<ReturnType<typeof openDatabase>> | undefined;
  beforeAll(async () => {
    a = await startAccountsFixture(getDb());
    second = kind === 'postgres' ? await openDatabase(options()) : undefined;
    b = await startAccountsFixture(second ?? getDb());
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await second?.close();
  });

  it('honours a session on the other server and ends it there on sign-out', async () => {
    const { client } = await signedInUser(a, 'pro');
    const onB = new CookieClient(b.server.app);
    onB.jar.set('ss_session', client.jar.get('ss_session') ?? '');
    expect((await onB.get('/api/v1/account')).status).toBe(200);
    await onB.post('/api/v1/auth/logout');
    expect((await client.get('/api/v1/account')).status).toBe(401);
  });
});

import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../test-support/accounts-fixture.ts';
import { requireEntitlement } from './guards.ts';
import { principalOf } from './principal.ts';

/**
 * The guard as later features use it: a route declares the feature it sells, and the server answers by the
 * caller's plan. The routes here stand in for DEX data and listing arbitrage, which arrive with their issues.
 */
forEachDatabase('plan guard on routes', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb(), { allowedOrigins: ['https://partner.example'] });
    fx.server.app.get(
      '/api/v1/front/test-dex',
      { preHandler: requireEntitlement('dexData') },
      async (request) => ({
        role: (await principalOf(request)).role,
      }),
    );
    fx.server.app.get(
      '/api/v1/front/test-listing',
      { preHandler: requireEntitlement('listingArbitrage') },
      async () => ({ ok: true }),
    );
    fx.server.app.post('/api/v1/front/test-write', async (request) => ({
      role: (await principalOf(request)).role,
    }));
  });
  afterAll(() => fx.close());

  it('answers visitors 401 and plans without the feature 403 with the plan that has it', async () => {
    const visitor = await fx.client('ko').get('/api/v1/front/test-dex');
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe('로그인이 필요합니다.');

    const starter = await signedInUser(fx, 'starter');
    const noDex = await starter.client.get('/api/v1/front/test-dex');
    expect(noDex.status).toBe(403);
    expect(noDex.body.message).toBe('Your plan (Starter) does not include this. It is available from Pro.');
    expect((await starter.client.get('/api/v1/front/test-listing')).status).toBe(200);

    const free = await signedInUser(fx, 'free');
    expect((await free.client.get('/api/v1/front/test-listing')).body.message).toMatch(/from Starter\.$/);

    const pro = await signedInUser(fx, 'pro');
    expect((await pro.client.get('/api/v1/front/test-dex')).body).toEqual({ role: 'pro' });
  });

  it('refuses state-changing requests sent from another site’s page', async () => {
    const { client } = await signedInUser(fx, 'free');
    const fromEvil = await client.post('/api/v1/front/test-write', {}, { origin: 'https://evil.example' });
    expect(fromEvil.status).toBe(403);
    expect(fromEvil.body.error).toBe('cross_site');
    const logout = await client.post('/api/v1/auth/logout', {}, { origin: 'https://evil.example' });
    expect(logout.status).toBe(403);
    expect((await client.get('/api/v1/account')).status).toBe(200);
    const noOrigin = await client.post('/api/v1/front/test-write', {}, { 'sec-fetch-site': 'cross-site' });
    expect(noOrigin.status).toBe(403);

    const sameOrigin = await client.post(
      '/api/v1/front/test-write',
      {},
      { origin: 'http://localhost:8080', host: 'localhost:8080' },
    );
    expect(sameOrigin.body).toEqual({ role: 'free' });
    const configured = await client.post(
      '/api/v1/front/test-write',
      {},
      { origin: 'https://partner.example' },
    );
    expect(configured.status).toBe(200);
  });
});
